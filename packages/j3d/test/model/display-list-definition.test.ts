/*
 * readDisplayList (columns decoded one at a time, by storage kind, into vertex rows) against the plain definition of a GX display
 * list (spec j3d.md §7.4): command by command, vertex by vertex, attribute by attribute in GX order, each index
 * read as u8 or big-endian u16 (NBT3: three) and checked against its array. Compared on every packet of the shared
 * models and on random lists (INDEX8/INDEX16, NBT3, matrix indices, LOAD_INDX commands, bad indices, truncation):
 * the same primitives, or a ParseError at the same offset.
 */
import { BinaryReader, ParseError } from '@retromodel/binary';
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { J3dVertexArray, J3dVertexArrayName, Vtx1 } from '../../src/chunks/read-vtx1.js';
import { type GxVertexAttribute, gxPrimitiveCodes, readDisplayList } from '../../src/gx/display-list.js';
import { readJ3d } from '../../src/index.js';
import { type PlainPrimitive, primitiveColumns } from '../primitive-columns.js';

const primitiveNames = new Map(Object.entries(gxPrimitiveCodes).map(([name, code]) => [code, name]));
const arrayNames: Record<number, J3dVertexArrayName> = { 9: 'POS', 10: 'NRM', 11: 'CLR0', 12: 'CLR1', 25: 'NBT' };
for (let t = 0; t < 8; t++) arrayNames[13 + t] = `TEX${t}` as J3dVertexArrayName;

/** The definition, for indexed attributes and matrix indices (no DIRECT data: none of the shared models has it). */
function referenceDecode(bytes: Uint8Array, attributes: GxVertexAttribute[], vtx1: Vtx1): PlainPrimitive[] | number {
  const sorted = [...attributes].sort((a, b) => (a.attr === 25 ? 10 : a.attr) - (b.attr === 25 ? 10 : b.attr));
  const per = sorted.map((a) => {
    const array =
      a.attr <= 8 ? undefined : (vtx1.arrays[arrayNames[a.attr]!] ?? vtx1.arrays[a.attr === 25 ? 'NRM' : 'NBT']);
    const three = (a.attr === 10 || a.attr === 25) && array?.format.compCount === 2;
    return { attr: a.attr, wide: a.type === 3, count: three ? 3 : 1, limit: array ? array.count : Infinity };
  });
  const out: PlainPrimitive[] = [];
  let p = 0;
  while (p < bytes.length && bytes[p] !== 0) {
    const opcode = bytes[p]!;
    if ([0x20, 0x28, 0x30, 0x38].includes(opcode & 0xf8)) {
      if (p + 5 > bytes.length) throw new RangeError('past the end');
      p += 5;
      continue;
    }
    const type = primitiveNames.get(opcode & 0xf8);
    if (!type) return p;
    if (p + 3 > bytes.length) throw new RangeError('past the end');
    const vertexCount = (bytes[p + 1]! << 8) | bytes[p + 2]!;
    p += 3;
    // The whole primitive must be there before any of its indices is looked at.
    const vertexSize = per.reduce((n, c) => n + c.count * (c.wide ? 2 : 1), 0);
    if (p + vertexCount * vertexSize > bytes.length) throw new RangeError('past the end');
    const columns = per.map((c) => ({ attr: c.attr, indices: [] as number[] }));
    for (let v = 0; v < vertexCount; v++) {
      per.forEach((c, k) => {
        for (let n = 0; n < c.count; n++) {
          const value = c.wide ? (bytes[p]! << 8) | bytes[p + 1]! : bytes[p]!;
          if (value >= c.limit) throw Object.assign(new Error('bad index'), { at: p - n * (c.wide ? 2 : 1) });
          columns[k]!.indices.push(value);
          p += c.wide ? 2 : 1;
        }
      });
    }
    out.push({
      type: type as PlainPrimitive['type'],
      opcode,
      vertexCount,
      columns: columns.map((c) => ({ attr: c.attr, indices: Uint16Array.from(c.indices) })),
    });
  }
  return out;
}

/** The definition's primitives, or where it fails: a bad index at its vertex's attribute, a cut list -1. */
function reference(bytes: Uint8Array, attributes: GxVertexAttribute[], vtx1: Vtx1): PlainPrimitive[] | number {
  try {
    return referenceDecode(bytes, attributes, vtx1);
  } catch (e) {
    return e instanceof RangeError ? -1 : (e as { at: number }).at;
  }
}

function decoded(bytes: Uint8Array, attributes: GxVertexAttribute[], vtx1: Vtx1): PlainPrimitive[] | number {
  try {
    const list = readDisplayList(new BinaryReader(bytes, { format: 'j3d', section: 'SHP1' }), attributes, vtx1);
    return primitiveColumns(list, list.layout);
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return /runs past the end/.test((e as ParseError).message) ? -1 : (e as ParseError).offset;
  }
}

describe.skipIf(!haveFixtures)('display lists of the shared models against the definition', () => {
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/)) {
    const name = path.split('/').pop()!;
    it(name, () => {
      const file = readJ3d(readFixture('j3d', name));
      for (const shape of file.SHP1.shapes)
        for (const packet of shape.packets)
          expect(primitiveColumns(packet, shape.vertexLayout)).toEqual(
            reference(packet.displayList!, shape.attributes, file.VTX1),
          );
    });
  }
});

describe('random display lists against the definition', () => {
  const array = (name: J3dVertexArrayName, count: number, compCount = 1): J3dVertexArray => ({
    name,
    format: { attr: 0, compCount, compType: 4, frac: 0 },
    dataOffset: 0,
    elementSize: 12,
    count,
    itemSize: 3,
    data: new Float32Array(0),
  });

  it('gives the same primitives or an error at the same offset', () => {
    const rnd = seededRandom(71);
    const pick = (n: number) => Math.floor(rnd() * n);
    for (let round = 0; round < 1500; round++) {
      const nbt3 = rnd() < 0.3;
      const vtx1: Vtx1 = {
        formatOffset: 0,
        dataOffsets: [],
        formats: [],
        arrays: {
          POS: array('POS', 1 + pick(300)),
          NRM: array('NRM', pick(40), nbt3 ? 2 : 0),
          CLR0: array('CLR0', 1 + pick(4)),
          TEX0: array('TEX0', 1 + pick(600)),
        },
      };
      const attributes: GxVertexAttribute[] = [{ attr: 9, type: 2 + pick(2) }];
      if (rnd() < 0.5) attributes.push({ attr: 0, type: 1 });
      if (rnd() < 0.3) attributes.push({ attr: 1 + pick(8), type: 1 });
      if (rnd() < 0.6) attributes.push({ attr: 10, type: 2 + pick(2) });
      if (rnd() < 0.4) attributes.push({ attr: 11, type: 2 + pick(2) });
      if (rnd() < 0.7) attributes.push({ attr: 13, type: 2 + pick(2) });
      attributes.sort(() => rnd() - 0.5);
      // Commands with bytes mostly in range; now and then a LOAD_INDX, a bad index or a cut.
      const list: number[] = [];
      for (let c = pick(6); c > 0; c--) {
        if (rnd() < 0.1) list.push(0x20 + pick(4) * 8, pick(256), pick(256), pick(256), pick(256));
        const vertices = pick(12);
        list.push(0x80 + pick(8) * 8 + pick(8), vertices >> 8, vertices & 0xff);
        for (let v = 0; v < vertices; v++)
          for (let k = 0; k < 40; k++) list.push(rnd() < 0.02 ? 0xff : pick(rnd() < 0.5 ? 4 : 40));
      }
      const cut = rnd() < 0.2 ? pick(list.length + 1) : list.length;
      const bytes = Uint8Array.from(list.slice(0, cut));
      expect(decoded(bytes, attributes, vtx1)).toEqual(reference(bytes, attributes, vtx1));
    }
  });
});

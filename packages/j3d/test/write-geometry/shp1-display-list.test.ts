/*
 * Display-list encoding against the stored bytes and the reader: every packet of every shared model encodes to
 * the leading bytes of its stored list (the rest zeros); a list with NBT3 indices, INDEX8 positions, DIRECT
 * RGBA4 colours and DIRECT S16 UVs, its descriptor out of GX order, decodes back through readDisplayList to
 * the same primitives; data the list cannot hold (or rows it does not have) throws.
 */
import { BinaryReader } from '@retromodel/binary';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { J3dVertexFormat, Vtx1 } from '../../src/chunks/read-vtx1.js';
import { encodeDisplayList } from '../../src/chunks/shp1-display-list.js';
import { readDisplayList } from '../../src/gx/display-list.js';
import { readJ3d } from '../../src/index.js';
import { type PlainPrimitive, primitiveColumns, rowsOf } from '../primitive-columns.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

describe.skipIf(!haveFixtures)('display lists of the shared models', () => {
  for (const name of models) {
    it(`${name}: every packet encodes to its stored list, then zeros`, () => {
      const file = readJ3d(readFixture('j3d', name));
      let packets = 0;
      for (const shape of file.SHP1.shapes) {
        for (const p of shape.packets) {
          const list = encodeDisplayList(p, shape.vertexLayout, shape.attributes, file.VTX1.formats);
          expect(list.length).toBeGreaterThan(0);
          expect(Array.from(p.displayList!.subarray(0, list.length))).toEqual(Array.from(list));
          expect(p.displayList!.subarray(list.length).every((b) => b === 0)).toBe(true);
          packets++;
        }
      }
      expect(packets).toBe(file.INF1.mtxGroupCount);
    });
  }
});

describe('display-list encoding', () => {
  const formats: J3dVertexFormat[] = [
    { attr: 9, compCount: 1, compType: 4, frac: 0 },
    { attr: 10, compCount: 2, compType: 3, frac: 14 },
    { attr: 11, compCount: 1, compType: 3, frac: 0 },
    { attr: 13, compCount: 1, compType: 3, frac: 8 },
  ];
  const array = (name: 'POS' | 'NRM', itemSize: number) => ({
    name,
    format: formats[name === 'POS' ? 0 : 1]!,
    dataOffset: 0x40,
    elementSize: itemSize * 4,
    count: 300,
    itemSize,
    data: new Float32Array(300 * itemSize),
  });
  const vtx1: Vtx1 = {
    formatOffset: 0x40,
    dataOffsets: [0x40, 0x60, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0],
    formats,
    arrays: { POS: array('POS', 3), NRM: array('NRM', 3) },
  };
  // Out of GX order on purpose: the list must still carry PNMTXIDX, POS, NRM, CLR0, TEX0 per vertex.
  const attributes = [
    { attr: 13, type: 1 },
    { attr: 10, type: 3 },
    { attr: 9, type: 2 },
    { attr: 11, type: 1 },
    { attr: 0, type: 1 },
  ];
  const primitive: PlainPrimitive = {
    type: 'TRIANGLE_STRIP',
    opcode: 0x98,
    vertexCount: 3,
    columns: [
      { attr: 0, indices: new Uint16Array([0, 3, 27]) },
      { attr: 9, indices: new Uint16Array([7, 255, 0]) },
      { attr: 10, indices: new Uint16Array([1, 2, 3, 299, 0, 5, 6, 7, 8]) },
      {
        attr: 11,
        values: new Float32Array([1, 0, 0, 1, 0, 1, 0, 0.2, 0, 0, 1, 0.6].map((v) => Math.round(v * 15) / 15)),
      },
      { attr: 13, values: new Float32Array([0.5, -1.25, 3, 0, 127.99609375, -128]) },
    ],
  };

  it('decodes back through readDisplayList to the same primitives', () => {
    const rows = rowsOf([primitive]);
    const list = encodeDisplayList(rows, rows.layout, attributes, formats);
    // opcode, count, 3 × (1 + 1 + 6 + 2 + 4) bytes
    expect(list.length).toBe(3 + 3 * 14);
    const back = readDisplayList(new BinaryReader(list, { format: 'j3d', section: 'SHP1' }), attributes, vtx1);
    expect(primitiveColumns(back, back.layout)).toEqual([primitive]);
  });

  it('throws for data the list cannot hold', () => {
    const encode = (p: PlainPrimitive, formatList = formats, attributeList = attributes) => {
      const rows = rowsOf([p]);
      return encodeDisplayList(rows, rows.layout, attributeList, formatList);
    };
    const withColumn = (attr: number, column: PlainPrimitive['columns'][number]) => ({
      ...primitive,
      columns: primitive.columns.map((c) => (c.attr === attr ? column : c)),
    });
    expect(() => encode(withColumn(9, { attr: 9, indices: new Uint16Array([0, 256, 1]) }))).toThrow(
      /index 256 does not fit its u8/,
    );
    expect(() => encode(primitive, formats.slice(0, 2))).toThrow(/DIRECT but VTX1 has no format/);
    expect(() => encode(withColumn(13, { attr: 99, values: new Float32Array(6) }))).toThrow(
      /no DIRECT column for attribute 13/,
    );
    expect(() => encode(withColumn(13, { attr: 13, indices: new Uint16Array(3) }))).toThrow(
      /no DIRECT column for attribute 13/,
    );
    expect(() => encode(primitive, formats, [{ attr: 0, type: 3 }])).toThrow(/descriptor type 3/);
    // Rows the list does not have.
    const rows = rowsOf([primitive]);
    const past = { ...rows, primitives: [{ ...rows.primitives[0]!, first: 1 }] };
    expect(() => encodeDisplayList(past, rows.layout, attributes, formats)).toThrow(/past its list's rows/);
  });
});

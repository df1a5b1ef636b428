/*
 * readT3dm against the spec: the byte-by-byte annotated example of spec §18 (plain_indexed_ignoremat.t3dm),
 * and the refusals of files that are not T3DM v1..v4.
 */
import { ParseError } from '@retromodel/binary';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readSdata, readT3dm, stringAt, writeT3dm } from '../src/internal.js';

describe.skipIf(!haveFixtures)('spec §18 annotated example', () => {
  const file = readT3dm(readFixture('t3dm', 'failing-inputs', 'filesystem', 'plain_indexed_ignoremat.t3dm'));

  it('has the header of §18', () => {
    expect(file.version).toBe(4);
    expect(file.header).toMatchObject({
      totalVertCount: 4,
      totalIndexCount: 6,
      chunkIdxVertices: 1,
      chunkIdxIndices: 2,
      chunkIdxMaterials: 3,
    });
    expect(file.header.aabbMin).toEqual([0, 0, 0]);
    expect(file.header.aabbMax).toEqual([64, 64, 0]);
    expect(file.chunks.map((c) => c.kind)).toEqual(['object', 'vertices', 'indices', 'material']);
  });

  it('has the object, part, vertices and indices of §18', () => {
    const o = file.chunks[0]!;
    if (o.kind !== 'object') throw new Error('chunk 0 is not an object');
    expect(stringAt(file.stringTable, o.name)).toBe('N');
    expect(o.triCount).toBe(2);
    expect(o.parts).toEqual([
      {
        vert: 0,
        vertLoadCount: 4,
        vertDestOffset: 0,
        indices: 0,
        numIndices: 6,
        matrixIdx: 0xffff,
        numStripIndices: [0, 0, 0, 0],
        idxSeqBase: 0,
        idxSeqCount: 0,
      },
    ]);
    const v = file.chunks[1]!;
    if (v.kind !== 'vertices') throw new Error('chunk 1 is not V');
    expect(Array.from(v.position)).toEqual([0, 0, 0, 64, 0, 0, 0, 64, 0, 64, 64, 0]);
    expect(Array.from(v.rgba)).toEqual([0xffffffff, 0xffffffff, 0xffffffff, 0xffffffff]);
    const i = file.chunks[2]!;
    if (i.kind !== 'indices') throw new Error('chunk 2 is not I');
    expect(Array.from(i.bytes)).toEqual([0, 1, 2, 3, 2, 1]);
    const m = file.chunks[3]!;
    if (m.kind !== 'material') throw new Error('chunk 3 is not M');
    expect(stringAt(file.stringTable, m.name)).toBe('M');
    expect(m.colorCombiner).toBe(0n);
    expect(Array.from(file.stringTable)).toEqual([0x53, 0x4d, 0, 0x4e, 0]);
  });
});

function expectParseError(fn: () => unknown, pattern: RegExp): void {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    expect((e as Error).message).toMatch(pattern);
    return;
  }
  expect.fail('no ParseError');
}

describe('refused inputs', () => {
  const ascii = (s: string) => Uint8Array.from([...s].map((c) => c.charCodeAt(0)));
  it('names the unversioned T3DM magic', () => {
    expectParseError(() => readT3dm(ascii('T3DM\0\0\0\x05')), /unversioned "T3DM"/);
  });
  it('names libdragon compression', () => {
    expectParseError(() => readT3dm(ascii('DCA3\0\x02\x01\x03')), /mkasset/);
  });
  it('refuses unknown versions and other files', () => {
    expectParseError(() => readT3dm(Uint8Array.from([0x54, 0x33, 0x4d, 5])), /version 5/);
    expectParseError(() => readT3dm(ascii('glTF')), /not a T3DM file/);
    expectParseError(() => readT3dm(new Uint8Array(0)), /not a T3DM file/);
  });
  it('refuses a cut .sdata record', () => {
    expectParseError(() => readSdata(Uint8Array.from([0x80, 0, 0, 0, 1])), /keyframe record/);
  });
});

/** A minimal v3 file: v4 layout with 0x14-byte parts (no sequence fields); restart marker is the MSB. */
function buildV3(): Uint8Array {
  const b: number[] = [0x54, 0x33, 0x4d, 3, 0, 0, 0, 3, 0, 4, 0, 0, 0, 0, 0, 1, 0, 0, 0, 2, 0, 0, 0, 3];
  const word = (v: number) => b.push((v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  const half = (v: number) => b.push((v >> 8) & 0xff, v & 0xff);
  const strtabAt = b.length;
  word(0);
  word(0);
  for (let i = 0; i < 6; i++) half(0);
  const tableAt = b.length;
  word(0);
  word(0);
  word(0);
  const at = (i: number, type: string) => {
    const v = (type.charCodeAt(0) << 24) | b.length;
    b.splice(tableAt + i * 4, 4, (v >>> 24) & 0xff, (v >>> 16) & 0xff, (v >>> 8) & 0xff, v & 0xff);
  };
  while (b.length % 8) b.push(0);
  at(0, 'O');
  word(1);
  half(1);
  half(2);
  for (let i = 0; i < 4; i++) word(0);
  for (let i = 0; i < 2; i++) word(0);
  // part: vert 0, load 4, dest 0, indices 0, numIndices 0, no bone, one strip of 5 entries (two strips)
  word(0);
  half(4);
  half(0);
  word(0);
  half(0);
  half(0xffff);
  b.push(5, 0, 0, 0);
  while (b.length % 16) b.push(0);
  at(1, 'V');
  for (let i = 0; i < 64; i++) b.push(0);
  at(2, 'I');
  for (const v of [0, 1, 2, 0x8001, 3]) half(v);
  while (b.length % 4) b.push(0);
  const strtab = b.length;
  b.splice(strtabAt, 4, 0, 0, (strtab >> 8) & 0xff, strtab & 0xff);
  b.push(0x53, 0x4e, 0);
  return Uint8Array.from(b);
}

describe('older versions', () => {
  it('reads a v3 file with 0x14-byte parts and writes it as v4', () => {
    const file = readT3dm(buildV3());
    expect(file.version).toBe(3);
    const o = file.chunks[0]!;
    if (o.kind !== 'object') throw new Error('chunk 0 is not an object');
    expect(o.parts[0]).toMatchObject({ vertLoadCount: 4, numStripIndices: [5, 0, 0, 0], idxSeqCount: 0 });
    const again = readT3dm(writeT3dm(file));
    expect(again.version).toBe(4);
    expect(again.chunks).toEqual(file.chunks);
  });
});

/*
 * readVtx1 reads a small chunk's 16-bit and F32 components from the bytes and a larger one's through a DataView:
 * both against decodeVertexElement (the element-by-element definition), on arrays around the size where the
 * reading changes, for every component type and sign, and a non-finite F32 value in either is a ParseError at
 * its offset. A chunk with no arrays reads (it once made a view past the end of the first, empty, slab, so as the
 * first read of a process it threw a RangeError: this file's first test).
 */
import { BinaryReader, BinaryWriter, ParseError } from '@retromodel/binary';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { decodeVertexElement, readVtx1 } from '../../src/chunks/read-vtx1.js';

/** A VTX1 chunk with one POS array (XYZ) of `count` elements of `compType` (shift 3), and where its data starts. */
function positionsChunk(compType: number, count: number, value: (i: number, w: BinaryWriter) => void) {
  const w = new BinaryWriter();
  w.string('VTX1', { terminate: false }).u32(0).u32(0x40);
  for (let i = 0; i < 13; i++) w.u32(i === 0 ? 0x60 : 0);
  while (w.offset < 0x40) w.u8(0);
  w.u32(9).u32(1).u32(compType).u8(3).u8(0xff).u16(0xffff);
  w.u32(0xff).u32(1).u32(0).u8(0).u8(0xff).u16(0xffff);
  while (w.offset < 0x60) w.u8(0);
  for (let i = 0; i < count * 3; i++) value(i, w);
  while (w.offset % 0x20 !== 0) w.u8(0);
  w.patchU32(4, w.offset);
  return w.finish();
}

describe('a VTX1 chunk with no arrays', () => {
  it('reads, as the first chunk read', () => {
    const w = new BinaryWriter();
    w.string('VTX1', { terminate: false }).u32(0x60).u32(0x40);
    for (let i = 0; i < 13; i++) w.u32(0);
    while (w.offset < 0x40) w.u8(0);
    w.u32(0xff).u32(1).u32(0).u8(0).u8(0xff).u16(0xffff);
    while (w.offset < 0x60) w.u8(0);
    const vtx1 = readVtx1(new BinaryReader(w.finish(), { format: 'j3d', section: 'VTX1' }));
    expect(vtx1.arrays).toEqual({});
    expect(vtx1.formats).toEqual([]);
  });
});

describe('VTX1 arrays on either side of the DataView threshold', () => {
  it('decode as decodeVertexElement does, for U16, S16 and F32 with any bits', () => {
    const rnd = seededRandom(41);
    // Finite F32 values whose bits a trip through a double must keep: signed zeros, subnormals, the extremes.
    const special = [-0, 0, 1e-45, -1e-45, 1.1754942e-38, 3.4028235e38, -3.4028235e38];
    // 36..120 components (the chunk's numbers), below and above the DataView threshold (64), and 252..270 around
    // the one (256) from which an array's F32 values are copied as bits.
    for (const compType of [2, 3, 4])
      for (const count of [12, 14, 20, 21, 22, 24, 30, 40, 84, 85, 86, 90]) {
        const chunk = positionsChunk(compType, count, (i, w) => {
          if (compType === 4) w.f32(i < special.length ? special[i]! : (rnd() - 0.5) * 1e6);
          else w.u8(Math.floor(rnd() * 256)).u8(Math.floor(rnd() * 256));
        });
        const vtx1 = readVtx1(new BinaryReader(chunk, { format: 'j3d', section: 'VTX1' }));
        const a = vtx1.arrays.POS!;
        expect(a.count).toBeGreaterThanOrEqual(count);
        const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
        const expected = new Float32Array(a.count * 3);
        for (let i = 0; i < a.count; i++)
          decodeVertexElement(view, 0x60 + i * a.elementSize, 'POS', a.format, 3, expected, i * 3);
        expect(a.data).toEqual(expected);
        // Bit for bit (toEqual takes -0 for 0 in a typed array).
        expect(new Uint32Array(a.data.slice().buffer)).toEqual(new Uint32Array(expected.buffer));
      }
  });

  it('throw a ParseError at a NaN or infinite F32 component, small or large', () => {
    for (const count of [10, 200])
      for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
        const at = count * 3 - 2;
        const chunk = positionsChunk(4, count, (i, w) => w.f32(i === at ? bad : i));
        const read = () => readVtx1(new BinaryReader(chunk, { format: 'j3d', section: 'VTX1' }));
        expect(read).toThrow(ParseError);
        expect(read).toThrow(`@0x${(0x60 + at * 4).toString(16)}:`);
      }
  });
});

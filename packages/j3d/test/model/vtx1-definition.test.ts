/*
 * readVtx1's array decoding (one loop per component type) against decodeVertexElement, the element-by-element
 * definition, on every array of the shared models and on random VTX1 chunks with every component type (U8, S8,
 * U16, S16, F32) and fixed-point shift.
 */
import { BinaryReader, BinaryWriter } from '@retromodel/binary';
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { decodeVertexElement, readVtx1, type Vtx1 } from '../../src/chunks/read-vtx1.js';
import { readJ3d } from '../../src/index.js';

/** Every element of every array, decoded one at a time from the chunk's bytes. */
function expectDefinition(chunk: Uint8Array, vtx1: Vtx1): number {
  const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  let arrays = 0;
  for (const a of Object.values(vtx1.arrays)) {
    const expected = new Float32Array(a.count * a.itemSize);
    for (let i = 0; i < a.count; i++)
      decodeVertexElement(
        view,
        a.dataOffset + i * a.elementSize,
        a.name,
        a.format,
        a.itemSize,
        expected,
        i * a.itemSize,
      );
    expect(a.data).toEqual(expected);
    arrays++;
  }
  return arrays;
}

describe.skipIf(!haveFixtures)('VTX1 arrays of the shared models against the definition', () => {
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/)) {
    const name = path.split('/').pop()!;
    it(name, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      const c = file.chunks.find((k) => k.tag === 'VTX1')!;
      expect(expectDefinition(bytes.subarray(c.offset, c.offset + c.size), file.VTX1)).toBeGreaterThan(0);
    });
  }
});

describe('random VTX1 chunks against the definition', () => {
  it('decodes U8, S8, U16, S16 and F32 arrays with any shift as decodeVertexElement does', () => {
    const rnd = seededRandom(89);
    const pick = (n: number) => Math.floor(rnd() * n);
    const sizes = [1, 1, 2, 2, 4];
    for (let round = 0; round < 300; round++) {
      // POS (XYZ), NRM (XYZ) and TEX0 (ST), each with a random component type and shift.
      const formats = [
        [9, 1, pick(5), pick(16)],
        [10, 0, pick(5), pick(16)],
        [13, 1, pick(5), pick(16)],
      ] as const;
      const counts = formats.map(() => 1 + pick(40));
      const w = new BinaryWriter();
      w.string('VTX1', { terminate: false }).u32(0).u32(0x40);
      const slots = [0, 1, 5];
      const offsetsAt = w.offset;
      for (let i = 0; i < 13; i++) w.u32(0);
      while (w.offset < 0x40) w.u8(0);
      for (const [attr, compCount, compType, frac] of formats)
        w.u32(attr).u32(compCount).u32(compType).u8(frac).u8(0xff).u16(0xffff);
      w.u32(0xff).u32(1).u32(0).u8(0).u8(0xff).u16(0xffff);
      formats.forEach(([, , compType], k) => {
        while (w.offset % 0x20 !== 0) w.u8(0);
        w.patchU32(offsetsAt + slots[k]! * 4, w.offset);
        const components = counts[k]! * (k === 2 ? 2 : 3);
        for (let i = 0; i < components; i++) {
          if (compType === 4) w.f32((rnd() - 0.5) * 1000);
          else for (let b = 0; b < sizes[compType]!; b++) w.u8(pick(256));
        }
      });
      while (w.offset % 0x20 !== 0) w.u8(0);
      w.patchU32(4, w.offset);
      const chunk = w.finish();
      const vtx1 = readVtx1(new BinaryReader(chunk, { format: 'j3d', section: 'VTX1' }));
      expect(expectDefinition(chunk, vtx1)).toBe(3);
    }
  });
});

describe('VTX1 array names', () => {
  it('keys each array under the name of its attribute, in the order of the format list', () => {
    // [attribute, name, component count, component type]: one array in each of the 13 slots, F32 but the
    // colours (RGBA8), listed in a shuffled order.
    const attributes = [
      [9, 'POS', 1, 4],
      [10, 'NRM', 0, 4],
      [25, 'NBT', 0, 4],
      [11, 'CLR0', 1, 5],
      [12, 'CLR1', 1, 5],
      ...[0, 1, 2, 3, 4, 5, 6, 7].map((t) => [13 + t, `TEX${t}`, 1, 4] as const),
    ] as const;
    const slotOf = (attr: number) => (attr === 9 ? 0 : attr === 10 ? 1 : attr === 25 ? 2 : attr - 8);
    const rnd = seededRandom(41);
    for (let round = 0; round < 20; round++) {
      const order = [...attributes].sort(() => rnd() - 0.5);
      const w = new BinaryWriter();
      w.string('VTX1', { terminate: false }).u32(0).u32(0x40);
      const offsetsAt = w.offset;
      for (let i = 0; i < 13; i++) w.u32(0);
      while (w.offset < 0x40) w.u8(0);
      for (const [attr, , compCount, compType] of order)
        w.u32(attr).u32(compCount).u32(compType).u8(0).u8(0xff).u16(0xffff);
      w.u32(0xff).u32(1).u32(0).u8(0).u8(0xff).u16(0xffff);
      for (const [attr] of attributes) {
        while (w.offset % 0x20 !== 0) w.u8(0);
        w.patchU32(offsetsAt + slotOf(attr) * 4, w.offset);
        for (let i = 0; i < 8; i++) w.f32(0.5);
      }
      w.patchU32(4, w.offset);
      const vtx1 = readVtx1(new BinaryReader(w.finish(), { format: 'j3d', section: 'VTX1' }));
      expect(Object.keys(vtx1.arrays)).toEqual(order.map(([, name]) => name));
      for (const [attr, name] of order) {
        const a = vtx1.arrays[name as keyof Vtx1['arrays']]!;
        expect(a.name).toBe(name);
        expect(a.format.attr).toBe(attr);
      }
    }
  });
});

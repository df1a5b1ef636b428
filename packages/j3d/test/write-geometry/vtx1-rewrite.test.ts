/*
 * VTX1 writer: every shared model's VTX1 rewrites byte for byte; without its layout it is rebuilt (0x20-aligned
 * arrays) and reads back to the same arrays; a moved vertex comes back within half a quantisation step and only
 * that vertex's bytes change; an array that grows moves the arrays after it; files made by the independent
 * test builder (zero gaps, NBT normals, DIRECT colours, fixed-point positions) also rewrite byte for byte.
 */
import { BinaryReader } from '@retromodel/binary';
import { buildBmd, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readVtx1, type Vtx1 } from '../../src/chunks/read-vtx1.js';
import { writeVtx1 } from '../../src/chunks/write-vtx1.js';
import { readJ3d } from '../../src/index.js';
import { chunkBytes, describeDifference, replaceChunk } from '../write-materials/chunk-compare.js';
import { builderModels } from './builder-models.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

/** The file with VTX1 replaced by `vtx1` written, read back. */
function rewrite(name: string, vtx1: (v: Vtx1) => Vtx1) {
  const bytes = readFixture('j3d', name);
  const file = readJ3d(bytes);
  const chunk = writeVtx1(vtx1(structuredClone(file.VTX1)));
  return {
    file,
    chunk,
    back: readJ3d(replaceChunk(bytes, file, 'VTX1', chunk)),
    stored: chunkBytes(bytes, file, 'VTX1'),
  };
}

/** Every array of `before` is in `after` with the same format, its values a prefix of the new ones. */
function expectSameArrays(before: Vtx1, after: Vtx1): void {
  expect(Object.keys(after.arrays).sort()).toEqual(Object.keys(before.arrays).sort());
  for (const a of Object.values(before.arrays)) {
    const b = after.arrays[a.name]!;
    expect(b.format).toEqual(a.format);
    expect(b.data.length).toBeGreaterThanOrEqual(a.data.length);
    expect(b.data.subarray(0, a.data.length)).toEqual(a.data);
  }
}

describe.skipIf(!haveFixtures)('VTX1 writer', () => {
  it('finds the seven shared models', () => expect(models.length).toBe(7));

  for (const name of models) {
    it(`${name}: VTX1 rewrites byte for byte`, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      expect(describeDifference(writeVtx1(file.VTX1), chunkBytes(bytes, file, 'VTX1'))).toBe('');
    });

    it(`${name}: without its layout VTX1 is rebuilt and reads back to the same arrays`, () => {
      const { file, chunk, back } = rewrite(name, (v) => ({ ...v, layout: undefined }));
      expect(chunk.length % 0x20).toBe(0);
      for (const a of Object.values(back.VTX1.arrays)) expect(a.dataOffset % 0x20).toBe(0);
      expect(back.VTX1.formats).toEqual(file.VTX1.formats);
      expectSameArrays(file.VTX1, back.VTX1);
      expect(back.SHP1.shapes.map((s) => s.packets.map((p) => p.primitives))).toEqual(
        file.SHP1.shapes.map((s) => s.packets.map((p) => p.primitives)),
      );
    });

    it(`${name}: a moved vertex comes back within half a quantisation step; no other byte changes`, () => {
      const target = [0.3, -1.71, 2.05];
      const { file, chunk, back, stored } = rewrite(name, (v) => {
        const pos = v.arrays.POS!;
        target.forEach((d, k) => {
          pos.data[pos.itemSize + k] = pos.data[pos.itemSize + k]! + d;
        });
        return v;
      });
      const pos = file.VTX1.arrays.POS!;
      const f = pos.format;
      const step = f.compType === 4 ? 0 : 2 ** -f.frac;
      const got = back.VTX1.arrays.POS!.data;
      for (let k = 0; k < pos.itemSize; k++) {
        const want = Math.fround(pos.data[pos.itemSize + k]! + target[k]!);
        expect(Math.abs(got[pos.itemSize + k]! - want)).toBeLessThanOrEqual(step / 2 + Math.abs(want) * 2 ** -23);
      }
      expect(chunk.length).toBe(stored.length);
      const changed = [...chunk.keys()].filter((i) => chunk[i] !== stored[i]);
      const first = pos.dataOffset + pos.elementSize;
      expect(changed.length).toBeGreaterThan(0);
      expect(changed.every((i) => i >= first && i < first + pos.elementSize)).toBe(true);
      const rest = (d: Float32Array) => [d.subarray(0, pos.itemSize), d.subarray(pos.itemSize * 2)];
      expect(rest(got)).toEqual(rest(pos.data));
    });
  }

  it('an array that grows moves the arrays after it, which keep their data', () => {
    const { file, back } = rewrite('nintendo_tww_swa_skinned.bdl', (v) => {
      const pos = v.arrays.POS!;
      const data = new Float32Array(pos.data.length + 3 * 20);
      data.set(pos.data);
      data.fill(1.5, pos.data.length);
      v.arrays.POS = { ...pos, data, count: data.length / 3 };
      return v;
    });
    const pos = back.VTX1.arrays.POS!;
    expect(pos.data.subarray(file.VTX1.arrays.POS!.data.length, file.VTX1.arrays.POS!.data.length + 60)).toEqual(
      new Float32Array(60).fill(1.5),
    );
    expect(back.VTX1.arrays.NRM!.dataOffset).toBeGreaterThan(file.VTX1.arrays.NRM!.dataOffset);
    expect(back.VTX1.arrays.NRM!.dataOffset % 0x20).toBe(0);
    const { POS: _a, ...others } = file.VTX1.arrays;
    const { POS: _b, ...othersBack } = back.VTX1.arrays;
    expectSameArrays({ ...file.VTX1, arrays: others }, { ...back.VTX1, arrays: othersBack });
  });
});

/** The VTX1 chunk of the SuperBMD course (a 16-byte gap after its format list), edited by `edit`, read alone. */
function craftedVtx1(edit: (view: DataView) => void): { chunk: Uint8Array; vtx1: Vtx1 } {
  const bytes = readFixture('j3d', 'community_mkdd_dstestcircle_course.bmd');
  const chunk = chunkBytes(bytes, readJ3d(bytes), 'VTX1').slice();
  edit(new DataView(chunk.buffer));
  return { chunk, vtx1: readVtx1(new BinaryReader(chunk, { format: 'j3d', section: 'VTX1' })) };
}

describe.skipIf(!haveFixtures)('VTX1 writer on crafted chunks', () => {
  // The end entry (0x80) becomes a TEX1 format like TEX0's (F32 ST); a new end entry fills the gap at 0x90.
  const sharedTex = (view: DataView) => {
    for (const [i, v] of [14, 1, 4].entries()) view.setUint32(0x80 + i * 4, v);
    for (const [i, v] of [0xff, 1, 0].entries()) view.setUint32(0x90 + i * 4, v);
    view.setUint32(0x9c, 0x00ffffff);
    view.setUint32(0x0c + 6 * 4, view.getUint32(0x0c + 5 * 4));
  };

  it('two arrays stored at one offset share it again; an edit to one moves it alone', () => {
    const { chunk, vtx1 } = craftedVtx1(sharedTex);
    expect(vtx1.arrays.TEX1!.dataOffset).toBe(vtx1.arrays.TEX0!.dataOffset);
    expect(describeDifference(writeVtx1(vtx1), chunk)).toBe('');
    const edited = structuredClone(vtx1);
    edited.arrays.TEX1!.data[0] = 0.75;
    const back = readVtx1(new BinaryReader(writeVtx1(edited), { format: 'j3d', section: 'VTX1' }));
    expect(back.arrays.TEX0!.dataOffset).toBe(vtx1.arrays.TEX0!.dataOffset);
    expect(back.arrays.TEX1!.dataOffset).toBeGreaterThan(back.arrays.TEX0!.dataOffset);
    expect(back.arrays.TEX0!.data.subarray(0, vtx1.arrays.TEX0!.data.length)).toEqual(vtx1.arrays.TEX0!.data);
    expect(back.arrays.TEX1!.data.subarray(0, edited.arrays.TEX1!.data.length)).toEqual(edited.arrays.TEX1!.data);
  });

  it('slots with an offset but no format keep their bytes, alone or on an array', () => {
    const { chunk, vtx1 } = craftedVtx1((view) => {
      view.setUint32(0x0c + 2 * 4, 0x4000); // NBT inside TEX0's data: TEX0 now ends there
      view.setUint32(0x0c + 4 * 4, view.getUint32(0x0c + 3 * 4)); // CLR1 on CLR0's data
    });
    expect(vtx1.layout!.unread.map((u) => u.slot)).toEqual([2, 4]);
    expect(describeDifference(writeVtx1(vtx1), chunk)).toBe('');
  });
});

describe('VTX1 writer on builder-made files', () => {
  for (const [label, description] of Object.entries(builderModels)) {
    it(`${label}: VTX1 rewrites byte for byte and rebuilds to the same arrays`, () => {
      const bytes = buildBmd(description);
      const file = readJ3d(bytes);
      expect(describeDifference(writeVtx1(file.VTX1), chunkBytes(bytes, file, 'VTX1'))).toBe('');
      const rebuilt = writeVtx1({ ...file.VTX1, layout: undefined });
      expectSameArrays(file.VTX1, readJ3d(replaceChunk(bytes, file, 'VTX1', rebuilt)).VTX1);
    });
  }
});

/*
 * JNT1 writer on changed chunks: without its layout, with a joint renamed, with a joint added, and with a
 * rotation given only in radians, the written chunk spliced into the file reads back (through readJ3d) to
 * exactly the joints written.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { Jnt1 } from '../../src/chunks/read-jnt1.js';
import { writeJnt1 } from '../../src/chunks/write-jnt1.js';
import { readJ3d } from '../../src/index.js';
import { replaceChunk } from '../write-materials/chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

function roundTrip(name: string, change: (jnt1: Jnt1) => Jnt1): { written: Jnt1; back: Jnt1; size: number } {
  const bytes = readFixture('j3d', name);
  const file = readJ3d(bytes);
  const written = change(file.JNT1);
  const chunk = writeJnt1(written);
  const back = readJ3d(replaceChunk(bytes, file, 'JNT1', chunk)).JNT1;
  return { written, back, size: chunk.length };
}

describe.skipIf(!haveFixtures)('JNT1 writer on changed chunks', () => {
  for (const name of models) {
    it(`${name}: without its layout, reads back to the same joints`, () => {
      const { written, back } = roundTrip(name, (jnt1) => ({ ...jnt1, layout: undefined }));
      expect(back.joints).toEqual(written.joints);
      expect(back.remap).toEqual(written.remap);
      expect(back.layout?.offsets[0]).toBe(0x18);
    });
  }

  it('a renamed joint (a longer name) comes back, the other joints unchanged', () => {
    const { written, back, size } = roundTrip('nintendo_tww_swa_skinned.bdl', (jnt1) => ({
      ...jnt1,
      joints: jnt1.joints.map((j, i) => (i === 2 ? { ...j, name: 'a_much_longer_joint_name_than_before_jnt' } : j)),
    }));
    expect(back.joints.map((j) => j.name)).toEqual([
      'cl_SWA',
      'SWAroot_jnt',
      'a_much_longer_joint_name_than_before_jnt',
      'SWAB_jnt',
    ]);
    expect(back.joints).toEqual(written.joints);
    expect(size % 0x20).toBe(0);
  });

  it('an added joint is laid out anew and comes back, with the identity remap', () => {
    const { written, back } = roundTrip('nintendo_tww_shms_skinned_C4_C8.bdl', (jnt1) => {
      const last = jnt1.joints.at(-1)!;
      return { ...jnt1, joints: [...jnt1.joints, { ...last, name: 'SHA5_jnt', translation: [1, 2, 3] }] };
    });
    expect(back.joints.length).toBe(7);
    expect(back.joints).toEqual(written.joints);
    expect(back.remap).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(back.layout?.offsets).toEqual([0x18, 0x18 + 7 * 0x40, 0x18 + 7 * 0x40 + 16]);
  });

  it('a rotation given in radians only is stored in s16 units (0x8000 = π), wrapped', () => {
    const { back } = roundTrip('nintendo_mkdd_minigameitembox_bomb.bmd', (jnt1) => ({
      ...jnt1,
      joints: jnt1.joints.map((j, i) => (i === 1 ? { ...j, rotation: [Math.PI / 2, -Math.PI / 4, 3 * Math.PI] } : j)),
    }));
    expect(back.joints[1]!.rotationRaw).toEqual([0x4000, -0x2000, -0x8000]);
  });

  it('refuses a scale that is not a finite number', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl'));
    const joints = file.JNT1.joints.map((j, i) => (i === 0 ? { ...j, scale: [1, Number.NaN, 1] as const } : j));
    expect(() => writeJnt1({ ...file.JNT1, joints: joints as Jnt1['joints'] })).toThrow(/scale y is NaN/);
  });
});

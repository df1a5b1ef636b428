/*
 * MAT3 writer on changed models: the written chunk, spliced back into the file and read again, gives the
 * materials that were written (a changed GX state, a removed material, an edit made in place, a MAT3 without
 * its stored layout), and identical init entries are shared again.
 */
import { BinaryReader } from '@retromodel/binary';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readMat3 } from '../../src/chunks/read-mat3.js';
import { writeMat3 } from '../../src/chunks/write-mat3.js';
import type { GxMaterial } from '../../src/gx/material-types.js';
import { type J3dFile, readJ3d } from '../../src/index.js';
import { chunkBytes, replaceChunk } from './chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

/** Materials without the entry index (a rebuilt MAT3 may number its init entries differently). */
const states = (list: GxMaterial[]) => list.map((m) => ({ ...m, entryIndex: 0 }));

function rewrite(bytes: Uint8Array, file: J3dFile, mat3: J3dFile['MAT3']): J3dFile {
  return readJ3d(replaceChunk(bytes, file, 'MAT3', writeMat3(mat3)));
}

describe.skipIf(!haveFixtures)('MAT3 writer on changed models', () => {
  for (const name of models) {
    it(`${name}: rebuilt from the materials alone, it reads back to the same materials`, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      const written = writeMat3({ ...file.MAT3, layout: undefined });
      expect(written.length % 0x20).toBe(0);
      expect(new DataView(written.buffer).getUint32(4)).toBe(written.length);
      const back = readJ3d(replaceChunk(bytes, file, 'MAT3', written));
      expect(states(back.MAT3.materials)).toEqual(states(file.MAT3.materials));
      expect(back.MAT3.names).toEqual(file.MAT3.names);
    });
  }

  it('writes a changed blend mode and cull mode, and keeps the unchanged materials', () => {
    const bytes = readFixture('j3d', 'nintendo_tww_shms_skinned_C4_C8.bdl');
    const file = readJ3d(bytes);
    const materials = file.MAT3.materials.map((m, i) =>
      i === 1 ? { ...m, cullMode: 0, blend: { mode: 1, srcFactor: 4, dstFactor: 5, logicOp: 3 } } : m,
    );
    const back = rewrite(bytes, file, { ...file.MAT3, materials });
    expect(back.MAT3.materials[1]!.blend).toEqual({ mode: 1, srcFactor: 4, dstFactor: 5, logicOp: 3 });
    expect(back.MAT3.materials[1]!.cullMode).toBe(0);
    expect(states(back.MAT3.materials)).toEqual(states(materials));
  });

  it('removes a material: one name, remap entry and init entry fewer', () => {
    const bytes = readFixture('j3d', 'nintendo_smg_BlueStarCupsulePlanet.bdl');
    const file = readJ3d(bytes);
    const materials = file.MAT3.materials.filter((_, i) => i !== 2);
    // INF1 still draws the removed material, so only the chunk is read back.
    const chunk = writeMat3({ ...file.MAT3, materials });
    const back = { MAT3: readMat3(new BinaryReader(chunk, { format: 'j3d', section: 'MAT3' }), []) };
    expect(back.MAT3.names).toEqual(file.MAT3.names.filter((_, i) => i !== 2));
    expect(back.MAT3.remap.length).toBe(5);
    expect(states(back.MAT3.materials)).toEqual(states(materials));
    expect(back.MAT3.indirect.length).toBe(5);
  });

  it('shares one init entry between identical materials, as Nintendo instancing does', () => {
    const bytes = readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl');
    const file = readJ3d(bytes);
    const [a, b] = file.MAT3.materials;
    const materials = [a!, { ...a!, name: 'copy', indirect: b!.indirect }];
    materials[1]!.indirect = a!.indirect;
    const back = rewrite(bytes, file, { ...file.MAT3, materials });
    expect(back.MAT3.remap).toEqual([0, 0]);
    expect(back.MAT3.entries.length).toBe(1);
    expect(back.MAT3.materials.map((m) => m.name)).toEqual([a!.name, 'copy']);
  });

  it('keeps the stored layout for an edit made in place, and the edit comes back', () => {
    const bytes = readFixture('j3d', 'community_mkdd_dstestcircle_course.bmd');
    const file = readJ3d(bytes);
    file.MAT3.materials[0]!.tevStages[0]!.colorIn = [15, 15, 15, 8];
    const written = writeMat3(file.MAT3);
    expect(written.length).toBe(chunkBytes(bytes, file, 'MAT3').length);
    const back = readJ3d(replaceChunk(bytes, file, 'MAT3', written));
    expect(back.MAT3.offsets).toEqual(file.MAT3.offsets);
    expect(back.MAT3.materials[0]!.tevStages[0]!.colorIn).toEqual([15, 15, 15, 8]);
    expect(states(back.MAT3.materials)).toEqual(states(file.MAT3.materials));
  });
});

/*
 * sceneToJ3d on every Tiny3D example .glb (read with gltfToScene, PNGs decoded with decodePng) → writeJ3d →
 * readJ3d → j3dToScene: the same triangles in the bind pose (world space, skins applied; matched as sets, winding
 * kept) within the position quantisation step, the same world matrix for every named joint node (≤ 1e-4 per unit
 * of scale), and the model converts on to a GLB the Khronos validator accepts.
 */
import { decodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { expectValidGlb, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { expectSameModel, jointDifference, throughJ3d } from './round-trip.js';

const examples = listFixtures('t3dm', /\.glb$/);

describe.skipIf(!haveFixtures)('sceneToJ3d on the Tiny3D glTF examples', () => {
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThan(40);
  });

  it.each(examples)('%s', async (path) => {
    const { scene } = await gltfToScene(readFixture(path));
    const { read, back } = throughJ3d(scene, { decodeImage: decodePng });
    expectSameModel(scene, back, read);
    const glb = await sceneToGlb(back);
    await expectValidGlb(glb.bytes, `${path}.glb`);
  });

  it('keeps the skeletons of the skinned examples', async () => {
    for (const path of examples.filter((p) => /chicken|snake|cath|animTest|enemyPlant/.test(p))) {
      const { scene } = await gltfToScene(readFixture(path));
      const { back, read } = throughJ3d(scene);
      const joints = jointDifference(scene, back);
      expect(joints.compared, path).toBeGreaterThanOrEqual(scene.skins[0]!.joints.length);
      expect(read.EVP1.envelopes.length + read.DRW1.entries.length, path).toBeGreaterThan(1);
    }
  });
});

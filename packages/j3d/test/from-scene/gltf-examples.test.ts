/*
 * sceneToJ3d on every Tiny3D example .glb (read with gltfToScene, PNGs decoded with decodePng) → writeJ3d →
 * readJ3d → j3dToScene: the same triangles in the bind pose (world space, skins applied; matched as sets, winding
 * kept) within the position quantisation step, the same world matrix for every named joint node (≤ 1e-4 per unit
 * of scale), and the model converts on to a GLB the Khronos validator accepts. Each is written as a BMD and as
 * a BDL (whose MDL3 must agree with its MAT3), and every animation as a BCK over the written joints plays as the
 * glTF does at every frame.
 */
import { decodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { expectValidGlb, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { checkMdl3 } from '../../src/index.js';
import { expectAnimationsAsBck } from './animation-check.js';
import { expectSameModel, jointDifference, throughJ3d } from './round-trip.js';

const examples = listFixtures('t3dm', /\.glb$/);

describe.skipIf(!haveFixtures)('sceneToJ3d on the Tiny3D glTF examples', () => {
  it('finds the examples', () => {
    expect(examples.length).toBeGreaterThan(40);
  });

  it.each(examples.flatMap((p) => [[p, 'bmd'] as const, [p, 'bdl'] as const]))('%s as %s', async (path, kind) => {
    const { scene } = await gltfToScene(readFixture(path));
    const { read, back, jointNodes } = throughJ3d(scene, { decodeImage: decodePng, kind });
    expectSameModel(scene, back, read);
    if (kind === 'bdl') expect(checkMdl3(read).flatMap((c) => c.disagreeing)).toEqual([]);
    const glb = await sceneToGlb(back);
    await expectValidGlb(glb.bytes, `${path}.glb`);
    if (kind === 'bmd') expectAnimationsAsBck(scene, jointNodes, path);
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

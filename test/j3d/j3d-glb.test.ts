/*
 * Every shared BMD/BDL converted to GLB (with its textures, and the shared BCK on the skinned sword) passes the
 * Khronos validator with 0 errors; skinning the bind pose with the exported skin reproduces the model-space
 * positions of every skinned fixture (the same scene that is written, and the GLB's own skin re-read).
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { j3dToScene, readBck, readJ3d } from '@retromodel/j3d';
import { skinPositions } from '@retromodel/scene';
import { expectValidGlb, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

function maxDiff(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d = Math.max(d, Math.abs(a[i]! - b[i]!));
  return a.length === b.length ? d : Number.POSITIVE_INFINITY;
}

describe.skipIf(!haveFixtures)('J3D models to GLB', () => {
  for (const name of models) {
    it(`${name}: valid GLB with textures`, async () => {
      const file = readJ3d(readFixture('j3d', name));
      const animations = name.includes('swa')
        ? [{ name: 'wait', bck: readBck(readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck')) }]
        : [];
      const { scene } = j3dToScene(file, { name, animations });
      expect(scene.images.length).toBe(
        new Set(file.TEX1.textures.map((t) => t.headerOffset + t.header.dataOffset)).size,
      );
      const { bytes } = await sceneToGlb(scene);
      const report = await expectValidGlb(bytes, `${name}.glb`);
      expect(report.issues.numErrors).toBe(0);
      if (file.TEX1.textures.length > 0)
        expect(
          (report.info as { resources?: { mimeType?: string }[] }).resources?.some((r) => r.mimeType === 'image/png'),
        ).toBe(true);
    });
  }

  for (const name of models.filter((n) => n.includes('skinned'))) {
    it(`${name}: skinning the bind pose reproduces the model-space positions`, async () => {
      const { scene } = j3dToScene(readJ3d(readFixture('j3d', name)));
      expect(scene.skins.length).toBe(1);
      const meshNode = scene.nodes.find((n) => n.mesh !== undefined)!;
      for (const p of scene.meshes[meshNode.mesh!]!.primitives) {
        expect(maxDiff(skinPositions(scene, meshNode.skin!, p), p.attributes.POSITION.array)).toBeLessThan(1e-3);
      }
      // The same through the written GLB: re-read its skin, nodes and vertices.
      const back = (await gltfToScene((await sceneToGlb(scene)).bytes)).scene;
      const node = back.nodes.find((n) => n.mesh !== undefined && n.skin !== undefined)!;
      for (const p of back.meshes[node.mesh!]!.primitives) {
        expect(maxDiff(skinPositions(back, node.skin!, p), p.attributes.POSITION.array)).toBeLessThan(1e-3);
      }
    });
  }
});

/*
 * Every .glb among the Tiny3D example assets (Blender exports) reads into a scene validateScene accepts and
 * writes back out as a GLB the Khronos validator passes with 0 errors; writing that scene again after
 * reading our own output gives the same scene. The two hand-written .gltf files of failing-inputs/
 * (data-URI buffers, indexed and un-indexed) read too.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { type Scene, skinPositions, validateScene } from '@retromodel/scene';
import { expectValidGlb, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { expectSceneClose } from './scene-compare.js';

/** Posed positions of every skinned primitive agree. */
function expectSameSkinning(actual: Scene, expected: Scene): void {
  expected.nodes.forEach((node, i) => {
    if (node.skin === undefined || node.mesh === undefined) return;
    expected.meshes[node.mesh]!.primitives.forEach((p, k) => {
      const want = skinPositions(expected, node.skin!, p);
      const got = skinPositions(actual, actual.nodes[i]!.skin!, actual.meshes[node.mesh!]!.primitives[k]!);
      const worst = got.reduce((w, v, n) => Math.max(w, Math.abs(v - want[n]!) / Math.max(1, Math.abs(want[n]!))), 0);
      expect(worst, `node ${i} primitive ${k}`).toBeLessThan(1e-4);
    });
  });
}

/** A copy without JOINTS_0/WEIGHTS_0. */
function withoutInfluences(scene: Scene): Scene {
  const copy = structuredClone(scene);
  for (const m of copy.meshes) {
    for (const p of m.primitives) {
      delete p.attributes.JOINTS_0;
      delete p.attributes.WEIGHTS_0;
    }
  }
  return copy;
}

const glbs = listFixtures('t3dm', /\.glb$/);
const failingInputs = listFixtures('t3dm/failing-inputs', /\.gltf$/);

describe.skipIf(!haveFixtures)('Tiny3D example .glb files', () => {
  it('finds the fixtures', () => {
    expect(glbs.length).toBeGreaterThan(40);
    expect(failingInputs).toHaveLength(2);
  });

  for (const path of glbs) {
    it(`${path}: reads, validates, writes a valid GLB that reads back the same`, async () => {
      const { scene } = await gltfToScene(readFixture(path), { fileName: path.split('/').pop()! });
      expect(validateScene(scene).filter((d) => d.severity === 'error')).toEqual([]);
      expect(scene.meshes.length).toBeGreaterThan(0);
      const first = await sceneToGlb(scene);
      await expectValidGlb(first.bytes, path);
      // Blender's float colours overshoot 1 by ~2e-4 and are clamped on write, hence the looser tolerance.
      // A joint listed twice for a vertex is merged on write, so skins are compared by the posed positions.
      const again = (await gltfToScene(first.bytes)).scene;
      expectSameSkinning(again, scene);
      expectSceneClose(withoutInfluences(again), withoutInfluences(scene), 1e-3);
      // Our own output is a fixed point: writing and reading it again changes nothing.
      const third = (await gltfToScene((await sceneToGlb(again)).bytes)).scene;
      expectSceneClose(third, again);
    });
  }

  for (const path of failingInputs) {
    it(`${path}: reads`, async () => {
      const { scene } = await gltfToScene(readFixture(path));
      expect(validateScene(scene).filter((d) => d.severity === 'error')).toEqual([]);
      // The expected positions come straight from the file's base64 buffer, decoded here with Node's Buffer.
      const json = JSON.parse(new TextDecoder().decode(readFixture(path)));
      const raw = Buffer.from(json.buffers[0].uri.split(',')[1], 'base64');
      const positions = new Float32Array(
        raw.buffer.slice(raw.byteOffset, raw.byteOffset + json.accessors[0].count * 12),
      );
      expect(scene.meshes[0]!.primitives[0]!.attributes.POSITION.array).toEqual(positions);
      const { bytes } = await sceneToGlb(scene);
      await expectValidGlb(bytes, path);
    });
  }
});

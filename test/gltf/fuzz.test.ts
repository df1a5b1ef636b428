/*
 * Bad input: every truncation (each 1/64th of the file) and seeded byte mutations of a Tiny3D .glb, of a GLB
 * we write ourselves (images, textures, LODs, extras) and of an embedded .gltf (JSON text with data URIs)
 * must end in a ParseError or a scene validateScene accepts: never another exception, never a hang.
 */
import { gltfToScene, sceneToGlb, sceneToGltf } from '@retromodel/gltf';
import { validateScene } from '@retromodel/scene';
import {
  expectCleanOutcome,
  haveFixtures,
  materialsScene,
  mutations,
  readFixture,
  skinnedScene,
  truncationLengths,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

async function expectCleanRead(bytes: Uint8Array, what: string): Promise<'ok' | 'error'> {
  return expectCleanOutcome(async () => {
    const { scene } = await gltfToScene(bytes, { resources: () => undefined });
    expect(
      validateScene(scene).filter((d) => d.severity === 'error'),
      what,
    ).toEqual([]);
  }, what);
}

async function fuzz(bytes: Uint8Array, name: string, count: number, seed: number) {
  const outcomes = { ok: 0, error: 0 };
  for (const length of truncationLengths(bytes.length))
    outcomes[await expectCleanRead(bytes.subarray(0, length), `${name} cut to ${length}`)]++;
  for (const m of mutations(bytes, count, seed))
    outcomes[await expectCleanRead(m.bytes, `${name} mutation ${m.index} (seed ${seed})`)]++;
  // Both outcomes occur: some mutations hit bytes that do not matter, truncations always fail.
  expect(outcomes.error).toBeGreaterThan(64);
}

describe('glTF bad input', () => {
  it.skipIf(!haveFixtures)('07_skeleton/chicken.glb: truncations and 1,000 mutations', async () => {
    await fuzz(readFixture('t3dm/07_skeleton/assets/chicken.glb'), 'chicken.glb', 1000, 1);
  });

  it('our own GLBs (images, textures, LODs; skin and animations): truncations and 400 mutations each', async () => {
    await fuzz((await sceneToGlb(materialsScene())).bytes, 'materials.glb', 400, 2);
    await fuzz((await sceneToGlb(skinnedScene())).bytes, 'skinned.glb', 400, 3);
  });

  it('an embedded .gltf: truncations and 400 mutations', async () => {
    const { files } = await sceneToGltf(skinnedScene(), { baseName: 'skinned', embed: true });
    await fuzz(files[0]!.bytes, 'skinned.gltf', 400, 4);
  });
});

/*
 * glTF read and write of the largest shared example, 17_culling/assets/scene.glb (2.1 MB, Blender export):
 * gltfToScene alone, sceneToGlb alone (from the scene read once), and the read + write round trip.
 * Skipped (no cases) when the shared fixtures are absent.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

const path = 't3dm/17_culling/assets/scene.glb';

/** The glTF bench cases. */
export async function cases(): Promise<BenchCase[]> {
  if (!haveFixtures) return [];
  const bytes = readFixture(path);
  const { scene } = await gltfToScene(bytes);
  return [
    { group: 'gltf', name: 'read 17_culling/scene.glb', bytesIn: bytes.length, run: () => gltfToScene(bytes) },
    { group: 'gltf', name: 'write 17_culling/scene.glb', bytesIn: bytes.length, run: () => sceneToGlb(scene) },
    {
      group: 'gltf',
      name: 'read+write 17_culling/scene.glb',
      bytesIn: bytes.length,
      run: async () => sceneToGlb((await gltfToScene(bytes)).scene),
    },
  ];
}

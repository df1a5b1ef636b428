/*
 * glTF read and write of the largest shared example, 17_culling/assets/scene.glb (2.1 MB, Blender export):
 * gltfToScene alone, sceneToGlb alone (from the scene read once), and the read + write round trip. The peer,
 * measured in the same run as each case's baseline, is glTF-Transform's own NodeIO (npm), which reads the GLB
 * into its document and writes the document back, with every extension it knows registered.
 * Skipped (no cases) when the shared fixtures are absent.
 */
import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

const path = 't3dm/17_culling/assets/scene.glb';

/** The glTF bench cases. */
export async function cases(): Promise<BenchCase[]> {
  if (!haveFixtures) return [];
  const bytes = readFixture(path);
  const { scene } = await gltfToScene(bytes);
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
  const doc = await io.readBinary(bytes);
  return [
    {
      group: 'gltf',
      name: 'read 17_culling/scene.glb',
      bytesIn: bytes.length,
      baseline: { name: 'glTF-Transform readBinary', run: () => io.readBinary(bytes) },
      run: () => gltfToScene(bytes),
    },
    {
      group: 'gltf',
      name: 'write 17_culling/scene.glb',
      bytesIn: bytes.length,
      baseline: { name: 'glTF-Transform writeBinary', run: () => io.writeBinary(doc) },
      run: () => sceneToGlb(scene),
    },
    {
      group: 'gltf',
      name: 'read+write 17_culling/scene.glb',
      bytesIn: bytes.length,
      baseline: {
        name: 'glTF-Transform read+write',
        run: async () => io.writeBinary(await io.readBinary(bytes)),
      },
      run: async () => sceneToGlb((await gltfToScene(bytes)).scene),
    },
  ];
}

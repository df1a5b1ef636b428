/*
 * Regenerates the project's own sample models in fixtures/ (see fixtures/README.md). Each file is made
 * from code in this repository, so the samples are ours to ship and their content is known exactly.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sceneToGlb } from '@retromodel/gltf';
import { cubeScene } from '../test/cli/sample-scene.js';

const dir = join(import.meta.dirname, '..', 'fixtures');
await mkdir(dir, { recursive: true });

const samples: [string, () => Promise<Uint8Array> | Uint8Array][] = [
  ['cube.glb', async () => (await sceneToGlb(cubeScene())).bytes],
];

for (const [name, make] of samples) {
  const bytes = await make();
  await writeFile(join(dir, name), bytes);
  console.log(`fixtures/${name}: ${bytes.length} bytes`);
}

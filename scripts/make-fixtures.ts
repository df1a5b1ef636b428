/*
 * Regenerates the project's own sample models in fixtures/ (see fixtures/README.md). Each file is made
 * from code in this repository, so the samples are ours to ship and their content is known exactly.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { sceneToGlb } from '@retromodel/gltf';
import { buildSampleBmd, buildSampleTmd, cubeScene } from '@retromodel/test-utils';

const dir = join(import.meta.dirname, '..', 'fixtures');
const tmd = buildSampleTmd();
const samples: [string, () => Promise<Uint8Array> | Uint8Array][] = [
  ['cube.glb', async () => (await sceneToGlb(cubeScene())).bytes],
  ['j3d/sample.bmd', buildSampleBmd],
  ...Object.entries(tmd).map(([name, bytes]): [string, () => Uint8Array] => [`tmd/${name}`, () => bytes]),
];

for (const [name, make] of samples) {
  const bytes = await make();
  await mkdir(dirname(join(dir, name)), { recursive: true });
  await writeFile(join(dir, name), bytes);
  console.log(`fixtures/${name}: ${bytes.length} bytes`);
}

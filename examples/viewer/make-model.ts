/*
 * Writes models/spinning-cube.glb, the viewer's own sample: the project's test cube (a textured,
 * vertex-coloured unit cube, test/cli/sample-scene.ts) with one animation, "spin", turning it once about +Y
 * in two seconds. Run once and commit the result:
 *   npx tsx --conditions=source examples/viewer/make-model.ts
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sceneToGlb } from '@retromodel/gltf';
import { cubeScene } from '../../test/cli/sample-scene.js';

const scene = cubeScene();
const steps = 4;
const times: number[] = [];
const rotations: number[] = [];
for (let i = 0; i <= steps; i++) {
  const angle = (i / steps) * 2 * Math.PI;
  times.push((i / steps) * 2);
  rotations.push(0, Math.sin(angle / 2), 0, Math.cos(angle / 2));
}
scene.animations.push({
  name: 'spin',
  channels: [{ node: 0, path: 'rotation', sampler: 0 }],
  samplers: [{ input: Float32Array.from(times), output: Float32Array.from(rotations), interpolation: 'LINEAR' }],
});
const { bytes } = await sceneToGlb(scene, { strict: true });
await writeFile(join(import.meta.dirname, 'models', 'spinning-cube.glb'), bytes);
console.log(`models/spinning-cube.glb: ${bytes.length} bytes`);

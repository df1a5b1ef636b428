/*
 * Writes models/spinning-cube.glb, the viewer's own sample: the project's test cube (a textured,
 * vertex-coloured unit cube, cubeScene from @retromodel/test-utils) skinned to one joint, "spinner", and one animation,
 * "spin", turning that joint once about +Y in two seconds. Skinned rather than animating the mesh node, so the
 * animation survives conversion to formats that animate bones only (T3DM). Run once and commit the result:
 *   npx tsx --conditions=source examples/viewer/make-model.ts
 */
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sceneToGlb } from '@retromodel/gltf';
import { cubeScene } from '@retromodel/test-utils';

const scene = cubeScene();
const primitive = scene.meshes[0]!.primitives[0]!;
const vertexCount = primitive.attributes.POSITION.array.length / 3;
const weights = new Float32Array(vertexCount * 4);
for (let v = 0; v < vertexCount; v++) weights[v * 4] = 1;
primitive.attributes.JOINTS_0 = { array: new Uint8Array(vertexCount * 4), itemSize: 4 };
primitive.attributes.WEIGHTS_0 = { array: weights, itemSize: 4 };
const joint = scene.nodes.push({ name: 'spinner', children: [] }) - 1;
scene.roots.push(joint);
scene.nodes[0]!.skin =
  scene.skins.push({
    name: 'rig',
    joints: [joint],
    // The joint sits at the origin unrotated: its inverse bind matrix is the identity.
    inverseBindMatrices: Float32Array.from([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]),
    skeleton: joint,
  }) - 1;

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
  channels: [{ node: joint, path: 'rotation', sampler: 0 }],
  samplers: [{ input: Float32Array.from(times), output: Float32Array.from(rotations), interpolation: 'LINEAR' }],
});
const { bytes } = await sceneToGlb(scene, { strict: true });
await writeFile(join(import.meta.dirname, 'models', 'spinning-cube.glb'), bytes);
console.log(`models/spinning-cube.glb: ${bytes.length} bytes`);

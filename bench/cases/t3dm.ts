/*
 * T3DM bench cases over the tiny3d example set in the shared fixtures: glTF -> T3DM for every example .glb in
 * one process (gltfToScene + sceneToT3dm + writing .t3dm/.sdata; reported per file), the same without the glTF
 * read, T3DM -> GLB for the largest reference file (17_culling/scene.t3dm), and its byte-exact read + write.
 * Skipped (no cases) when the shared fixtures are absent.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { readT3dm, sceneToT3dm, t3dmToScene, writeSdata, writeT3dm } from '@retromodel/t3dm';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { t3dmExamples } from '../../test/t3dm/examples.js';
import type { BenchCase } from '../harness.js';

const largest = 't3dm/17_culling/filesystem/scene.t3dm';

/** The T3DM bench cases. */
export async function cases(): Promise<BenchCase[]> {
  if (!haveFixtures) return [];
  const inputs = t3dmExamples().map((e) => ({ ...e, bytes: readFixture(e.glb) }));
  const totalIn = inputs.reduce((s, i) => s + i.bytes.length, 0);
  const scenes = await Promise.all(inputs.map(async (i) => ({ ...i, scene: (await gltfToScene(i.bytes)).scene })));
  const convert = (scene: (typeof scenes)[number]['scene'], i: (typeof inputs)[number]) => {
    const out = sceneToT3dm(scene, { baseScale: i.baseScale, bvh: i.bvh });
    writeT3dm(out.file);
    for (const s of out.sdata) writeSdata(s.file);
  };
  const t3dm = readFixture(largest);
  return [
    {
      group: 't3dm',
      name: `glTF -> T3DM, ${inputs.length} examples`,
      bytesIn: totalIn,
      unit: 'files',
      units: inputs.length,
      iterations: 3,
      run: async () => {
        for (const i of inputs) convert((await gltfToScene(i.bytes)).scene, i);
      },
    },
    {
      group: 't3dm',
      name: `scene -> T3DM only, ${inputs.length} examples`,
      bytesIn: totalIn,
      unit: 'files',
      units: inputs.length,
      iterations: 3,
      run: () => {
        for (const s of scenes) convert(s.scene, s);
      },
    },
    {
      group: 't3dm',
      name: 'T3DM -> GLB 17_culling/scene.t3dm',
      bytesIn: t3dm.length,
      run: async () => sceneToGlb(t3dmToScene(readT3dm(t3dm)).scene),
    },
    {
      group: 't3dm',
      name: 'read+write 17_culling/scene.t3dm',
      bytesIn: t3dm.length,
      run: () => writeT3dm(readT3dm(t3dm)),
    },
  ];
}

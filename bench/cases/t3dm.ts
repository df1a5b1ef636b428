/*
 * T3DM bench cases over the tiny3d example set in the shared fixtures: glTF -> T3DM for every example .glb in
 * one process (gltfToScene + sceneToT3dm + writing .t3dm/.sdata; reported per file), the same without the glTF
 * read, T3DM -> GLB for the largest reference file (17_culling/scene.t3dm), and its byte-exact read + write.
 * Skipped (no cases) when the shared fixtures are absent.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import type { Scene } from '@retromodel/scene';
import { drawCost, readT3dm, sceneToT3dm, t3dmToScene, writeSdata, writeT3dm } from '@retromodel/t3dm';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { projectTexturesOf, streamsOf, t3dmExamples } from '../../test/t3dm/examples.js';
import type { BenchCase } from '../harness.js';

const largest = 't3dm/17_culling/filesystem/scene.t3dm';

/** RSP commands, vertices loaded and bytes written (.t3dm + .sdata) for every example: ours, then the reference's. */
function drawnAgainstReference(scenes: { scene: Scene; glb: string; t3dm: string; baseScale: number; bvh: boolean }[]) {
  const total = { commands: [0, 0], vertices: [0, 0], bytes: [0, 0] };
  for (const s of scenes) {
    const out = sceneToT3dm(s.scene, { baseScale: s.baseScale, bvh: s.bvh, ...projectTexturesOf(s.glb) });
    const ours = drawCost(out.file);
    const reference = drawCost(readT3dm(readFixture(s.t3dm)));
    total.commands[0]! += ours.commands;
    total.commands[1]! += reference.commands;
    total.vertices[0]! += ours.verticesLoaded;
    total.vertices[1]! += reference.verticesLoaded;
    total.bytes[0]! += writeT3dm(out.file).length + out.sdata.reduce((n, x) => n + writeSdata(x.file).length, 0);
    total.bytes[1]! += readFixture(s.t3dm).length + [...streamsOf(s.t3dm).values()].reduce((n, b) => n + b.length, 0);
  }
  const pair = ([a, b]: number[]) => `${a}/${b} (${((a! / b!) * 100).toFixed(0)}%)`;
  return `RSP commands ${pair(total.commands)}, vertices loaded ${pair(total.vertices)}, bytes ${pair(total.bytes)}`;
}

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
      // What the output costs the N64, against tiny3d's own files.
      detail: drawnAgainstReference(scenes),
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

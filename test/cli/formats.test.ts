/*
 * Every shared model through the registered adapters, end to end: to GLB (validated) and across formats to
 * T3DM (re-read, runtime rules checked, every triangle kept that quantisation does not collapse). Properties against the source scene, no stored values.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { main } from '@retromodel/cli';
import { gltfToScene } from '@retromodel/gltf';
import { type Scene, triangleIndices } from '@retromodel/scene';
import { checkRuntimeConstraints, readT3dm, sceneToT3dm, t3dmToScene } from '@retromodel/t3dm';
import { expectValidGlb, fixture, haveFixtures, listFixtures } from '@retromodel/test-utils';
import { transcodeFile } from '@retromodel/transcode/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const models = [...listFixtures('j3d', /\.(bmd|bdl)$/), ...listFixtures('tmd', /\.tmd$/)];

/**
 * Triangles whose three corners are distinct vertices, and of those, how many keep three distinct corners
 * when positions are quantised with `scale` (T3DM stores integer positions; finer detail collapses).
 */
function countTriangles(scene: Scene, scale: number): { proper: number; surviveQuantisation: number } {
  let proper = 0;
  let surviveQuantisation = 0;
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      const t = triangleIndices(p);
      const pos = p.attributes.POSITION.array;
      const key = (v: number) => [0, 1, 2].map((k) => Math.round(pos[v * 3 + k]! * scale)).join(',');
      for (let i = 0; i < t.length; i += 3) {
        const [a, b, c] = [t[i]!, t[i + 1]!, t[i + 2]!];
        if (a === b || b === c || a === c) continue;
        proper++;
        const [ka, kb, kc] = [key(a), key(b), key(c)];
        if (ka !== kb && kb !== kc && ka !== kc) surviveQuantisation++;
      }
    }
  }
  return { proper, surviveQuantisation };
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-formats-'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const quiet = { out: () => {}, err: () => {}, isTty: false };

describe.runIf(haveFixtures)('shared models through the CLI and across formats', () => {
  for (const model of models) {
    it(`${model} → T3DM keeps every triangle quantisation leaves and obeys the runtime's rules`, async () => {
      const result = await transcodeFile(fixture(model), { to: 't3dm' });
      const file = readT3dm(result.files[0]!.bytes);
      expect(checkRuntimeConstraints(result.files[0]!.bytes).filter((d) => d.severity === 'error')).toEqual([]);
      const sdata = new Map(result.files.filter((f) => f.name.endsWith('.sdata')).map((f) => [f.name, f.bytes]));
      const back = t3dmToScene(file, { sdata }).scene;
      // The scale the writer picks for this scene (64 unless that would clip), to know what quantisation removes.
      const { baseScale } = sceneToT3dm(result.scene);
      const source = countTriangles(result.scene, baseScale);
      const written = countTriangles(back, 1).proper;
      expect(written).toBeLessThanOrEqual(source.proper);
      expect(written).toBeGreaterThanOrEqual(source.surviveQuantisation);
      // T3DM plays skeletal animation only: material animations (KHR_animation_pointer channels) are dropped.
      const skeletal = result.scene.animations.filter((a) => a.channels.some((c) => c.path !== 'pointer'));
      expect(back.animations.length).toBe(skeletal.length);
    });
  }

  it('a .bdl with --anim becomes a valid GLB with that animation', async () => {
    const out = join(dir, 'vscroll.glb');
    const code = await main(
      [
        'convert',
        fixture('j3d', 'community_wwrando_vscroll.bdl'),
        '--anim',
        fixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck'),
        '-o',
        out,
      ],
      quiet,
    );
    expect(code).toBe(0);
    const bytes = new Uint8Array(await readFile(out));
    await expectValidGlb(bytes, 'vscroll.glb');
    expect((await gltfToScene(bytes)).scene.animations.length).toBe(1);
  });

  it('a .tmd finds its .tkl and .tml beside it', async () => {
    const out = join(dir, 'chain.glb');
    expect(await main(['convert', fixture('tmd', 'synth_chain40_base.tmd'), '-o', out, '--lod', 'all'], quiet)).toBe(0);
    const bytes = new Uint8Array(await readFile(out));
    await expectValidGlb(bytes, 'chain.glb');
    const { scene } = await gltfToScene(bytes);
    expect(scene.skins.length).toBe(1);
  });
});

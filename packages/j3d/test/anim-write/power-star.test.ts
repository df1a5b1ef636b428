/*
 * The Super Mario Galaxy 2 Power Star back into the game: PowerStar.bdl with all 23 of its animations (the
 * archive's 19 BCKs and PowerStarColor's BTK, BRK, BTP and BVA) → scene → GLB → scene → BDL. Beside the model the
 * writer must write exactly the archive's animation files, by name, and each, read back:
 *   - a BCK plays the GLB's clip (translation and scale at every frame within 5e-5, rotation within two s16
 *     steps: expectBckPlays), and the archive's own BCK at every whole frame (translation and scale within
 *     1e-4, rotation within two steps of either file's exponent);
 *   - the BTK and BRK are the archive's tracks (unedited material channels: the tracks the reader kept), sampled
 *     at every half frame, and play the GLB's channels once read back onto the written model (j3dToScene);
 *   - the BTP shows at every frame a texture whose pixels are the archive's texture of that frame (within the
 *     re-encoding of its GX format), and the BVA hides the same shapes at every frame as the archive's;
 *   - noclip's loaders read every file as ours do.
 * Then the GLB's colour and visibility channels are edited: the BRK is made by inverting the TEV reduction and
 * the written files play the edited channels (colour within 1/255 of GX display value at every frame).
 */
import { decodePng, encodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import {
  type Animation,
  type AnimationSampler,
  materialPointer,
  parseMaterialPointer,
  quatFromEuler,
  type Scene,
  sampleSampler,
} from '@retromodel/scene';
import { adapterRead, expectBckPlays, haveFixtures, memorySidecars, quatDistance } from '@retromodel/test-utils';
import { beforeAll, describe, expect, it } from 'vitest';
import { writeJ3dFiles } from '../../src/adapters/write-j3d-files.js';
import { type J3dTrack, sampleTrack } from '../../src/anim/animation-track.js';
import { decodeBtiImage } from '../../src/bti/decode-bti-image.js';
import { sceneToJ3d } from '../../src/from-scene/scene-to-j3d.js';
import { linearToSrgb } from '../../src/gx/srgb.js';
import { j3dAdapter, readBck, readBrk, readBtk, readBtp, readBva, readJ3d } from '../../src/index.js';
import { archiveFile, archivePaths, POWER_STAR } from '../anim-kinds/archive-files.js';
import { expectNoclipReads, haveNoclip } from './noclip-anim.js';

const kinds = ['.bck', '.btk', '.brk', '.btp', '.bva'];

let sources: Record<string, Uint8Array>;
let glbScene: Scene;
let written: Map<string, Uint8Array>;

/** The GLB scene's model and animations written as BDL with its animation files, by file name. */
function writeBdl(scene: Scene): Map<string, Uint8Array> {
  const result = writeJ3dFiles(scene, { baseName: 'PowerStar', encodePng, decodePng }, { kind: 'bdl' });
  return new Map((result as { files: { name: string; bytes: Uint8Array }[] }).files.map((f) => [f.name, f.bytes]));
}

/** Reads the written model with its written animation files, as a game modder's next round would. */
async function readBack(files: Map<string, Uint8Array>): Promise<Scene> {
  const anims = [...files.keys()].filter((n) => !n.endsWith('.bdl'));
  const read = await adapterRead(j3dAdapter, files.get('PowerStar.bdl')!, {
    fileName: 'PowerStar.bdl',
    sidecars: memorySidecars(Object.fromEntries(anims.map((n) => [n, files.get(n)!]))),
    animations: anims,
  });
  return read.scene;
}

beforeAll(async () => {
  if (!haveFixtures) return;
  const names = kinds.flatMap((k) => archivePaths(POWER_STAR, k));
  sources = Object.fromEntries(names.map((n) => [n, archiveFile(POWER_STAR, n)]));
  const read = await adapterRead(j3dAdapter, archiveFile(POWER_STAR, 'PowerStar.bdl'), {
    fileName: 'PowerStar.bdl',
    sidecars: memorySidecars(sources),
    animations: names,
  });
  const glb = await sceneToGlb(read.scene);
  glbScene = (await gltfToScene(glb.bytes)).scene;
  written = writeBdl(glbScene);
}, 120_000);

const clip = (scene: Scene, name: string) => scene.animations.find((a) => a.name === name)!;

/** Expects two tracks to play alike at every half frame up to `duration`, within `tolerance`. */
function expectSameTrack(a: J3dTrack, b: J3dTrack, duration: number, tolerance: number, what: string) {
  for (let f = 0; f <= 2 * duration; f++)
    expect(Math.abs(sampleTrack(a, f / 2) - sampleTrack(b, f / 2)), `${what} frame ${f / 2}`).toBeLessThanOrEqual(
      tolerance,
    );
}

describe.skipIf(!haveFixtures)('the Power Star, GLB → BDL with its animations', () => {
  it('writes the archive’s animation files, by name, beside the model', () => {
    expect([...written.keys()].sort()).toEqual(['PowerStar.bdl', ...Object.keys(sources)].sort());
  });

  it('writes BCKs that play the GLB’s clips and the archive’s tracks', () => {
    const { jointNodes } = sceneToJ3d(glbScene);
    for (const name of Object.keys(sources).filter((n) => n.endsWith('.bck'))) {
      const bck = readBck(written.get(name)!);
      const animation = clip(glbScene, name.slice(0, -4));
      expect(expectBckPlays(bck, animation, jointNodes, name)).toBeGreaterThan(0);
      const original = readBck(sources[name]!);
      expect([bck.duration, bck.loopMode]).toEqual([original.duration, original.loopMode]);
      const step = (2 ** Math.max(bck.angleScaleExponent, original.angleScaleExponent) * Math.PI) / 32768;
      original.joints.forEach((joint, j) => {
        const ours = bck.joints[j]!;
        for (let f = 0; f <= original.duration; f++) {
          const at = (t: J3dTrack) => sampleTrack(t, f);
          for (let a = 0; a < 3; a++) {
            const near = (x: number, y: number) => Math.abs(x - y) <= 1e-4 * Math.max(1, Math.abs(y));
            expect(near(at(ours.translation[a]!), at(joint.translation[a]!))).toBe(true);
            expect(near(at(ours.scale[a]!), at(joint.scale[a]!))).toBe(true);
          }
          // Two Euler triples may be one rotation: compare the rotations.
          const q = (t: J3dTrack[]) => quatFromEuler(at(t[0]!), at(t[1]!), at(t[2]!));
          expect(quatDistance(q(ours.rotation), q(joint.rotation)), `${name} joint ${j} frame ${f}`).toBeLessThan(
            2 * step,
          );
        }
      });
    }
  });

  it('writes the BTK and BRK with the archive’s tracks, which play the GLB’s channels on the written model', async () => {
    const btk = [readBtk(written.get('PowerStarColor.btk')!), readBtk(sources['PowerStarColor.btk']!)];
    expect(btk[0]!.entries.map((e) => [e.materialName, e.texMatrixIndex])).toEqual(
      btk[1]!.entries.map((e) => [e.materialName, e.texMatrixIndex]),
    );
    expect([btk[0]!.duration, btk[0]!.loopMode, btk[0]!.maya]).toEqual([
      btk[1]!.duration,
      btk[1]!.loopMode,
      btk[1]!.maya,
    ]);
    btk[1]!.entries.forEach((e, i) => {
      for (const part of ['scale', 'rotation', 'translation'] as const)
        for (let a = 0; a < 3; a++)
          expectSameTrack(btk[0]!.entries[i]![part][a]!, e[part][a]!, btk[1]!.duration, 1e-6, `BTK ${part} ${a}`);
    });
    const brk = [readBrk(written.get('PowerStarColor.brk')!), readBrk(sources['PowerStarColor.brk']!)];
    expect([brk[0]!.duration, brk[0]!.loopMode]).toEqual([brk[1]!.duration, brk[1]!.loopMode]);
    brk[1]!.entries.forEach((e, i) => {
      const w = brk[0]!.entries[i]!;
      expect([w.materialName, w.kind, w.colorIndex]).toEqual([e.materialName, e.kind, e.colorIndex]);
      for (const c of ['r', 'g', 'b', 'a'] as const) expectSameTrack(w[c], e[c], brk[1]!.duration, 0, `BRK ${c}`);
    });
    // Read back onto the written model, the colour channel plays what the GLB's does.
    const back = await readBack(written);
    expectPointerChannelsPlay(clip(back, 'PowerStarColor'), back, clip(glbScene, 'PowerStarColor'), glbScene, 1e-6, [
      'emissiveFactor',
    ]);
  });

  it('writes a BTP that shows the archive’s textures frame by frame', () => {
    const model = readJ3d(written.get('PowerStar.bdl')!);
    const source = readJ3d(archiveFile(POWER_STAR, 'PowerStar.bdl'));
    const [ours, theirs] = [readBtp(written.get('PowerStarColor.btp')!), readBtp(sources['PowerStarColor.btp']!)];
    expect([ours.duration, ours.loopMode]).toEqual([theirs.duration, theirs.loopMode]);
    const pixels = (file: typeof model, index: number) => {
      const t = file.TEX1.textures[index]!;
      return decodeBtiImage(file.TEX1.bytes, t.headerOffset, t.header).pixels;
    };
    theirs.entries.forEach((e, i) => {
      const w = ours.entries[i]!;
      expect([w.materialName, w.texMapIndex]).toEqual([e.materialName, e.texMapIndex]);
      for (let f = 0; f <= theirs.duration; f++) {
        const a = pixels(model, w.textureIndices[Math.min(f, w.textureIndices.length - 1)]!);
        const b = pixels(source, e.textureIndices[Math.min(f, e.textureIndices.length - 1)]!);
        expect(a.length).toBe(b.length);
        let sum = 0;
        for (let k = 0; k < a.length; k++) sum += Math.abs(a[k]! - b[k]!);
        expect(sum / a.length, `frame ${f}`).toBeLessThan(2);
      }
    });
  });

  it('writes a BVA that hides the archive’s shapes at every frame', () => {
    const [ours, theirs] = [readBva(written.get('PowerStarColor.bva')!), readBva(sources['PowerStarColor.bva']!)];
    expect([ours.duration, ours.loopMode, ours.shapes.length]).toEqual([
      theirs.duration,
      theirs.loopMode,
      theirs.shapes.length,
    ]);
    const at = (run: boolean[], f: number) => run[Math.min(f, run.length - 1)];
    theirs.shapes.forEach((run, s) => {
      for (let f = 0; f <= theirs.duration; f++)
        expect(at(ours.shapes[s]!, f), `shape ${s} frame ${f}`).toBe(at(run, f));
    });
  });

  it.skipIf(!haveNoclip)('writes files noclip’s loaders read as ours do', async () => {
    for (const [name, bytes] of written) {
      if (name.endsWith('.bdl')) continue;
      await expectNoclipReads(name.slice(-3), bytes);
    }
  });

  it('inverts edited colour channels through the TEV reduction, and plays them', async () => {
    const edited: Scene = structuredClone(glbScene);
    const animation = clip(edited, 'PowerStarColor');
    const channel = animation.channels.find(
      (c) => c.path === 'pointer' && parseMaterialPointer(c.pointer)?.property === 'emissiveFactor',
    )!;
    const sampler = animation.samplers[channel.sampler]!;
    // Halve the emissive colour at every key: a channel the reader never made.
    animation.samplers[channel.sampler] = { ...sampler, output: sampler.output.map((v) => v * 0.5) };
    const files = writeBdl(edited);
    const brk = readBrk(files.get('PowerStarColor.brk')!);
    expect(brk.entries.length).toBeGreaterThan(0);
    const back = await readBack(files);
    expectPointerChannelsPlay(clip(back, 'PowerStarColor'), back, animation, edited, 1 / 255, ['emissiveFactor']);
  });
});

/**
 * Expects the pointer channels of `animation` (on `scene`) of the given properties to play, at every whole
 * frame, as those of `expected` (on `expectedScene`) on the material of the same name: GX display values (linear
 * colour through the sRGB curve) within `tolerance`.
 */
function expectPointerChannelsPlay(
  animation: Animation,
  scene: Scene,
  expected: Animation,
  expectedScene: Scene,
  tolerance: number,
  properties: string[],
) {
  const fps = 30;
  const gx = expected.extras?.gx as { duration?: number } | undefined;
  const duration = gx?.duration ?? 0;
  let compared = 0;
  for (const c of expected.channels) {
    if (c.path !== 'pointer') continue;
    const target = parseMaterialPointer(c.pointer)!;
    if (!properties.includes(target.property)) continue;
    const name = expectedScene.materials[target.material]!.name;
    const m = scene.materials.findIndex((x) => x.name === name);
    const pointer = materialPointer({ ...target, material: m });
    const ours = animation.channels.find((x) => x.path === 'pointer' && x.pointer === pointer);
    expect(ours, `${name} ${target.property}`).toBeDefined();
    const width = target.property === 'emissiveFactor' ? 3 : 4;
    const sample = (s: AnimationSampler, f: number) =>
      sampleSampler(s, f / fps, width, false).map((v, k) => (k < 3 ? linearToSrgb(v) : v));
    for (let f = 0; f <= duration; f++) {
      const a = sample(animation.samplers[ours!.sampler]!, f);
      const b = sample(expected.samplers[c.sampler]!, f);
      for (const [k, v] of a.entries())
        expect(Math.abs(v - b[k]!), `${name} ${target.property} frame ${f}`).toBeLessThanOrEqual(tolerance + 1e-6);
      compared++;
    }
  }
  expect(compared).toBeGreaterThan(0);
}

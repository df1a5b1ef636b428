/*
 * Each kind written from a scene that did not come from J3D (so every file is made by converting the channels,
 * not from kept tracks), read back onto the written model with j3dToScene and played against the scene's own
 * channels (sampleSampler, as glTF players do). The bounds, per kind, are the format's quantisation:
 *   BTK: at every whole frame, scale within 1e-5, rotation within 1e-3 rad (f32 tracks; rotation in s16 steps of
 *     at least π/32768 ≈ 1e-4), offset within 2e-4 (Maya SRT maths moves it by the scale times the rotation's
 *     rounding);
 *   BRK (konst colours): at every whole frame within one GX colour unit of the display value (whole units);
 *   BVA: exact at every frame;
 *   BCA: at every frame translation and scale as the source's f32 (within 1e-6: the reader takes values that
 *     close to the rest pose as the rest pose), rotation within one s16 step (π/32768), as rotations; a BCK clip written with animationFormat 'bca' plays the BCK at every whole frame likewise.
 * Channels no J3D animation holds are warnings naming the clip and the channel; clip names that make the same
 * file name get distinct ones. noclip reads the BCA and BPK written (the Power Star test covers the others).
 */
import { decodePng, encodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { type AnimationSampler, materialPointer, quatFromEuler, type Scene, sampleSampler } from '@retromodel/scene';
import {
  adapterRead,
  haveFixtures,
  materialAnimationScene,
  memorySidecars,
  quatDistance,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeJ3dFiles } from '../../src/adapters/write-j3d-files.js';
import { sampleTrack } from '../../src/anim/animation-track.js';
import { jointModel } from '../../src/from-scene/animation-model.js';
import { animationFilesFromScene, clipFileNames } from '../../src/from-scene/animations-from-scene.js';
import { sceneToJ3d } from '../../src/from-scene/scene-to-j3d.js';
import { linearToSrgb } from '../../src/gx/srgb.js';
import { j3dAdapter, readBca, readBck, readBpk, readBrk } from '../../src/index.js';
import { archiveFile, PIKIS, POWER_STAR } from '../anim-kinds/archive-files.js';
import { buildBpk } from '../anim-kinds/build-anim.js';
import { syntheticModel } from '../anim-material/synthetic-model.js';
import { expectNoclipReads, haveNoclip } from './noclip-anim.js';

const FPS = 30;

/** Writes `scene` as `toy.bmd` with its animation files, and reads them back with the written model. */
async function roundTrip(scene: Scene, options: { animationFormat?: 'bck' | 'bca' } = {}) {
  const written = writeJ3dFiles(scene, { baseName: 'toy', encodePng, decodePng }, options) as {
    files: { name: string; bytes: Uint8Array }[];
    diagnostics: { code: string; message: string }[];
  };
  const anims = written.files.slice(1);
  const back = await adapterRead(j3dAdapter, written.files[0]!.bytes, {
    fileName: 'toy.bmd',
    sidecars: memorySidecars(Object.fromEntries(anims.map((f) => [f.name, f.bytes]))),
    animations: anims.map((f) => f.name),
  });
  return { written, back: back.scene };
}

/** The sampler of clip `clip`'s channel `pointerOf(m)` on the material named `name` in `scene`. */
function pointerSampler(scene: Scene, clip: string, name: string, pointerOf: (m: number) => string) {
  const m = scene.materials.findIndex((x) => x.name === name);
  const animation = scene.animations.find((a) => a.name === clip)!;
  const c = animation.channels.find((x) => x.path === 'pointer' && x.pointer === pointerOf(m));
  expect(c, `${clip} ${pointerOf(m)}`).toBeDefined();
  return animation.samplers[c!.sampler]!;
}

describe('animations of a scene from elsewhere, written and played back', () => {
  it('names files after the clips and warns, naming clip and channel, for what no kind holds', async () => {
    const { written } = await roundTrip(materialAnimationScene());
    expect(written.files.map((f) => f.name)).toEqual(['toy.bmd', 'spin.btk', 'pulse.brk', 'blink.bva']);
    const notWritten = written.diagnostics
      .filter((d) => d.code === 'j3d/anim-channel-not-written')
      .map((d) => d.message);
    expect(notWritten).toHaveLength(2);
    expect(notWritten[0]).toMatch(/animation "bad".*metallicFactor/);
    expect(notWritten[1]).toMatch(/animation "bad".*roughnessFactor/);
  });

  it('plays a texture transform with rotation (BTK, Maya SRT) at every frame', async () => {
    const scene = materialAnimationScene();
    const { back } = await roundTrip(scene);
    for (const [property, width, tolerance] of [
      // Maya SRT: the rotation's rounding to s16 steps (half of π/32768) moves the offset by up to the scale (2
      // here) times that angle, plus the tracks' own tolerance.
      ['offset', 2, 2e-4],
      ['scale', 2, 1e-5],
      ['rotation', 1, 1e-3],
    ] as const) {
      const pointerOf = (m: number) => materialPointer({ material: m, slot: 'baseColorTexture', property });
      const got = pointerSampler(back, 'spin', 'screen', pointerOf);
      const want = pointerSampler(scene, 'spin', 'screen', pointerOf);
      for (let f = 0; f <= 30; f++) {
        const [a, b] = [got, want].map((s) => sampleSampler(s, f / FPS, width, false));
        for (const [k, v] of a.entries()) expect(Math.abs(v - b[k]!), `${property} frame ${f}`).toBeLessThan(tolerance);
      }
    }
  });

  it('plays base colour and emissive factors through konst colours (BRK) at every frame within a colour unit', async () => {
    const scene = materialAnimationScene();
    const { back, written } = await roundTrip(scene);
    const brk = written.files.find((f) => f.name === 'pulse.brk')!;
    for (const [property, width] of [
      ['baseColorFactor', 4],
      ['emissiveFactor', 3],
    ] as const) {
      const pointerOf = (m: number) => materialPointer({ material: m, property });
      const got = pointerSampler(back, 'pulse', 'lamp', pointerOf);
      const want = pointerSampler(scene, 'pulse', 'lamp', pointerOf);
      const display = (s: AnimationSampler, f: number) =>
        sampleSampler(s, f / FPS, width, false).map((v, k) => (k < 3 ? linearToSrgb(v) : v));
      for (let f = 0; f <= 30; f++) {
        const [a, b] = [display(got, f), display(want, f)];
        for (const [k, v] of a.entries())
          expect(Math.abs(v - b[k]!), `${property} frame ${f}`).toBeLessThanOrEqual(1 / 255 + 1e-6);
      }
    }
    // Base colour in konst colour 0, emissive in konst colour 1 (the stages gxMaterialFromGltf adds for them).
    expect(readBrk(brk.bytes).entries.map((e) => [e.materialName, e.kind, e.colorIndex])).toEqual([
      ['lamp', 'konst', 0],
      ['lamp', 'konst', 1],
    ]);
  });

  it('hides the shape of a node scaled to zero (BVA) at exactly the frames the keys say', async () => {
    const scene = materialAnimationScene();
    const { back } = await roundTrip(scene);
    const { shapeNodes } = sceneToJ3d(scene);
    const written = shapeNodes.indexOf(2);
    expect(written).toBeGreaterThanOrEqual(0);
    const node = back.nodes.findIndex((n) => (n.extras?.gx as { shape?: number } | undefined)?.shape === written);
    const animation = back.animations.find((a) => a.name === 'blink')!;
    const channel = animation.channels.find((c) => c.path === 'scale' && c.node === node)!;
    const want = scene.animations[2]!.samplers[0]!;
    for (let f = 0; f <= 20; f++) {
      const [a] = sampleSampler(animation.samplers[channel.sampler]!, f / FPS, 3, false);
      const [b] = sampleSampler(want, (f + 1e-3) / FPS, 3, false);
      expect(a, `frame ${f}`).toBe(b);
    }
  });

  it('gives clips whose names make the same file name distinct names', () => {
    const clips = ['walk cycle', 'walk_cycle', 'WALK_CYCLE', '', '../up', ''].map((name) => ({
      ...(name ? { name } : {}),
      channels: [],
      samplers: [],
    }));
    expect(clipFileNames(clips, 'model')).toEqual([
      'walk_cycle',
      'walk_cycle.1',
      'WALK_CYCLE.2',
      'model.3',
      'up',
      'model.5',
    ]);
  });
});

describe('a clip named like a file of its kind (a joint file that shared its base name, clip-names.ts)', () => {
  const still = (name: string, source?: 'bca') => ({
    name,
    channels: [],
    samplers: [],
    ...(source ? { extras: { gx: { source } } } : {}),
  });
  const fileNames = (clips: ReturnType<typeof still>[]) => {
    const scene = { ...materialAnimationScene(), animations: clips };
    return animationFilesFromScene(jointModel(scene), 'toy').files.map((f) => f.name);
  };

  it('is written to that name', () => {
    expect(fileNames([still('wait.bca', 'bca'), still('wait')])).toEqual(['wait.bca', 'wait.bck']);
    expect(fileNames([still('wait'), still('wait.BCK')])).toEqual(['wait.bck', 'wait.BCK.bck']);
  });

  it("is not, when another clip's file has it", () => {
    expect(fileNames([still('x', 'bca'), still('x.bca', 'bca')])).toEqual(['x.bca', 'x.bca.bca']);
    expect(fileNames([still('x.bca', 'bca'), still('x', 'bca')])).toEqual(['x.bca', 'x.1.bca']);
  });
});

describe.skipIf(!haveFixtures)('joint clips as BCA', () => {
  it('writes a clip read from a BCA back as a BCA that plays every frame of the source', async () => {
    const bcaBytes = archiveFile(PIKIS, 'motion/wait.bca');
    const read = await adapterRead(j3dAdapter, archiveFile(PIKIS, 'piki_model/piki_p2_red.bmd'), {
      fileName: 'piki.bmd',
      sidecars: memorySidecars({ 'wait.bca': bcaBytes }),
      animations: ['wait.bca'],
    });
    const glb = await sceneToGlb(read.scene);
    const scene = (await gltfToScene(glb.bytes)).scene;
    const written = writeJ3dFiles(scene, { baseName: 'piki', encodePng, decodePng }, {}) as {
      files: { name: string; bytes: Uint8Array }[];
    };
    expect(written.files.map((f) => f.name)).toEqual(['piki.bmd', 'wait.bca']);
    const [source, ours] = [readBca(bcaBytes), readBca(written.files[1]!.bytes)];
    expect([ours.duration, ours.loopMode, ours.joints.length]).toEqual([
      source.duration,
      source.loopMode,
      source.joints.length,
    ]);
    const at = (run: number[], f: number) => run[Math.min(f, run.length - 1)]!;
    source.joints.forEach((joint, j) => {
      const mine = ours.joints[j]!;
      for (let f = 0; f <= source.duration; f++) {
        // Values within 1e-6 of the rest pose are the rest pose to the reader (it leaves such channels out).
        const near = (x: number, y: number) => Math.abs(x - y) <= 1e-6 * Math.max(1, Math.abs(y));
        for (let a = 0; a < 3; a++) {
          expect(near(at(mine.translation[a]!, f), at(joint.translation[a]!, f)), `joint ${j} frame ${f}`).toBe(true);
          expect(near(at(mine.scale[a]!, f), at(joint.scale[a]!, f))).toBe(true);
        }
        const q = (axes: number[][]) => quatFromEuler(at(axes[0]!, f), at(axes[1]!, f), at(axes[2]!, f));
        expect(quatDistance(q(mine.rotation), q(joint.rotation)), `joint ${j} frame ${f}`).toBeLessThanOrEqual(
          Math.PI / 32768,
        );
      }
    });
    if (haveNoclip) await expectNoclipReads('bca', written.files[1]!.bytes);
  });

  it('writes a BCK clip as a BCA with animationFormat bca, playing the BCK at every whole frame', async () => {
    const bckBytes = archiveFile(POWER_STAR, 'TakeOutStar.bck');
    const read = await adapterRead(j3dAdapter, archiveFile(POWER_STAR, 'PowerStar.bdl'), {
      fileName: 'PowerStar.bdl',
      sidecars: memorySidecars({ 'TakeOutStar.bck': bckBytes }),
      animations: ['TakeOutStar.bck'],
    });
    const written = writeJ3dFiles(read.scene, { baseName: 'star', encodePng }, { animationFormat: 'bca' }) as {
      files: { name: string; bytes: Uint8Array }[];
    };
    expect(written.files.map((f) => f.name)).toEqual(['star.bmd', 'TakeOutStar.bca']);
    const [bck, bca] = [readBck(bckBytes), readBca(written.files[1]!.bytes)];
    expect(bca.duration).toBe(bck.duration);
    const step = (2 ** bck.angleScaleExponent * Math.PI) / 32768;
    const at = (run: number[], f: number) => run[Math.min(f, run.length - 1)]!;
    bck.joints.forEach((joint, j) => {
      for (let f = 0; f <= bck.duration; f++) {
        for (let a = 0; a < 3; a++) {
          const want = sampleTrack(joint.translation[a]!, f);
          expect(Math.abs(at(bca.joints[j]!.translation[a]!, f) - want)).toBeLessThanOrEqual(
            1e-4 * Math.max(1, Math.abs(want)),
          );
        }
        const q1 = quatFromEuler(
          ...([0, 1, 2].map((a) => at(bca.joints[j]!.rotation[a]!, f)) as [number, number, number]),
        );
        const q2 = quatFromEuler(
          ...([0, 1, 2].map((a) => sampleTrack(joint.rotation[a]!, f)) as [number, number, number]),
        );
        expect(quatDistance(q1, q2), `joint ${j} frame ${f}`).toBeLessThan(step + Math.PI / 32768);
      }
    });
  });
});

describe.skipIf(!haveFixtures)('a material colour (BPK) edited in the scene', () => {
  it('is inverted onto the material colour and plays the edited channel', async () => {
    const source = buildBpk(
      10,
      [
        [
          [2, 0, 0],
          [2, 0, 0],
          [2, 0, 0],
          [1, 6, 0],
        ],
      ],
      [
        [0, 40, 0, 10, 255, 0, 255],
        [0, 80, 0, 10, 255, 0, 255],
        [0, 120, 0, 10, 255, 0, 255],
        [0, 0, 0, 0, 0, 0, 255],
      ],
      ['body'],
    );
    const read = await adapterRead(j3dAdapter, syntheticModel().bytes, {
      fileName: 'model.bmd',
      sidecars: memorySidecars({ 'model.bpk': source }),
    });
    const scene = read.scene;
    const animation = scene.animations[0]!;
    const sampler = animation.samplers[0]!;
    animation.samplers[0] = { ...sampler, output: sampler.output.map((v, i) => (i % 4 === 1 ? v * 0.5 : v)) };
    const { written, back } = await roundTrip(scene);
    const bpk = written.files.find((f) => f.name.endsWith('.bpk'))!;
    expect(readBpk(bpk.bytes).entries.map((e) => e.materialName)).toEqual(['body']);
    if (haveNoclip) await expectNoclipReads('bpk', bpk.bytes);
    const pointerOf = (m: number) => materialPointer({ material: m, property: 'baseColorFactor' });
    const got = pointerSampler(back, animation.name!, 'body', pointerOf);
    const want = animation.samplers[0]!;
    for (let f = 0; f <= 10; f++) {
      const [a, b] = [got, want].map((s) =>
        sampleSampler(s, f / FPS, 4, false).map((v, k) => (k < 3 ? linearToSrgb(v) : v)),
      );
      for (const [k, v] of a!.entries()) expect(Math.abs(v - b![k]!), `frame ${f}`).toBeLessThanOrEqual(1 / 255 + 1e-6);
    }
  });
});

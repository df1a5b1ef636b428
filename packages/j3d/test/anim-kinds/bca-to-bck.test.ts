/*
 * A scene animation that came from a BCA writes as a BCK (animationToBck → writeBck → readBck): the BCK plays
 * the scene animation at every frame (expectBckPlays), and read back as a scene animation (bckToAnimation) it
 * still plays the BCA's raw tables at every whole frame: translation and scale within 1e-5, rotation within two
 * steps of the BCK's s16 angle unit. And bad input through the codec: a BCA sidecar cut short of its tables is a
 * ParseError, and seeded byte changes end in a ParseError or in an animation whose samplers are STEP, playable
 * and bounded by the clip. The BCK holds a STEP key as a jump (two keys at one frame), which its glTF import
 * keeps a jump within one f32 time step; a hand-made BCK checks that between frames too.
 */
import { ParseError } from '@retromodel/binary';
import { type Diagnostic, isPlayableSampler, sampleSampler } from '@retromodel/scene';
import {
  adapterRead,
  expectBckPlays,
  expectCleanOutcome,
  haveFixtures,
  memorySidecars,
  mutations,
  truncationLengths,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readBca } from '../../src/anim/read-bca.js';
import { animationToBck, j3dAdapter, readBck, readJ3d, writeBck } from '../../src/internal.js';
import { bckToAnimation } from '../../src/scene/bck-to-animation.js';
import { j3dToScene } from '../../src/scene/j3d-to-scene.js';
import { restJoint } from '../anim/rest-joint.js';
import { archiveFile, archivePaths, declaredSize, PIKIS, TRACK } from './archive-files.js';
import { comparePlayback } from './bca-playback.js';
import { readRawBca } from './raw-bca.js';

const sets = [
  { archive: PIKIS, model: 'piki_model/piki_p2_red.bmd', bcas: archivePaths(PIKIS, '.bca') },
  { archive: TRACK, model: 'objects/mariotree1.bmd', bcas: archivePaths(TRACK, '.bca') },
];

describe.skipIf(!haveFixtures)('BCA scene animations written as BCK', () => {
  it.each(sets)('$archive: BCA → scene → BCK → scene plays the raw frames', (set) => {
    const file = readJ3d(archiveFile(set.archive, set.model));
    const joints = file.JNT1.joints;
    const jointNodes = joints.map((_, j) => j);
    const animations = set.bcas.map((p) => ({ name: p, bca: readBca(archiveFile(set.archive, p)) }));
    const { scene } = j3dToScene(file, { animations });
    let frames = 0;
    set.bcas.forEach((path, i) => {
      const animation = scene.animations[i]!;
      const written = animationToBck(animation, scene.nodes, jointNodes);
      expect(written.diagnostics, path).toEqual([]);
      const bck = readBck(writeBck(written.bck));
      const raw = readRawBca(archiveFile(set.archive, path));
      expect(bck.duration, path).toBe(raw.duration);
      expect(bck.loopMode, path).toBe(raw.loopMode);
      frames += expectBckPlays(bck, animation, jointNodes, path);
      const diagnostics: Diagnostic[] = [];
      const back = bckToAnimation(bck, path, joints, jointNodes, 30, diagnostics);
      const step = (2 ** bck.angleScaleExponent * Math.PI) / 32768;
      const { mismatches } = comparePlayback(back, scene.nodes, jointNodes, raw, { rotationTolerance: 2 * step });
      expect(mismatches, path).toEqual([]);
    });
    expect(frames).toBeGreaterThan(set.archive === PIKIS ? 10_000 : 100);
  });
});

describe.skipIf(!haveFixtures)('bad BCA sidecars through the codec', () => {
  const model = archiveFile(PIKIS, 'piki_model/piki_p2_red.bmd');
  const wait = archiveFile(PIKIS, 'motion/wait.bca');
  const read = (bca: Uint8Array) =>
    adapterRead(j3dAdapter, model, { fileName: 'piki.bmd', sidecars: memorySidecars({ 'piki.bca': bca }) });

  it('a BCA cut short of its tables is a ParseError', async () => {
    const cuts = truncationLengths(wait.length, 16).filter((n) => n >= 8 && n < declaredSize(wait) - 0x1f);
    expect(cuts.length).toBeGreaterThan(10);
    for (const n of cuts) await expect(read(wait.subarray(0, n)), `cut to ${n}`).rejects.toBeInstanceOf(ParseError);
  });

  it('changed bytes end in a ParseError or STEP samplers, playable and bounded by the clip', async () => {
    const file = readJ3d(model);
    let converted = 0;
    for (const { index, bytes } of mutations(wait, 400, 13)) {
      const outcome = await expectCleanOutcome(() => {
        const bca = readBca(bytes);
        const { scene } = j3dToScene(file, { animations: [{ name: 'm', bca }] });
        for (const s of scene.animations[0]!.samplers) {
          expect(s.interpolation).toBe('STEP');
          expect(isPlayableSampler(s, s.output.length / s.input.length)).toBe(true);
          expect(s.input.length).toBeLessThanOrEqual(bca.duration + 2);
          for (let k = 1; k < s.input.length; k++) expect(s.input[k]!).toBeGreaterThan(s.input[k - 1]!);
        }
      }, `mutation ${index}`);
      if (outcome === 'ok') converted++;
    }
    // Most changes land in the value tables and still read.
    expect(converted).toBeGreaterThan(100);
  });
});

describe('a BCK jump read back as glTF', () => {
  it('holds the earlier value to one f32 step before the jump, and the later one from its frame', () => {
    // Translation X: 0 until frame 3, then 1 (two keys at frame 3), held to frame 6; a jump at frame 1 on Y too.
    const keys = (list: [number, number][]) => ({
      tangentMode: 1,
      keys: list.map(([time, value]) => ({ time, value, tangentIn: 0, tangentOut: 0 })),
    });
    const x = keys([
      [0, 0],
      [3, 0],
      [3, 1],
      [6, 1],
    ]);
    const y = keys([
      [0, 5],
      [1, 5],
      [1, -5],
    ]);
    const z = keys([[0, 2]]);
    const bck = {
      kind: 'bck1',
      subVersion: '',
      loopMode: 2,
      angleScaleExponent: 0,
      duration: 6,
      joints: [
        { scale: [z, z, z], rotation: [keys([[0, 0]]), keys([[0, 0]]), keys([[0, 0]])], translation: [x, y, z] },
      ],
    } as Parameters<typeof bckToAnimation>[0];
    const animation = bckToAnimation(bck, 'jump', [restJoint], [0], 30, []);
    const sampler = animation.samplers[animation.channels.findIndex((c) => c.path === 'translation')]!;
    for (let i = 0; i <= 600; i++) {
      const frame = i / 100;
      const got = sampleSampler(sampler, frame / 30, 3, false);
      // Within one f32 step before a jump the curve is on its way; nowhere else does it differ from J3D's.
      expect(got[0], `x at ${frame}`).toBeCloseTo(frame < 3 ? 0 : 1, 6);
      expect(got[1], `y at ${frame}`).toBeCloseTo(frame < 1 ? 5 : -5, 6);
    }
    for (let k = 1; k < sampler.input.length; k++) expect(sampler.input[k]!).toBeGreaterThan(sampler.input[k - 1]!);
  });
});

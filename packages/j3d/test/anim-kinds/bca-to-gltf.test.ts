/*
 * BCA → glTF joint animation against the BCA's raw tables (raw-bca.ts, not readBca): every BCA of the Pikmin 2
 * and MKDD archives on its model, written to a GLB the Khronos validator accepts and read back, plays the raw
 * values at every whole frame and a quarter frame past each (STEP); the codec attaches `<base>.bca` and names
 * given in options.animations; hand-built files check the key-time and duration rules.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { createScene, type Diagnostic, sampleSampler } from '@retromodel/scene';
import { adapterRead, expectValidGlb, haveFixtures, memorySidecars } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readBca } from '../../src/anim/read-bca.js';
import { j3dAdapter, readJ3d } from '../../src/internal.js';
import { bcaToAnimation } from '../../src/scene/bca-to-animation.js';
import { secondsNotAfter } from '../../src/scene/f32-seconds.js';
import { j3dToScene } from '../../src/scene/j3d-to-scene.js';
import { restJoint } from '../anim/rest-joint.js';
import { archiveFile, archivePaths, PIKIS, TRACK } from './archive-files.js';
import { comparePlayback } from './bca-playback.js';
import { buildBca } from './build-anim.js';
import { readRawBca } from './raw-bca.js';

const baseName = (path: string) =>
  path
    .split('/')
    .pop()!
    .replace(/\.[^.]+$/, '');

/** The model each archive's BCAs animate, and the BCAs. */
const sets = [
  { archive: PIKIS, model: 'piki_model/piki_p2_red.bmd', bcas: archivePaths(PIKIS, '.bca') },
  { archive: TRACK, model: 'objects/mariotree1.bmd', bcas: archivePaths(TRACK, '.bca') },
];

describe.skipIf(!haveFixtures)('BCA → glTF on the archive fixtures', () => {
  it.each(sets)('$archive: every BCA plays its raw frames in the GLB written and read back', async (set) => {
    const file = readJ3d(archiveFile(set.archive, set.model));
    const animations = set.bcas.map((p) => ({ name: baseName(p), bca: readBca(archiveFile(set.archive, p)) }));
    const { scene, diagnostics } = j3dToScene(file, { animations });
    expect(diagnostics.filter((d) => d.code.startsWith('j3d/bca'))).toEqual([]);
    expect(scene.animations.length).toBe(set.bcas.length);
    for (const a of scene.animations) expect(a.samplers.every((s) => s.interpolation === 'STEP')).toBe(true);
    const glb = await sceneToGlb(scene);
    await expectValidGlb(glb.bytes, `${set.model}.glb`);
    const back = (await gltfToScene(glb.bytes)).scene;
    const jointNodes = file.JNT1.joints.map((joint) => {
      const found = back.nodes.flatMap((n, i) => (n.name === joint.name ? [i] : []));
      expect(found.length, joint.name).toBe(1);
      return found[0]!;
    });
    let poses = 0;
    let expected = 0;
    set.bcas.forEach((path, i) => {
      const animation = back.animations[i]!;
      expect(animation.name).toBe(baseName(path));
      const raw = readRawBca(archiveFile(set.archive, path));
      const result = comparePlayback(animation, back.nodes, jointNodes, raw, { betweenFrames: true });
      expect(result.mismatches, path).toEqual([]);
      poses += result.poses;
      expected += Math.min(raw.joints.length, jointNodes.length) * (2 * raw.duration + 1);
      // The clip lasts the BCA's duration when anything moves.
      if (animation.samplers.length > 0) {
        const end = Math.max(...animation.samplers.map((s) => s.input[s.input.length - 1]!));
        expect(end * 30, path).toBeCloseTo(raw.duration, 3);
      }
    });
    // Every joint of every clip was compared at every whole and quarter frame.
    expect(poses).toBe(expected);
    expect(poses).toBeGreaterThan(set.archive === PIKIS ? 10_000 : 100);
  });

  it('the codec attaches <base>.bca and the BCAs named in options.animations', async () => {
    const model = archiveFile(PIKIS, 'piki_model/piki_p2_red.bmd');
    const wait = archiveFile(PIKIS, 'motion/wait.bca');
    const walk = archiveFile(PIKIS, 'motion/walk.bca');
    const result = await adapterRead(j3dAdapter, model, {
      fileName: 'piki_p2_red.bmd',
      sidecars: memorySidecars({ 'piki_p2_red.bca': wait, 'walk.bca': walk, 'run2.bca': walk }),
      animations: ['walk.bca'],
    });
    expect(result.sidecarsUsed).toEqual(['walk.bca', 'piki_p2_red.bca']);
    expect(result.scene.animations.map((a) => a.name)).toEqual(['walk', 'piki_p2_red']);
    const jointNodes = readJ3d(model).JNT1.joints.map((_, j) => j);
    [walk, wait].forEach((bytes, i) => {
      const animation = result.scene.animations[i]!;
      const { mismatches } = comparePlayback(animation, result.scene.nodes, jointNodes, readRawBca(bytes));
      expect(mismatches).toEqual([]);
    });
  });

  it('the codec reads a BCA named beside a BCK of the same clip as its own STEP animation', async () => {
    const result = await adapterRead(j3dAdapter, archiveFile(TRACK, 'objects/mariotree1.bmd'), {
      fileName: 'mariotree1.bmd',
      sidecars: memorySidecars({
        'mariotree1_wait.bca': archiveFile(TRACK, 'objects/mariotree1_wait.bca'),
        'mariotree1_wait.bck': archiveFile(TRACK, 'objects/mariotree1_wait.bck'),
      }),
      animations: ['mariotree1_wait.bca'],
    });
    expect(result.sidecarsUsed).toEqual(['mariotree1_wait.bca']);
    const [animation] = result.scene.animations;
    expect(animation!.samplers.length).toBeGreaterThan(0);
    expect(animation!.samplers.every((s) => s.interpolation === 'STEP')).toBe(true);
    const raw = readRawBca(archiveFile(TRACK, 'objects/mariotree1_wait.bca'));
    expect(comparePlayback(animation!, result.scene.nodes, [0], raw).mismatches).toEqual([]);
  });
});

/** One joint: translation X over `values` (run of all of them), everything else at rest (scale 1, angle 0). */
function translationBca(duration: number, values: number[]): Uint8Array {
  const n = values.length;
  // Runs in file order X (scale, rotation, translation), Y (...), Z (...): the scale table holds 1 at 0.
  const runs: [number, number][] = [
    [1, 0],
    [1, 0],
    [n, 1],
    [1, 0],
    [1, 0],
    [1, 0],
    [1, 0],
    [1, 0],
    [1, 0],
  ];
  return buildBca(duration, [runs], [1], [0], [0, ...values]);
}

function convert(bytes: Uint8Array, fps = 30, joints = [restJoint]) {
  const diagnostics: Diagnostic[] = [];
  const animation = bcaToAnimation(readBca(bytes), 'clip', joints, [0], fps, diagnostics);
  return { animation, diagnostics, sampler: animation.samplers[0] };
}

describe('BCA key times and durations', () => {
  it('keys only frames whose value changes, and holds the last value to a key at the duration', () => {
    const { animation, sampler } = convert(translationBca(10, [1, 1, 2, 5]));
    expect(animation.channels).toEqual([{ node: 0, path: 'translation', sampler: 0 }]);
    expect(Array.from(sampler!.input)).toEqual([0, 2, 3, 10].map((f) => secondsNotAfter(f, 30)));
    expect(Array.from(sampler!.output)).toEqual([1, 0, 0, 2, 0, 0, 5, 0, 0, 5, 0, 0]);
    expect(animation.extras).toEqual({ gx: { loopMode: 2, duration: 10, fps: 30, source: 'bca' } });
  });

  it('keys no frame past the duration: values there never play', () => {
    const { sampler } = convert(translationBca(2, [1, 2, 3, 4, 5]));
    expect(Array.from(sampler!.input)).toEqual([0, 1, 2].map((f) => secondsNotAfter(f, 30)));
    expect(sampler!.output[6]).toBe(3);
    // A channel at rest up to the duration is left out, whatever follows it.
    expect(convert(translationBca(1, [0, 0, 7])).animation.channels).toEqual([]);
  });

  it('a clip of duration 0 is one key, and makes a valid GLB', async () => {
    const { animation, sampler } = convert(translationBca(0, [4, 5]));
    expect(Array.from(sampler!.input)).toEqual([0]);
    expect(Array.from(sampler!.output)).toEqual([4, 0, 0]);
    const scene = createScene({ sourceFormat: 'j3d' });
    scene.nodes.push({ name: 'j', children: [] });
    scene.roots.push(0);
    scene.animations.push(animation);
    await expectValidGlb((await sceneToGlb(scene)).bytes, 'duration-0.glb');
  });

  it('key times are never after their frame, so a player at the frame time sees that frame', () => {
    // Frames whose time in seconds at 30 fps rounds up in f32: a key stored there would show the frame before.
    const late = Array.from({ length: 200 }, (_, f) => f).filter((f) => Math.fround(f / 30) > f / 30);
    expect(late.length).toBeGreaterThan(50);
    const values = Array.from({ length: 200 }, (_, f) => f + 1);
    const { sampler } = convert(translationBca(199, values));
    for (const f of late) expect(sampleSampler(sampler!, f / 30, 3, false)[0], `frame ${f}`).toBe(f + 1);
    // Every frame changes, so key k is frame k.
    expect(sampler!.input.length).toBe(200);
    for (let k = 0; k < 200; k++) expect(sampler!.input[k]!).toBeLessThanOrEqual(k / 30);
  });

  it('frames that are one f32 time keep the later value, and key times increase', () => {
    // At 1e45 fps frames 0 and 1 are both 0 s in f32 (1e-45 s rounds to the smallest denormal, after it).
    const { sampler } = convert(translationBca(3, [10, 11, 12, 13]), 1e45);
    expect(Array.from(sampler!.input)).toEqual([0, secondsNotAfter(2, 1e45), secondsNotAfter(3, 1e45)]);
    expect(sampler!.input[1]).toBeGreaterThan(0);
    expect(sampler!.input[2]).toBeGreaterThan(sampler!.input[1]!);
    expect(Array.from(sampler!.output).filter((_, i) => i % 3 === 0)).toEqual([11, 12, 13]);
  });

  it('rotations are Euler X, then Y, then Z; joints the model lacks are ignored with a diagnostic', () => {
    // Joint 0 rotates X by π/2 then Z by π/2 at frame 1; joint 1 has no model joint.
    const runs = (rx: [number, number], rz: [number, number]): [number, number][] => [
      [1, 0],
      rx,
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      [1, 0],
      rz,
      [1, 0],
    ];
    const bytes = buildBca(1, [runs([2, 0], [2, 0]), runs([1, 0], [1, 0])], [1], [0, 16384], [0]);
    const { animation, diagnostics, sampler } = convert(bytes);
    expect(animation.channels.map((c) => c.path)).toEqual(['rotation']);
    // Rz(π/2)·Rx(π/2) as a quaternion: (½, ½, ½, ½).
    expect(Array.from(sampler!.output.subarray(4, 8)).map((v) => v.toFixed(6))).toEqual(Array(4).fill('0.500000'));
    expect(diagnostics.map((d) => d.code)).toEqual(['j3d/bca-joint-count']);
  });
});

/*
 * BCK/BTK/BRK readers against noclip's dumps (duration, loop mode, per-track key counts and frame-0 values), and
 * the BCK → scene conversion: CUBICSPLINE translation/scale samplers evaluated with glTF's formula reproduce the
 * J3D Hermite curves at any time (not only at keys), and resampled rotations equal the Euler tracks at every frame.
 */
import { type AnimationSampler, createScene, quatFromEuler, validateScene } from '@retromodel/scene';
import { haveFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { J3dTrack } from '../../src/internal.js';
import { readBck, readBrk, readBtk, sampleTrack } from '../../src/internal.js';
import { bckToAnimation } from '../../src/scene/bck-to-animation.js';
import { expectedDump } from '../model/noclip-view.js';
import { restJoint } from './rest-joint.js';

/** glTF 2.0 Appendix C cubic spline, component `c` of `width`, at time t (seconds). */
function evalCubic(s: AnimationSampler, width: number, c: number, t: number): number {
  const times = s.input;
  const at = (k: number, part: number) => s.output[k * 3 * width + part * width + c]!;
  if (t <= times[0]!) return at(0, 1);
  const last = times.length - 1;
  if (t >= times[last]!) return at(last, 1);
  let k = 0;
  while (times[k + 1]! <= t) k++;
  const td = times[k + 1]! - times[k]!;
  const u = (t - times[k]!) / td;
  const u2 = u * u;
  const u3 = u2 * u;
  return (
    (2 * u3 - 3 * u2 + 1) * at(k, 1) +
    td * (u3 - 2 * u2 + u) * at(k, 2) +
    (-2 * u3 + 3 * u2) * at(k + 1, 1) +
    td * (u3 - u2) * at(k + 1, 0)
  );
}

/** The rotation the Euler tracks give at `frame`. */
function eulerAt(tracks: J3dTrack[], frame: number) {
  return quatFromEuler(sampleTrack(tracks[0]!, frame), sampleTrack(tracks[1]!, frame), sampleTrack(tracks[2]!, frame));
}

/**
 * Largest component difference (either sign of q) between the sampler, evaluated as glTF does (cubic spline
 * per component, then normalised), and the Euler tracks, at 8 points in every frame up to `frames`.
 */
function worstRotationError(s: AnimationSampler, tracks: J3dTrack[], frames: number, fps: number): number {
  let worst = 0;
  for (let step = 0; step <= frames * 8; step++) {
    const frame = step / 8;
    const raw = [0, 1, 2, 3].map((c) => evalCubic(s, 4, c, frame / fps));
    const length = Math.hypot(...raw);
    const want = eulerAt(tracks, frame);
    const sign = raw.reduce((sum, v, i) => sum + v * want[i]!, 0) < 0 ? -1 : 1;
    for (let c = 0; c < 4; c++) worst = Math.max(worst, Math.abs((sign * raw[c]!) / length - want[c]!));
  }
  return worst;
}

function track(keys: [number, number, number, number][]): J3dTrack {
  return {
    tangentMode: 1,
    keys: keys.map(([time, value, tangentIn, tangentOut]) => ({ time, value, tangentIn, tangentOut })),
  };
}

describe('sampleTrack', () => {
  it('keeps a curve within f32 where tangents near the f32 limit swing it past (a Float32Array would hold ±Infinity)', () => {
    // Found by the fuzz (seed 2614): a damaged SMG2 BCK's scale track gave a GLB accessor an Infinity.
    const max = 3.4028234663852886e38;
    const track: J3dTrack = {
      tangentMode: 1,
      keys: [
        { time: 0, value: 1, tangentIn: 0, tangentOut: max },
        { time: 10, value: 1, tangentIn: -max, tangentOut: 0 },
      ],
    };
    for (let frame = 0; frame <= 10; frame += 0.5) {
      const v = sampleTrack(track, frame);
      expect(Math.abs(v), String(frame)).toBeLessThanOrEqual(max);
      expect(Number.isFinite(Math.fround(v)), String(frame)).toBe(true);
    }
    // Within f32, the Hermite curve is as it was: value 1 at the keys, and the swing at frame 5 clamped to +max.
    expect(sampleTrack(track, 0)).toBe(1);
    expect(sampleTrack(track, 5)).toBe(max);
  });
});

describe('BCK to scene animation', () => {
  const fps = 30;
  // Axes with different key times, unequal in/out tangents and a constant axis.
  const translation: [J3dTrack, J3dTrack, J3dTrack] = [
    track([
      [0, 0, 0, 1.5],
      [10, 4, -0.2, 0.7],
      [25, -3, 0.1, 0.1],
    ]),
    track([[0, 1, 0, 0]]),
    track([
      [3, 2, 0, -0.5],
      [17, 8, 2, -1],
      [40, 0, 0, 0],
    ]),
  ];
  const rotation: [J3dTrack, J3dTrack, J3dTrack] = [
    track([
      [0, 0, 0, 0.05],
      [20, 1.2, 0, 0],
    ]),
    track([[0, 0.3, 0, 0]]),
    track([
      [5, -0.5, 0.02, 0.02],
      [30, 2, 0, 0],
    ]),
  ];
  const scale: [J3dTrack, J3dTrack, J3dTrack] = [track([[0, 1, 0, 0]]), track([[0, 1, 0, 0]]), track([[0, 1, 0, 0]])];
  const bck = {
    kind: 'bck1',
    subVersion: '',
    loopMode: 2,
    angleScaleExponent: 0,
    duration: 40,
    joints: [{ translation, rotation, scale }],
  };
  const anim = bckToAnimation(bck, 'test', [restJoint], [0], fps, []);

  it('writes exact CUBICSPLINE translation', () => {
    const ch = anim.channels.find((c) => c.path === 'translation')!;
    const s = anim.samplers[ch.sampler]!;
    expect(s.interpolation).toBe('CUBICSPLINE');
    const rnd = seededRandom(3);
    for (let i = 0; i < 500; i++) {
      const frame = rnd() * 45 - 2;
      for (let c = 0; c < 3; c++)
        expect(evalCubic(s, 3, c, frame / fps)).toBeCloseTo(sampleTrack(translation[c]!, frame), 4);
    }
  });

  it('leaves out channels equal to the bind pose and samples rotation exactly at every frame', () => {
    expect(anim.channels.map((c) => c.path).sort()).toEqual(['rotation', 'translation']);
    const s = anim.samplers[anim.channels.find((c) => c.path === 'rotation')!.sampler]!;
    expect(s.interpolation).toBe('CUBICSPLINE');
    // Every frame up to the rotation tracks' last key (30); after it the angles hold until the end (40).
    const frames = [...Array.from({ length: 31 }, (_, f) => f), 40];
    expect(Array.from(s.input, (t) => Math.round(t * fps))).toEqual(frames);
    for (const [k, f] of frames.entries()) {
      const q = eulerAt(rotation, f);
      const got = Array.from(s.output.subarray(k * 12 + 4, k * 12 + 8));
      const sign = Math.sign(got[0]! * q[0] + got[1]! * q[1] + got[2]! * q[2] + got[3]! * q[3]);
      got.forEach((v, i) => {
        expect(v * sign).toBeCloseTo(q[i]!, 5);
      });
    }
  });

  it('rotation follows the Euler Hermite curves between frames too (8 points a frame, within 1e-4)', () => {
    const s = anim.samplers[anim.channels.find((c) => c.path === 'rotation')!.sampler]!;
    expect(worstRotationError(s, rotation, 40, fps)).toBeLessThan(1e-4);
  });

  it('is a valid scene animation', () => {
    const scene = createScene();
    scene.nodes.push({ children: [] });
    scene.animations.push(anim);
    expect(validateScene(scene)).toEqual([]);
  });
});

describe.skipIf(!haveFixtures)('J3D animation files against noclip dumps', () => {
  it('reads the BCK', () => {
    const bck = readBck(readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck'));
    const exp = expectedDump('nintendo_mkdd_mariotree1_wait.bck');
    expect([bck.duration, bck.loopMode, bck.joints.length]).toEqual([exp.duration, exp.loopMode, exp.jointEntries]);
    const names = { s: 'scale', r: 'rotation', t: 'translation' } as const;
    exp.entries.forEach((e: Record<string, { keys: number; v0: number }>, j: number) => {
      for (const [key, want] of Object.entries(e)) {
        const tr = bck.joints[j]![names[key[0] as 's' | 'r' | 't']][' xyz'.indexOf(key[1]!) - 1]!;
        expect(tr.keys.length, key).toBe(want.keys);
        expect(sampleTrack(tr, 0), key).toBeCloseTo(want.v0, 4);
      }
    });
  });

  it("BCK → scene follows the file's curves at 8 points a frame: rotations within 1e-4, the rest exactly", () => {
    const bck = readBck(readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck'));
    const fps = 30;
    const anim = bckToAnimation(
      bck,
      'wait',
      bck.joints.map(() => restJoint),
      bck.joints.map((_, j) => j),
      fps,
      [],
    );
    let rotations = 0;
    for (const channel of anim.channels) {
      const tracks = bck.joints[channel.node]![channel.path as 'rotation' | 'translation' | 'scale'];
      const s = anim.samplers[channel.sampler]!;
      if (s.interpolation === 'LINEAR') continue; // a constant (one key)
      if (channel.path === 'rotation') {
        rotations++;
        expect(worstRotationError(s, tracks, bck.duration, fps), `joint ${channel.node}`).toBeLessThan(1e-4);
        continue;
      }
      for (let step = 0; step <= bck.duration * 8; step++)
        for (let c = 0; c < 3; c++)
          expect(evalCubic(s, 3, c, step / 8 / fps)).toBeCloseTo(sampleTrack(tracks[c]!, step / 8), 4);
    }
    expect(rotations).toBeGreaterThan(0);
  });

  it('reads the BTK', () => {
    const btk = readBtk(readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk'));
    const exp = expectedDump('nintendo_mkdd_minigameitembox_bomb.btk');
    expect([btk.duration, btk.loopMode, btk.maya, btk.entries.length]).toEqual([
      exp.duration,
      exp.loopMode,
      exp.isMaya,
      exp.entries.length,
    ]);
    exp.entries.forEach((e: Record<string, unknown>, i: number) => {
      const got = btk.entries[i]!;
      expect([got.materialName, got.texMatrixIndex, got.center]).toEqual([
        e.materialName ?? e.material,
        e.texGenIndex,
        e.center,
      ]);
      for (const [key, want] of Object.entries(e)) {
        const m = /^(scale|rotation|translation)([STQ])$/.exec(key);
        if (!m) continue;
        const tr = got[m[1] as 'scale'][['S', 'T', 'Q'].indexOf(m[2]!)]!;
        const w = want as { keys: number; v0: number };
        expect(tr.keys.length, key).toBe(w.keys);
        expect(sampleTrack(tr, 0), key).toBeCloseTo(w.v0, 5);
      }
    });
  });

  it('reads the BRK', () => {
    const brk = readBrk(readFixture('j3d', 'nintendo_mkdd_minigame_balloon.brk'));
    const exp = expectedDump('nintendo_mkdd_minigame_balloon.brk');
    expect([brk.duration, brk.loopMode, brk.entries.length]).toEqual([exp.duration, exp.loopMode, exp.entries.length]);
    exp.entries.forEach((e: Record<string, { keys: number; v0: number }> & { material: string }, i: number) => {
      const got = brk.entries[i]!;
      expect(got.materialName).toBe(e.material);
      for (const c of ['r', 'g', 'b', 'a'] as const) {
        expect(got[c].keys.length, c).toBe(e[c]!.keys);
        expect(sampleTrack(got[c], 0) / 255, c).toBeCloseTo(e[c]!.v0, 5);
      }
    });
  });
});

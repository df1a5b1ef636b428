/*
 * writeBck is the mirror of readBck (Nintendo's BCK rewrites byte for byte), and animationToBck the mirror of
 * bckToAnimation: BCK → scene → BCK plays the same at every frame (translation and scale also between frames),
 * and a glTF-style animation (LINEAR, STEP, slerped rotations) written as a BCK and read back plays as the glTF
 * player evaluates it.
 */
import {
  type Animation,
  type Quat,
  quatFromEuler,
  quatNormalize,
  type SceneNode,
  sampleSampler,
} from '@retromodel/scene';
import { haveFixtures, quatDistance, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeBck } from '../../src/anim/write-bck.js';
import type { BckFile, J3dJoint, J3dTrack } from '../../src/internal.js';
import { readBck, sampleTrack } from '../../src/internal.js';
import { animationToBck, eulerFromQuat } from '../../src/scene/animation-to-bck.js';
import { bckToAnimation } from '../../src/scene/bck-to-animation.js';
import { jointQuaternion } from '../../src/scene/joint-matrices.js';

const bckFixture = 'nintendo_mkdd_mariotree1_wait.bck';

const eulerAt = (tracks: J3dTrack[], frame: number) =>
  quatFromEuler(sampleTrack(tracks[0]!, frame), sampleTrack(tracks[1]!, frame), sampleTrack(tracks[2]!, frame));

/** Joints whose rest pose is each joint's frame-0 value, as a model animated by `bck` could have. */
function jointsOf(bck: BckFile): J3dJoint[] {
  return bck.joints.map((t, j) => {
    const at0 = (list: J3dTrack[]) => list.map((tr) => sampleTrack(tr, 0)) as [number, number, number];
    return {
      name: `j${j}`,
      kind: 0,
      scaleCompensate: 0,
      scale: at0(t.scale),
      rotationRaw: [0, 0, 0],
      rotation: at0(t.rotation),
      translation: at0(t.translation),
      boundingRadius: 0,
      bboxMin: [0, 0, 0],
      bboxMax: [0, 0, 0],
    };
  });
}

const nodesOf = (joints: J3dJoint[]): SceneNode[] =>
  joints.map((j) => ({
    name: j.name,
    children: [],
    translation: [...j.translation],
    rotation: jointQuaternion(j),
    scale: [...j.scale],
  }));

describe.skipIf(!haveFixtures)('writeBck', () => {
  it(`${bckFixture} rewrites byte for byte`, () => {
    const bytes = readFixture('j3d', bckFixture);
    expect(Buffer.from(writeBck(readBck(bytes))).equals(Buffer.from(bytes))).toBe(true);
  });

  it('BCK → scene → BCK plays the same at every frame', () => {
    const bck = readBck(readFixture('j3d', bckFixture));
    const joints = jointsOf(bck);
    const jointNodes = joints.map((_, j) => j);
    const anim = bckToAnimation(bck, 'wait', joints, jointNodes, 30, []);
    const { bck: back, diagnostics } = animationToBck(anim, nodesOf(joints), jointNodes);
    expect(diagnostics).toEqual([]);
    expect(back.duration).toBe(bck.duration);
    expect(back.loopMode).toBe(bck.loopMode);
    const reread = readBck(writeBck(back));
    const step = (2 ** reread.angleScaleExponent * Math.PI) / 32768;
    for (const [j, t] of bck.joints.entries()) {
      const r = reread.joints[j]!;
      for (let f = 0; f <= bck.duration * 4; f++) {
        const frame = f / 4;
        for (let a = 0; a < 3; a++) {
          expect(sampleTrack(r.translation[a]!, frame)).toBeCloseTo(sampleTrack(t.translation[a]!, frame), 5);
          expect(sampleTrack(r.scale[a]!, frame)).toBeCloseTo(sampleTrack(t.scale[a]!, frame), 5);
        }
        // Whole frames: the rotation within a step of the s16 angle table (and the 1e-4 of the quaternion spline).
        if (f % 4 === 0)
          expect(quatDistance(eulerAt(r.rotation, frame), eulerAt(t.rotation, frame))).toBeLessThan(1e-4 + step);
      }
    }
  });
});

describe('animationToBck', () => {
  const node: SceneNode = {
    name: 'bone',
    children: [],
    translation: [1, 2, 3],
    rotation: [0, 0, 0, 1],
    scale: [1, 1, 1],
  };
  const other: SceneNode = { name: 'prop', children: [] };
  const rotations: Quat[] = [
    [0, 0, 0, 1],
    quatFromEuler(0.4, -1.2, 2.5),
    quatFromEuler(3.0, 0.2, -2.9),
    quatFromEuler(-0.3, 1.5, 0.1),
  ];
  const animation: Animation = {
    name: 'clip',
    channels: [
      { node: 0, path: 'translation', sampler: 0 },
      { node: 0, path: 'scale', sampler: 1 },
      { node: 0, path: 'rotation', sampler: 2 },
      { node: 1, path: 'translation', sampler: 0 },
    ],
    samplers: [
      {
        input: Float32Array.from([0, 0.5, 1.25, 2]),
        output: Float32Array.from([0, 0, 0, 4, -1, 2, 4, 6, -3, 0, 0, 0]),
        interpolation: 'LINEAR',
      },
      { input: Float32Array.from([0, 1]), output: Float32Array.from([1, 1, 1, 2, 0.5, 3]), interpolation: 'STEP' },
      {
        input: Float32Array.from([0, 0.6, 1.3, 2]),
        output: Float32Array.from(rotations.flat()),
        interpolation: 'LINEAR',
      },
    ],
  };
  const { bck, diagnostics } = animationToBck(animation, [node, other], [0]);
  const back = readBck(writeBck(bck));
  const fps = 30;

  it('runs to the last key and says which channels animate no joint', () => {
    expect(bck.duration).toBe(60);
    expect(diagnostics.map((d) => d.code)).toEqual(['j3d/bck-non-joint-channel']);
  });

  it('plays translation (LINEAR) and scale (STEP) as the glTF sampler does, between frames too', () => {
    const rnd = seededRandom(5);
    for (let i = 0; i < 400; i++) {
      const t = rnd() * 2.2;
      const frame = t * fps;
      const tr = sampleSampler(animation.samplers[0]!, t, 3, false);
      const sc = sampleSampler(animation.samplers[1]!, t, 3, false);
      for (let a = 0; a < 3; a++) {
        expect(sampleTrack(back.joints[0]!.translation[a]!, frame)).toBeCloseTo(tr[a]!, 4);
        expect(sampleTrack(back.joints[0]!.scale[a]!, frame)).toBeCloseTo(sc[a]!, 5);
      }
    }
  });

  it('plays the slerped rotation at every frame within one s16 angle step', () => {
    const step = (2 ** back.angleScaleExponent * Math.PI) / 32768;
    for (let f = 0; f <= 60; f++) {
      const want = quatNormalize(sampleSampler(animation.samplers[2]!, f / fps, 4, true) as Quat);
      expect(quatDistance(eulerAt(back.joints[0]!.rotation, f), want)).toBeLessThan(2 * step);
    }
    // Fewer keys than frames: the reduction dropped what the curve reproduces.
    expect(back.joints[0]!.rotation.every((t) => t.keys.length < 61)).toBe(true);
  });

  it('turns a quaternion into the Euler angles that give it back', () => {
    const rnd = seededRandom(9);
    for (let i = 0; i < 200; i++) {
      const q = quatNormalize([rnd() - 0.5, rnd() - 0.5, rnd() - 0.5, rnd() - 0.5]);
      const [x, y, z] = eulerFromQuat(q);
      expect(quatDistance(quatFromEuler(x, y, z), q)).toBeLessThan(1e-9);
    }
  });
});

describe('animationToBck on damaged and extreme animations', () => {
  it('never writes a BCK that does not read back: bad channels are left out with a warning', () => {
    const rnd = seededRandom(21);
    const nodes: SceneNode[] = [{ children: [1] }, { children: [] }];
    const pick = <T>(list: T[]) => list[Math.floor(rnd() * list.length)]!;
    const value = () => pick([0, 1, -2.5, Number.NaN, Number.POSITIVE_INFINITY, 1e38, -1e30, rnd() * 10 - 5]);
    const time = () => pick([0, 0.5, 1, Number.NaN, -1, 1e6, rnd() * 3]);
    for (let run = 0; run < 200; run++) {
      const animation: Animation = { channels: [], samplers: [] };
      for (const path of ['translation', 'rotation', 'scale'] as const) {
        const width = path === 'rotation' ? 4 : 3;
        const keys = 1 + Math.floor(rnd() * 4);
        const interpolation = pick(['LINEAR', 'STEP', 'CUBICSPLINE'] as const);
        const input = Float32Array.from({ length: keys }, time).sort();
        const output = Float32Array.from({ length: keys * width * (interpolation === 'CUBICSPLINE' ? 3 : 1) }, value);
        animation.channels.push({ node: Math.floor(rnd() * 2), path, sampler: animation.samplers.length });
        animation.samplers.push({ input, output, interpolation });
      }
      const { bck, diagnostics } = animationToBck(animation, nodes, [0, 1]);
      const back = readBck(writeBck(bck));
      expect(back.joints.length).toBe(2);
      expect(back.duration).toBeLessThanOrEqual(0x7fff);
      const finite = animation.samplers.every((s) => [...s.input, ...s.output].every(Number.isFinite));
      if (!finite) expect(diagnostics.map((d) => d.code)).toContain('j3d/bck-unplayable-channel');
    }
  });
});

describe('animationToBck on untrusted extras', () => {
  it('ignores a duration, fps or loop mode in extras.gx that a BCK cannot hold', () => {
    const node: SceneNode = { children: [] };
    const sampler = {
      input: Float32Array.from([0, 1]),
      output: Float32Array.from([0, 0, 0, 1, 2, 3]),
      interpolation: 'LINEAR' as const,
    };
    for (const gx of [
      { duration: -5, fps: 0, loopMode: 9 },
      { duration: 'long', fps: Number.NaN },
      { duration: 1.5, fps: -30 },
    ]) {
      const animation: Animation = {
        channels: [{ node: 0, path: 'translation', sampler: 0 }],
        samplers: [sampler],
        extras: { gx },
      };
      const back = readBck(writeBck(animationToBck(animation, [node], [0]).bck));
      expect([back.duration, back.loopMode]).toEqual([30, 2]);
      expect(sampleTrack(back.joints[0]!.translation[2]!, 30)).toBeCloseTo(3, 5);
    }
  });
});

describe('writeBck limits', () => {
  it('refuses an animation whose value tables pass the u16 counts instead of writing a malformed file', () => {
    const keys = Array.from({ length: 20000 }, (_, k) => ({ time: k, value: k * 0.5, tangentIn: 1, tangentOut: 2 }));
    const constant: J3dTrack = { tangentMode: 0, keys: [{ time: 0, value: 0, tangentIn: 0, tangentOut: 0 }] };
    const long: J3dTrack = { tangentMode: 1, keys };
    const bck: BckFile = {
      kind: 'bck1',
      subVersion: '\xff'.repeat(16),
      loopMode: 2,
      angleScaleExponent: 0,
      duration: 20000,
      joints: [
        {
          scale: [constant, constant, constant],
          rotation: [constant, constant, constant],
          translation: [long, constant, constant],
        },
      ],
    };
    // The table starts with the rest value 0 (Nintendo's seed), then the 20000 keys × 4 values.
    expect(() => writeBck(bck)).toThrow(/translation table needs 80001 values; a table holds 65535/);
    const fits = {
      ...bck,
      joints: [
        { ...bck.joints[0]!, translation: [{ tangentMode: 1, keys: keys.slice(0, 16000) }, constant, constant] },
      ],
    };
    expect(readBck(writeBck(fits as BckFile)).joints[0]!.translation[0]!.keys).toHaveLength(16000);
  });
});

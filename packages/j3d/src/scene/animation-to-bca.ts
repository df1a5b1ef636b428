/*
 * A scene animation to a BCA, full-frame (the mirror of bca-to-animation.ts; spec j3d.md §12). Every joint
 * channel is sampled as a glTF player plays it at each whole frame 0..duration (duration + 1 values: the last
 * frame is stored too, as MKDD's BCA has it), so the BCA is exact at every frame the game shows at speed 1:
 * translation and scale to f32, rotation to the nearest s16 step (π / 32768), as Euler angles X, then Y, then Z
 * wrapped into −π..π. A run whose values are all equal is stored as one value; a joint without a channel keeps
 * its node's rest value. The clip's frames, fps and loop mode are found as for a BCK (animation-to-bck.ts);
 * a BCA's duration and runs are u16.
 */
import {
  type Animation,
  type Diagnostic,
  type Quat,
  quatNormalize,
  type SceneNode,
  type Vec3,
} from '@retromodel/scene';
import type { BcaAxes, BcaFile, BcaJointFrames } from '../anim/read-bca.js';
import { wrapS16 } from '../gx/s16-angle.js';
import { type AnimationToBckOptions, eulerFromQuat, jointClip } from './animation-to-bck.js';
import { valueAtFrame } from './frame-tracks.js';

/** Most frames a BCA holds: its runs have a u16 count, and a clip stores frames 0..duration. */
const MAX_FRAMES = 0xfffe;

/** An angle on the BCA's s16 grid, wrapped into −π..π. */
const onGrid = (radians: number) => (wrapS16(Math.round((radians * 32768) / Math.PI)) * Math.PI) / 32768;

/** One value when all are equal (the last value holds), else every frame's. */
const run = (values: number[]) => (values.every((v) => v === values[0]) ? [values[0]!] : values);

/**
 * Converts an animation of the joints `jointNodes` (scene node per J3D joint, −1 for an added root at rest) of
 * `nodes` to a BCA file. Channels on other nodes are left out, with a diagnostic.
 */
export function animationToBca(
  animation: Animation,
  nodes: SceneNode[],
  jointNodes: number[],
  options: AnimationToBckOptions = {},
): { bca: BcaFile; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { fps, duration, loopMode, channels } = jointClip(
    animation,
    jointNodes,
    options,
    'bca',
    MAX_FRAMES,
    diagnostics,
  );
  const frames = duration + 1;
  const joints = jointNodes.map((n, j): BcaJointFrames => {
    const node: SceneNode = nodes[n] ?? { children: [] };
    const own = channels[j]!;
    const axes = (path: 'translation' | 'scale' | 'rotation'): BcaAxes => {
      const sampler = own.get(path);
      const values: Vec3[] = [];
      for (let f = 0; f < (sampler ? frames : 1); f++) {
        if (path === 'rotation') {
          const q = sampler ? (valueAtFrame(sampler, f, fps, 4, true) as Quat) : (node.rotation ?? [0, 0, 0, 1]);
          values.push(eulerFromQuat(quatNormalize(q)).map(onGrid) as Vec3);
        } else {
          const rest: Vec3 = path === 'scale' ? (node.scale ?? [1, 1, 1]) : (node.translation ?? [0, 0, 0]);
          values.push(sampler ? (valueAtFrame(sampler, f, fps, 3).map(Math.fround) as Vec3) : rest);
        }
      }
      return [0, 1, 2].map((a) => run(values.map((v) => v[a]!))) as BcaAxes;
    };
    return { scale: axes('scale'), rotation: axes('rotation'), translation: axes('translation') };
  });
  const bca: BcaFile = {
    kind: 'bca1',
    subVersion: '\xff'.repeat(16),
    loopMode,
    angleScaleExponent: -1,
    duration,
    joints,
  };
  return { bca, diagnostics };
}

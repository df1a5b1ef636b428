/*
 * A BCA full-frame joint animation to a scene animation (spec j3d.md §12; layout in read-bca.ts). A BCA stores
 * one value per frame for each of a joint's nine components; frame f plays value min(f, count − 1) of its run.
 * How the game plays the frames between whole ones: the loader makes a J3DAnmTransformFull for every `bca1`,
 * which does not interpolate: public decompilations of its getTransform index the run with the frame rounded
 * to the nearest whole one, `(int)(frame + 0.5)` (Pikmin 2, Twilight Princess), or truncated (a reconstruction
 * in the Sunshine-era layout). Twilight Princess also has J3DAnmTransformFullWithLerp, which interpolates
 * linearly, but a game chooses it by a loader flag, not the file, so a BCA does not say. The samplers are
 * therefore STEP, one key per whole frame whose value differs from the frame before: exact at every whole
 * frame (the frames a clip plays at speed 1); between whole frames a frame's value holds until the next,
 * where the rounding runtimes switch half a frame earlier. Rotations are Euler angles applied X, then Y, then
 * Z (q = qz·qy·qx, as JNT1 and BCK), turned into a quaternion per key.
 * Key times and duration: a key's time is the latest f32 number of seconds not after its frame, so a player
 * sampling at the frame's own time finds the key in force (f32 rounding up would show the frame before).
 * Frames are keyed up to the clip's u16 duration only (values past it never play), and the last value holds
 * to a key at the duration, so the clip lasts as long as the game's. Frames that are one time in f32 seconds
 * (a very high fps) keep the later frame's value, as the glTF key times must increase.
 * Channels whose values are all equal to the bind pose are left out. The work is bounded by the runs the
 * reader checked (at most duration + 2 keys per channel, and no more than the run's values plus 2).
 */
import { type Animation, type AnimationSampler, type Diagnostic, quatFromEuler } from '@retromodel/scene';
import type { BcaAxes, BcaFile } from '../anim/read-bca.js';
import type { J3dJoint } from '../chunks/read-jnt1.js';
import { jointAnimationShell } from './animation-shell.js';
import { secondsNotAfter } from './f32-seconds.js';

/** The value `run` plays at `frame`: its last value holds once it ends. */
const valueAt = (run: number[], frame: number) => run[Math.min(frame, run.length - 1)]!;

/**
 * The frames and key times of the STEP keys of the three runs `axes` over frames 0..duration: a key at frame 0,
 * at each frame whose values differ from the frame before, and at the duration.
 */
function stepKeys(axes: BcaAxes, duration: number, fps: number): { frames: number[]; input: number[] } {
  const longest = Math.max(...axes.map((run) => run.length));
  const last = Math.min(duration, longest - 1);
  const frames: number[] = [];
  const input: number[] = [];
  const add = (frame: number) => {
    const time = secondsNotAfter(frame, fps);
    // Frames one f32 time apart: the later one's value is the one in force from that time on.
    if (input.length > 0 && input[input.length - 1] === time) frames[frames.length - 1] = frame;
    else {
      frames.push(frame);
      input.push(time);
    }
  };
  add(0);
  for (let f = 1; f <= last; f++) if (axes.some((run) => valueAt(run, f) !== valueAt(run, f - 1))) add(f);
  if (duration > frames[frames.length - 1]!) add(duration);
  return { frames, input };
}

/** Whether every value the runs play up to the duration is the bind-pose value (within 1e-6). */
function isStatic(axes: BcaAxes, bind: readonly number[], duration: number): boolean {
  return axes.every((run, a) => {
    const played = Math.min(run.length, duration + 1);
    for (let f = 0; f < played; f++) if (!(Math.abs(run[f]! - bind[a]!) < 1e-6)) return false;
    return true;
  });
}

function stepSampler(axes: BcaAxes, duration: number, fps: number, rotation: boolean): AnimationSampler {
  const { frames, input } = stepKeys(axes, duration, fps);
  const output: number[] = [];
  for (const frame of frames) {
    const [x, y, z] = axes.map((run) => valueAt(run, frame)) as [number, number, number];
    output.push(...(rotation ? quatFromEuler(x, y, z, 'XYZ') : [x, y, z]));
  }
  return { input: Float32Array.from(input), output: Float32Array.from(output), interpolation: 'STEP' };
}

/**
 * Converts a BCA for a model whose joint `j` is scene node `jointNodes[j]`. Joint runs beyond the model's joint
 * count are ignored (with a diagnostic). `extras.gx` keeps the loop mode, duration and fps, as for a BCK.
 */
export function bcaToAnimation(
  bca: BcaFile,
  name: string,
  joints: J3dJoint[],
  jointNodes: number[],
  fps: number,
  diagnostics: Diagnostic[],
): Animation {
  const animation = jointAnimationShell('bca', bca, name, joints.length, fps, diagnostics);
  bca.joints.forEach((frames, j) => {
    const joint = joints[j];
    const node = jointNodes[j];
    if (!joint || node === undefined) return;
    const parts = [
      ['translation', frames.translation, joint.translation],
      ['rotation', frames.rotation, joint.rotation],
      ['scale', frames.scale, joint.scale],
    ] as const;
    for (const [path, axes, bind] of parts) {
      if (isStatic(axes, bind, bca.duration)) continue;
      animation.channels.push({ node, path, sampler: animation.samplers.length });
      animation.samplers.push(stepSampler(axes, bca.duration, fps, path === 'rotation'));
    }
  });
  return animation;
}

/*
 * A BCK joint animation to a scene animation (spec j3d.md §12). J3D tracks are per axis with Hermite keys whose
 * tangents are per frame. Translation and scale become CUBICSPLINE samplers, exactly: the keys of the three
 * axes are merged (a cubic split at another axis's key time is the same cubic), and every merged key carries
 * the curve's value and its left/right derivatives, converted to per second (× fps). Rotation is three Euler
 * tracks, which no quaternion spline reproduces exactly, so it is sampled at every frame (and every key time)
 * into a CUBICSPLINE quaternion sampler whose tangents are the exact rate of change of the rotation there
 * (chain rule through q = qz·qy·qx, left and right of a key): exact at those instants, and within 1e-4 between
 * them for the motion of real files (test: 8 points per frame). Past the tracks' last key the angles hold, so
 * frames are sampled only up to it, plus the clip's end (the work follows the keys, not a corrupt u16 duration).
 * Key times: the game looks keys up by comparing float frame times, so they must not decrease (the reader
 * throws a ParseError when they do) but may repeat. A repeated key time (a jump) cannot be a glTF key; the
 * later key's value is used from that time on, and in translation and scale samplers the earlier value holds
 * to a key one f32 step in seconds before it (rotation, sampled per frame, crosses the frame before a jump).
 * Distinct frame times that are one time in f32 seconds (a denormal time beside 0, say) also keep the later
 * key only: glTF key times must increase as stored.
 * Channels whose tracks are constant and equal to the bind pose are left out.
 */
import {
  type Animation,
  type AnimationSampler,
  type Diagnostic,
  type Quat,
  quatFromAxisAngle,
  quatFromEuler,
  quatMultiply,
} from '@retromodel/scene';
import { F32_MAX, type J3dTrack, sampleTrack } from '../anim/animation-track.js';
import type { BckFile } from '../anim/read-bck.js';
import type { J3dJoint } from '../chunks/read-jnt1.js';
import { jointAnimationShell } from './animation-shell.js';
import { distinctSeconds, f32Below, secondsNotAfter } from './f32-seconds.js';

/** Derivative per frame of the track at `frame`, from the left ('in') or the right ('out'). */
export function trackDerivative(track: J3dTrack, frame: number, side: 'in' | 'out'): number {
  const keys = track.keys;
  if (keys.length === 1) return 0;
  const first = keys[0]!;
  const last = keys[keys.length - 1]!;
  if (frame < first.time || frame > last.time) return 0;
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (k.time === frame) {
      if (side === 'in') return i === 0 ? 0 : k.tangentIn;
      const next = keys[i + 1];
      if (next && next.time === frame) continue;
      return i === keys.length - 1 ? 0 : k.tangentOut;
    }
  }
  let i = 1;
  while (keys[i]!.time <= frame) i++;
  const k0 = keys[i - 1]!;
  const k1 = keys[i]!;
  const length = k1.time - k0.time;
  const s = (frame - k0.time) / length;
  const d00 = 6 * s * s - 6 * s;
  const d10 = 3 * s * s - 4 * s + 1;
  const d01 = -6 * s * s + 6 * s;
  const d11 = 3 * s * s - 2 * s;
  return (d00 * k0.value + d01 * k1.value) / length + d10 * k0.tangentOut + d11 * k1.tangentIn;
}

function keyTimes(tracks: J3dTrack[]): number[] {
  const set = new Set<number>();
  for (const t of tracks) for (const k of t.keys) set.add(k.time);
  return [...set].sort((a, b) => a - b);
}

const isStatic = (tracks: J3dTrack[], bind: number[]) =>
  tracks.every((t, i) => t.keys.length === 1 && Math.abs(t.keys[0]!.value - bind[i]!) < 1e-6);

/** Whether the track has two keys at `frame` (a jump). */
function jumpsAt(track: J3dTrack, frame: number): boolean {
  const i = track.keys.findIndex((k) => k.time === frame);
  return i >= 0 && track.keys[i + 1]?.time === frame;
}

/** The track's value just before `frame`: at a jump, the earlier key's. */
function valueBefore(track: J3dTrack, frame: number): number {
  const first = track.keys.find((k) => k.time === frame);
  return first ? first.value : sampleTrack(track, frame);
}

/**
 * A slope per frame as per second, kept within f32: a damaged file's tangent near the f32 limit would
 * otherwise become ±Infinity (the curve it describes overflows in the game too).
 */
const perSecond = (slope: number, fps: number) => Math.max(-F32_MAX, Math.min(F32_MAX, slope * fps));

function cubicSampler(tracks: J3dTrack[], fps: number): AnimationSampler {
  const frames = keyTimes(tracks).filter((t) => t >= 0);
  if (frames.length === 0) frames.push(0);
  const { input, keep } = distinctSeconds(frames, fps);
  // glTF needs two keys for a cubic spline; one key is a constant.
  if (keep.length === 1)
    return {
      input,
      output: Float32Array.from(tracks, (tr) => sampleTrack(tr, frames[keep[0]!]!)),
      interpolation: 'LINEAR',
    };
  const times: number[] = [];
  const output: number[] = [];
  keep.forEach((i, k) => {
    const t = frames[i]!;
    const last = times[times.length - 1] ?? -1;
    // A jump: the later value is in force from the frame's own time (its key at the f32 time not after it),
    // and the earlier value holds to one f32 step before that, so the curve jumps within that step.
    const jump = tracks.some((tr) => jumpsAt(tr, t));
    const down = jump ? secondsNotAfter(t, fps) : input[k]!;
    const time = down > last ? down : input[k]!;
    if (jump && time > 0 && f32Below(time) > last) {
      times.push(f32Below(time));
      const slopes = tracks.map((tr) => perSecond(trackDerivative(tr, t, 'in'), fps));
      output.push(...slopes, ...tracks.map((tr) => valueBefore(tr, t)), ...slopes);
    }
    times.push(time);
    for (const tr of tracks) output.push(perSecond(trackDerivative(tr, t, 'in'), fps));
    for (const tr of tracks) output.push(sampleTrack(tr, t));
    for (const tr of tracks) output.push(perSecond(trackDerivative(tr, t, 'out'), fps));
  });
  return { input: Float32Array.from(times), output: Float32Array.from(output), interpolation: 'CUBICSPLINE' };
}

const axes = [
  [1, 0, 0],
  [0, 1, 0],
  [0, 0, 1],
] as const;

/**
 * ∂q/∂θ for each angle θ of q = qz·qy·qx (quatFromEuler 'XYZ'), where d/dθ of (sin(θ/2)·axis, cos(θ/2)) is
 * ½(cos(θ/2)·axis, −sin(θ/2)). A frame's in and out tangents share them: worked out once a frame, not once a
 * tangent, the rotation samplers of the Ganondorf ship archive's animations took 24 ms of its conversion, not 29
 * (cpu-prof, 6 runs).
 */
function quatPartials(angles: number[]): Quat[] {
  const q = angles.map((a, i) => quatFromAxisAngle([...axes[i]!], a));
  const dq = angles.map((a, i): Quat => {
    const c = Math.cos(a / 2) / 2;
    return [axes[i]![0] * c, axes[i]![1] * c, axes[i]![2] * c, -Math.sin(a / 2) / 2];
  });
  return [
    quatMultiply(q[2]!, quatMultiply(q[1]!, dq[0]!)),
    quatMultiply(q[2]!, quatMultiply(dq[1]!, q[0]!)),
    quatMultiply(dq[2]!, quatMultiply(q[1]!, q[0]!)),
  ];
}

/** How fast q changes when its angles change at `rates` (radians per second): Σ ∂q/∂θ·θ', `parts` its ∂q/∂θ. */
function quatRate(parts: Quat[], rates: number[]): Quat {
  const rate = (k: number) => parts.reduce((sum, part, i) => sum + part[k]! * rates[i]!, 0);
  return [rate(0), rate(1), rate(2), rate(3)];
}

function rotationSampler(tracks: J3dTrack[], duration: number, fps: number): AnimationSampler {
  const end = Math.max(duration, 0);
  let lastKey = 0;
  for (const t of tracks) lastKey = Math.max(lastKey, t.keys[t.keys.length - 1]!.time);
  const set = new Set<number>(keyTimes(tracks).filter((t) => t >= 0 && t <= end));
  for (let f = 0; f <= Math.min(end, lastKey); f++) set.add(f);
  set.add(end);
  const frames = [...set].sort((a, b) => a - b);
  const { input, keep } = distinctSeconds(frames, fps);
  const output: number[] = [];
  let prev: Quat | undefined;
  for (const i of keep) {
    const t = frames[i]!;
    const angles = tracks.map((tr) => sampleTrack(tr, t));
    const q = quatFromEuler(angles[0]!, angles[1]!, angles[2]!, 'XYZ');
    // Keep neighbouring quaternions in the same hemisphere so interpolation takes the short way.
    const sign = prev && prev[0] * q[0] + prev[1] * q[1] + prev[2] * q[2] + prev[3] * q[3] < 0 ? -1 : 1;
    const parts = quatPartials(angles);
    const tangent = (side: 'in' | 'out') =>
      quatRate(
        parts,
        tracks.map((tr) => perSecond(trackDerivative(tr, t, side), fps)),
      ).map((v) => Math.max(-F32_MAX, Math.min(F32_MAX, v * sign)));
    prev = q.map((v) => v * sign) as Quat;
    output.push(...tangent('in'), ...prev, ...tangent('out'));
  }
  if (keep.length === 1) return { input, output: Float32Array.from(output.slice(4, 8)), interpolation: 'LINEAR' };
  return { input, output: Float32Array.from(output), interpolation: 'CUBICSPLINE' };
}

/**
 * Converts a BCK for a model whose joint `j` is scene node `jointNodes[j]`. Joint tracks beyond the model's
 * joint count are ignored (with a diagnostic).
 */
export function bckToAnimation(
  bck: BckFile,
  name: string,
  joints: J3dJoint[],
  jointNodes: number[],
  fps: number,
  diagnostics: Diagnostic[],
): Animation {
  const animation = jointAnimationShell('bck', bck, name, joints.length, fps, diagnostics);
  let jumps = false;
  bck.joints.forEach((tracks, j) => {
    const joint = joints[j];
    const node = jointNodes[j];
    if (!joint || node === undefined) return;
    for (const list of [tracks.scale, tracks.rotation, tracks.translation]) {
      for (const t of list)
        for (let k = 1; k < t.keys.length; k++) if (t.keys[k]!.time === t.keys[k - 1]!.time) jumps = true;
    }
    if (!isStatic(tracks.translation, joint.translation)) {
      animation.channels.push({ node, path: 'translation', sampler: animation.samplers.length });
      animation.samplers.push(cubicSampler(tracks.translation, fps));
    }
    if (!isStatic(tracks.rotation, joint.rotation)) {
      animation.channels.push({ node, path: 'rotation', sampler: animation.samplers.length });
      animation.samplers.push(rotationSampler(tracks.rotation, bck.duration, fps));
    }
    if (!isStatic(tracks.scale, joint.scale)) {
      animation.channels.push({ node, path: 'scale', sampler: animation.samplers.length });
      animation.samplers.push(cubicSampler(tracks.scale, fps));
    }
  });
  if (jumps)
    diagnostics.push({
      code: 'j3d/bck-jump',
      message: `animation "${name}" has keys at equal times (jumps); glTF has none: translation and scale change within one f32 time step before each, rotation over the frame before it`,
      severity: 'info',
    });
  return animation;
}

/*
 * A scene animation to a BCK (the mirror of bck-to-animation.ts; spec j3d.md §12). Joint j is scene node
 * jointNodes[j]; a joint without a channel keeps its node's rest value as a one-key track.
 * Translation and scale map key for key, exactly: a CUBICSPLINE key's per-second tangents become per-frame ones
 * (J3D's Hermite and glTF's cubic spline are the same curve), a LINEAR segment is a Hermite one whose tangents
 * are its slope (tangent mode 1: a key's in- and out-slopes differ), and a STEP key is a jump, two keys at one
 * frame (the later wins). Rotation is three Euler tracks (X, then Y, then Z, as J3D applies them), which no
 * quaternion curve maps to key for key, so it is sampled at every frame, turned into angles kept continuous from
 * frame to frame, and keys that the Hermite curve between their neighbours reproduces are dropped. BCK rotation
 * key times are whole frames (they share the s16 table).
 * The clip runs `extras.gx.duration` frames when the animation came from a BCK, else to its last key; rotation
 * keys are s16 frames, so a clip is cut at 32767 frames, with a diagnostic.
 */
import {
  type Animation,
  type AnimationSampler,
  type Diagnostic,
  isPlayableSampler,
  mat4Compose,
  type Quat,
  quatNormalize,
  type SceneNode,
} from '@retromodel/scene';
import type { J3dKey, J3dTrack } from '../anim/animation-track.js';
import type { BckFile, BckJointTracks } from '../anim/read-bck.js';
import { eulerOfRotation } from '../from-scene/joints-from-scene.js';
import { constantTrack as constant, reducedTrack, unwrapAngle as unwrap, valueAtFrame } from './frame-tracks.js';

/** Options of {@link animationToBck}. */
export interface AnimationToBckOptions {
  /** Frames per second (default: the animation's `extras.gx.fps`, else 30). */
  fps?: number;
  /** Loop mode (default: the animation's `extras.gx.loopMode`, else 2, repeat). */
  loopMode?: number;
}

/** Longest clip: the duration is a u16, but rotation key times share the s16 table, so 32767 frames. */
const MAX_FRAMES = 0x7fff;
/** Largest error, in radians, a dropped rotation key may leave (a tenth of one s16 step at exponent 0). */
const ANGLE_TOLERANCE = Math.PI / 32768 / 10;

/** A frame from f32 seconds × fps: whole frames come back as whole numbers. */
function frameOf(seconds: number, fps: number): number {
  const frame = seconds * fps;
  const whole = Math.round(frame);
  return Math.abs(frame - whole) < 1e-3 ? whole : frame;
}

/** The three component tracks of a translation or scale sampler, key for key. */
function vectorTracks(sampler: AnimationSampler, fps: number): J3dTrack[] {
  const { input, output, interpolation } = sampler;
  const n = input.length;
  return [0, 1, 2].map((c) => {
    const value = (k: number) => (interpolation === 'CUBICSPLINE' ? output[(k * 3 + 1) * 3 + c]! : output[k * 3 + c]!);
    if (n === 1) return constant(value(0));
    const keys: J3dKey[] = [];
    const slope = (k: number) => (value(k + 1) - value(k)) / ((input[k + 1]! - input[k]!) * fps);
    for (let k = 0; k < n; k++) {
      const time = frameOf(input[k]!, fps);
      if (interpolation === 'CUBICSPLINE') {
        const tangentIn = output[k * 9 + c]! / fps;
        const tangentOut = output[k * 9 + 6 + c]! / fps;
        keys.push({ time, value: value(k), tangentIn, tangentOut });
      } else if (interpolation === 'LINEAR') {
        const tangentIn = k > 0 ? slope(k - 1) : 0;
        keys.push({ time, value: value(k), tangentIn, tangentOut: k < n - 1 ? slope(k) : 0 });
      } else {
        if (k > 0) keys.push({ time, value: value(k - 1), tangentIn: 0, tangentOut: 0 });
        keys.push({ time, value: value(k), tangentIn: 0, tangentOut: 0 });
      }
    }
    return { tangentMode: 1, keys };
  });
}

/** Euler angles (X, Y, Z applied in that order: q = qz·qy·qx) of a unit quaternion. */
export function eulerFromQuat(q: Quat): [number, number, number] {
  return eulerOfRotation(mat4Compose([0, 0, 0], q, [1, 1, 1]));
}

/** The three Euler tracks of a rotation sampler, sampled at frames 0..frames. */
function rotationTracks(sampler: AnimationSampler, frames: number, fps: number): J3dTrack[] {
  const series: number[][] = [[], [], []];
  let previous: number[] | undefined;
  for (let f = 0; f <= frames; f++) {
    const angles = eulerFromQuat(quatNormalize(valueAtFrame(sampler, f, fps, 4, true) as Quat));
    const continuous = previous ? angles.map((v, i) => unwrap(v, previous![i]!)) : angles;
    continuous.forEach((v, i) => {
      series[i]!.push(v);
    });
    previous = continuous;
  }
  return series.map((values) => reducedTrack(values, ANGLE_TOLERANCE));
}

/** A clip's clock and loop mode as a J3D file holds them. */
export interface ClipClock {
  fps: number;
  /** Frames the clip runs (the file's duration). */
  duration: number;
  loopMode: number;
}

/**
 * The clock of `animation` for a file of `kind` holding the channels of `samplers`: fps from the options, the
 * clip's `extras.gx.fps` or 30; the duration and loop mode of the clip's own `kind` file when it came from J3D
 * (`extras.gx.files`), else the clip's `extras.gx.duration` (else up to the last key) and `loopMode` (else 2,
 * repeat); the options' loop mode first; at most `maxFrames` frames (with a warning).
 */
export function clipClock(
  animation: Animation,
  samplers: readonly AnimationSampler[],
  options: AnimationToBckOptions,
  kind: string,
  maxFrames: number,
  diagnostics: Diagnostic[],
): ClipClock {
  // extras.gx is what a J3D reader stored, or anything a glTF's extras held: only sound values are used.
  const gx = (animation.extras?.gx ?? {}) as Record<string, unknown>;
  const files = gx.files && typeof gx.files === 'object' ? (gx.files as Record<string, unknown>) : {};
  const own = (files[kind] ?? {}) as { duration?: unknown; loopMode?: unknown };
  const count = (v: unknown, max: number) =>
    Number.isInteger(v) && (v as number) >= 0 && (v as number) <= max ? (v as number) : undefined;
  const given = options.fps ?? gx.fps;
  const fps = typeof given === 'number' && given > 0 && Number.isFinite(given) ? given : 30;
  let end = 0;
  for (const s of samplers) end = Math.max(end, s.input[s.input.length - 1] ?? 0);
  let duration = count(own.duration, 0xffff) ?? count(gx.duration, 0xffff) ?? Math.ceil(end * fps - 1e-6);
  if (duration > maxFrames) {
    diagnostics.push({
      code: `j3d/${kind}-too-long`,
      message: `animation "${animation.name ?? ''}" runs ${duration} frames; a ${kind.toUpperCase()} holds ${maxFrames}, the rest is cut`,
      severity: 'warning',
    });
    duration = maxFrames;
  }
  const loopMode = count(options.loopMode, 4) ?? count(own.loopMode, 4) ?? count(gx.loopMode, 4) ?? 2;
  return { fps, duration, loopMode };
}

/** The joint channels of a clip and its clock: what a BCK and a BCA are made from. */
export interface JointClip extends ClipClock {
  /** Per J3D joint, its playable channels by path. */
  channels: Map<string, AnimationSampler>[];
}

/**
 * The channels of `animation` on the joints `jointNodes` (scene node per J3D joint) and the clip's clock
 * (clipClock), with a warning for channels `kind` cannot hold.
 */
export function jointClip(
  animation: Animation,
  jointNodes: number[],
  options: AnimationToBckOptions,
  kind: 'bck' | 'bca',
  maxFrames: number,
  diagnostics: Diagnostic[],
): JointClip {
  const KIND = kind.toUpperCase();
  const name = animation.name ?? '';
  const jointOf = new Map(jointNodes.map((node, j) => [node, j]));
  const channels = jointNodes.map(() => new Map<string, AnimationSampler>());
  let elsewhere = 0;
  let unplayable = 0;
  let material = 0;
  for (const c of animation.channels) {
    if (c.path === 'pointer') {
      material++;
      continue;
    }
    const j = jointOf.get(c.node);
    const sampler = animation.samplers[c.sampler];
    if (j === undefined || !sampler || c.path === 'weights') elsewhere++;
    else if (!isPlayableSampler(sampler, c.path === 'rotation' ? 4 : 3) || sampler.input.length === 0) unplayable++;
    else channels[j]!.set(c.path, sampler);
  }
  if (material > 0) {
    diagnostics.push({
      code: `j3d/${kind}-material-channel`,
      message: `${material} material animation channel(s) of animation "${name}" were left out: a ${KIND} animates joints only (BTK, BRK, BPK and BTP animate materials)`,
      severity: 'warning',
    });
  }
  if (unplayable > 0) {
    diagnostics.push({
      code: `j3d/${kind}-unplayable-channel`,
      message: `${unplayable} channel(s) of animation "${name}" have key times that are not finite or go backwards, or values that are not finite; they were left out`,
      severity: 'warning',
    });
  }
  if (elsewhere > 0) {
    diagnostics.push({
      code: `j3d/${kind}-non-joint-channel`,
      message: `${elsewhere} channel(s) of animation "${name}" animate no joint (or morph weights); a ${KIND} cannot hold them`,
      severity: 'warning',
    });
  }
  const samplers = channels.flatMap((list) => [...list.values()]);
  return { ...clipClock(animation, samplers, options, kind, maxFrames, diagnostics), channels };
}

/**
 * Converts an animation of the joints `jointNodes` (scene node per J3D joint, −1 for a joint no node stands for,
 * such as a root the writer added, which rests at the identity) of `nodes` to a BCK file. Channels on other nodes
 * are left out, with a diagnostic.
 */
export function animationToBck(
  animation: Animation,
  nodes: SceneNode[],
  jointNodes: number[],
  options: AnimationToBckOptions = {},
): { bck: BckFile; diagnostics: Diagnostic[] } {
  const diagnostics: Diagnostic[] = [];
  const { fps, duration, loopMode, channels } = jointClip(
    animation,
    jointNodes,
    options,
    'bck',
    MAX_FRAMES,
    diagnostics,
  );
  const joints = jointNodes.map((n, j): BckJointTracks => {
    const node: SceneNode = nodes[n] ?? { children: [] };
    const own = channels[j]!;
    const vector = (path: 'translation' | 'scale', rest: number[]) => {
      const s = own.get(path);
      return (s ? vectorTracks(s, fps) : rest.map(constant)) as BckJointTracks['scale'];
    };
    const rotation = own.get('rotation');
    return {
      scale: vector('scale', node.scale ?? [1, 1, 1]),
      rotation: (rotation
        ? rotationTracks(rotation, duration, fps)
        : eulerFromQuat(node.rotation ?? [0, 0, 0, 1]).map(constant)) as BckJointTracks['rotation'],
      translation: vector('translation', node.translation ?? [0, 0, 0]),
    };
  });
  const bck: BckFile = {
    kind: 'bck1',
    subVersion: '\xff'.repeat(16),
    loopMode,
    angleScaleExponent: 0,
    duration,
    joints,
  };
  return { bck, diagnostics };
}

/*
 * J3D keyed tracks (spec j3d.md §12) through values sampled at whole frames, for the animations written from a
 * scene: a game evaluates its tracks once per displayed frame, so a track that is right at every frame plays
 * what the scene plays.
 *   reducedTrack: Catmull-Rom tangents, keys left out where the Hermite curve between their neighbours stays
 *     within a tolerance (for f32 values and angles).
 *   stepwiseTrack: integer values (colour units, stored as s16 with their tangents): a key where the
 *     difference from frame to frame changes, with that difference as its in- and out-tangent, which gives every
 *     frame's value exactly and a straight line between frames.
 *   valueAtFrame: a scene sampler's value at a frame (STEP keys read just after it).
 */
import { type AnimationSampler, sampleSampler } from '@retromodel/scene';
import { type J3dKey, type J3dTrack, sampleTrack } from '../anim/animation-track.js';

/** Most frames a dropped run of keys spans (keeps the key reduction linear in the frame count). */
const MAX_SPAN = 64;

/** A one-key (constant) track. */
export const constantTrack = (value: number): J3dTrack => ({
  tangentMode: 0,
  keys: [{ time: 0, value, tangentIn: 0, tangentOut: 0 }],
});

/** `angle` plus the multiple of 2π that puts it nearest `previous`. */
export const unwrapAngle = (angle: number, previous: number) =>
  angle + 2 * Math.PI * Math.round((previous - angle) / (2 * Math.PI));

/** A track through `values` (one per frame) with Catmull-Rom tangents, without keys its neighbours reproduce. */
export function reducedTrack(values: number[], tolerance: number): J3dTrack {
  if (values.every((v) => Math.abs(v - values[0]!) <= tolerance)) return constantTrack(values[0]!);
  const last = values.length - 1;
  const tangent = (f: number) =>
    f === 0
      ? values[1]! - values[0]!
      : f === last
        ? values[f]! - values[f - 1]!
        : (values[f + 1]! - values[f - 1]!) / 2;
  const key = (f: number): J3dKey => ({ time: f, value: values[f]!, tangentIn: tangent(f), tangentOut: tangent(f) });
  const keys = [key(0)];
  let a = 0;
  while (a < last) {
    let b = a + 1;
    const fits = (end: number) => {
      const track = { tangentMode: 0, keys: [key(a), key(end)] };
      for (let f = a + 1; f < end; f++) if (Math.abs(sampleTrack(track, f) - values[f]!) > tolerance) return false;
      return true;
    };
    while (b < last && b - a < MAX_SPAN && fits(b + 1)) b++;
    keys.push(key(b));
    a = b;
  }
  return { tangentMode: 0, keys };
}

/** A track through integer `values` (one per frame): exact at every frame, straight between frames. */
export function stepwiseTrack(values: number[]): J3dTrack {
  if (values.every((v) => v === values[0])) return constantTrack(values[0]!);
  const last = values.length - 1;
  const diff = (f: number) => values[f + 1]! - values[f]!;
  const keys: J3dKey[] = [];
  for (let f = 0; f <= last; f++) {
    const tangentIn = f > 0 ? diff(f - 1) : diff(0);
    const tangentOut = f < last ? diff(f) : diff(last - 1);
    if (f === 0 || f === last || tangentIn !== tangentOut)
      keys.push({ time: f, value: values[f]!, tangentIn, tangentOut });
  }
  return { tangentMode: keys.some((k) => k.tangentIn !== k.tangentOut) ? 1 : 0, keys };
}

/**
 * A scene sampler's value at frame `frame` (seconds = frame / fps). A STEP sampler is read a thousandth of a frame
 * later: its key for that frame, stored as f32 seconds, may lie a hair after the frame's exact time.
 */
export function valueAtFrame(
  sampler: AnimationSampler,
  frame: number,
  fps: number,
  width: number,
  rotation = false,
): number[] {
  const at = sampler.interpolation === 'STEP' ? frame + 1e-3 : frame;
  return sampleSampler(sampler, at / fps, width, rotation);
}

/*
 * The frames at which a J3D material animation (BTK, BRK, BPK; spec j3d.md §12) is sampled into glTF keys, and
 * the LINEAR samplers made from them. A J3D game evaluates its Hermite tracks once per displayed frame, so the
 * clip is sampled at every whole frame, and at every key time, from 0 up to the tracks' last key (the values hold
 * after it), plus the clip's end: the work follows the keys, not a corrupt u16 duration. Between two frames glTF
 * interpolates linearly where the game would step to the next frame's Hermite value; at the frames the values
 * are the file's. Frames that are one time in f32 seconds keep the later one (glTF key times must increase).
 * Keys whose neighbours hold the same value are left out (exactly: LINEAR gives the same curve without them).
 */
import type { AnimationSampler } from '@retromodel/scene';
import type { J3dTrack } from '../anim/animation-track.js';
import { distinctSeconds } from './f32-seconds.js';

/** The frames to sample tracks of a clip of `duration` frames at, increasing. */
export function clipFrames(tracks: J3dTrack[], duration: number): number[] {
  const end = Math.max(duration, 0);
  let lastKey = 0;
  const set = new Set<number>([0, end]);
  for (const t of tracks) {
    for (const k of t.keys) if (k.time >= 0 && k.time <= end) set.add(k.time);
    lastKey = Math.max(lastKey, t.keys[t.keys.length - 1]!.time);
  }
  for (let f = 0; f <= Math.min(end, lastKey); f++) set.add(f);
  return [...set].sort((a, b) => a - b);
}

/**
 * At most `limit` of `frames` (increasing): all of them when they fit, else the first, the last and an even
 * spread between them. Whether frames were left out is returned with them.
 */
export function thinFrames(frames: number[], limit: number): { frames: number[]; thinned: boolean } {
  if (frames.length <= limit) return { frames, thinned: false };
  const step = (frames.length - 1) / (limit - 1);
  const kept = Array.from({ length: limit }, (_, i) => frames[Math.round(i * step)]!);
  return { frames: [...new Set(kept)], thinned: true };
}

/** A LINEAR sampler through `values[i]` (one array of the property's width per frame) at `frames[i]` / fps. */
export function linearSampler(frames: number[], values: number[][], fps: number): AnimationSampler {
  const { input: seconds, keep } = distinctSeconds(frames, fps);
  const same = (a: number[], b: number[]) => a.every((v, k) => Math.fround(v) === Math.fround(b[k]!));
  // Positions in `keep` whose key changes the curve.
  const useful = keep.flatMap((i, n) => {
    const prev = keep[n - 1];
    const next = keep[n + 1];
    const needed =
      prev === undefined || next === undefined || !same(values[prev]!, values[i]!) || !same(values[i]!, values[next]!);
    return needed ? [n] : [];
  });
  return {
    input: Float32Array.from(useful, (n) => seconds[n]!),
    output: Float32Array.from(useful.flatMap((n) => values[keep[n]!]!)),
    interpolation: 'LINEAR',
  };
}

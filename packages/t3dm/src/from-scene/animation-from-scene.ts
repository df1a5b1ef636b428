/*
 * Scene animation -> T3DM `A` chunk + `.sdata` stream (spec §9). Only channels on bones are kept (tiny3d plays
 * skeletal animation only). Each channel is sampled on the 60 Hz tick grid from the animation's start, keys that
 * linear interpolation reproduces within a tolerance are dropped, and components that stay at the bone's rest
 * value are left out (the decoder falls back to the rest pose). Rotations pack into 32 bits; scalars quantise to
 * u16 with scale (max-min)/65535 and offset min (translations in model units). Records are ordered by the tick
 * at which playback needs them: key k of a channel is needed when its key k-1 starts, and its nextTime is the
 * tick distance to the channel's next key (the last one to the end of the clip).
 */
import {
  type Animation,
  type AnimationSampler,
  type Diagnostic,
  type Quat,
  quatNormalize,
  quatSlerp,
} from '@retromodel/scene';
import { packQuat } from '../codec/quat-codec.js';
import {
  type SdataFile,
  type SdataRecord,
  T3DM_TARGET_ROTATION,
  T3DM_TARGET_SCALE_XYZ,
  T3DM_TARGET_TRANSLATION,
  type T3dmChannelMapping,
} from '../t3dm-file.js';
import type { CollectedBone } from './collect-geometry.js';

/** Sample rate of T3DM animation ticks. */
export const TICKS_PER_SECOND = 60;
/** Longest gap between kept keys, in ticks. */
const MAX_SPAN = 120;

function evaluate(sampler: AnimationSampler, t: number, width: number, rotation: boolean): number[] {
  const { input, output } = sampler;
  const cubic = sampler.interpolation === 'CUBICSPLINE';
  const at = (k: number) => {
    const base = cubic ? (k * 3 + 1) * width : k * width;
    return Array.from(output.subarray(base, base + width));
  };
  const last = input.length - 1;
  if (last < 0) return [];
  if (t <= input[0]!) return at(0);
  if (t >= input[last]!) return at(last);
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (input[mid]! <= t) lo = mid;
    else hi = mid;
  }
  if (sampler.interpolation === 'STEP') return at(lo);
  const f = (t - input[lo]!) / (input[hi]! - input[lo]! || 1);
  if (rotation) return quatSlerp(quatNormalize(at(lo) as Quat), quatNormalize(at(hi) as Quat), f);
  const a = at(lo);
  const b = at(hi);
  return a.map((v, i) => v + (b[i]! - v) * f);
}

interface Track {
  mapping: Omit<T3dmChannelMapping, 'quantScale' | 'quantOffset'>;
  /** Tick of each kept key. */
  ticks: number[];
  /** Value per kept key (4 for rotation, 1 for scalar). */
  values: number[][];
}

function lerpAt(values: number[][], a: number, b: number, f: number, rotation: boolean): number[] {
  if (rotation) return quatSlerp(values[a] as Quat, values[b] as Quat, f);
  return values[a]!.map((v, i) => v + (values[b]![i]! - v) * f);
}

function errorOf(x: number[], y: number[], rotation: boolean): number {
  if (rotation) return 1 - Math.abs(x.reduce((s, v, i) => s + v * y[i]!, 0));
  return Math.abs(x[0]! - y[0]!);
}

/** Drops keys that interpolation between the kept neighbours reproduces within `tolerance`. */
function reduce(samples: number[][], rotation: boolean, tolerance: number): number[] {
  const kept = [0];
  let anchor = 0;
  for (let k = 2; k < samples.length; k++) {
    // A key at least every MAX_SPAN ticks keeps the work linear in the clip length.
    let ok = k - anchor <= MAX_SPAN;
    for (let j = anchor + 1; j < k && ok; j++) {
      const f = (j - anchor) / (k - anchor);
      ok = errorOf(lerpAt(samples, anchor, k, f, rotation), samples[j]!, rotation) <= tolerance;
    }
    if (!ok) {
      kept.push(k - 1);
      anchor = k - 1;
    }
  }
  if (samples.length > 1) kept.push(samples.length - 1);
  return kept;
}

/** The T3DM channels and stream of one animation, or undefined when nothing of it targets a bone. */
export function animationToT3dm(
  anim: Animation,
  bones: CollectedBone[],
  boneOfNode: Map<number, number>,
  baseScale: number,
  diagnostics: Diagnostic[],
): { duration: number; channelsQuat: number; channels: T3dmChannelMapping[]; sdata: SdataFile } | undefined {
  const relevant = anim.channels.filter(
    (c) => boneOfNode.has(c.node) && c.path !== 'weights' && anim.samplers[c.sampler]?.input.length,
  );
  if (relevant.length < anim.channels.length) {
    diagnostics.push({
      code: 't3dm/animation-target',
      message: `animation "${anim.name ?? ''}": ${anim.channels.length - relevant.length} channel(s) do not target a bone (or animate morph weights) and were dropped`,
      severity: 'warning',
    });
  }
  if (relevant.length === 0) return undefined;
  const start = Math.min(...relevant.map((c) => anim.samplers[c.sampler]!.input[0]!));
  const end = Math.max(
    ...relevant.map((c) => {
      const i = anim.samplers[c.sampler]!.input;
      return i[i.length - 1]!;
    }),
  );
  const duration = end - start;
  if (!(duration >= 0.0001)) return undefined;
  const lastTick = Math.round(duration * TICKS_PER_SECOND);
  const tracks: Track[] = [];
  const rotations: Track[] = [];
  for (const c of relevant) {
    const sampler = anim.samplers[c.sampler]!;
    const bone = boneOfNode.get(c.node)!;
    const rotation = c.path === 'rotation';
    const width = rotation ? 4 : 3;
    const samples: number[][] = [];
    for (let tick = 0; tick <= lastTick; tick++)
      samples.push(evaluate(sampler, start + tick / TICKS_PER_SECOND, width, rotation));
    const b = bones[bone]!;
    if (rotation) {
      for (let k = 1; k < samples.length; k++) {
        const p = samples[k - 1]!;
        const q = samples[k]!;
        if (p.reduce((s, v, i) => s + v * q[i]!, 0) < 0) samples[k] = q.map((v) => -v);
      }
      const rest = b.rotation;
      if (samples.every((q) => 1 - Math.abs(q.reduce((s, v, i) => s + v * rest[i]!, 0)) < 1e-7)) continue;
      const kept = reduce(samples, true, 2e-6);
      rotations.push({
        mapping: { targetIdx: bone, targetType: T3DM_TARGET_ROTATION, attributeIdx: 0 },
        ticks: kept,
        values: kept.map((k) => samples[k]!),
      });
      continue;
    }
    const translation = c.path === 'translation';
    const scale = translation ? baseScale : 1;
    const rest = translation ? b.translation : b.scale;
    for (let axis = 0; axis < 3; axis++) {
      const series = samples.map((s) => [s[axis]! * scale]);
      const range = Math.max(...series.map((v) => v[0]!)) - Math.min(...series.map((v) => v[0]!));
      if (range < 1e-6 && Math.abs(series[0]![0]! - rest[axis]! * scale) < 1e-4 * Math.max(1, scale)) continue;
      const kept = reduce(series, false, Math.max(range / 65535, 1e-4) * 2);
      tracks.push({
        mapping: {
          targetIdx: bone,
          targetType: translation ? T3DM_TARGET_TRANSLATION : T3DM_TARGET_SCALE_XYZ,
          attributeIdx: axis,
        },
        ticks: kept,
        values: kept.map((k) => series[k]!),
      });
    }
  }
  const all = [...rotations, ...tracks];
  if (all.length === 0) return undefined;
  const channels: T3dmChannelMapping[] = [];
  const records: (SdataRecord & { needed: number; tick: number; quat: boolean })[] = [];
  all.forEach((track, index) => {
    const quat = index < rotations.length;
    let quantScale = Number.NEGATIVE_INFINITY;
    let quantOffset = Number.POSITIVE_INFINITY;
    if (!quat) {
      const vs = track.values.map((v) => v[0]!);
      const min = Math.min(...vs);
      const max = Math.max(...vs);
      quantOffset = Math.fround(min);
      quantScale = Math.fround((max - min) / 65535);
    }
    channels.push({ ...track.mapping, quantScale, quantOffset });
    track.ticks.forEach((tick, k) => {
      const needed = k === 0 ? 0 : track.ticks[k - 1]!;
      const next = k + 1 < track.ticks.length ? tick : lastTick;
      const nextTime = Math.max(0, Math.min(0x7fff, next - needed));
      let data: number[];
      if (quat) {
        const q = packQuat(quatNormalize(track.values[k] as Quat));
        data = [q >>> 16, q & 0xffff];
      } else {
        const v = track.values[k]![0]!;
        data = [quantScale > 0 ? Math.max(0, Math.min(0xffff, Math.round((v - quantOffset) / quantScale))) : 0];
      }
      records.push({ needed, tick, quat, nextTime, nextIsQuat: false, channelIdx: index, data });
    });
  });
  records.sort((a, b) => a.needed - b.needed || a.tick - b.tick || a.channelIdx - b.channelIdx);
  const out: SdataRecord[] = records.map((r, i) => ({
    nextTime: r.nextTime,
    nextIsQuat: records[i + 1]?.quat ?? false,
    channelIdx: r.channelIdx,
    data: i === 0 && r.data.length === 1 ? [r.data[0]!, 0] : r.data,
  }));
  return { duration: Math.fround(duration), channelsQuat: rotations.length, channels, sdata: { records: out } };
}

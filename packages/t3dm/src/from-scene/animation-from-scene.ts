/*
 * Scene animation -> T3DM `A` chunk + `.sdata` stream (spec §9). Only channels on bones are kept (tiny3d plays
 * skeletal animation only; material animation channels are dropped with a warning). Each channel is sampled on the 60 Hz tick grid from the animation's start, keys that
 * linear interpolation reproduces within a tolerance are dropped, and components that stay at the bone's rest
 * value within the quantisation step are left out (the runtime then keeps the rest pose). Rotations pack into
 * 32 bits; scalars quantise to u16 with scale (max-min)/65535 and offset min (translations in model units).
 * Records are ordered by the tick at which playback needs them: key k of a channel is needed when its key k-1
 * starts, and its nextTime (15 bits) is the tick distance to the channel's next key (the last one to the end).
 * The work is bounded by the data, not by the clip's length: ticks between two source keys are all sampled
 * only up to SAMPLES_PER_INTERVAL of them (longer intervals evenly), a held value is sampled at its ends (and
 * every MAX_NEXT_TIME ticks, the longest gap a record can state), and clips are cut at MAX_CLIP_SECONDS.
 */
import {
  type Animation,
  type Diagnostic,
  isPlayableSampler,
  type NodeChannel,
  type Quat,
  quatNormalize,
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
import { quatDot, reduceSamples, sampleChannel } from './sample-channel.js';

/** Sample rate of T3DM animation ticks. */
export const TICKS_PER_SECOND = 60;
/** Most samples between two kept keys (keeps the key reduction linear in the sample count). */
const MAX_SPAN = 120;
/** Largest tick distance a record's nextTime (15 bits) holds. */
const MAX_NEXT_TIME = 0x7fff;
/** Most ticks sampled between two source keys; a longer interval is sampled at this many even steps. */
const SAMPLES_PER_INTERVAL = 600;
/**
 * Longest clip written. The runtime counts time in float seconds, which hold a tick exactly only up to a few
 * hours; no game clip is that long, and a longer one (a corrupt key time) is cut here, with a warning.
 */
const MAX_CLIP_SECONDS = 3600;
/** Bone matrices reach the RSP as s15.16 fixed point: translation or scale differences below this step vanish. */
const FIXED_POINT_STEP = 2 ** -16;
/** One step of a packed rotation component (10 bits over ±1/√2, spec §9.1). */
const ROTATION_STEP = Math.SQRT2 / 1023;

interface Track {
  mapping: Omit<T3dmChannelMapping, 'quantScale' | 'quantOffset'>;
  /** Tick of each kept key. */
  ticks: number[];
  /** Value per kept key (4 for rotation, 1 for scalar). */
  values: number[][];
}

/**
 * The ticks (0..lastTick, increasing) at which a sampler with these key times is sampled: every tick between
 * two keys, or SAMPLES_PER_INTERVAL even steps when there are more; a held value (before the first key, after
 * the last) only at its ends; never more than MAX_NEXT_TIME ticks apart.
 */
function sampleTicks(input: Float32Array, start: number, lastTick: number): number[] {
  const first = (input[0]! - start) * TICKS_PER_SECOND;
  const last = (input[input.length - 1]! - start) * TICKS_PER_SECOND;
  const clamp = (t: number) => Math.min(lastTick, Math.max(0, t));
  const breaks: number[] = [0];
  const addBreak = (t: number) => {
    if (t > breaks[breaks.length - 1]!) breaks.push(t);
  };
  for (let k = 0; k < input.length; k++) {
    const tick = (input[k]! - start) * TICKS_PER_SECOND;
    if (tick > lastTick) break;
    addBreak(clamp(Math.floor(tick)));
    addBreak(clamp(Math.ceil(tick)));
  }
  addBreak(lastTick);
  const ticks = [0];
  for (let i = 1; i < breaks.length; i++) {
    const a = breaks[i - 1]!;
    const b = breaks[i]!;
    const keyed = a < last && b > first;
    const stride = keyed ? Math.min(MAX_NEXT_TIME, Math.ceil((b - a) / SAMPLES_PER_INTERVAL)) : MAX_NEXT_TIME;
    for (let t = a + stride; t < b; t += stride) ticks.push(t);
    ticks.push(b);
  }
  return ticks;
}

/** Smallest and largest value of a list (no spread: lists may be long). */
function rangeOf(values: ArrayLike<number>): { min: number; max: number } {
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  return { min, max };
}

/**
 * A rotation channel's kept keys (`samples`: 4 per tick, flipped here onto the side of the previous one, as q
 * and -q are the same rotation), or undefined when every sample is within half a packing step of the rest
 * rotation in every component.
 */
function rotationTrack(ticks: number[], samples: Float64Array, rest: number[]): Omit<Track, 'mapping'> | undefined {
  const count = ticks.length;
  // quatDot then reads typed arrays only (one shape for its optimised code).
  const restQ = Float64Array.from(rest);
  for (let k = 1; k < count; k++) {
    if (quatDot(samples, (k - 1) * 4, samples, k * 4) < 0)
      for (let i = k * 4; i < k * 4 + 4; i++) samples[i] = -samples[i]!;
  }
  let atRest = true;
  for (let k = 0; k < count && atRest; k++) {
    const sign = quatDot(samples, k * 4, restQ, 0) < 0 ? -1 : 1;
    for (let i = 0; i < 4; i++)
      if (!(Math.abs(samples[k * 4 + i]! - sign * restQ[i]!) <= ROTATION_STEP / 2)) atRest = false;
  }
  if (atRest) return undefined;
  const kept = reduceSamples(ticks, samples, true, 2e-6, MAX_SPAN, MAX_NEXT_TIME);
  return {
    ticks: kept.map((k) => ticks[k]!),
    values: kept.map((k) => Array.from(samples.subarray(k * 4, k * 4 + 4))),
  };
}

/**
 * One axis of a translation or scale channel (`samples`: 3 per tick, times `scale`, into `series`) as kept
 * keys, or undefined when every sample is within the quantisation step of `restValue`: the u16 step over the
 * channel's range, the fixed-point step of the bone matrix, or (for large values) two float steps.
 */
function axisTrack(
  ticks: number[],
  samples: Float64Array,
  axis: number,
  scale: number,
  restValue: number,
  series: Float64Array,
): Omit<Track, 'mapping'> | undefined {
  for (let k = 0; k < ticks.length; k++) series[k] = samples[k * 3 + axis]! * scale;
  const { min, max } = rangeOf(series);
  const range = max - min;
  const step = Math.max(range / 65535, FIXED_POINT_STEP, Math.abs(restValue) * 2 ** -22);
  if (Math.abs(min - restValue) <= step && Math.abs(max - restValue) <= step) return undefined;
  const kept = reduceSamples(ticks, series, false, Math.max(range / 65535, 1e-4) * 2, MAX_SPAN, MAX_NEXT_TIME);
  return { ticks: kept.map((k) => ticks[k]!), values: kept.map((k) => [series[k]!]) };
}

/** A stream record with what ordering it needs: the tick it is needed at, its own tick, its kind. */
type PendingRecord = SdataRecord & { needed: number; tick: number; quat: boolean };

/** Appends the records of channel `index` (its track's kept keys, packed or quantised) to `records`. */
function pushRecords(
  track: Track,
  index: number,
  quat: boolean,
  quantScale: number,
  quantOffset: number,
  records: PendingRecord[],
): void {
  for (let k = 0; k < track.ticks.length; k++) {
    const tick = track.ticks[k]!;
    // Kept keys are at most MAX_NEXT_TIME ticks apart, and the last one is at lastTick.
    const needed = k === 0 ? 0 : track.ticks[k - 1]!;
    let data: number[];
    if (quat) {
      const q = packQuat(quatNormalize(track.values[k] as Quat));
      data = [q >>> 16, q & 0xffff];
    } else {
      const v = track.values[k]![0]!;
      data = [quantScale > 0 ? Math.max(0, Math.min(0xffff, Math.round((v - quantOffset) / quantScale))) : 0];
    }
    records.push({ needed, tick, quat, nextTime: tick - needed, nextIsQuat: false, channelIdx: index, data });
  }
}

/** The T3DM channels and stream of one animation, or undefined when nothing of it targets a bone. */
export function animationToT3dm(
  anim: Animation,
  bones: CollectedBone[],
  boneOfNode: Map<number, number>,
  baseScale: number,
  diagnostics: Diagnostic[],
): { duration: number; channelsQuat: number; channels: T3dmChannelMapping[]; sdata: SdataFile } | undefined {
  const label = `animation "${anim.name ?? ''}"`;
  const nodeChannels = anim.channels.filter((c): c is NodeChannel => c.path !== 'pointer');
  if (nodeChannels.length < anim.channels.length) {
    diagnostics.push({
      code: 't3dm/material-animation',
      message: `${label}: ${anim.channels.length - nodeChannels.length} material animation channel(s) were dropped: T3DM has no material animation`,
      severity: 'warning',
    });
  }
  const onBones = nodeChannels.filter(
    (c) => boneOfNode.has(c.node) && c.path !== 'weights' && anim.samplers[c.sampler]?.input.length,
  );
  if (onBones.length < nodeChannels.length) {
    diagnostics.push({
      code: 't3dm/animation-target',
      message: `${label}: ${nodeChannels.length - onBones.length} channel(s) do not target a bone (or animate morph weights) and were dropped`,
      severity: 'warning',
    });
  }
  const relevant = onBones.filter((c) => isPlayableSampler(anim.samplers[c.sampler]!, c.path === 'rotation' ? 4 : 3));
  if (relevant.length < onBones.length) {
    diagnostics.push({
      code: 't3dm/animation-values',
      message: `${label}: ${onBones.length - relevant.length} channel(s) have key times that are not finite or go backwards, or values that are not finite; they were dropped`,
      severity: 'warning',
    });
  }
  if (relevant.length === 0) return undefined;
  let start = Number.POSITIVE_INFINITY;
  let end = Number.NEGATIVE_INFINITY;
  for (const c of relevant) {
    const input = anim.samplers[c.sampler]!.input;
    start = Math.min(start, input[0]!);
    end = Math.max(end, input[input.length - 1]!);
  }
  let duration = end - start;
  if (!(duration >= 0.0001)) return undefined;
  if (duration > MAX_CLIP_SECONDS) {
    diagnostics.push({
      code: 't3dm/animation-too-long',
      message: `${label} lasts ${duration.toPrecision(4)} s; it was cut to ${MAX_CLIP_SECONDS} s (T3DM playback counts time in float seconds)`,
      severity: 'warning',
    });
    duration = MAX_CLIP_SECONDS;
  }
  // Every channel's keys run to the first tick at or after the end (float noise aside), so playback, which wraps
  // at the duration, never runs out of keys (tiny3d's streams end there too, spec §9.1: 58 ticks for 57.5).
  const lastTick = Math.ceil(duration * TICKS_PER_SECOND - 1e-3);
  const tracks: Track[] = [];
  const rotations: Track[] = [];
  for (const c of relevant) {
    const sampler = anim.samplers[c.sampler]!;
    const bone = boneOfNode.get(c.node)!;
    const rotation = c.path === 'rotation';
    const width = rotation ? 4 : 3;
    const ticks = sampleTicks(sampler.input, start, lastTick);
    const times = ticks.map((tick) => start + tick / TICKS_PER_SECOND);
    const samples = sampleChannel(sampler, times, width, rotation);
    const count = ticks.length;
    const b = bones[bone]!;
    if (rotation) {
      const track = rotationTrack(ticks, samples, b.rotation);
      if (track)
        rotations.push({ mapping: { targetIdx: bone, targetType: T3DM_TARGET_ROTATION, attributeIdx: 0 }, ...track });
      continue;
    }
    const translation = c.path === 'translation';
    const scale = translation ? baseScale : 1;
    const rest = translation ? b.translation : b.scale;
    const series = new Float64Array(count);
    for (let axis = 0; axis < 3; axis++) {
      const track = axisTrack(ticks, samples, axis, scale, rest[axis]! * scale, series);
      if (!track) continue;
      const targetType = translation ? T3DM_TARGET_TRANSLATION : T3DM_TARGET_SCALE_XYZ;
      tracks.push({ mapping: { targetIdx: bone, targetType, attributeIdx: axis }, ...track });
    }
  }
  const all = [...rotations, ...tracks];
  if (all.length === 0) return undefined;
  const channels: T3dmChannelMapping[] = [];
  const records: PendingRecord[] = [];
  for (let index = 0; index < all.length; index++) {
    const track = all[index]!;
    const quat = index < rotations.length;
    let quantScale = Number.NEGATIVE_INFINITY;
    let quantOffset = Number.POSITIVE_INFINITY;
    if (!quat) {
      const { min, max } = rangeOf(track.values.map((v) => v[0]!));
      quantOffset = Math.fround(min);
      quantScale = Math.fround((max - min) / 65535);
    }
    channels.push({ ...track.mapping, quantScale, quantOffset });
    pushRecords(track, index, quat, quantScale, quantOffset, records);
  }
  records.sort((a, b) => a.needed - b.needed || a.tick - b.tick || a.channelIdx - b.channelIdx);
  const out: SdataRecord[] = records.map((r, i) => ({
    nextTime: r.nextTime,
    nextIsQuat: records[i + 1]?.quat ?? false,
    channelIdx: r.channelIdx,
    data: i === 0 && r.data.length === 1 ? [r.data[0]!, 0] : r.data,
  }));
  return { duration: Math.fround(duration), channelsQuat: rotations.length, channels, sdata: { records: out } };
}

/*
 * Scene animation -> T3DM `A` chunk + `.sdata` stream (spec §9). Only channels on bones are kept (tiny3d plays
 * skeletal animation only; material animation channels are dropped with a warning). Each channel is sampled on
 * the 60 Hz tick grid from the animation's start, keys that linear interpolation reproduces within a tolerance
 * are dropped, and components that stay at the bone's rest value within the quantisation step are left out (the
 * runtime then keeps the rest pose); a clip left with no channel at all is still written, as tiny3d writes it.
 * Rotations pack into 32 bits; scalars quantise to u16 with scale (max-min)/65535 and offset min (translations
 * in model units). Records are ordered by the tick at which playback needs them: key k of a channel is needed
 * when its key k-1 starts, and its nextTime (15 bits) is the tick distance to the channel's next key (the last
 * one to the end). The work is bounded by the data, not by the clip's length: ticks between two source keys are
 * all sampled only up to 600 of them (longer intervals evenly), a held value is sampled at its ends (and every
 * 0x7fff ticks, the longest gap a record can state), and clips are cut at MAX_CLIP_SECONDS. The sampling and
 * the key reduction run as WebAssembly (animation-module.ts; assembly/channel-track.ts holds those rules); this
 * file picks the channels and builds the stream.
 */
import { type Animation, type Diagnostic, isPlayableSampler, type NodeChannel } from '@retromodel/scene';
import { scalarKeysFit } from '../chunks/chunk-animation.js';
import {
  type SdataFile,
  type SdataRecord,
  T3DM_TARGET_ROTATION,
  T3DM_TARGET_SCALE_XYZ,
  T3DM_TARGET_TRANSLATION,
  type T3dmChannelMapping,
} from '../t3dm-file.js';
import { channelTracks, type KeptKeys } from './animation-module.js';
import type { CollectedBone } from './collect-geometry.js';
import { packQuats } from './quantise-module.js';
import { streamOrder } from './stream-order.js';

/** Sample rate of T3DM animation ticks. */
export const TICKS_PER_SECOND = 60;
/**
 * Longest clip written. The runtime counts time in float seconds, which hold a tick exactly only up to a few
 * hours; no game clip is that long, and a longer one (a corrupt key time) is cut here, with a warning.
 */
const MAX_CLIP_SECONDS = 3600;

interface Track extends KeptKeys {
  mapping: Omit<T3dmChannelMapping, 'quantScale' | 'quantOffset'>;
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

/** The stream's records before they are ordered, channel after channel: one element of each array per record. */
interface PendingRecords {
  /** The tick the record is needed at (its channel's previous key's), and its own. */
  needed: Int32Array;
  tick: Int32Array;
  channel: Int32Array;
  /** The packed rotation, or the quantised scalar. */
  word: Float64Array;
}

/** Puts the records of channel `index` (its track's kept keys, packed or quantised) in `records` from `at`. */
function putRecords(
  track: Track,
  index: number,
  quat: boolean,
  quantScale: number,
  quantOffset: number,
  records: PendingRecords,
  at: number,
): void {
  const { ticks, values } = track;
  const { needed, tick, channel, word } = records;
  // Kept keys are at most 0x7fff ticks apart (nextTime's 15 bits), and the last one is at lastTick. Key k is
  // needed when key k-1 starts (key 0 at once).
  // Rotations are normalised and packed in one call (quantise-module.ts's packQuats).
  const packed = quat ? packQuats(values, ticks.length) : undefined;
  let previous = 0;
  for (let k = 0; k < ticks.length; k++, at++) {
    needed[at] = previous;
    previous = ticks[k]!;
    tick[at] = previous;
    channel[at] = index;
    if (packed) word[at] = packed[k]!;
    else {
      const v = values[k]!;
      word[at] = quantScale > 0 ? Math.max(0, Math.min(0xffff, Math.round((v - quantOffset) / quantScale))) : 0;
    }
  }
}

/** The stream of `records` (`quats` rotation channels first) in playback order (streamOrder). */
function orderedStream(records: PendingRecords, quats: number): SdataRecord[] {
  const { needed, tick, channel, word } = records;
  const order = streamOrder(needed, tick);
  const out: SdataRecord[] = [];
  for (let i = 0; i < order.length; i++) {
    const r = order[i]!;
    const c = channel[r]!;
    const w = word[r]!;
    out.push({
      nextTime: tick[r]! - needed[r]!,
      nextIsQuat: i + 1 < order.length && channel[order[i + 1]!]! < quats,
      channelIdx: c,
      data: c < quats ? [w >>> 16, w & 0xffff] : i === 0 ? [w, 0] : [w],
    });
  }
  return out;
}

/**
 * The T3DM channels and stream of one animation, or undefined when nothing of it targets a bone or its bone
 * channels last less than 0.1 ms (tiny3d drops such clips too).
 */
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
    const bone = boneOfNode.get(c.node)!;
    const b = bones[bone]!;
    const rotation = c.path === 'rotation';
    const translation = c.path === 'translation';
    const rest = rotation ? b.rotation : translation ? b.translation : b.scale;
    const scale = translation ? baseScale : 1;
    const kept = channelTracks(anim.samplers[c.sampler]!, rotation, start, lastTick, rest, scale);
    for (let axis = 0; axis < kept.length; axis++) {
      const track = kept[axis];
      if (!track) continue;
      const { ticks, values } = track;
      if (rotation)
        rotations.push({
          mapping: { targetIdx: bone, targetType: T3DM_TARGET_ROTATION, attributeIdx: 0 },
          ticks,
          values,
        });
      else {
        const targetType = translation ? T3DM_TARGET_TRANSLATION : T3DM_TARGET_SCALE_XYZ;
        tracks.push({ mapping: { targetIdx: bone, targetType, attributeIdx: axis }, ticks, values });
      }
    }
  }
  const all = [...rotations, ...tracks];
  // A clip whose every channel holds its bone at rest is kept, as tiny3d keeps it (a game finds its clips by
  // name): no channels, an empty stream.
  const channels: T3dmChannelMapping[] = [];
  const kept: { track: Track; quantScale: number; quantOffset: number }[] = [];
  let recordCount = 0;
  // Scalar channels whose keys f32 cannot hold (a value near ±3.4e38, times the base scale, or a range from one
  // end of f32 to the other): dropped, by the reader's own test (scalarKeysFit), which refuses them.
  let beyondF32 = 0;
  for (let index = 0; index < all.length; index++) {
    const track = all[index]!;
    const quat = index < rotations.length;
    let quantScale = Number.NEGATIVE_INFINITY;
    let quantOffset = Number.POSITIVE_INFINITY;
    if (!quat) {
      const { min, max } = rangeOf(track.values);
      quantOffset = Math.fround(min);
      quantScale = Math.fround((max - min) / 65535);
      if (!scalarKeysFit(quantScale, quantOffset)) {
        beyondF32++;
        continue;
      }
    }
    channels.push({ ...track.mapping, quantScale, quantOffset });
    kept.push({ track, quantScale, quantOffset });
    recordCount += track.ticks.length;
  }
  if (beyondF32 > 0)
    diagnostics.push({
      code: 't3dm/animation-values',
      message: `${label}: ${beyondF32} channel(s) have values beyond the f32 range a T3DM stores, or a range from one end of it to the other that its 16-bit keys cannot span; they were dropped`,
      severity: 'warning',
    });
  const records: PendingRecords = {
    needed: new Int32Array(recordCount),
    tick: new Int32Array(recordCount),
    channel: new Int32Array(recordCount),
    word: new Float64Array(recordCount),
  };
  // The rotation channels come first, and none is dropped: channel c is one when c < rotations.length.
  let at = 0;
  for (let c = 0; c < kept.length; c++) {
    const { track, quantScale, quantOffset } = kept[c]!;
    putRecords(track, c, c < rotations.length, quantScale, quantOffset, records, at);
    at += track.ticks.length;
  }
  const out = orderedStream(records, rotations.length);
  return { duration: Math.fround(duration), channelsQuat: rotations.length, channels, sdata: { records: out } };
}

/*
 * T3DM animation (A chunk + .sdata stream) -> scene animation (spec §9). Each record belongs to one channel;
 * a channel's k-th key is reached at Σ(nextTime of its records 0..k) / 60 s (that is how t3d_anim_update
 * advances `timeEnd`). Quaternion channels decode the 32-bit packing; scalar channels are
 * `u16 * quantScale + quantOffset` (translations in model units, divided by the base scale here). Scalar x/y/z
 * channels of one bone and target are merged into VEC3 keys on the union of their key times (missing components
 * take the bone's rest value, as tiny3d drops constant identity channels).
 * Playback wraps when the time reaches the A chunk's duration, so later keys are never reached. tiny3d rounds
 * each key's tick distance, so a channel's last key can land up to a tick after the duration (spec §9.1:
 * Snake_Jump, 58 ticks for 57.5): that key is the converter's value at the clip's end and is put there. Keys
 * further past it (a corrupt stream) are cut, the channel ending at the duration with the value played there
 * (lerp, or nlerp for rotations, as t3d_anim_update blends).
 */
import { type Animation, type AnimationSampler, type Diagnostic, type Quat, quatNormalize } from '@retromodel/scene';
import { unpackQuat } from '../codec/quat-codec.js';
import { stringAt } from '../codec/string-table.js';
import {
  type SdataFile,
  T3DM_TARGET_ROTATION,
  T3DM_TARGET_SCALE_UNIFORM,
  T3DM_TARGET_TRANSLATION,
  type T3dmAnimation,
  type T3dmBone,
} from '../t3dm-file.js';

interface ChannelKeys {
  times: number[];
  values: number[][];
}

/** Per-channel key lists from a stream. */
export function channelKeys(anim: T3dmAnimation, sdata: SdataFile, diagnostics: Diagnostic[]): ChannelKeys[] {
  const keys: ChannelKeys[] = anim.channels.map(() => ({ times: [], values: [] }));
  const ticks = new Array<number>(anim.channels.length).fill(0);
  let skipped = 0;
  for (const rec of sdata.records) {
    const ch = rec.channelIdx;
    const channel = anim.channels[ch];
    const isQuat = ch < anim.channelsQuat;
    if (!channel || (isQuat && rec.data.length < 2)) {
      skipped++;
      continue;
    }
    ticks[ch]! += rec.nextTime;
    // In f32, as glTF stores key times: far into a long stream, neighbouring ticks are one f32 time.
    const time = Math.fround(ticks[ch]! / 60);
    const value = isQuat
      ? unpackQuat(((rec.data[0]! << 16) | rec.data[1]!) >>> 0)
      : [rec.data[0]! * channel.quantScale + channel.quantOffset];
    const k = keys[ch]!;
    if (k.times.length > 0 && k.times[k.times.length - 1]! >= time) {
      k.values[k.values.length - 1] = value;
    } else {
      k.times.push(time);
      k.values.push(value);
    }
  }
  let past = 0;
  keys.forEach((k, ch) => {
    if (endAtDuration(k, anim.duration, ch < anim.channelsQuat)) past++;
  });
  if (past > 0) {
    diagnostics.push({
      code: 't3dm/keys-past-duration',
      message: `${past} channel(s) have keys more than a tick past the animation's duration (${anim.duration.toFixed(3)} s), which playback never reaches; they end at the duration`,
      severity: 'warning',
    });
  }
  if (skipped > 0) {
    diagnostics.push({
      code: 't3dm/bad-keyframe',
      message: `${skipped} keyframe record(s) name a channel that does not exist or are too short; skipped`,
      severity: 'warning',
    });
  }
  return keys;
}

/**
 * Ends a channel's keys at `duration` (seconds): a last key up to a tick late moves onto it, later keys are cut
 * and replaced by the value played at the duration. True when keys ran more than a tick past it.
 */
function endAtDuration(k: ChannelKeys, duration: number, isQuat: boolean): boolean {
  if (!(duration > 0)) return false;
  const epsilon = 1e-6;
  const cut = k.times.findIndex((t) => t > duration + epsilon);
  if (cut < 0) return false;
  const last = k.times.length - 1;
  if (cut === last && k.times[last]! <= duration + 1 / 60 + epsilon) {
    if (cut > 0 && k.times[cut - 1]! >= duration - epsilon) {
      k.values[cut - 1] = k.values[cut]!;
      k.times.length = cut;
      k.values.length = cut;
    } else k.times[last] = duration;
    return false;
  }
  let value: number[];
  if (cut === 0) value = k.values[0]!;
  else {
    const f = (duration - k.times[cut - 1]!) / (k.times[cut]! - k.times[cut - 1]!);
    const a = k.values[cut - 1]!;
    const b = k.values[cut]!;
    // t3d_anim_update: lerp for scalars, nlerp (on the short way) for rotations.
    const sign = isQuat && a.reduce((s, v, i) => s + v * b[i]!, 0) < 0 ? -1 : 1;
    value = a.map((v, i) => v + (sign * b[i]! - v) * f);
    if (isQuat) value = quatNormalize(value as Quat);
  }
  k.times.length = cut;
  k.values.length = cut;
  if (cut === 0 || k.times[cut - 1]! < duration - epsilon) {
    k.times.push(duration);
    k.values.push(value);
  }
  return true;
}

/** A scalar channel sampled at increasing times, walking its keys once (linear between keys, clamped). */
function sampleScalarAt(k: ChannelKeys, times: number[]): number[] {
  const out: number[] = [];
  let i = 1;
  for (const t of times) {
    while (i < k.times.length && k.times[i]! < t) i++;
    if (t <= k.times[0]!) out.push(k.values[0]![0]!);
    else if (i >= k.times.length) out.push(k.values[k.values.length - 1]![0]!);
    else {
      const f = (t - k.times[i - 1]!) / (k.times[i]! - k.times[i - 1]!);
      out.push(k.values[i - 1]![0]! + (k.values[i]![0]! - k.values[i - 1]![0]!) * f);
    }
  }
  return out;
}

/** Keeps successive quaternions on the same hemisphere so linear/slerp playback takes the short way. */
function continuous(values: number[][]): number[] {
  const out: number[] = [];
  let prev: Quat | undefined;
  for (const v of values) {
    let q = v as Quat;
    if (prev && prev[0] * q[0] + prev[1] * q[1] + prev[2] * q[2] + prev[3] * q[3] < 0) q = [-q[0], -q[1], -q[2], -q[3]];
    out.push(...q);
    prev = q;
  }
  return out;
}

/** Builds the scene animation; `boneNode(i)` gives the scene node of bone i. */
export function animationToScene(
  anim: T3dmAnimation,
  sdata: SdataFile,
  bones: T3dmBone[],
  baseScale: number,
  table: Uint8Array,
  boneNode: (bone: number) => number,
  diagnostics: Diagnostic[],
): Animation {
  const keys = channelKeys(anim, sdata, diagnostics);
  const out: Animation = { channels: [], samplers: [] };
  const name = stringAt(table, anim.name);
  if (name !== undefined) out.name = name;
  const addSampler = (sampler: AnimationSampler, bone: number, path: 'translation' | 'rotation' | 'scale') => {
    out.channels.push({ node: boneNode(bone), path, sampler: out.samplers.length });
    out.samplers.push(sampler);
  };
  const groups = new Map<string, { bone: number; type: number; comps: (ChannelKeys | undefined)[] }>();
  // t3d_anim_update applies channels in order, so of two channels on one target the later one is what plays.
  const rotations = new Map<number, ChannelKeys>();
  let overridden = 0;
  anim.channels.forEach((c, i) => {
    const k = keys[i]!;
    if (k.times.length === 0 || c.targetIdx >= bones.length) return;
    if (i < anim.channelsQuat || c.targetType === T3DM_TARGET_ROTATION) {
      if (i < anim.channelsQuat) {
        if (rotations.has(c.targetIdx)) overridden++;
        rotations.set(c.targetIdx, k);
      }
      return;
    }
    const key = `${c.targetIdx}/${c.targetType === T3DM_TARGET_TRANSLATION ? 0 : 1}`;
    const g = groups.get(key) ?? {
      bone: c.targetIdx,
      type: c.targetType === T3DM_TARGET_TRANSLATION ? 0 : 1,
      comps: [undefined, undefined, undefined],
    };
    const comps = c.targetType === T3DM_TARGET_SCALE_UNIFORM ? [0, 1, 2] : [Math.min(2, c.attributeIdx)];
    for (const comp of comps) {
      if (g.comps[comp]) overridden++;
      g.comps[comp] = k;
    }
    groups.set(key, g);
  });
  if (overridden > 0) {
    diagnostics.push({
      code: 't3dm/overridden-channel',
      message: `${overridden} channel(s) animate a bone property that a later channel also animates; playback keeps the later one`,
      severity: 'warning',
    });
  }
  for (const [bone, k] of rotations) {
    addSampler(
      { input: Float32Array.from(k.times), output: Float32Array.from(continuous(k.values)), interpolation: 'LINEAR' },
      bone,
      'rotation',
    );
  }
  for (const g of groups.values()) {
    const bone = bones[g.bone]!;
    const rest = g.type === 0 ? bone.position : bone.scale;
    const times = [...new Set(g.comps.flatMap((k) => k?.times ?? []))].sort((a, b) => a - b);
    const output = new Float32Array(times.length * 3);
    for (let c = 0; c < 3; c++) {
      const k = g.comps[c];
      const values = k ? sampleScalarAt(k, times) : times.map(() => rest[c]!);
      for (const [i, v] of values.entries()) output[i * 3 + c] = g.type === 0 ? v / baseScale : v;
    }
    addSampler(
      { input: Float32Array.from(times), output, interpolation: 'LINEAR' },
      g.bone,
      g.type === 0 ? 'translation' : 'scale',
    );
  }
  return out;
}

/*
 * Channel sampling and key reduction for T3DM animation without an array per sample: samples live in one flat
 * Float64Array (`width` numbers per tick), written by @retromodel/scene's sampleSamplerTo and compared through
 * its quatSlerpTo, so the stream written is the same as when sampling through sampleSampler and quatSlerp.
 */
import { type AnimationSampler, quatSlerpTo, sampleSamplerTo } from '@retromodel/scene';

/** Scratch for one interpolated rotation. */
const slerped = new Float64Array(4);

/**
 * The sampler's values at each of `times` (seconds): `width` numbers per time (4 for a rotation, which
 * `rotation` marks), flat.
 */
export function sampleChannel(
  sampler: AnimationSampler,
  times: ArrayLike<number>,
  width: number,
  rotation: boolean,
): Float64Array {
  const out = new Float64Array(times.length * width);
  for (let s = 0; s < times.length; s++) sampleSamplerTo(sampler, times[s]!, width, rotation, out, s * width);
  return out;
}

/** Dot product of two quaternions q[a..a+4) and r[b..b+4), summed in index order. */
export function quatDot(q: ArrayLike<number>, a: number, r: ArrayLike<number>, b: number): number {
  let s = 0;
  for (let i = 0; i < 4; i++) s += q[a + i]! * r[b + i]!;
  return s;
}

/** How far interpolating samples `a` and `b` (slerp for rotations) at `f` lands from sample `j`. */
function interpolationError(samples: Float64Array, a: number, b: number, f: number, j: number, rotation: boolean) {
  if (rotation) {
    quatSlerpTo(samples, a * 4, samples, b * 4, f, slerped, 0);
    return 1 - Math.abs(quatDot(slerped, 0, samples, j * 4));
  }
  const v = samples[a]!;
  return Math.abs(v + (samples[b]! - v) * f - samples[j]!);
}

/**
 * Indices of the samples kept when those that interpolation between the kept neighbours reproduces within
 * `tolerance` are dropped. `samples` holds 4 numbers per tick for a rotation, 1 otherwise; kept keys are at
 * most `maxSpan` samples and `maxTicks` ticks apart.
 */
export function reduceSamples(
  ticks: number[],
  samples: Float64Array,
  rotation: boolean,
  tolerance: number,
  maxSpan: number,
  maxTicks: number,
): number[] {
  const count = ticks.length;
  const kept = [0];
  let anchor = 0;
  for (let k = 2; k < count; k++) {
    let ok = k - anchor <= maxSpan && ticks[k]! - ticks[anchor]! <= maxTicks;
    for (let j = anchor + 1; j < k && ok; j++) {
      const f = (ticks[j]! - ticks[anchor]!) / (ticks[k]! - ticks[anchor]!);
      ok = interpolationError(samples, anchor, k, f, j, rotation) <= tolerance;
    }
    if (!ok) {
      kept.push(k - 1);
      anchor = k - 1;
    }
  }
  if (count > 1) kept.push(count - 1);
  return kept;
}

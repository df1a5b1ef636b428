/*
 * Channel sampling and key reduction for T3DM animation without an array per sample: samples live in one flat
 * Float64Array (`width` numbers per tick). The arithmetic is @retromodel/scene's, operation for operation
 * (sampleSampler: held ends, STEP, LINEAR with slerp for rotations, glTF's CUBICSPLINE; quatNormalize;
 * quatSlerp), so the stream written is the same as when sampling through those functions.
 */
import type { AnimationSampler } from '@retromodel/scene';

/** Writes the unit quaternion of (x, y, z, w) to out[at .. at+4) (identity for a zero or non-finite one). */
function normalizeInto(x: number, y: number, z: number, w: number, out: Float64Array, at: number): void {
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  if (len === 0 || !Number.isFinite(len)) {
    out[at] = 0;
    out[at + 1] = 0;
    out[at + 2] = 0;
    out[at + 3] = 1;
    return;
  }
  out[at] = x / len;
  out[at + 1] = y / len;
  out[at + 2] = z / len;
  out[at + 3] = w / len;
}

/** Scratch for one interpolated rotation. */
const slerped = new Float64Array(4);

/** Slerp from q[a..a+4) to q[b..b+4) at t (the shorter way), written to out[at .. at+4). */
function slerpInto(q: ArrayLike<number>, a: number, b: number, t: number, out: Float64Array, at: number): void {
  const ax = q[a]!;
  const ay = q[a + 1]!;
  const az = q[a + 2]!;
  const aw = q[a + 3]!;
  let bx = q[b]!;
  let by = q[b + 1]!;
  let bz = q[b + 2]!;
  let bw = q[b + 3]!;
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  if (cos > 0.9995) {
    normalizeInto(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t, aw + (bw - aw) * t, out, at);
    return;
  }
  const theta = Math.acos(cos);
  const sin = Math.sin(theta);
  const wa = Math.sin((1 - t) * theta) / sin;
  const wb = Math.sin(t * theta) / sin;
  out[at] = ax * wa + bx * wb;
  out[at + 1] = ay * wa + by * wb;
  out[at + 2] = az * wa + bz * wb;
  out[at + 3] = aw * wa + bw * wb;
}

/** Scratch for the two normalised keys of a linear rotation. */
const keys = new Float64Array(8);

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
  const { input, output } = sampler;
  const cubic = sampler.interpolation === 'CUBICSPLINE';
  const out = new Float64Array(times.length * width);
  const last = input.length - 1;
  if (last < 0) return out;
  const copyKey = (k: number, at: number) => {
    const base = cubic ? (k * 3 + 1) * width : k * width;
    for (let i = 0; i < width; i++) out[at + i] = output[base + i]!;
  };
  for (let s = 0; s < times.length; s++) {
    const t = times[s]!;
    const at = s * width;
    if (t <= input[0]!) copyKey(0, at);
    else if (t >= input[last]!) copyKey(last, at);
    else {
      let lo = 0;
      let hi = last;
      while (hi - lo > 1) {
        const mid = (lo + hi) >> 1;
        if (input[mid]! <= t) lo = mid;
        else hi = mid;
      }
      if (sampler.interpolation === 'STEP') copyKey(lo, at);
      else if (cubic) cubicInto(sampler, lo, hi, t, width, rotation, out, at);
      else if (rotation) {
        normalizeInto(output[lo * 4]!, output[lo * 4 + 1]!, output[lo * 4 + 2]!, output[lo * 4 + 3]!, keys, 0);
        normalizeInto(output[hi * 4]!, output[hi * 4 + 1]!, output[hi * 4 + 2]!, output[hi * 4 + 3]!, keys, 4);
        slerpInto(keys, 0, 4, (t - input[lo]!) / (input[hi]! - input[lo]! || 1), out, at);
      } else {
        const f = (t - input[lo]!) / (input[hi]! - input[lo]! || 1);
        for (let i = 0; i < width; i++) {
          const v = output[lo * width + i]!;
          out[at + i] = v + (output[hi * width + i]! - v) * f;
        }
      }
    }
  }
  return out;
}

/** glTF's cubic spline (Appendix C) between keys lo and hi: out-tangent of lo, in-tangent of hi, per second. */
function cubicInto(
  sampler: AnimationSampler,
  lo: number,
  hi: number,
  t: number,
  width: number,
  rotation: boolean,
  out: Float64Array,
  at: number,
): void {
  const { input, output } = sampler;
  const f = (t - input[lo]!) / (input[hi]! - input[lo]! || 1);
  const span = input[hi]! - input[lo]!;
  const f2 = f * f;
  const f3 = f2 * f;
  const a = (lo * 3 + 1) * width;
  const b = (hi * 3 + 1) * width;
  const m0 = (lo * 3 + 2) * width;
  const m1 = hi * 3 * width;
  for (let i = 0; i < width; i++) {
    out[at + i] =
      (2 * f3 - 3 * f2 + 1) * output[a + i]! +
      span * (f3 - 2 * f2 + f) * output[m0 + i]! +
      (-2 * f3 + 3 * f2) * output[b + i]! +
      span * (f3 - f2) * output[m1 + i]!;
  }
  if (rotation) normalizeInto(out[at]!, out[at + 1]!, out[at + 2]!, out[at + 3]!, out, at);
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
    slerpInto(samples, a * 4, b * 4, f, slerped, 0);
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

/*
 * The value of an animation sampler at a time, as glTF players compute it (glTF 2.0 Appendix C): held before the
 * first key and after the last, STEP holds a key, LINEAR interpolates (slerp for rotations), CUBICSPLINE is the
 * Hermite curve through the keys with their per-second tangents (rotations normalised afterwards).
 */
import { quatNormalize, quatSlerp } from './math.js';
import type { AnimationSampler, Quat } from './types.js';

/** The sampler's value at `t` seconds: `width` numbers (4 for a rotation, which `rotation` marks). */
export function sampleSampler(sampler: AnimationSampler, t: number, width: number, rotation: boolean): number[] {
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
  if (cubic) {
    // glTF's cubic spline (Appendix C): out-tangent of lo, in-tangent of hi, both per second.
    const span = input[hi]! - input[lo]!;
    const tangent = (k: number, part: 0 | 2) => output.subarray((k * 3 + part) * width, (k * 3 + part + 1) * width);
    const [a, b, m0, m1] = [at(lo), at(hi), tangent(lo, 2), tangent(hi, 0)];
    const f2 = f * f;
    const f3 = f2 * f;
    const value = a.map(
      (v, i) =>
        (2 * f3 - 3 * f2 + 1) * v +
        span * (f3 - 2 * f2 + f) * m0[i]! +
        (-2 * f3 + 3 * f2) * b[i]! +
        span * (f3 - f2) * m1[i]!,
    );
    return rotation ? quatNormalize(value as Quat) : value;
  }
  if (rotation) return quatSlerp(quatNormalize(at(lo) as Quat), quatNormalize(at(hi) as Quat), f);
  const a = at(lo);
  const b = at(hi);
  return a.map((v, i) => v + (b[i]! - v) * f);
}

/** Whether a sampler can be played: finite, non-decreasing key times and finite values for every key. */
export function isPlayableSampler(sampler: AnimationSampler, width: number): boolean {
  const { input, output } = sampler;
  const stride = sampler.interpolation === 'CUBICSPLINE' ? 3 * width : width;
  if (output.length < input.length * stride) return false;
  for (let k = 0; k < input.length; k++)
    if (!Number.isFinite(input[k]!) || input[k]! < (input[k - 1] ?? Number.NEGATIVE_INFINITY)) return false;
  for (let i = 0; i < input.length * stride; i++) if (!Number.isFinite(output[i]!)) return false;
  return true;
}

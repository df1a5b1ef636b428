/*
 * The value of an animation sampler at a time, as glTF players compute it (glTF 2.0 Appendix C): held before the
 * first key and after the last, STEP holds a key, LINEAR interpolates (slerp for rotations), CUBICSPLINE is the
 * Hermite curve through the keys with their per-second tangents (rotations normalised afterwards).
 */
import { quatNormalizeTo, quatSlerpTo } from './math.js';
import type { AnimationSampler } from './types.js';

/** Scratch for the two normalised keys of a linear rotation. */
const keys = new Float64Array(8);

/** Copies the value of key k (the middle of a cubic key's three parts) to out[at ..]. */
function copyKey(sampler: AnimationSampler, k: number, width: number, out: { [i: number]: number }, at: number) {
  const base = sampler.interpolation === 'CUBICSPLINE' ? (k * 3 + 1) * width : k * width;
  for (let i = 0; i < width; i++) out[at + i] = sampler.output[base + i]!;
}

/**
 * Writes the sampler's value at `t` seconds to out[at .. at+width) without allocating: `width` numbers (4 for a
 * rotation, which `rotation` marks). A sampler without keys writes nothing.
 */
export function sampleSamplerTo(
  sampler: AnimationSampler,
  t: number,
  width: number,
  rotation: boolean,
  out: { [i: number]: number },
  at: number,
): void {
  const { input, output } = sampler;
  const last = input.length - 1;
  if (last < 0) return;
  // Held before the first key and after the last.
  const held = t <= input[0]! ? 0 : t >= input[last]! ? last : -1;
  if (held >= 0) {
    copyKey(sampler, held, width, out, at);
    return;
  }
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (input[mid]! <= t) lo = mid;
    else hi = mid;
  }
  if (sampler.interpolation === 'STEP') {
    copyKey(sampler, lo, width, out, at);
    return;
  }
  const f = (t - input[lo]!) / (input[hi]! - input[lo]! || 1);
  if (sampler.interpolation === 'CUBICSPLINE') {
    // glTF's cubic spline (Appendix C): out-tangent of lo, in-tangent of hi, both per second.
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
    if (rotation) quatNormalizeTo(out[at]!, out[at + 1]!, out[at + 2]!, out[at + 3]!, out, at);
    return;
  }
  if (rotation) {
    quatNormalizeTo(output[lo * 4]!, output[lo * 4 + 1]!, output[lo * 4 + 2]!, output[lo * 4 + 3]!, keys, 0);
    quatNormalizeTo(output[hi * 4]!, output[hi * 4 + 1]!, output[hi * 4 + 2]!, output[hi * 4 + 3]!, keys, 4);
    quatSlerpTo(keys, 0, keys, 4, f, out, at);
    return;
  }
  for (let i = 0; i < width; i++) {
    const v = output[lo * width + i]!;
    out[at + i] = v + (output[hi * width + i]! - v) * f;
  }
}

/** The sampler's value at `t` seconds: `width` numbers (4 for a rotation, which `rotation` marks). */
export function sampleSampler(sampler: AnimationSampler, t: number, width: number, rotation: boolean): number[] {
  if (sampler.input.length === 0) return [];
  const out = new Array<number>(width).fill(0);
  sampleSamplerTo(sampler, t, width, rotation, out, 0);
  return out;
}

/**
 * Whether `values` holds a NaN or an infinity: three searches in V8's own loops (includes: C++, a few instructions
 * a value). A loop here runs cold in a process that converts a few models (the interpreter or Sparkplug, a few
 * hundred instructions a value of inline caches and stubs): the samplers of the 55 Tiny3D examples cost a batch
 * converting them to T3DM about 20 M instructions so.
 */
function hasNonFinite(values: Float32Array): boolean {
  return (
    values.includes(Number.NaN) ||
    values.includes(Number.POSITIVE_INFINITY) ||
    values.includes(Number.NEGATIVE_INFINITY)
  );
}

/** Whether a sampler can be played: finite, non-decreasing key times and finite values for every key. */
export function isPlayableSampler(sampler: AnimationSampler, width: number): boolean {
  const { input, output } = sampler;
  const stride = sampler.interpolation === 'CUBICSPLINE' ? 3 * width : width;
  const count = input.length * stride;
  if (output.length < count) return false;
  // Values past the last key's are not played, whatever they are.
  if (hasNonFinite(input) || hasNonFinite(output.length === count ? output : output.subarray(0, count))) return false;
  for (let k = 1; k < input.length; k++) if (input[k]! < input[k - 1]!) return false;
  return true;
}

/*
 * A glTF animation sampler's values on a list of times, and the key reduction over them: the numbers of
 * @retromodel/scene's sampleSamplerTo / quatSlerpTo, operation for operation, so that the stream written is the
 * same as the JavaScript writer's. acos and sin are the host's Math functions (imported): AssemblyScript's own
 * may differ from V8's in the last bit, which would change which keys the reduction keeps.
 */
import { Math as HostMath } from 'bindings/dom';

export const STEP = 0;
export const LINEAR = 1;
export const CUBICSPLINE = 2;

/** A sampler: key times in seconds (increasing), values per key (three parts per key for CUBICSPLINE). */
export class Sampler {
  constructor(
    public input: Float32Array,
    public output: Float32Array,
    public interpolation: i32,
  ) {}
}

/** Dot product of two quaternions q[a..a+4) and r[b..b+4), summed in index order. */
export function quatDot(q: Float64Array, a: i32, r: Float64Array, b: i32): f64 {
  let s: f64 = 0;
  for (let i = 0; i < 4; i++) s += q[a + i] * r[b + i];
  return s;
}

/** The unit quaternion in the direction of (x, y, z, w) to out[at..], the identity for a zero or infinite one. */
function quatNormalizeTo(x: f64, y: f64, z: f64, w: f64, out: Float64Array, at: i32): void {
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  if (len === 0 || !isFinite(len)) {
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

/** Spherical interpolation along the shorter arc from a[aAt..] to b[bAt..] at t, to out[at..]. */
export function quatSlerpTo(
  a: Float64Array,
  aAt: i32,
  b: Float64Array,
  bAt: i32,
  t: f64,
  out: Float64Array,
  at: i32,
): void {
  const ax = a[aAt];
  const ay = a[aAt + 1];
  const az = a[aAt + 2];
  const aw = a[aAt + 3];
  let bx = b[bAt];
  let by = b[bAt + 1];
  let bz = b[bAt + 2];
  let bw = b[bAt + 3];
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  if (cos > 0.9995) {
    quatNormalizeTo(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t, aw + (bw - aw) * t, out, at);
    return;
  }
  const theta = HostMath.acos(cos);
  const sin = HostMath.sin(theta);
  const wa = HostMath.sin((1 - t) * theta) / sin;
  const wb = HostMath.sin(t * theta) / sin;
  out[at] = ax * wa + bx * wb;
  out[at + 1] = ay * wa + by * wb;
  out[at + 2] = az * wa + bz * wb;
  out[at + 3] = aw * wa + bw * wb;
}

/** Copies the value of key k (the middle of a cubic key's three parts) to out[at ..]. */
function copyKey(sampler: Sampler, k: i32, width: i32, out: Float64Array, at: i32): void {
  const base = sampler.interpolation === CUBICSPLINE ? (k * 3 + 1) * width : k * width;
  for (let i = 0; i < width; i++) out[at + i] = <f64>sampler.output[base + i];
}

/** Scratch for the two normalised keys of a linear rotation. */
let keys = new Float64Array(8);

/** Allocates the scratch array afresh: the heap it was in has been emptied. */
export function resetScratch(): void {
  keys = new Float64Array(8);
}

/**
 * The sampler's value at `t` seconds to out[at .. at+width) (4 for a rotation, which `rotation` marks): held
 * before the first key and after the last, STEP holds a key, LINEAR interpolates (slerp for rotations),
 * CUBICSPLINE is glTF's Hermite curve (rotations normalised afterwards).
 */
function sampleTo(sampler: Sampler, t: f64, width: i32, rotation: bool, out: Float64Array, at: i32): void {
  const input = sampler.input;
  const output = sampler.output;
  const last = input.length - 1;
  if (last < 0) return;
  const held = t <= <f64>input[0] ? 0 : t >= <f64>input[last] ? last : -1;
  if (held >= 0) {
    copyKey(sampler, held, width, out, at);
    return;
  }
  let lo = 0;
  let hi = last;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (<f64>input[mid] <= t) lo = mid;
    else hi = mid;
  }
  if (sampler.interpolation === STEP) {
    copyKey(sampler, lo, width, out, at);
    return;
  }
  // JavaScript's `span || 1`: a repeated key time divides by 1.
  let span: f64 = <f64>input[hi] - <f64>input[lo];
  if (span === 0 || isNaN(span)) span = 1;
  const f = (t - <f64>input[lo]) / span;
  if (sampler.interpolation === CUBICSPLINE) {
    const dt: f64 = <f64>input[hi] - <f64>input[lo];
    const f2 = f * f;
    const f3 = f2 * f;
    const a = (lo * 3 + 1) * width;
    const b = (hi * 3 + 1) * width;
    const m0 = (lo * 3 + 2) * width;
    const m1 = hi * 3 * width;
    for (let i = 0; i < width; i++) {
      out[at + i] =
        (2 * f3 - 3 * f2 + 1) * <f64>output[a + i] +
        dt * (f3 - 2 * f2 + f) * <f64>output[m0 + i] +
        (-2 * f3 + 3 * f2) * <f64>output[b + i] +
        dt * (f3 - f2) * <f64>output[m1 + i];
    }
    if (rotation) quatNormalizeTo(out[at], out[at + 1], out[at + 2], out[at + 3], out, at);
    return;
  }
  if (rotation) {
    const l = lo * 4;
    const h = hi * 4;
    quatNormalizeTo(<f64>output[l], <f64>output[l + 1], <f64>output[l + 2], <f64>output[l + 3], keys, 0);
    quatNormalizeTo(<f64>output[h], <f64>output[h + 1], <f64>output[h + 2], <f64>output[h + 3], keys, 4);
    quatSlerpTo(keys, 0, keys, 4, f, out, at);
    return;
  }
  for (let i = 0; i < width; i++) {
    const v = <f64>output[lo * width + i];
    out[at + i] = v + (<f64>output[hi * width + i] - v) * f;
  }
}

/** The sampler's values at each of `times`: `width` numbers per time, flat. */
export function sampleChannel(sampler: Sampler, times: Float64Array, width: i32, rotation: bool): Float64Array {
  const out = new Float64Array(times.length * width);
  for (let s = 0; s < times.length; s++) sampleTo(sampler, times[s], width, rotation, out, s * width);
  return out;
}

/**
 * Whether interpolating samples `a` and `b` (slerp for rotations) reproduces every sample between them within
 * `tolerance`: for sample j at f = (ticks[j] - ticks[a]) / (ticks[b] - ticks[a]), a scalar's |lerp - sample|, a
 * rotation's 1 - |quatSlerpTo(a, b, f) · sample|. The numbers are quatSlerpTo's and quatDot's, operation for
 * operation; what does not depend on f (the dot product of the ends, the flip to the shorter arc, the angle and its
 * sine) is worked out once for the pair rather than once per sample: this check runs for every sample of every
 * span tried, and it was most of a batch's animation work.
 */
function spanFits(ticks: Float64Array, samples: Float64Array, a: i32, b: i32, rotation: bool, tolerance: f64): bool {
  const t0 = ticks[a];
  const length = ticks[b] - t0;
  if (!rotation) {
    const v = samples[a];
    const d = samples[b] - v;
    for (let j = a + 1; j < b; j++) {
      const f = (ticks[j] - t0) / length;
      if (!(Math.abs(v + d * f - samples[j]) <= tolerance)) return false;
    }
    return true;
  }
  const ax = samples[a * 4];
  const ay = samples[a * 4 + 1];
  const az = samples[a * 4 + 2];
  const aw = samples[a * 4 + 3];
  let bx = samples[b * 4];
  let by = samples[b * 4 + 1];
  let bz = samples[b * 4 + 2];
  let bw = samples[b * 4 + 3];
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  const near = cos > 0.9995;
  const theta = near ? 0 : HostMath.acos(cos);
  const sin = near ? 0 : HostMath.sin(theta);
  for (let j = a + 1; j < b; j++) {
    const t = (ticks[j] - t0) / length;
    let x: f64;
    let y: f64;
    let z: f64;
    let w: f64;
    if (near) {
      // quatNormalizeTo of the straight blend.
      x = ax + (bx - ax) * t;
      y = ay + (by - ay) * t;
      z = az + (bz - az) * t;
      w = aw + (bw - aw) * t;
      const len = Math.sqrt(x * x + y * y + z * z + w * w);
      if (len === 0 || !isFinite(len)) {
        x = 0;
        y = 0;
        z = 0;
        w = 1;
      } else {
        x = x / len;
        y = y / len;
        z = z / len;
        w = w / len;
      }
    } else {
      const wa = HostMath.sin((1 - t) * theta) / sin;
      const wb = HostMath.sin(t * theta) / sin;
      x = ax * wa + bx * wb;
      y = ay * wa + by * wb;
      z = az * wa + bz * wb;
      w = aw * wa + bw * wb;
    }
    const at = j * 4;
    let dot: f64 = 0;
    dot += x * samples[at];
    dot += y * samples[at + 1];
    dot += z * samples[at + 2];
    dot += w * samples[at + 3];
    if (!(1 - Math.abs(dot) <= tolerance)) return false;
  }
  return true;
}

/**
 * Indices of the samples kept when those that interpolation between the kept neighbours reproduces within
 * `tolerance` are dropped. `samples` holds 4 numbers per tick for a rotation, 1 otherwise; kept keys are at
 * most `maxSpan` samples and `maxTicks` ticks apart.
 */
export function reduceSamples(
  ticks: Float64Array,
  samples: Float64Array,
  rotation: bool,
  tolerance: f64,
  maxSpan: i32,
  maxTicks: f64,
): i32[] {
  if (!rotation) return reduceScalars(ticks, samples, tolerance, maxSpan, maxTicks);
  const count = ticks.length;
  const kept: i32[] = [0];
  let anchor = 0;
  for (let k = 2; k < count; k++) {
    const ok =
      k - anchor <= maxSpan &&
      ticks[k] - ticks[anchor] <= maxTicks &&
      spanFits(ticks, samples, anchor, k, rotation, tolerance);
    if (!ok) {
      kept.push(k - 1);
      anchor = k - 1;
    }
  }
  if (count > 1) kept.push(count - 1);
  return kept;
}

/**
 * reduceSamples for scalars, with spanFits' answer mostly known without its loop over the span (which made the
 * reduction quadratic in the span: up to 120 samples checked per sample). The line from the anchor reproduces
 * sample j within the tolerance exactly when its slope lies in [(s_j - v - tolerance) / dt_j, (s_j - v +
 * tolerance) / dt_j] (v the anchor's value, dt_j > 0 the ticks from it), so the slopes that keep every sample of
 * the span form one interval, narrowed by one sample as the span's end advances. A slope inside the interval of
 * `tolerance - margin`, or outside that of `tolerance + margin`, gives spanFits' answer, as the margin is far
 * above the rounding of both computations (below 1e-15 of the largest magnitude); only a slope between the two
 * (or numbers that are not finite) runs spanFits itself.
 */
function reduceScalars(ticks: Float64Array, samples: Float64Array, tolerance: f64, maxSpan: i32, maxTicks: f64): i32[] {
  const count = ticks.length;
  let largest: f64 = 0;
  for (let i = 0; i < count; i++) largest = Math.max(largest, Math.abs(samples[i]));
  const margin = largest * 1e-9 + tolerance * 1e-12;
  const kept: i32[] = [0];
  let anchor = 0;
  // Samples anchor + 1 .. added are in the intervals.
  let added = 0;
  let passLo = -Infinity;
  let passHi = Infinity;
  let failLo = -Infinity;
  let failHi = Infinity;
  for (let k = 2; k < count; k++) {
    let ok = k - anchor <= maxSpan && ticks[k] - ticks[anchor] <= maxTicks;
    if (ok) {
      const t0 = ticks[anchor];
      const v = samples[anchor];
      for (let j = added + 1; j < k; j++) {
        const dt = ticks[j] - t0;
        const r = samples[j] - v;
        passLo = Math.max(passLo, (r - (tolerance - margin)) / dt);
        passHi = Math.min(passHi, (r + (tolerance - margin)) / dt);
        failLo = Math.max(failLo, (r - (tolerance + margin)) / dt);
        failHi = Math.min(failHi, (r + (tolerance + margin)) / dt);
      }
      added = k - 1;
      const slope = (samples[k] - v) / (ticks[k] - t0);
      if (!(slope >= passLo && slope <= passHi))
        ok = slope < failLo || slope > failHi ? false : spanFits(ticks, samples, anchor, k, false, tolerance);
    }
    if (!ok) {
      kept.push(k - 1);
      anchor = k - 1;
      added = anchor;
      passLo = -Infinity;
      passHi = Infinity;
      failLo = -Infinity;
      failHi = Infinity;
    }
  }
  if (count > 1) kept.push(count - 1);
  return kept;
}

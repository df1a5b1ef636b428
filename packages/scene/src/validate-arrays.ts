/*
 * The per-element checks of validateScene, each over one kind of typed array, with the array and its length in
 * locals. Inside validatePrimitive the loops ran in Sparkplug code over arrays of several kinds, where each
 * element read and each `length` (a getter on typed arrays) was an inline-cache lookup; in small functions of
 * their own, fed one kind of array, V8 optimises them early. (Math.max.apply over index chunks, to find the
 * largest index natively, cost more: Function#apply lists a typed array's elements one by one.)
 */

/**
 * Whether every value is finite. The sum of finite float32 values in float64 is finite (at most 2^32 values of
 * at most 3.5e38 each), and a NaN or an infinity among them makes it NaN or infinite; so one addition per value.
 */
export function allFinite(values: Float32Array): boolean {
  const n = values.length;
  const end4 = n - (n % 4);
  // Four sums: each loop turn does more work per check of the bound (the function is optimised early; here the
  // loop's own steps cost as much as the addition).
  let a = 0;
  let b = 0;
  let c = 0;
  let d = 0;
  for (let i = 0; i < end4; i += 4) {
    a += values[i]!;
    b += values[i + 1]!;
    c += values[i + 2]!;
    d += values[i + 3]!;
  }
  for (let i = end4; i < n; i++) a += values[i]!;
  const sum = a + b + c + d;
  return sum - sum === 0;
}

/** The first key (from 1) whose time is not above the one before it (NaN neither above nor below), or -1. */
export function firstNotIncreasing(times: Float32Array): number {
  const n = times.length;
  let previous = n > 0 ? times[0]! : 0;
  for (let t = 1; t < n; t++) {
    const time = times[t]!;
    if (!(time > previous)) return t;
    previous = time;
  }
  return -1;
}

/** The position of the first index that is `limit` or more, or -1. */
export function firstIndexAtLeast(indices: Uint16Array | Uint32Array, limit: number): number {
  const n = indices.length;
  // A Uint16Array holds nothing above 65535.
  if (indices instanceof Uint16Array && limit > 0xffff) return -1;
  for (let i = 0; i < n; i++) if (indices[i]! >= limit) return i;
  return -1;
}

/** The sum of vertex `v`'s four weights (NaN where the array ends before them). */
export function weightSum(weights: ArrayLike<number>, v: number): number {
  let sum = 0;
  for (let k = 0; k < 4; k++) sum += weights[v * 4 + k]!;
  return sum;
}

/**
 * The first of `count` vertices whose four weights do not sum to 1 (within 2e-3), or -1. A vertex whose weights
 * the array does not hold sums to NaN, which is not reported.
 */
export function firstUnnormalizedWeights(weights: ArrayLike<number>, count: number): number {
  const n = Math.min(count, Math.floor(weights.length / 4));
  for (let v = 0; v < n; v++) {
    const at = v * 4;
    const sum = weights[at]! + weights[at + 1]! + weights[at + 2]! + weights[at + 3]!;
    if (Math.abs(sum - 1) > 2e-3) return v;
  }
  return -1;
}

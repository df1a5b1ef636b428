/*
 * The per-element checks of validateScene, each over one kind of typed array, with the array and its length in
 * locals. Inside validatePrimitive the loops ran in Sparkplug code over arrays of several kinds, where each
 * element read and each `length` (a getter on typed arrays) was an inline-cache lookup; in small functions of
 * their own, fed one kind of array, V8 optimises them early. (Math.max.apply over index chunks, to find the
 * largest index natively, cost more: Function#apply lists a typed array's elements one by one.)
 */

/**
 * Whether every value is finite: none is NaN, +Infinity or -Infinity, which three searches of V8's own tell
 * (includes: C++ loops over the elements, a few instructions a value). A loop here ran cold in a process that
 * converts one model (the interpreter or Sparkplug, where each float read is a new heap number): 01_model's
 * 23,412 floats allocated about 700 KB, a scavenge's worth.
 */
export function allFinite(values: Float32Array): boolean {
  return (
    !values.includes(Number.NaN) &&
    !values.includes(Number.POSITIVE_INFINITY) &&
    !values.includes(Number.NEGATIVE_INFINITY)
  );
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

/*
 * The per-element checks of validateScene, each over one kind of typed array, with the array and its length in
 * locals. Inside validatePrimitive the loops ran in Sparkplug code over arrays of several kinds, where each
 * element read and each `length` (a getter on typed arrays) was an inline-cache lookup; in small functions of
 * their own, fed one kind of array, V8 optimises them early. The finite-value and index checks are the value
 * checks' (value-checks.ts).
 */

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

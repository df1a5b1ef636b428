/*
 * The largest magnitude among a list's finite values, as src/from-scene/quantise-objects.ts's base scale needs it
 * (over every position of a model): as JavaScript the loop ran cold in a process converting one model, where
 * each element read was a new heap number.
 */

/** The largest |v| among the finite f64 of the `length` at `values` (0 when there is none). */
export function maxAbsFiniteOf(values: usize, length: i32): f64 {
  let maxAbs: f64 = 0;
  const end = values + ((<usize>length) << 3);
  for (let p = values; p < end; p += 8) {
    const v = load<f64>(p);
    const abs = v < 0 ? -v : v;
    // A NaN compares false; abs - abs is 0 for a finite abs, NaN for an infinite one.
    if (abs > maxAbs && abs - abs === 0) maxAbs = abs;
  }
  return maxAbs;
}

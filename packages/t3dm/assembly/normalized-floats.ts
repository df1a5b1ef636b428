/*
 * A normalized integer attribute's values as floats (src/from-scene/collect-geometry.ts's floatsOf): each
 * Math.max(-1, value / divisor), here f64.max, which gives the same for these values (no NaN, no -0 among
 * them). As JavaScript the loop ran over every component of a model's normalized colours, weights and texture
 * coordinates mostly before V8 optimised it (callgrind, all threads, 55 .glb -> T3DM: 1,865.2 -> 1,856.4 M).
 */

/** Each of the `length` f64 at `values` divided by `divisor`, at least -1, in place. */
export function divideAtLeastMinusOne(values: usize, length: i32, divisor: f64): void {
  const end = values + ((<usize>length) << 3);
  for (let p = values; p < end; p += 8) store<f64>(p, max<f64>(-1, load<f64>(p) / divisor));
}

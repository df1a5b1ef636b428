/*
 * Strip command entries as the I chunk stores them (src/from-scene/emit-geometry.ts): big-endian u16, the low
 * 16 bits of each i32. As JavaScript, two byte stores per entry of every strip command written, mostly run
 * before V8 had optimised them, cost the batch of shared examples 1.7% of its instructions more (callgrind, all
 * threads, 55 .glb -> T3DM: 1,897.6 -> 1,865.2 M).
 */

/** The `count` i32 at `from` as big-endian u16 (their low 16 bits), 2 bytes each from `to`. */
export function packBigEndian16(from: usize, to: usize, count: i32): void {
  const end = from + ((<usize>count) << 2);
  for (let p = from, q = to; p < end; p += 4, q += 2) {
    const e = load<i32>(p);
    store<u8>(q, <u8>(e >> 8));
    store<u8>(q, <u8>e, 1);
  }
}

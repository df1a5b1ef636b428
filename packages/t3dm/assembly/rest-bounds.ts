/*
 * The header box's rest-pose part (src/from-scene/header-bounds.ts): each bone-bound vertex moved by its bone's
 * rest matrix as @retromodel/scene's mat4TransformPointTo computes it, operation for operation, rounded outward,
 * clamped to s16 and taken into the box, by f64.min and f64.max, which treat a NaN and -0 as Math.min and
 * Math.max do. As JavaScript the loop over every such vertex of a model ran mostly before V8 optimised it: the
 * batch of 55 shared examples spent about 1% of its instructions in it (callgrind, all threads: 1,957.0 ->
 * 1,937.5 M).
 */

/** `v` clamped to s16 as Math.max(-32768, Math.min(32767, v)). */
function clampS16(v: f64): f64 {
  return max<f64>(-32768, min<f64>(32767, v));
}

/**
 * Widens the box at `box` (min x, y, z, max x, y, z: f64) by the vertices of the `count` parts at `parts` (matrix
 * index, first vertex, vertex count: i32 each), their s16 xyz at `positions`, moved by the part's matrix (16 f64,
 * column-major, the matrix index-th at `matrices`) and rounded outward (floor into the minimum, ceil into the
 * maximum).
 */
export function widenByRestPose(box: usize, matrices: usize, parts: usize, count: i32, positions: usize): void {
  let minX = load<f64>(box);
  let minY = load<f64>(box, 8);
  let minZ = load<f64>(box, 16);
  let maxX = load<f64>(box, 24);
  let maxY = load<f64>(box, 32);
  let maxZ = load<f64>(box, 40);
  const partsEnd = parts + <usize>count * 12;
  for (let part = parts; part < partsEnd; part += 12) {
    const m = matrices + <usize>load<i32>(part) * 128;
    const m0 = load<f64>(m, 0);
    const m1 = load<f64>(m, 8);
    const m2 = load<f64>(m, 16);
    const m4 = load<f64>(m, 32);
    const m5 = load<f64>(m, 40);
    const m6 = load<f64>(m, 48);
    const m8 = load<f64>(m, 64);
    const m9 = load<f64>(m, 72);
    const m10 = load<f64>(m, 80);
    const m12 = load<f64>(m, 96);
    const m13 = load<f64>(m, 104);
    const m14 = load<f64>(m, 112);
    const first = positions + <usize>load<i32>(part, 4) * 6;
    const end = first + <usize>load<i32>(part, 8) * 6;
    for (let p = first; p < end; p += 6) {
      const x = <f64>load<i16>(p);
      const y = <f64>load<i16>(p, 2);
      const z = <f64>load<i16>(p, 4);
      const tx = m0 * x + m4 * y + m8 * z + m12;
      const ty = m1 * x + m5 * y + m9 * z + m13;
      const tz = m2 * x + m6 * y + m10 * z + m14;
      minX = min<f64>(minX, clampS16(Math.floor(tx)));
      maxX = max<f64>(maxX, clampS16(Math.ceil(tx)));
      minY = min<f64>(minY, clampS16(Math.floor(ty)));
      maxY = max<f64>(maxY, clampS16(Math.ceil(ty)));
      minZ = min<f64>(minZ, clampS16(Math.floor(tz)));
      maxZ = max<f64>(maxZ, clampS16(Math.ceil(tz)));
    }
  }
  store<f64>(box, minX);
  store<f64>(box, minY, 8);
  store<f64>(box, minZ, 16);
  store<f64>(box, maxX, 24);
  store<f64>(box, maxY, 32);
  store<f64>(box, maxZ, 40);
}

/*
 * The T3DM vertex encodings the quantiser needs (spec §5; src/codec/vertex-codec.ts is the JavaScript original,
 * which the tests compare this with): C roundf, and the 5.6.5 normal. The normal's length is V8's Math.hypot,
 * operation for operation (the largest magnitude, then a Kahan sum of the squares scaled by it), so that the
 * packed normals are the JavaScript writer's.
 */

/** C `roundf`: halves round away from zero. */
export function roundHalfAway(v: f64): f64 {
  return v < 0 ? -Math.round(-v) : Math.round(v);
}

/** V8's Math.hypot(x, y, z). */
function hypot3(x: f64, y: f64, z: f64): f64 {
  if (isNaN(x) || isNaN(y) || isNaN(z)) {
    // Infinity wins over NaN, as in V8.
    return Math.abs(x) === Infinity || Math.abs(y) === Infinity || Math.abs(z) === Infinity ? Infinity : NaN;
  }
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  let max: f64 = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (az > max) max = az;
  if (max === Infinity) return Infinity;
  if (max === 0) return 0;
  let sum: f64 = 0;
  let compensation: f64 = 0;
  let n = ax / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = ay / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = az / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  sum = preliminary;
  return Math.sqrt(sum) * max;
}

function clamp(v: f64, lo: f64, hi: f64): f64 {
  return v < lo ? lo : v > hi ? hi : v;
}

/** Packs a unit normal as tiny3d does (`t3d_vert_pack_normal`). */
export function packNormal(x: f64, y: f64, z: f64): i32 {
  const len = hypot3(x, y, z);
  if (!(len > 0) || !isFinite(len)) return 0;
  const x5 = <i32>clamp(roundHalfAway((x / len) * 15.5), -16, 15);
  const y6 = <i32>clamp(roundHalfAway((y / len) * 31.5), -32, 31);
  const z5 = <i32>clamp(roundHalfAway((z / len) * 15.5), -16, 15);
  return ((x5 & 0x1f) << 11) | ((y6 & 0x3f) << 5) | (z5 & 0x1f);
}

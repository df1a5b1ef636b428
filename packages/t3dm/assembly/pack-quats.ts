/*
 * Rotation keys as an animation stream stores them (src/from-scene/animation-from-scene.ts): each normalised as
 * @retromodel/scene's quatNormalizeTo does it and packed as src/codec/quat-codec.ts's packQuat does (spec §9.1),
 * operation for operation; JavaScript's Math.round (halves up) as floor plus one where the fraction is at least
 * a half, and a NaN component packed as 0, as `NaN << 20` makes it. As JavaScript, two calls per rotation key,
 * mostly run before V8 had optimised them, cost the batch of shared examples 1.2% of its instructions more
 * (callgrind, all threads, 55 .glb -> T3DM: 1,856.4 -> 1,834.2 M).
 */

const RANGE: f64 = Math.SQRT1_2;

/** Math.round: the nearest integer, halves towards +Infinity (exact: x - floor(x) is). */
function roundHalfUp(x: f64): f64 {
  const r = Math.floor(x);
  return x - r >= 0.5 ? r + 1 : r;
}

/** One of the three stored components as a 10-bit value (`sign` makes the omitted component positive). */
function encodeComponent(v: f64, sign: f64): u32 {
  const c = min<f64>(1023, max<f64>(0, roundHalfUp(((sign * v + RANGE) / (2 * RANGE)) * 1023)));
  return isNaN(c) ? 0 : <u32>c;
}

/** The unit quaternion (x, y, z, w) packed in 32 bits (packQuat: the first index wins ties for the largest). */
function packUnit(x: f64, y: f64, z: f64, w: f64): u32 {
  let largest: u32 = 0;
  let big = x;
  if (y * y > big * big) {
    largest = 1;
    big = y;
  }
  if (z * z > big * big) {
    largest = 2;
    big = z;
  }
  if (w * w > big * big) {
    largest = 3;
    big = w;
  }
  const sign: f64 = big >= 0 ? 1 : -1;
  let a = x;
  let b = y;
  let c = z;
  if (largest === 0) {
    a = y;
    b = z;
    c = w;
  } else if (largest === 1) {
    a = z;
    b = w;
    c = x;
  } else if (largest === 2) {
    a = w;
    b = x;
    c = y;
  }
  return (
    (largest << 30) | (encodeComponent(a, sign) << 20) | (encodeComponent(b, sign) << 10) | encodeComponent(c, sign)
  );
}

/** The `count` quaternions at `values` (x, y, z, w: f64) normalised and packed, a u32 each from `out`. */
export function packQuatList(values: usize, count: i32, out: usize): void {
  for (let k = 0; k < count; k++) {
    const at = values + ((<usize>k) << 5);
    const x = load<f64>(at);
    const y = load<f64>(at, 8);
    const z = load<f64>(at, 16);
    const w = load<f64>(at, 24);
    const len = Math.sqrt(x * x + y * y + z * z + w * w);
    const packed = len === 0 || !isFinite(len) ? packUnit(0, 0, 0, 1) : packUnit(x / len, y / len, z / len, w / len);
    store<u32>(out + ((<usize>k) << 2), packed);
  }
}

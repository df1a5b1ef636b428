/*
 * The scene's checks over every value of a list (built by scripts/build-wasm.mjs into src/value-checks-wasm.ts;
 * src/value-checks.ts copies the values into the module's memory and calls them): float attributes and accessors
 * must hold finite numbers, and a primitive's indices must name its vertices. Each tests a SIMD vector at a time,
 * four vectors a step; the step that meets a value searched for is searched again one value at a time.
 */

const EXPONENT: i32 = 0x7f800000;

/** Whether any of the four floats at `at` has all its exponent bits set. */
function anyNonFinite(at: usize, exponent: v128): bool {
  return v128.any_true(i32x4.eq(v128.and(v128.load(at), exponent), exponent));
}

/**
 * The index of the first of the `count` floats at `at` that is a NaN or an infinity, or -1: a 32-bit float is one
 * exactly when its eight exponent bits are all set (IEEE 754), so the values are tested as integers.
 */
export function firstNonFinite(at: usize, count: i32): i32 {
  const exponent = i32x4.splat(EXPONENT);
  let i = 0;
  for (; i + 16 <= count; i += 16) {
    const p = at + ((<usize>i) << 2);
    if (
      anyNonFinite(p, exponent) ||
      anyNonFinite(p + 16, exponent) ||
      anyNonFinite(p + 32, exponent) ||
      anyNonFinite(p + 48, exponent)
    )
      break;
  }
  for (; i < count; i++) if ((load<i32>(at + ((<usize>i) << 2)) & EXPONENT) === EXPONENT) return i;
  return -1;
}

/** The index of the first of the `count` u16 at `at` that is `limit` or more, or -1. */
export function firstIndexAtLeast16(at: usize, count: i32, limit: u32): i32 {
  if (limit > 0xffff) return -1;
  const bound = i16x8.splat(<i16>limit);
  let i = 0;
  for (; i + 32 <= count; i += 32) {
    const p = at + ((<usize>i) << 1);
    const low = v128.or(i16x8.ge_u(v128.load(p), bound), i16x8.ge_u(v128.load(p + 16), bound));
    const high = v128.or(i16x8.ge_u(v128.load(p + 32), bound), i16x8.ge_u(v128.load(p + 48), bound));
    if (v128.any_true(v128.or(low, high))) break;
  }
  for (; i < count; i++) if (<u32>load<u16>(at + ((<usize>i) << 1)) >= limit) return i;
  return -1;
}

/** The index of the first of the `count` u32 at `at` that is `limit` or more, or -1. */
export function firstIndexAtLeast32(at: usize, count: i32, limit: u32): i32 {
  const bound = i32x4.splat(limit);
  let i = 0;
  for (; i + 16 <= count; i += 16) {
    const p = at + ((<usize>i) << 2);
    const low = v128.or(i32x4.ge_u(v128.load(p), bound), i32x4.ge_u(v128.load(p + 16), bound));
    const high = v128.or(i32x4.ge_u(v128.load(p + 32), bound), i32x4.ge_u(v128.load(p + 48), bound));
    if (v128.any_true(v128.or(low, high))) break;
  }
  for (; i < count; i++) if (load<u32>(at + ((<usize>i) << 2)) >= limit) return i;
  return -1;
}

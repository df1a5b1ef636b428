/*
 * The glTF reader's check that float accessors hold finite numbers (built by scripts/build-wasm.mjs into
 * src/scene-build/non-finite-wasm.ts; src/scene-build/non-finite.ts copies the values into the module's memory
 * and calls it). A 32-bit float is a NaN or an infinity exactly when its eight exponent bits are all set
 * (IEEE 754), so the values are tested as integers, four to a SIMD vector and sixteen to a step.
 */

const EXPONENT: i32 = 0x7f800000;

/** Whether any of the four floats at `at` has all its exponent bits set (-O3 inlines it). */
function anyNonFinite(at: usize, exponent: v128): bool {
  return v128.any_true(i32x4.eq(v128.and(v128.load(at), exponent), exponent));
}

/** The index of the first of the `count` floats at `at` that is a NaN or an infinity, or -1. */
export function firstNonFinite(at: usize, count: i32): i32 {
  const exponent = i32x4.splat(EXPONENT);
  let i = 0;
  // Sixteen at a time while they are finite; the step that meets one is searched again one by one below.
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

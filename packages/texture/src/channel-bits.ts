/*
 * Colour channels stored with fewer than 8 bits, as 16-bit texel and endpoint encodings (RGB565, RGB5A3, the
 * S3TC endpoints) hold them.
 *
 * An n-bit channel becomes 8 bits by bit replication: the value's bits are repeated from the top until 8 bits
 * are filled (5 bits: `v << 3 | v >> 2`; 4 bits: `v · 17`; 3 bits: `v << 5 | v << 2 | v >> 1`), so 0 stays 0 and
 * the largest value becomes 255. The best n-bit code for an 8-bit value is the one whose replicated expansion
 * is nearest to it (ties go to the lower code), so every expanded value encodes back to its own code.
 *
 *   RGB565  R bits 11-15, G bits 5-10, B bits 0-4.
 */

/** Expands a 3-bit value to 8 bits. */
export function expand3(v: number): number {
  return (v << 5) | (v << 2) | (v >> 1);
}

/** Expands a 4-bit value to 8 bits. */
export function expand4(v: number): number {
  return v * 17;
}

/** Expands a 5-bit value to 8 bits. */
export function expand5(v: number): number {
  return (v << 3) | (v >> 2);
}

/** Expands a 6-bit value to 8 bits. */
export function expand6(v: number): number {
  return (v << 2) | (v >> 4);
}

/**
 * The nearest `bits`-bit code of each 8-bit value, made in one sweep: `expand` rises with the code, so a value's
 * distance to the codes falls and then rises, its nearest (lowest on a tie) is where the next code is no nearer,
 * and a larger value's nearest is never a lower code. The tables are made when the module loads, in every process
 * that reads or writes a GX or S3TC texture: comparing every code with every value took 3 ms there (interpreted,
 * before V8 optimises anything), the sweep 0.2 ms.
 */
function nearestCodes(bits: number, expand: (v: number) => number): Uint8Array {
  const table = new Uint8Array(256);
  const last = (1 << bits) - 1;
  let code = 0;
  for (let v = 0; v < 256; v++) {
    while (code < last && Math.abs(expand(code + 1) - v) < Math.abs(expand(code) - v)) code++;
    table[v] = code;
  }
  return table;
}

/** The 3-bit code nearest to each 8-bit value. */
export const quantize3 = nearestCodes(3, expand3);
/** The 4-bit code nearest to each 8-bit value. */
export const quantize4 = nearestCodes(4, expand4);
/** The 5-bit code nearest to each 8-bit value. */
export const quantize5 = nearestCodes(5, expand5);
/** The 6-bit code nearest to each 8-bit value. */
export const quantize6 = nearestCodes(6, expand6);

/** The RGB565 value nearest to an RGB colour. */
export function encodeRgb565(r: number, g: number, b: number): number {
  return (quantize5[r]! << 11) | (quantize6[g]! << 5) | quantize5[b]!;
}

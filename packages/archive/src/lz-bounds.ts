/*
 * The most output a Yaz0 or Yay0 stream of a given length can produce, so a declared decompressed size can be
 * checked before anything is allocated from it.
 *
 * Both formats code one chunk per flag bit: a literal (1 byte of output for 1 stream byte) or a back-reference
 * of 2 bytes (3…17 bytes of output) or 3 bytes (18…273 bytes of output). The 3-byte form gives the most output
 * per stream byte (273 / 3 = 91), so the worst case is flag bits announcing nothing but 3-byte references:
 * - Yaz0: one flag byte then 8 chunks. A full group is 1 + 8 × 3 = 25 bytes for 8 × 273 = 2184 bytes of output
 *   (87.36× its length); a trailing partial group of r bytes holds ⌊(r − 1) / 3⌋ references.
 * - Yay0: one 32-bit mask word per 32 chunks, links and long-length bytes in their own streams. A full unit is
 *   4 + 32 × 3 = 100 bytes for 32 × 273 = 8736 bytes of output (again 87.36×); a partial unit of r bytes holds
 *   ⌊(r − 4) / 3⌋ references.
 */

/** Longest back-reference both formats can express. */
export const MAX_MATCH = 0x111;

/** Upper bound of the output of a Yaz0 stream of `streamLength` bytes (after the 16-byte header). */
export function maxYaz0Output(streamLength: number): number {
  const groups = Math.floor(streamLength / 25);
  const rest = streamLength % 25;
  return groups * 8 * MAX_MATCH + (rest > 1 ? Math.floor((rest - 1) / 3) * MAX_MATCH : 0);
}

/** Upper bound of the output of a Yay0 body of `bodyLength` bytes (masks, links and chunks after the header). */
export function maxYay0Output(bodyLength: number): number {
  const units = Math.floor(bodyLength / 100);
  const rest = bodyLength % 100;
  return units * 32 * MAX_MATCH + (rest > 4 ? Math.floor((rest - 4) / 3) * MAX_MATCH : 0);
}

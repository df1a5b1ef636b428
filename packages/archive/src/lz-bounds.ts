/*
 * The most output a Yaz0 or Yay0 stream of a given length can produce, so a declared decompressed size can be
 * checked before anything is allocated from it.
 *
 * Both formats code one chunk per flag bit: a literal (1 stream byte, 1 output byte) or a back-reference of 2
 * bytes (up to 17 output bytes) or 3 bytes (up to 273). The 3-byte form gives the most output per stream byte.
 * - Yaz0 is one stream of groups: a flag byte then up to 8 chunks. A full group of 3-byte references is 25 bytes
 *   for 8 × 273 = 2184 output bytes (87.36× its length). A final partial group of r bytes holds k = ⌊(r − 1) / 3⌋
 *   such references, plus a 2-byte reference (17) when 2 bytes are left over or a literal (1) when 1 is. The
 *   bound is reached by a literal followed by nothing but 273-byte references at distance 1.
 * - Yay0 reads three streams from offsets in its header, which may overlap, so they are bounded one by one: each
 *   output byte comes from a literal (one chunk byte) or a link (two link-table bytes, up to 273 output bytes),
 *   so the output is at most 273 × ⌊(end − linkOffset) / 2⌋ + (end − chunkOffset).
 */

/** Longest back-reference both formats can express. */
export const MAX_MATCH = 0x111;

/** Upper bound of the output of a Yaz0 stream of `streamLength` bytes (after the 16-byte header). */
export function maxYaz0Output(streamLength: number): number {
  const groups = Math.floor(streamLength / 25);
  const rest = streamLength % 25;
  if (rest === 0) return groups * 8 * MAX_MATCH;
  const refs = Math.floor((rest - 1) / 3);
  const left = (rest - 1) % 3;
  return groups * 8 * MAX_MATCH + refs * MAX_MATCH + (left === 2 ? 17 : left);
}

/** Upper bound of the output of a Yay0 file of `end` bytes with its link table and chunk stream at these offsets. */
export function maxYay0Output(end: number, linkOffset: number, chunkOffset: number): number {
  return MAX_MATCH * Math.floor((end - linkOffset) / 2) + (end - chunkOffset);
}

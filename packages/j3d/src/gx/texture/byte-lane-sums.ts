/*
 * Sums over a run of bytes for the intensity formats' mean colours (texture-sums.ts): the bytes at even and at
 * odd offsets from the run's start (IA8: alpha and intensity; I8: both), and the high and the low nibbles of
 * every byte (I4, IA4). Why it is fast: the aligned middle of the run is read as 32-bit words, one load for four
 * bytes, and each word's bytes (or nibbles) are added in 16-bit lanes of one integer (SWAR): a byte at a time, a
 * texel cost about thirty instructions, most of them the checks of each typed-array load. A lane gains at most
 * 255 (nibbles: 30) a word, so the lanes are emptied into the totals every LANE_WORDS words, before the upper
 * lane could pass 2^31 (the integer then stays a small integer). Sums are integers, so the order is free.
 */

/** Words added in the lanes before they are emptied: 128 × 255 in the upper lane stays below 2^15. */
const LANE_WORDS = 128;

/** Runs shorter than this are summed a byte at a time (a view of the words would cost more than it saves). */
const SHORT_RUN = 64;

/** The byte at offset 0 of a word is its lowest byte (little-endian platform) or its highest. */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** Where the sums are handed back: [0] and [1] (numbers, read before the next call). */
export const laneSums = new Float64Array(2);

/** Sums the bytes of `data` from `start` to `end` at even offsets from `start` into laneSums[0], odd into [1]. */
export function evenOddByteSums(data: Uint8Array, start: number, end: number): void {
  let even = 0;
  let odd = 0;
  let at = start;
  if (end - start >= SHORT_RUN) {
    const base = data.byteOffset;
    for (; ((base + at) & 3) !== 0; at++) {
      if (((at - start) & 1) === 0) even += data[at]!;
      else odd += data[at]!;
    }
    const words = (end - at) >> 2;
    const view = new Uint32Array(data.buffer, base + at, words);
    // Lanes `low`: the word's bytes 0 and 2 (counted from its lowest bits), `high`: bytes 1 and 3.
    let low = 0;
    let high = 0;
    for (let w = 0; w < words; ) {
      const stop = Math.min(words, w + LANE_WORDS);
      let l = 0;
      let h = 0;
      // Four words a turn: the loop's own count, test and jump are paid once for four loads.
      for (; w + 4 <= stop; w += 4) {
        const v0 = view[w]!;
        const v1 = view[w + 1]!;
        const v2 = view[w + 2]!;
        const v3 = view[w + 3]!;
        l += (v0 & 0x00ff00ff) + (v1 & 0x00ff00ff) + (v2 & 0x00ff00ff) + (v3 & 0x00ff00ff);
        h +=
          ((v0 >>> 8) & 0x00ff00ff) + ((v1 >>> 8) & 0x00ff00ff) + ((v2 >>> 8) & 0x00ff00ff) + ((v3 >>> 8) & 0x00ff00ff);
      }
      for (; w < stop; w++) {
        const v = view[w]!;
        l += v & 0x00ff00ff;
        h += (v >>> 8) & 0x00ff00ff;
      }
      low += (l & 0xffff) + (l >>> 16);
      high += (h & 0xffff) + (h >>> 16);
    }
    // The word's lowest byte sits at `at` on a little-endian platform, else its highest does (offset 3 from `at`).
    const lowAtEven = LITTLE_ENDIAN === (((at - start) & 1) === 0);
    even += lowAtEven ? low : high;
    odd += lowAtEven ? high : low;
    at += words * 4;
  }
  for (; at < end; at++) {
    if (((at - start) & 1) === 0) even += data[at]!;
    else odd += data[at]!;
  }
  laneSums[0] = even;
  laneSums[1] = odd;
}

/** Sums the high nibbles of the bytes of `data` from `start` to `end` into laneSums[0], the low ones into [1]. */
export function nibbleSums(data: Uint8Array, start: number, end: number): void {
  let hi = 0;
  let lo = 0;
  let at = start;
  if (end - start >= SHORT_RUN) {
    const base = data.byteOffset;
    for (; ((base + at) & 3) !== 0; at++) {
      hi += data[at]! >> 4;
      lo += data[at]! & 0xf;
    }
    const words = (end - at) >> 2;
    const view = new Uint32Array(data.buffer, base + at, words);
    for (let w = 0; w < words; ) {
      const stop = Math.min(words, w + LANE_WORDS);
      let h = 0;
      let l = 0;
      // Two words a turn (see evenOddByteSums; each word here is twice the work).
      for (; w + 2 <= stop; w += 2) {
        const v0 = view[w]!;
        const v1 = view[w + 1]!;
        const vh0 = (v0 >>> 4) & 0x0f0f0f0f;
        const vl0 = v0 & 0x0f0f0f0f;
        const vh1 = (v1 >>> 4) & 0x0f0f0f0f;
        const vl1 = v1 & 0x0f0f0f0f;
        h += (vh0 & 0x00ff00ff) + ((vh0 >>> 8) & 0x00ff00ff) + (vh1 & 0x00ff00ff) + ((vh1 >>> 8) & 0x00ff00ff);
        l += (vl0 & 0x00ff00ff) + ((vl0 >>> 8) & 0x00ff00ff) + (vl1 & 0x00ff00ff) + ((vl1 >>> 8) & 0x00ff00ff);
      }
      for (; w < stop; w++) {
        const v = view[w]!;
        // Every byte's nibble in a byte lane, then pairs of byte lanes added into 16-bit lanes.
        const vh = (v >>> 4) & 0x0f0f0f0f;
        const vl = v & 0x0f0f0f0f;
        h += (vh & 0x00ff00ff) + ((vh >>> 8) & 0x00ff00ff);
        l += (vl & 0x00ff00ff) + ((vl >>> 8) & 0x00ff00ff);
      }
      hi += (h & 0xffff) + (h >>> 16);
      lo += (l & 0xffff) + (l >>> 16);
    }
    at += words * 4;
  }
  for (; at < end; at++) {
    hi += data[at]! >> 4;
    lo += data[at]! & 0xf;
  }
  laneSums[0] = hi;
  laneSums[1] = lo;
}

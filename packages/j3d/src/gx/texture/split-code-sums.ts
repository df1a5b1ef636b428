/*
 * The channel sums of RGB565 and RGB5A3 texels from how often each byte occurs, where WebAssembly cannot run
 * (texture-sums.ts; else simd-sums.ts). Every channel of these codes is a part read from the high byte plus a
 * part read from the low byte (spec j3d.md §11.3):
 *   RGB565: R = expand5(h >> 3); G = expand6(8·(h & 7) + (l >> 5)) = 32·(h & 7) + ((h & 7) >> 1) + 4·(l >> 5);
 *     B = expand5(l & 31).
 *   RGB5A3 with the top bit set (RGB555): R from h alone, B from l alone, and
 *     G = expand5(8·(h & 3) + (l >> 5)) = 66·(h & 3) + 8·(l >> 5) + (l >> 7).
 *   RGB5A3 with it clear (RGB4A3): A and R from h, G and B from l.
 * (expandN repeats a field's top bits below it: a sum of the field's shifts, which splits where the field does.)
 * So a level's sums are Σ count(h)·high(h) + Σ count(l, mode)·low(l, mode), where RGB5A3's mode is the high byte's
 * top bit: a texel costs two counts, where looking its code up in the 64K-entry pixel table (256 KB, read at
 * random by a texture's codes) took twice as long (eight 128×128 RGB5A3 textures of the builder's stage map:
 * 680 → 350 µs).
 * The parts are taken from the decoder's own pixel table (texel-words.ts): high(h) = the pixel of code h·256 (low
 * byte 0), low(l, mode) = the pixel of the mode's first high byte with low byte l, less that with low byte 0.
 */
import { GxPaletteFormat } from './formats.js';
import { u16Words } from './texel-words.js';

/** A format's parts: channel c of high byte h at [h·4 + c], of low byte l in mode m at [(m·256 + l)·4 + c]. */
export interface SplitParts {
  high: Int32Array;
  low: Int32Array;
  /** The high byte's bits that choose the low byte's mode (0: one mode). */
  modeBit: number;
}

const partsByFormat = new Map<GxPaletteFormat, SplitParts>();

/** The high and low byte parts of RGB565 or RGB5A3 codes (made on first use). */
export function splitParts(format: typeof GxPaletteFormat.RGB565 | typeof GxPaletteFormat.RGB5A3): SplitParts {
  let parts = partsByFormat.get(format);
  if (!parts) {
    const bytes = new Uint8Array(u16Words(format).buffer);
    const modeBit = format === GxPaletteFormat.RGB5A3 ? 0x80 : 0;
    const high = new Int32Array(256 * 4);
    const low = new Int32Array(512 * 4);
    for (let h = 0; h < 256; h++) for (let c = 0; c < 4; c++) high[h * 4 + c] = bytes[h * 256 * 4 + c]!;
    for (let mode = 0; mode < 2; mode++) {
      const first = mode ? modeBit : 0;
      for (let l = 0; l < 256; l++)
        for (let c = 0; c < 4; c++)
          low[(mode * 256 + l) * 4 + c] = bytes[(first * 256 + l) * 4 + c]! - bytes[first * 256 * 4 + c]!;
    }
    parts = { high, low, modeBit };
    partsByFormat.set(format, parts);
  }
  return parts;
}

/** How often each high byte, and each low byte by mode, occurs: reused by every call (one runs at a time). */
const highCounts = new Int32Array(256);
const lowCounts = new Int32Array(512);

/** A word's byte at offset 0 is its lowest (little-endian platform). */
const LITTLE_ENDIAN = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1;

/** The sums of R, G, B and A over the first `texels` big-endian u16 codes of `data`. */
export function splitCodeSums(data: Uint8Array, texels: number, parts: SplitParts): [number, number, number, number] {
  highCounts.fill(0);
  lowCounts.fill(0);
  const modeBit = parts.modeBit;
  const end = texels * 2;
  const base = data.byteOffset;
  let at = 0;
  if (LITTLE_ENDIAN && (base & 1) === 0) {
    // A texel before the first whole word, then two texels a word (reading the bytes one by one took a third
    // again as long), then a texel left over.
    if ((base & 2) !== 0 && end > 0) {
      countTexel(data[0]!, data[1]!, modeBit);
      at = 2;
    }
    const words = new Uint32Array(data.buffer, base + at, (end - at) >> 2);
    for (let i = 0; i < words.length; i++) {
      const w = words[i]!;
      countTexel(w & 0xff, (w >>> 8) & 0xff, modeBit);
      countTexel((w >>> 16) & 0xff, w >>> 24, modeBit);
    }
    at += words.length * 4;
  }
  for (; at < end; at += 2) countTexel(data[at]!, data[at + 1]!, modeBit);
  const sums: [number, number, number, number] = [0, 0, 0, 0];
  addCounted(sums, highCounts, parts.high);
  addCounted(sums, lowCounts, parts.low);
  return sums;
}

/** Counts a texel's bytes: the mode's bit goes to bit 8 of the low byte's count (0x80 << 1; 0 for one mode). */
function countTexel(high: number, low: number, modeBit: number): void {
  highCounts[high]!++;
  lowCounts[low | ((high & modeBit) << 1)]!++;
}

function addCounted(sums: [number, number, number, number], counts: Int32Array, part: Int32Array): void {
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let i = 0; i < counts.length; i++) {
    const n = counts[i]!;
    if (n === 0) continue;
    r += n * part[i * 4]!;
    g += n * part[i * 4 + 1]!;
    b += n * part[i * 4 + 2]!;
    a += n * part[i * 4 + 3]!;
  }
  sums[0] += r;
  sums[1] += g;
  sums[2] += b;
  sums[3] += a;
}

/*
 * BC1 (DXT1) and BC3 (DXT5) encoding from RGBA8, the mirror of decode-bc.ts. A 4×4 block (row-major from the
 * top-left; partial blocks at the right and bottom edges leave their outside pixels out of the fit) is:
 *   BC1: u16 LE c0, u16 LE c1 (RGB565), u32 LE indices (pixel i at bits 2i); the colour fit is
 *        fit-colour-block.ts with this decoder's palette rule (bcPalette), pixels with alpha below the threshold
 *        transparent (three-colour mode, index 3);
 *   BC3: an alpha block (u8 a0, u8 a1, 48 bits LE of 3-bit indices, pixel i at bits 3i) then a BC1 colour block
 *        that decoders always read in the four-colour mode, so it is fitted in that mode only.
 * The alpha block tries both of its modes: a0 > a1 (eight values between the extremes) and a0 <= a1 (six values
 * between the extremes other than 0 and 255, plus 0 and 255), each pixel taking its nearest value, and keeps the
 * one with the smaller squared error.
 */
import { alphaPalette, type BcFormat, bcByteLength, bcPalette } from './decode-bc.js';
import { fitColourBlock, type S3tcColourBlock } from './fit-colour-block.js';

const fitted: S3tcColourBlock = { c0: 0, c1: 0, indices: new Uint8Array(16) };
const alphas = new Uint8Array(16);
const palette = new Uint8Array(8);
const chosen = new Uint8Array(16);
const bestIndices = new Uint8Array(16);

/** Squared error of the pixels' alphas under end points (a0, a1); writes each pixel's index to `chosen`. */
function alphaError(a0: number, a1: number, count: number, inside: Uint8Array): number {
  alphaPalette(a0, a1, palette);
  let total = 0;
  for (let i = 0; i < count; i++) {
    if (!inside[i]) {
      chosen[i] = 0;
      continue;
    }
    let best = Number.POSITIVE_INFINITY;
    for (let k = 0; k < 8; k++) {
      const d = (palette[k]! - alphas[i]!) ** 2;
      if (d < best) {
        best = d;
        chosen[i] = k;
      }
    }
    total += best;
  }
  return total;
}

const insideMask = new Uint8Array(16);

function writeAlphaBlock(out: Uint8Array, at: number): void {
  let lo = 255;
  let hi = 0;
  let midLo = 255;
  let midHi = 0;
  for (let i = 0; i < 16; i++) {
    if (!insideMask[i]) continue;
    const a = alphas[i]!;
    lo = Math.min(lo, a);
    hi = Math.max(hi, a);
    if (a !== 0 && a !== 255) {
      midLo = Math.min(midLo, a);
      midHi = Math.max(midHi, a);
    }
  }
  if (lo > hi) [lo, hi] = [0, 0];
  if (midLo > midHi) [midLo, midHi] = [lo, lo];
  let bestError = Number.POSITIVE_INFINITY;
  let best0 = hi;
  let best1 = lo;
  for (const [a0, a1] of [
    [hi, lo],
    [midLo, midHi],
  ] as const) {
    const error = alphaError(a0, a1, 16, insideMask);
    if (error < bestError) {
      bestError = error;
      best0 = a0;
      best1 = a1;
      bestIndices.set(chosen);
    }
  }
  out[at] = best0;
  out[at + 1] = best1;
  let lo24 = 0;
  let hi24 = 0;
  for (let i = 0; i < 8; i++) lo24 |= bestIndices[i]! << (3 * i);
  for (let i = 0; i < 8; i++) hi24 |= bestIndices[8 + i]! << (3 * i);
  out[at + 2] = lo24 & 0xff;
  out[at + 3] = (lo24 >> 8) & 0xff;
  out[at + 4] = (lo24 >> 16) & 0xff;
  out[at + 5] = hi24 & 0xff;
  out[at + 6] = (hi24 >> 8) & 0xff;
  out[at + 7] = (hi24 >> 16) & 0xff;
}

function writeColourBlock(out: Uint8Array, at: number): void {
  out[at] = fitted.c0 & 0xff;
  out[at + 1] = fitted.c0 >> 8;
  out[at + 2] = fitted.c1 & 0xff;
  out[at + 3] = fitted.c1 >> 8;
  let bits = 0;
  for (let i = 15; i >= 0; i--) bits = (bits << 2) | fitted.indices[i]!;
  new DataView(out.buffer, out.byteOffset).setUint32(at + 4, bits >>> 0, true);
}

/** Options of {@link encodeBc}. */
export interface BcEncodeOptions {
  /** BC1 only: pixels whose alpha is below this are stored transparent (default 128; 0 keeps every pixel). */
  alphaThreshold?: number;
}

/** Encodes a `width`×`height` RGBA8 image (rows from the top-left) as BC1 or BC3 blocks. */
export function encodeBc(
  format: Extract<BcFormat, 'bc1' | 'bc3'>,
  rgba: Uint8Array,
  width: number,
  height: number,
  options: BcEncodeOptions = {},
): Uint8Array {
  if (rgba.length < width * height * 4)
    throw new RangeError(`a ${width}×${height} image needs ${width * height * 4} bytes`);
  const out = new Uint8Array(bcByteLength(format, width, height));
  const tile = new Uint8Array(64);
  const threshold = format === 'bc1' ? (options.alphaThreshold ?? 128) : 0;
  let at = 0;
  for (let by = 0; by < height; by += 4) {
    for (let bx = 0; bx < width; bx += 4) {
      const cols = Math.min(4, width - bx);
      const rows = Math.min(4, height - by);
      for (let i = 0; i < 16; i++) {
        const x = i & 3;
        const y = i >> 2;
        insideMask[i] = x < cols && y < rows ? 1 : 0;
        const src = insideMask[i] ? ((by + y) * width + bx + x) * 4 : 0;
        tile.set(rgba.subarray(src, src + 4), i * 4);
        alphas[i] = rgba[src + 3]!;
      }
      if (format === 'bc3') {
        writeAlphaBlock(out, at);
        at += 8;
      }
      fitColourBlock(bcPalette, tile, 0, 4, cols, rows, threshold, fitted, format === 'bc3');
      writeColourBlock(out, at);
      at += 8;
    }
  }
  return out;
}

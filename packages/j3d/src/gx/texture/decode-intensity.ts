/*
 * Block decoders for the intensity formats (spec j3d.md §11.3); IA8 is a 16-bit format, in decode-direct-color.
 *
 *   I4   8×8 block, 4 bits a pixel, high nibble first; I = n · 17.
 *   I8   8×4 block, one byte a pixel.
 *   IA4  8×4 block, one byte a pixel: alpha in the high nibble, intensity in the low nibble, each · 17.
 *   IA8  4×4 block, two bytes a pixel: alpha, then intensity.
 *
 * I4 and I8 have no alpha of their own: the GX texture unit hands the intensity to both the colour and the
 * alpha inputs of the TEV, so the decoded pixel is (I, I, I, I). (noclip decodes them the same way; a decoder
 * writing alpha 255 differs from both.) The pixels come from the tables in texel-words.ts.
 */
import type { BlockDecoder } from './block-decoder.js';
import { i4Words, i8Words, ia4Words } from './texel-words.js';

/** I4: 64 pixels from 32 bytes (4 a row), high nibble first. */
export const decodeI4Block: BlockDecoder = (data, src, out, dst, stride, cols, rows) => {
  for (let y = 0; y < rows; y++) {
    const s = src + y * 4;
    const d = dst + y * stride;
    for (let x = 0; x < cols; x++) {
      const b = data[s + (x >> 1)]!;
      out[d + x] = i4Words[x & 1 ? b & 0xf : b >> 4]!;
    }
  }
};

/** An 8×4 block of one byte a pixel, each looked up in `words`. */
function decodeByteBlock(
  words: Uint32Array,
  data: Uint8Array,
  src: number,
  out: Uint32Array,
  dst: number,
  stride: number,
  cols: number,
  rows: number,
): void {
  for (let y = 0; y < rows; y++) {
    const s = src + y * 8;
    const d = dst + y * stride;
    for (let x = 0; x < cols; x++) out[d + x] = words[data[s + x]!]!;
  }
}

/** I8: 32 pixels, one byte each. */
export const decodeI8Block: BlockDecoder = (data, src, out, dst, stride, cols, rows) =>
  decodeByteBlock(i8Words, data, src, out, dst, stride, cols, rows);

/** IA4: 32 pixels, alpha nibble high, intensity nibble low. */
export const decodeIa4Block: BlockDecoder = (data, src, out, dst, stride, cols, rows) =>
  decodeByteBlock(ia4Words, data, src, out, dst, stride, cols, rows);

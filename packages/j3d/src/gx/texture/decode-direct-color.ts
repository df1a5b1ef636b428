/*
 * Block decoders for the direct-colour formats (spec j3d.md §11.3).
 *
 *   RGB565  4×4 block, big-endian u16 a pixel (see colors.ts).
 *   RGB5A3  4×4 block, big-endian u16 a pixel (see colors.ts).
 *   RGBA8   4×4 block of 64 bytes: first 32 bytes hold (A, R) pairs for the 16 pixels in order, the next 32
 *           bytes hold their (G, B) pairs.
 */
import type { BlockDecoder } from './block-decoder.js';
import { GxPaletteFormat } from './formats.js';
import { u16Words } from './texel-words.js';

/** A 4×4 block of big-endian u16 texels (8 bytes a row), each looked up in `words`. */
function decodeU16Block(
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
    for (let x = 0; x < cols; x++) out[d + x] = words[(data[s + x * 2]! << 8) | data[s + x * 2 + 1]!]!;
  }
}

/** RGB565: 16 pixels. */
export const decodeRgb565Block: BlockDecoder = (data, src, out, dst, stride, cols, rows) =>
  decodeU16Block(u16Words(GxPaletteFormat.RGB565), data, src, out, dst, stride, cols, rows);

/** RGB5A3: 16 pixels. */
export const decodeRgb5a3Block: BlockDecoder = (data, src, out, dst, stride, cols, rows) =>
  decodeU16Block(u16Words(GxPaletteFormat.RGB5A3), data, src, out, dst, stride, cols, rows);

/** IA8: 16 pixels, alpha byte then intensity byte (the IA8 palette entry format). */
export const decodeIa8Block: BlockDecoder = (data, src, out, dst, stride, cols, rows) =>
  decodeU16Block(u16Words(GxPaletteFormat.IA8), data, src, out, dst, stride, cols, rows);

/** Whether a word's first byte in memory is its low one (then a pixel word is R | G << 8 | B << 16 | A << 24). */
const littleEndian = new Uint8Array(new Uint32Array([1]).buffer)[0] === 1;

/** RGBA8: 16 pixels from an AR half and a GB half. */
export const decodeRgba8Block: BlockDecoder = (data, src, out, dst, stride, cols, rows) => {
  for (let y = 0; y < rows; y++) {
    for (let x = 0; x < cols; x++) {
      const ar = src + (y * 4 + x) * 2;
      const a = data[ar]!;
      const r = data[ar + 1]!;
      const g = data[ar + 32]!;
      const b = data[ar + 33]!;
      out[dst + y * stride + x] = littleEndian
        ? r | (g << 8) | (b << 16) | (a << 24)
        : (r << 24) | (g << 16) | (b << 8) | a;
    }
  }
};

/*
 * Block decoders for the colour-indexed formats (spec j3d.md §11.3); colours come from the palette (palette.ts),
 * which the caller pads with transparent black (0) up to every index the format can name, so an index past the
 * stored entries gives transparent black.
 *
 *   C4     8×8 block, 4-bit index a pixel, high nibble first.
 *   C8     8×4 block, 8-bit index a pixel.
 *   C14X2  4×4 block, big-endian u16 a pixel whose low 14 bits are the index (the top 2 bits are ignored).
 */
import type { BlockDecoder } from './block-decoder.js';

/** C4: 64 indices from 32 bytes (4 a row), high nibble first. */
export const decodeC4Block: BlockDecoder = (data, src, out, dst, stride, cols, rows, palette32) => {
  for (let y = 0; y < rows; y++) {
    const s = src + y * 4;
    const d = dst + y * stride;
    for (let x = 0; x < cols; x++) {
      const b = data[s + (x >> 1)]!;
      out[d + x] = palette32[x & 1 ? b & 0xf : b >> 4]!;
    }
  }
};

/** C8: 32 indices, one byte each. */
export const decodeC8Block: BlockDecoder = (data, src, out, dst, stride, cols, rows, palette32) => {
  for (let y = 0; y < rows; y++) {
    const s = src + y * 8;
    const d = dst + y * stride;
    for (let x = 0; x < cols; x++) out[d + x] = palette32[data[s + x]!]!;
  }
};

/** C14X2: 16 indices, low 14 bits of a big-endian u16 each. */
export const decodeC14x2Block: BlockDecoder = (data, src, out, dst, stride, cols, rows, palette32) => {
  for (let y = 0; y < rows; y++) {
    const s = src + y * 8;
    const d = dst + y * stride;
    for (let x = 0; x < cols; x++) out[d + x] = palette32[((data[s + x * 2]! << 8) | data[s + x * 2 + 1]!) & 0x3fff]!;
  }
};

/*
 * Block encoders for the colour-indexed formats, the mirror of decode-indexed.ts (spec j3d.md §11.3). The tile
 * holds palette indices (one a word of `tile32`), chosen beforehand by the palette quantiser.
 *
 *   C4     8×8 block, 4-bit index a pixel, high nibble first.
 *   C8     8×4 block, 8-bit index a pixel.
 *   C14X2  4×4 block, big-endian u16 a pixel: the index in the low 14 bits, the top 2 bits 0.
 */
import type { BlockEncoder } from './block-encoder.js';

/** C4: 64 indices into 32 bytes, high nibble first. */
export const encodeC4Block: BlockEncoder = (_tile, tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 32; k++) out[dst + k] = (tile32[k * 2]! << 4) | tile32[k * 2 + 1]!;
};

/** C8: 32 indices, one byte each. */
export const encodeC8Block: BlockEncoder = (_tile, tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 32; k++) out[dst + k] = tile32[k]!;
};

/** C14X2: 16 indices, big-endian u16 each. */
export const encodeC14x2Block: BlockEncoder = (_tile, tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 16; k++) {
    out[dst + k * 2] = tile32[k]! >> 8;
    out[dst + k * 2 + 1] = tile32[k]! & 0xff;
  }
};

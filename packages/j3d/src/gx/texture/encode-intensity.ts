/*
 * Block encoders for the intensity formats, the mirror of decode-intensity.ts (spec j3d.md §11.3).
 *
 *   I4   8×8 block, 4 bits a pixel, high nibble first.
 *   I8   8×4 block, one byte a pixel.
 *   IA4  8×4 block, one byte a pixel: alpha in the high nibble, intensity in the low nibble.
 *   IA8  4×4 block, two bytes a pixel: alpha, then intensity.
 *
 * The intensity is the luma of the pixel's R, G, B (encode-colors.ts), the nearest 4-bit code for I4/IA4.
 * I4 and I8 store no alpha (they decode to alpha = intensity), so the pixel's alpha is dropped.
 */

import { quantize4 } from '@retromodel/texture';
import type { BlockEncoder } from './block-encoder.js';
import { luma } from './encode-colors.js';

function intensityAt(tile: Uint8Array, pixel: number): number {
  const at = pixel * 4;
  return luma(tile[at]!, tile[at + 1]!, tile[at + 2]!);
}

/** I4: 64 pixels into 32 bytes, high nibble first. */
export const encodeI4Block: BlockEncoder = (tile, _tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 32; k++) {
    out[dst + k] = (quantize4[intensityAt(tile, k * 2)]! << 4) | quantize4[intensityAt(tile, k * 2 + 1)]!;
  }
};

/** I8: 32 pixels, one byte each. */
export const encodeI8Block: BlockEncoder = (tile, _tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 32; k++) out[dst + k] = intensityAt(tile, k);
};

/** IA4: 32 pixels, alpha nibble high, intensity nibble low. */
export const encodeIa4Block: BlockEncoder = (tile, _tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 32; k++) out[dst + k] = (quantize4[tile[k * 4 + 3]!]! << 4) | quantize4[intensityAt(tile, k)]!;
};

/** IA8: 16 pixels, alpha byte then intensity byte. */
export const encodeIa8Block: BlockEncoder = (tile, _tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 16; k++) {
    out[dst + k * 2] = tile[k * 4 + 3]!;
    out[dst + k * 2 + 1] = intensityAt(tile, k);
  }
};

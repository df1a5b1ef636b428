/*
 * Block encoders for the direct-colour formats, the mirror of decode-direct-color.ts (spec j3d.md §11.3).
 *
 *   RGB565  4×4 block, big-endian u16 a pixel (see encode-colors.ts; alpha dropped).
 *   RGB5A3  4×4 block, big-endian u16 a pixel, opaque or translucent mode chosen per pixel (encode-colors.ts).
 *   RGBA8   4×4 block of 64 bytes: first 32 bytes hold (A, R) pairs for the 16 pixels in order, the next 32
 *           bytes hold their (G, B) pairs.
 */

import { encodeRgb565 } from '@retromodel/texture';
import type { BlockEncoder } from './block-encoder.js';
import { encodeRgb5a3 } from './encode-colors.js';

function writeU16(out: Uint8Array, at: number, v: number): void {
  out[at] = v >> 8;
  out[at + 1] = v & 0xff;
}

/** RGB565: 16 pixels. */
export const encodeRgb565Block: BlockEncoder = (tile, _tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 16; k++)
    writeU16(out, dst + k * 2, encodeRgb565(tile[k * 4]!, tile[k * 4 + 1]!, tile[k * 4 + 2]!));
};

/** RGB5A3: 16 pixels. */
export const encodeRgb5a3Block: BlockEncoder = (tile, _tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 16; k++) {
    writeU16(out, dst + k * 2, encodeRgb5a3(tile[k * 4]!, tile[k * 4 + 1]!, tile[k * 4 + 2]!, tile[k * 4 + 3]!));
  }
};

/** RGBA8: 16 pixels into an AR half and a GB half. */
export const encodeRgba8Block: BlockEncoder = (tile, _tile32, _cols, _rows, out, dst) => {
  for (let k = 0; k < 16; k++) {
    const ar = dst + k * 2;
    const gb = dst + 32 + k * 2;
    out[ar] = tile[k * 4 + 3]!;
    out[ar + 1] = tile[k * 4]!;
    out[gb] = tile[k * 4 + 1]!;
    out[gb + 1] = tile[k * 4 + 2]!;
  }
};

/*
 * Block decoders for the direct-colour formats (spec j3d.md §11.3).
 *
 *   RGB565  4×4 block, big-endian u16 a pixel (see colors.ts).
 *   RGB5A3  4×4 block, big-endian u16 a pixel (see colors.ts).
 *   RGBA8   4×4 block of 64 bytes: first 32 bytes hold (A, R) pairs for the 16 pixels in order, the next 32
 *           bytes hold their (G, B) pairs.
 */
import type { BlockDecoder } from './block-decoder.js';
import { writeRgb5a3, writeRgb565 } from './colors.js';

/** RGB565: 16 pixels. */
export const decodeRgb565Block: BlockDecoder = (data, src, tile) => {
  for (let k = 0; k < 16; k++) writeRgb565(tile, k * 4, (data[src + k * 2]! << 8) | data[src + k * 2 + 1]!);
};

/** RGB5A3: 16 pixels. */
export const decodeRgb5a3Block: BlockDecoder = (data, src, tile) => {
  for (let k = 0; k < 16; k++) writeRgb5a3(tile, k * 4, (data[src + k * 2]! << 8) | data[src + k * 2 + 1]!);
};

/** RGBA8: 16 pixels from an AR half and a GB half. */
export const decodeRgba8Block: BlockDecoder = (data, src, tile) => {
  for (let k = 0; k < 16; k++) {
    const ar = src + k * 2;
    const gb = src + 32 + k * 2;
    tile[k * 4] = data[ar + 1]!;
    tile[k * 4 + 1] = data[gb]!;
    tile[k * 4 + 2] = data[gb + 1]!;
    tile[k * 4 + 3] = data[ar]!;
  }
};

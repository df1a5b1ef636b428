/*
 * Block decoders for the intensity formats (spec j3d.md §11.3).
 *
 *   I4   8×8 block, 4 bits a pixel, high nibble first; I = n · 17.
 *   I8   8×4 block, one byte a pixel.
 *   IA4  8×4 block, one byte a pixel: alpha in the high nibble, intensity in the low nibble, each · 17.
 *   IA8  4×4 block, two bytes a pixel: alpha, then intensity.
 *
 * I4 and I8 have no alpha of their own: the GX texture unit hands the intensity to both the colour and the
 * alpha inputs of the TEV, so the decoded pixel is (I, I, I, I). (noclip decodes them the same way; a decoder
 * writing alpha 255 differs from both.)
 */
import type { BlockDecoder } from './block-decoder.js';

function writeGray(tile: Uint8Array, at: number, i: number, a: number): void {
  tile[at] = i;
  tile[at + 1] = i;
  tile[at + 2] = i;
  tile[at + 3] = a;
}

/** I4: 64 pixels from 32 bytes, high nibble first. */
export const decodeI4Block: BlockDecoder = (data, src, tile) => {
  for (let k = 0; k < 32; k++) {
    const b = data[src + k]!;
    const hi = (b >> 4) * 17;
    const lo = (b & 0xf) * 17;
    writeGray(tile, k * 8, hi, hi);
    writeGray(tile, k * 8 + 4, lo, lo);
  }
};

/** I8: 32 pixels, one byte each. */
export const decodeI8Block: BlockDecoder = (data, src, tile) => {
  for (let k = 0; k < 32; k++) {
    const i = data[src + k]!;
    writeGray(tile, k * 4, i, i);
  }
};

/** IA4: 32 pixels, alpha nibble high, intensity nibble low. */
export const decodeIa4Block: BlockDecoder = (data, src, tile) => {
  for (let k = 0; k < 32; k++) {
    const b = data[src + k]!;
    writeGray(tile, k * 4, (b & 0xf) * 17, (b >> 4) * 17);
  }
};

/** IA8: 16 pixels, alpha byte then intensity byte. */
export const decodeIa8Block: BlockDecoder = (data, src, tile) => {
  for (let k = 0; k < 16; k++) writeGray(tile, k * 4, data[src + k * 2 + 1]!, data[src + k * 2]!);
};

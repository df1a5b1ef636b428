/*
 * Block decoders for the colour-indexed formats (spec j3d.md §11.3); colours come from the palette (palette.ts).
 *
 *   C4     8×8 block, 4-bit index a pixel, high nibble first.
 *   C8     8×4 block, 8-bit index a pixel.
 *   C14X2  4×4 block, big-endian u16 a pixel whose low 14 bits are the index (the top 2 bits are ignored).
 */
import type { BlockDecoder } from './block-decoder.js';

/** The palette entry for `index`, or transparent black (0) when the palette has no such entry. */
function entry(palette32: Uint32Array, index: number): number {
  return index < palette32.length ? palette32[index]! : 0;
}

/** C4: 64 indices from 32 bytes, high nibble first. */
export const decodeC4Block: BlockDecoder = (data, src, _tile, tile32, palette32) => {
  for (let k = 0; k < 32; k++) {
    const b = data[src + k]!;
    tile32[k * 2] = entry(palette32, b >> 4);
    tile32[k * 2 + 1] = entry(palette32, b & 0xf);
  }
};

/** C8: 32 indices, one byte each. */
export const decodeC8Block: BlockDecoder = (data, src, _tile, tile32, palette32) => {
  for (let k = 0; k < 32; k++) tile32[k] = entry(palette32, data[src + k]!);
};

/** C14X2: 16 indices, low 14 bits of a big-endian u16 each. */
export const decodeC14x2Block: BlockDecoder = (data, src, _tile, tile32, palette32) => {
  for (let k = 0; k < 16; k++)
    tile32[k] = entry(palette32, ((data[src + k * 2]! << 8) | data[src + k * 2 + 1]!) & 0x3fff);
};

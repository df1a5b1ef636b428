/*
 * Block decoders for the colour-indexed formats (spec j3d.md §11.3); colours come from the palette (palette.ts).
 *
 *   C4     8×8 block, 4-bit index a pixel, high nibble first.
 *   C8     8×4 block, 8-bit index a pixel.
 *   C14X2  4×4 block, big-endian u16 a pixel whose low 14 bits are the index (the top 2 bits are ignored).
 */
import type { BlockDecoder } from './block-decoder.js';
import { writePaletteEntry } from './palette.js';

/** C4: 64 indices from 32 bytes, high nibble first. */
export const decodeC4Block: BlockDecoder = (data, src, tile, palette) => {
  for (let k = 0; k < 32; k++) {
    const b = data[src + k]!;
    writePaletteEntry(palette, b >> 4, tile, k * 8);
    writePaletteEntry(palette, b & 0xf, tile, k * 8 + 4);
  }
};

/** C8: 32 indices, one byte each. */
export const decodeC8Block: BlockDecoder = (data, src, tile, palette) => {
  for (let k = 0; k < 32; k++) writePaletteEntry(palette, data[src + k]!, tile, k * 4);
};

/** C14X2: 16 indices, low 14 bits of a big-endian u16 each. */
export const decodeC14x2Block: BlockDecoder = (data, src, tile, palette) => {
  for (let k = 0; k < 16; k++) {
    writePaletteEntry(palette, ((data[src + k * 2]! << 8) | data[src + k * 2 + 1]!) & 0x3fff, tile, k * 4);
  }
};

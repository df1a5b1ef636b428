/*
 * CMPR block encoder, the mirror of decode-cmpr.ts (spec j3d.md §11.3).
 *
 * An 8×8 block is four 4×4 sub-blocks of 8 bytes (upper-left, upper-right, lower-left, lower-right): big-endian
 * u16 c0, c1 (RGB565), then one byte of 2-bit indices a row, the leftmost pixel in the top bits. The decoder
 * compares the raw u16s: c0 > c1 gives four opaque colours (c0, c1, (5·c0 + 3·c1) >> 3, (3·c0 + 5·c1) >> 3 per
 * 8-bit channel, each channel widened by bit replication); c0 <= c1 gives c0, c1, their average (a + b) >> 1,
 * and index 3 transparent. Each sub-block is an S3TC colour block fitted for that palette rule by
 * @retromodel/texture's fitColourBlock (pixels outside the picture take no part).
 */
import { expand5, expand6, fitColourBlock, type S3tcColourBlock, type S3tcPalette } from '@retromodel/texture';
import type { BlockEncoder } from './block-encoder.js';

/** The GX decoder's palette rule for CMPR sub-blocks (decode-cmpr.ts). */
export const gxCmprPalette: S3tcPalette = {
  widen5: Uint8Array.from({ length: 32 }, (_, v) => expand5(v)),
  widen6: Uint8Array.from({ length: 64 }, (_, v) => expand6(v)),
  blend4: (a, b) => (5 * a + 3 * b) >> 3,
  blend3: (a, b) => (a + b) >> 1,
  share4: 5 / 8,
};

const fitted: S3tcColourBlock = { c0: 0, c1: 0, indices: new Uint8Array(16) };

function writeSubBlock(out: Uint8Array, at: number): void {
  out[at] = fitted.c0 >> 8;
  out[at + 1] = fitted.c0 & 0xff;
  out[at + 2] = fitted.c1 >> 8;
  out[at + 3] = fitted.c1 & 0xff;
  for (let row = 0; row < 4; row++) {
    let byte = 0;
    for (let col = 0; col < 4; col++) byte = (byte << 2) | fitted.indices[row * 4 + col]!;
    out[at + 4 + row] = byte;
  }
}

/**
 * A CMPR block encoder whose sub-blocks store pixels with alpha below `alphaThreshold` as transparent (the
 * 3-colour mode's index 3) and fit the others.
 */
export function cmprBlockEncoder(alphaThreshold: number): BlockEncoder {
  return (tile, _tile32, cols, rows, out, dst) => {
    for (let sub = 0; sub < 4; sub++) {
      const x0 = (sub & 1) * 4;
      const y0 = (sub >> 1) * 4;
      fitColourBlock(gxCmprPalette, tile, (y0 * 8 + x0) * 4, 8, cols - x0, rows - y0, alphaThreshold, fitted);
      writeSubBlock(out, dst + sub * 8);
    }
  };
}

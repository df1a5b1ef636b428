/*
 * CMPR: the GX variant of S3TC/DXT1 (spec j3d.md §11.3).
 *
 * An 8×8 block is four 4×4 sub-blocks of 8 bytes, in the order upper-left, upper-right, lower-left, lower-right.
 * A sub-block is: big-endian u16 c0, big-endian u16 c1 (both RGB565), then 4 bytes of 2-bit colour indices, one
 * byte per row, the leftmost pixel in the two most significant bits.
 *
 * The 4-colour table is built from c0 and c1 expanded to 8 bits a channel, comparing the raw u16 values:
 *   c0 >  c1: c2 = (5·c0 + 3·c1) >> 3, c3 = (3·c0 + 5·c1) >> 3 per channel, all opaque
 *             (GX blends 3/8–5/8, not DXT1's 1/3–2/3);
 *   c0 <= c1: c2 = (c0 + c1) >> 1 per channel, opaque; c3 = the same RGB as c2 with alpha 0.
 * For c3 in the second mode decoders differ: some give transparent black. This one keeps c2's colour under
 * alpha 0 (as noclip does), which also keeps filtered edges of cut-out textures from darkening.
 */

import { expand5, expand6 } from '@retromodel/texture';
import type { BlockDecoder } from './block-decoder.js';

// The 4-colour table: 4 RGBA8 pixels, written as bytes, read as words.
const table = new Uint8Array(16);
const table32 = new Uint32Array(table.buffer);

function setEntry(entry: number, r: number, g: number, b: number, a: number): void {
  table[entry * 4] = r;
  table[entry * 4 + 1] = g;
  table[entry * 4 + 2] = b;
  table[entry * 4 + 3] = a;
}

function fillColorTable(c0: number, c1: number): void {
  const r0 = expand5(c0 >> 11);
  const g0 = expand6((c0 >> 5) & 0x3f);
  const b0 = expand5(c0 & 0x1f);
  const r1 = expand5(c1 >> 11);
  const g1 = expand6((c1 >> 5) & 0x3f);
  const b1 = expand5(c1 & 0x1f);
  setEntry(0, r0, g0, b0, 255);
  setEntry(1, r1, g1, b1, 255);
  if (c0 > c1) {
    setEntry(2, (5 * r0 + 3 * r1) >> 3, (5 * g0 + 3 * g1) >> 3, (5 * b0 + 3 * b1) >> 3, 255);
    setEntry(3, (3 * r0 + 5 * r1) >> 3, (3 * g0 + 5 * g1) >> 3, (3 * b0 + 5 * b1) >> 3, 255);
  } else {
    const r = (r0 + r1) >> 1;
    const g = (g0 + g1) >> 1;
    const b = (b0 + b1) >> 1;
    setEntry(2, r, g, b, 255);
    setEntry(3, r, g, b, 0);
  }
}

/** CMPR: one 8×8 block from four 8-byte sub-blocks (the parts inside the picture). */
export const decodeCmprBlock: BlockDecoder = (data, src, out, dst, stride, cols, rows) => {
  for (let sub = 0; sub < 4; sub++) {
    const x0 = (sub & 1) * 4;
    const y0 = (sub >> 1) * 4;
    const subCols = Math.min(4, cols - x0);
    const subRows = Math.min(4, rows - y0);
    if (subCols <= 0 || subRows <= 0) continue;
    const at = src + sub * 8;
    fillColorTable((data[at]! << 8) | data[at + 1]!, (data[at + 2]! << 8) | data[at + 3]!);
    for (let row = 0; row < subRows; row++) {
      const bits = data[at + 4 + row]!;
      const d = dst + (y0 + row) * stride + x0;
      for (let col = 0; col < subCols; col++) out[d + col] = table32[(bits >> (6 - col * 2)) & 3]!;
    }
  }
};

/*
 * A naive CMPR encoder, the baseline the CMPR tests and the gx-encode bench measure the real encoder against,
 * written from the spec's CMPR rules (j3d.md §11.3) through gx-encode.ts: per 4×4 sub-block, the corners of the
 * bounding box of the opaque pixels' colours (alpha >= 128), rounded to RGB565, are the endpoints (c0 > c1 for
 * the 4-colour mode; c0 <= c1, the 3-colour mode, when the sub-block has transparent pixels, which take index 3),
 * and each opaque pixel takes its nearest colour.
 */
import { type CmprSubBlock, cmprColor, tileCmpr } from './gx-spec-encode.js';

/** The naive baseline: bounding-box corners as endpoints, each pixel its nearest colour. */
export function naiveCmpr(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const to565 = (c: number[]) =>
    Math.round((c[0]! * 31) / 255) * 2048 + Math.round((c[1]! * 63) / 255) * 32 + Math.round((c[2]! * 31) / 255);
  return tileCmpr(width, height, (sx, sy): CmprSubBlock => {
    const lo = [255, 255, 255];
    const hi = [0, 0, 0];
    let opaque = 0;
    let transparent = false;
    const pixelAt = (k: number) => {
      const [x, y] = [sx * 4 + (k % 4), sy * 4 + Math.floor(k / 4)];
      return x < width && y < height ? (y * width + x) * 4 : -1;
    };
    for (let k = 0; k < 16; k++) {
      const at = pixelAt(k);
      if (at < 0) continue;
      if (rgba[at + 3]! < 128) {
        transparent = true;
        continue;
      }
      opaque++;
      for (let c = 0; c < 3; c++) {
        lo[c] = Math.min(lo[c]!, rgba[at + c]!);
        hi[c] = Math.max(hi[c]!, rgba[at + c]!);
      }
    }
    if (opaque === 0) return { c0: 0, c1: 0, indices: new Array(16).fill(transparent ? 3 : 0) };
    const [a, b] = [to565(hi), to565(lo)];
    const sub: CmprSubBlock = transparent
      ? { c0: Math.min(a, b), c1: Math.max(a, b), indices: [] }
      : { c0: Math.max(a, b), c1: Math.min(a, b), indices: [] };
    const colours = (sub.c0 > sub.c1 ? [0, 1, 2, 3] : [0, 1, 2]).map((i) => cmprColor(sub, i));
    sub.indices = Array.from({ length: 16 }, (_, k) => {
      const at = pixelAt(k);
      if (at < 0) return 0;
      if (rgba[at + 3]! < 128) return 3;
      let best = 0;
      let bestDistance = Number.POSITIVE_INFINITY;
      colours.forEach((colour, i) => {
        const d = (colour[0] - rgba[at]!) ** 2 + (colour[1] - rgba[at + 1]!) ** 2 + (colour[2] - rgba[at + 2]!) ** 2;
        if (d < bestDistance) [best, bestDistance] = [i, d];
      });
      return best;
    });
    return sub;
  });
}

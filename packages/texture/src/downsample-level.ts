/*
 * Mip level generation for the encoder: the next level of a GX mip chain is max(1, w / 2) × max(1, h / 2)
 * (integer division; spec j3d.md §11.3). Each of its pixels is the mean of the 2×2 pixels it covers (a source
 * of width or height 1 repeats its one column or row; an odd last column or row is dropped, as the halved size
 * leaves no room for it). Colours are averaged weighted by alpha, so fully transparent pixels do not bleed
 * their (invisible) colour into the visible ones; alpha is the plain mean. Means are rounded to nearest.
 */

/** The next mip level of an RGBA8 image of `width × height` pixels. */
export function downsampleLevel(rgba: Uint8Array, width: number, height: number): Uint8Array {
  const w = Math.max(1, width >> 1);
  const h = Math.max(1, height >> 1);
  const out = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) {
    const y0 = Math.min(2 * y, height - 1);
    const y1 = Math.min(2 * y + 1, height - 1);
    for (let x = 0; x < w; x++) {
      const x0 = Math.min(2 * x, width - 1);
      const x1 = Math.min(2 * x + 1, width - 1);
      const at = [(y0 * width + x0) * 4, (y0 * width + x1) * 4, (y1 * width + x0) * 4, (y1 * width + x1) * 4];
      let alpha = 0;
      for (const p of at) alpha += rgba[p + 3]!;
      const to = (y * w + x) * 4;
      for (let c = 0; c < 3; c++) {
        let sum = 0;
        for (const p of at) sum += alpha > 0 ? rgba[p + c]! * rgba[p + 3]! : rgba[p + c]!;
        out[to + c] = Math.round(sum / (alpha > 0 ? alpha : 4));
      }
      out[to + 3] = Math.round(alpha / 4);
    }
  }
  return out;
}

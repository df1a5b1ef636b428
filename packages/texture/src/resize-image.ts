/*
 * Shrinking an RGBA8 image (rows from the top-left) to a smaller size by area averaging: each target pixel is
 * the mean of the source pixels its footprint covers (a source pixel on a footprint's edge counts once, for the
 * footprint its left/top edge falls in), colours weighted by alpha so transparent pixels do not bleed their
 * colour, alpha the plain mean, rounded to nearest.
 */

/** The image shrunk to `width` × `height` (each at most the source's and at least 1). */
export function shrinkImage(
  rgba: Uint8Array,
  srcWidth: number,
  srcHeight: number,
  width: number,
  height: number,
): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const y0 = Math.floor((y * srcHeight) / height);
    const y1 = Math.max(y0 + 1, Math.floor(((y + 1) * srcHeight) / height));
    for (let x = 0; x < width; x++) {
      const x0 = Math.floor((x * srcWidth) / width);
      const x1 = Math.max(x0 + 1, Math.floor(((x + 1) * srcWidth) / width));
      let alpha = 0;
      let count = 0;
      const sum = [0, 0, 0];
      const plain = [0, 0, 0];
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const p = (sy * srcWidth + sx) * 4;
          const a = rgba[p + 3]!;
          for (let c = 0; c < 3; c++) {
            sum[c] = sum[c]! + rgba[p + c]! * a;
            plain[c] = plain[c]! + rgba[p + c]!;
          }
          alpha += a;
          count++;
        }
      }
      const o = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) out[o + c] = Math.round(alpha > 0 ? sum[c]! / alpha : plain[c]! / count);
      out[o + 3] = Math.round(alpha / count);
    }
  }
  return out;
}

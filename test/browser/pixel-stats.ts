/*
 * Pixel statistics for the render checks, robust to small renderer differences: masks of pixels (drawn over
 * the background, or changed between two renders of the same framing) and the colour of a mask as a
 * saturation-weighted circular mean hue (HSV hue in degrees, 0 red, 60 yellow, 120 green, 240 blue).
 */
import type { Render } from './model-renderer.js';

/** One flag per pixel. */
export type Mask = Uint8Array;

/** HSV hue (degrees, 0..360) and saturation (0..1) of an sRGB colour (0..255). */
export function hueOf(r: number, g: number, b: number): { hue: number; saturation: number } {
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const chroma = max - min;
  if (chroma === 0) return { hue: 0, saturation: 0 };
  let hue: number;
  if (max === r) hue = ((g - b) / chroma) * 60;
  else if (max === g) hue = ((b - r) / chroma) * 60 + 120;
  else hue = ((r - g) / chroma) * 60 + 240;
  return { hue: (hue + 360) % 360, saturation: chroma / max };
}

/** The smallest angle between two hues, in degrees. */
export function hueDistance(a: number, b: number): number {
  const d = Math.abs(a - b) % 360;
  return Math.min(d, 360 - d);
}

/** Pixels whose colour is not exactly `background` (0xRRGGBB). */
export function drawnMask(image: Render, background: number): Mask {
  const rgb = [(background >> 16) & 0xff, (background >> 8) & 0xff, background & 0xff];
  const mask = new Uint8Array(image.width * image.height);
  for (let i = 0; i < mask.length; i++) {
    const p = image.pixels.subarray(i * 4, i * 4 + 3);
    mask[i] = p[0] !== rgb[0] || p[1] !== rgb[1] || p[2] !== rgb[2] ? 1 : 0;
  }
  return mask;
}

/** Pixels where two renders of the same size differ by more than `threshold` (sum of |Δr| + |Δg| + |Δb|). */
export function changedMask(a: Render, b: Render, threshold = 48): Mask {
  const mask = new Uint8Array(a.width * a.height);
  for (let i = 0; i < mask.length; i++) {
    let d = 0;
    for (let c = 0; c < 3; c++) d += Math.abs(a.pixels[i * 4 + c]! - b.pixels[i * 4 + c]!);
    mask[i] = d > threshold ? 1 : 0;
  }
  return mask;
}

/** Pixels set in both masks. */
export function intersect(a: Mask, b: Mask): Mask {
  return a.map((v, i) => v & b[i]!);
}

/** Number of pixels set. */
export function count(mask: Mask): number {
  return mask.reduce((n, v) => n + v, 0);
}

/** The colour of the masked pixels of a render. */
export interface MaskColour {
  /** Saturation-weighted circular mean hue in degrees (NaN when no masked pixel has a hue). */
  hue: number;
  /** Mean saturation (0..1). */
  saturation: number;
  /** Share of the masked pixels with a saturation of at least 0.35: clearly coloured, not white or grey. */
  colouredShare: number;
  pixels: number;
}

/** Hue statistics of the masked pixels of `image`. */
export function maskColour(image: Render, mask: Mask): MaskColour {
  let x = 0;
  let y = 0;
  let saturation = 0;
  let coloured = 0;
  let pixels = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    const p = hueOf(image.pixels[i * 4]!, image.pixels[i * 4 + 1]!, image.pixels[i * 4 + 2]!);
    x += p.saturation * Math.cos((p.hue * Math.PI) / 180);
    y += p.saturation * Math.sin((p.hue * Math.PI) / 180);
    saturation += p.saturation;
    if (p.saturation >= 0.35) coloured++;
    pixels++;
  }
  const hue = x === 0 && y === 0 ? Number.NaN : ((Math.atan2(y, x) * 180) / Math.PI + 360) % 360;
  return {
    hue,
    saturation: pixels ? saturation / pixels : 0,
    colouredShare: pixels ? coloured / pixels : 0,
    pixels,
  };
}

/** How two renders of the same size differ on the masked pixels (every pixel without a mask). */
export interface RenderDifference {
  /** Pixels compared. */
  pixels: number;
  /** Pixels with a channel (r, g or b) differing by more than the tolerance. */
  over: number;
  /** The largest channel difference (0..255). */
  max: number;
}

/** Channel-wise comparison of two renders, counting pixels off by more than `tolerance` levels. */
export function compareRenders(a: Render, b: Render, tolerance: number, mask?: Mask): RenderDifference {
  let pixels = 0;
  let over = 0;
  let max = 0;
  for (let i = 0; i < a.width * a.height; i++) {
    if (mask && !mask[i]) continue;
    let d = 0;
    for (let c = 0; c < 3; c++) d = Math.max(d, Math.abs(a.pixels[i * 4 + c]! - b.pixels[i * 4 + c]!));
    pixels++;
    if (d > tolerance) over++;
    max = Math.max(max, d);
  }
  return { pixels, over, max };
}

/** Mean r, g, b (0..255) of the masked pixels and the largest channel distance of any of them from `rgb`. */
export function colourSpread(image: Render, mask: Mask, rgb: readonly number[]): { mean: number[]; max: number } {
  const sum = [0, 0, 0];
  let pixels = 0;
  let max = 0;
  for (let i = 0; i < mask.length; i++) {
    if (!mask[i]) continue;
    for (let c = 0; c < 3; c++) {
      const v = image.pixels[i * 4 + c]!;
      sum[c]! += v;
      max = Math.max(max, Math.abs(v - rgb[c]!));
    }
    pixels++;
  }
  return { mean: sum.map((s) => s / pixels), max };
}

/*
 * The sRGB transfer function (IEC 61966-2-1). GX colours (material, vertex and texel colours) are display
 * values; glTF's factors and COLOR_0 are linear.
 */

/** A display value (0..1) in linear. */
export function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** A linear value as a display value, clamped to 0..1 first. */
export function linearToSrgb(c: number): number {
  const v = Math.min(1, Math.max(0, c));
  return v <= 0.0031308 ? v * 12.92 : 1.055 * v ** (1 / 2.4) - 0.055;
}

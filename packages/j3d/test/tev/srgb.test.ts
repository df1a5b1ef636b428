/*
 * The sRGB transfer function against values from its definition (IEC 61966-2-1): the linear segment below
 * 0.04045 (display) / 0.0031308 (linear), ((c + 0.055) / 1.055)^2.4 above; and the two directions inverse to
 * each other over 0..1, with linear values outside 0..1 clamped.
 */
import { describe, expect, it } from 'vitest';
import { linearToSrgb, srgbToLinear } from '../../src/gx/srgb.js';

describe('sRGB transfer', () => {
  it('gives the definition values', () => {
    expect(srgbToLinear(0)).toBe(0);
    expect(srgbToLinear(1)).toBeCloseTo(1, 12);
    expect(srgbToLinear(0.04)).toBeCloseTo(0.04 / 12.92, 12);
    expect(srgbToLinear(0.5)).toBeCloseTo(0.214041140482232, 12);
    expect(linearToSrgb(0.002)).toBeCloseTo(0.002 * 12.92, 12);
    expect(linearToSrgb(0.214041140482232)).toBeCloseTo(0.5, 12);
    expect(linearToSrgb(-0.5)).toBe(0);
    expect(linearToSrgb(2)).toBeCloseTo(1, 12);
  });

  it('round-trips every 8-bit display value', () => {
    for (let v = 0; v <= 255; v++) expect(Math.round(linearToSrgb(srgbToLinear(v / 255)) * 255)).toBe(v);
  });
});

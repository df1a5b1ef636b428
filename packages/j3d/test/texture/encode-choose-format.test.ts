/*
 * chooseGxFormat against the rule documented in choose-gx-format.ts, one image per branch of the rule, and its
 * argument checks.
 */

import { expectedImage, type Rgba, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { chooseGxFormat, GxTextureFormat } from '../../src/gx/texture/index.js';

const gray = (i: number, a: number): Rgba => [i, i, i, a];

describe('chooseGxFormat: the documented rule', () => {
  const choose = (w: number, h: number, color: (x: number, y: number) => Rgba) =>
    chooseGxFormat(expectedImage(w, h, color), w, h).format;
  const rnd = seededRandom(77);
  const noise = Array.from({ length: 64 * 64 * 4 }, () => Math.floor(rnd() * 256));
  const at = (x: number, y: number, c: number) => noise[(y * 64 + x) * 4 + c]!;

  it('grey with alpha = intensity: I4 on 16 levels, else I8', () => {
    expect(choose(16, 16, (x) => gray(x * 17, x * 17))).toBe(GxTextureFormat.I4);
    expect(choose(16, 16, (x, y) => gray(x * 16 + y, x * 16 + y))).toBe(GxTextureFormat.I8);
  });

  it('grey with other alpha: IA4 on 16 levels each, else IA8', () => {
    expect(choose(16, 16, (x, y) => gray(x * 17, y * 17))).toBe(GxTextureFormat.IA4);
    expect(choose(16, 16, (x, y) => gray(x * 16 + y, 255))).toBe(GxTextureFormat.IA8);
  });

  it('few colours: C4 up to 16, C8 up to 256', () => {
    expect(choose(16, 16, (x) => [x * 16, 0, 255 - x, 255])).toBe(GxTextureFormat.C4);
    expect(choose(16, 16, (x, y) => [x * 16, y * 16, 9, 255])).toBe(GxTextureFormat.C8);
  });

  it('many colours: CMPR when opaque or cut-out', () => {
    expect(choose(64, 64, (x, y) => [at(x, y, 0), at(x, y, 1), at(x, y, 2), 255])).toBe(GxTextureFormat.CMPR);
    expect(choose(64, 64, (x, y) => [at(x, y, 0), at(x, y, 1), at(x, y, 2), x < 9 ? 0 : 255])).toBe(
      GxTextureFormat.CMPR,
    );
  });

  it('translucent: RGB5A3 when it keeps 40 dB, RGBA8 when not', () => {
    // Colours RGB5A3 holds exactly in its translucent mode: 4-bit channels, 3-bit alpha.
    const held = (x: number, y: number): Rgba => [
      (at(x, y, 0) >> 4) * 17,
      (at(x, y, 1) >> 4) * 17,
      0,
      [0, 73, 146][y % 3]!,
    ];
    expect(choose(64, 64, held)).toBe(GxTextureFormat.RGB5A3);
    expect(choose(64, 64, (x, y) => [at(x, y, 0), at(x, y, 1), at(x, y, 2), at(x, y, 3)])).toBe(GxTextureFormat.RGBA8);
  });

  it('rejects a bad size with an Error', () => {
    expect(() => chooseGxFormat(new Uint8Array(4), 0, 1)).toThrow(/chooseGxFormat: width 0/);
    expect(() => chooseGxFormat(new Uint8Array(8), 1, 1)).toThrow(
      /chooseGxFormat: a 1×1 RGBA8 image has 4 bytes, not 8/,
    );
  });
});

/*
 * encodeGxTexture on the colour-indexed formats C4, C8 and C14X2: images whose colours are palette entry
 * colours of a format (built from seeded random entry values through the spec's decode formulas, gx-encode.ts)
 * come back exactly while their colours fit the palette, at odd sizes and over several mip levels sharing one
 * palette; the default palette format follows its documented rule; more colours than entries are quantised
 * to a palette that fits, with every index inside it.
 */

import { expectedImage, ia8, psnr, type Rgba, rgb5a3, rgb565, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { decodeGxTexture, encodeGxTexture, GxPaletteFormat, GxTextureFormat } from '../../src/gx/texture/index.js';

const sizes: [number, number][] = [
  [1, 1],
  [7, 5],
  [33, 17],
];
const gray = (i: number, a: number): Rgba => [i, i, i, a];
const levelSize = (size: number, level: number) => Math.max(1, size >> level);

function randomRgba(width: number, height: number, seed: number): (x: number, y: number) => Rgba {
  const rnd = seededRandom(seed);
  const colors = Array.from({ length: width * height }, () => [0, 0, 0, 0].map(() => Math.floor(rnd() * 256)) as Rgba);
  return (x, y) => colors[Math.min(y, height - 1) * width + Math.min(x, width - 1)]!;
}

const paletteColor = [ia8, rgb565, rgb5a3] as const;
const paletteNames = ['IA8', 'RGB565', 'RGB5A3'] as const;

/** An image whose pixels take one of `colors` colours, each one a palette entry value's colour. */
function paletteImage(width: number, height: number, colors: Rgba[], seed: number): Uint8Array {
  const rnd = seededRandom(seed);
  return expectedImage(width, height, () => colors[Math.floor(rnd() * colors.length)]!);
}

function distinctColors(paletteFormat: number, count: number, seed: number): Rgba[] {
  const rnd = seededRandom(seed);
  const seen = new Map<string, Rgba>();
  while (seen.size < count) {
    const color = paletteColor[paletteFormat]!(Math.floor(rnd() * 0x10000));
    seen.set(color.join(), color);
  }
  return [...seen.values()];
}

describe('encodeGxTexture: colour-indexed formats are exact while the colours fit the palette', () => {
  const cases = [
    { name: 'C4', colors: 16 },
    { name: 'C8', colors: 256 },
    { name: 'C14X2', colors: 3000 },
  ] as const;
  for (const c of cases) {
    for (const paletteFormat of [GxPaletteFormat.IA8, GxPaletteFormat.RGB565, GxPaletteFormat.RGB5A3]) {
      it(`${c.name} with ${c.colors} colours of a ${paletteNames[paletteFormat]} palette, every size and 3 levels`, () => {
        const colors = distinctColors(paletteFormat, c.colors, c.colors + paletteFormat);
        for (const [w, h] of sizes) {
          const levels = [0, 1, 2].map((l) => paletteImage(levelSize(w, l), levelSize(h, l), colors, w + h + l));
          const mipmaps = w > 1 ? levels.slice(1) : [];
          const encoded = encodeGxTexture(levels[0]!, w, h, GxTextureFormat[c.name], { paletteFormat, mipmaps });
          expect(encoded.palette!.format).toBe(paletteFormat);
          const used = new Set(
            levels.slice(0, mipmaps.length + 1).flatMap((l) => [...new Uint32Array(l.slice().buffer)]),
          );
          // One entry per distinct colour, no more.
          expect(encoded.palette!.data.length / 2, `${w}×${h}`).toBe(used.size);
          encoded.levels.forEach((level, l) => {
            const data = encoded.data.subarray(level.offset, level.offset + level.size);
            const decoded = decodeGxTexture({ ...level, format: encoded.format, data, palette: encoded.palette });
            expect(decoded, `${w}×${h} level ${l}`).toEqual(levels[l]);
          });
        }
      });
    }
  }

  it('picks the palette format the documented default names: IA8 for grey, RGB5A3 with alpha, else RGB565', () => {
    const grey = expectedImage(9, 9, (x, y) => gray(x * 20, 255 - y * 20));
    const opaque = expectedImage(9, 9, (x, y) => [x * 20, y * 20, 7, 255]);
    const translucent = expectedImage(9, 9, (x, y) => [x * 20, y * 20, 7, x === 3 ? 0 : 255]);
    const formatOf = (image: Uint8Array) => encodeGxTexture(image, 9, 9, GxTextureFormat.C8).palette!.format;
    expect([formatOf(grey), formatOf(opaque), formatOf(translucent)]).toEqual([
      GxPaletteFormat.IA8,
      GxPaletteFormat.RGB565,
      GxPaletteFormat.RGB5A3,
    ]);
  });

  it('quantises to at most 16 / 256 entries when the image has more colours, every index inside the palette', () => {
    const colors = distinctColors(GxPaletteFormat.RGB5A3, 700, 5);
    const image = paletteImage(40, 24, colors, 9);
    for (const [name, max] of [
      ['C4', 16],
      ['C8', 256],
    ] as const) {
      const encoded = encodeGxTexture(image, 40, 24, GxTextureFormat[name]);
      const entries = encoded.palette!.data.length / 2;
      expect(entries).toBeLessThanOrEqual(max);
      const bits = name === 'C4' ? 4 : 8;
      for (let i = 0; i < encoded.data.length * (8 / bits); i++) {
        const index = bits === 4 ? (encoded.data[i >> 1]! >> (i % 2 === 0 ? 4 : 0)) & 15 : encoded.data[i]!;
        expect(index).toBeLessThan(entries);
      }
    }
  });

  it('C14X2 with more colours than its 16384 entries: a full palette, within 1 dB of plain RGB5A3', () => {
    const image = expectedImage(256, 160, randomRgba(256, 160, 11));
    const paletteFormat = GxPaletteFormat.RGB5A3;
    const encoded = encodeGxTexture(image, 256, 160, GxTextureFormat.C14X2, { paletteFormat });
    const entries = encoded.palette!.data.length / 2;
    expect(entries).toBeLessThanOrEqual(16384);
    expect(entries).toBeGreaterThan(16000);
    const decoded = decodeGxTexture({
      format: encoded.format,
      width: 256,
      height: 160,
      data: encoded.data,
      palette: encoded.palette,
    });
    // Every pixel at its own nearest RGB5A3 value is the best any RGB5A3 palette can give.
    const direct = encodeGxTexture(image, 256, 160, GxTextureFormat.RGB5A3);
    const best = decodeGxTexture({ format: direct.format, width: 256, height: 160, data: direct.data });
    expect(psnr(image, decoded)).toBeGreaterThan(psnr(image, best) - 1);
  });
});

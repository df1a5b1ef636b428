/*
 * encodeGxTexture on images each format can hold exactly, built from seeded random codes through the spec's
 * decode formulas (gx-encode.ts, written from j3d.md §11.3 and not from the decoder): decoding the encoded
 * bytes gives the image back, and the bytes equal the spec's tiling of those codes, with the pixels of blocks
 * that overhang the picture repeating the nearest edge pixel (the encoder's documented padding). Mip chains are
 * checked through a .bti built around the encoded data and read back by readBti. Also: generated mip levels and
 * bad arguments. (Colour-indexed formats: encode-indexed.test.ts; chooseGxFormat: encode-choose-format.test.ts.)
 */

import {
  buildBti,
  expectedImage,
  ia8,
  type Rgba,
  replicate,
  rgb5a3,
  rgb565,
  seededRandom,
  tileCodes,
  tileRgba8,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  decodeGxTexture,
  encodeGxTexture,
  GxPaletteFormat,
  GxTextureFormat,
  gxTextureByteSize,
} from '../../src/gx/texture/index.js';
import { readBti } from '../../src/internal.js';

const sizes: [number, number][] = [
  [1, 1],
  [7, 5],
  [33, 17],
];

const gray = (i: number, a: number): Rgba => [i, i, i, a];

interface LosslessCase {
  name: keyof typeof GxTextureFormat;
  bw: number;
  bh: number;
  bits: 4 | 8 | 16;
  color: (code: number) => Rgba;
  /** The code the encoder must pick for a colour with several codes (RGB5A3 only). */
  canonical?: (code: number) => number;
}

/**
 * RGB5A3 colours held by both modes: translucent mode with alpha 7 (255) and every 4-bit channel 0 or 15 gives
 * the same colour as the opaque mode with channels 0 or 31; the encoder picks the opaque mode on a tie.
 */
function canonicalRgb5a3(code: number): number {
  if (code & 0x8000 || code >> 12 !== 7) return code;
  const channels = [(code >> 8) & 15, (code >> 4) & 15, code & 15];
  if (!channels.every((c) => c === 0 || c === 15)) return code;
  return 0x8000 | channels.reduce<number>((v, c) => (v << 5) | (c === 15 ? 31 : 0), 0);
}

const losslessCases: LosslessCase[] = [
  { name: 'I4', bw: 8, bh: 8, bits: 4, color: (c) => gray(replicate(c, 4), replicate(c, 4)) },
  { name: 'I8', bw: 8, bh: 4, bits: 8, color: (c) => gray(c, c) },
  { name: 'IA4', bw: 8, bh: 4, bits: 8, color: (c) => gray(replicate(c % 16, 4), replicate(c >> 4, 4)) },
  { name: 'IA8', bw: 4, bh: 4, bits: 16, color: ia8 },
  { name: 'RGB565', bw: 4, bh: 4, bits: 16, color: rgb565 },
  { name: 'RGB5A3', bw: 4, bh: 4, bits: 16, color: rgb5a3, canonical: canonicalRgb5a3 },
];

/** Random codes for a `width × height` picture, read with clamping (padding repeats the edge pixels). */
function randomCodes(width: number, height: number, bits: number, seed: number) {
  const rnd = seededRandom(seed);
  const codes = Array.from({ length: width * height }, () => Math.floor(rnd() * 2 ** bits));
  return (x: number, y: number) => codes[Math.min(y, height - 1) * width + Math.min(x, width - 1)]!;
}

function randomRgba(width: number, height: number, seed: number): (x: number, y: number) => Rgba {
  const rnd = seededRandom(seed);
  const colors = Array.from({ length: width * height }, () => [0, 0, 0, 0].map(() => Math.floor(rnd() * 256)) as Rgba);
  return (x, y) => colors[Math.min(y, height - 1) * width + Math.min(x, width - 1)]!;
}

const levelSize = (size: number, level: number) => Math.max(1, size >> level);

describe('encodeGxTexture: lossless formats on images they can hold', () => {
  for (const c of losslessCases) {
    for (const [w, h] of sizes) {
      it(`${c.name} ${w}×${h}: the spec's tiling of the codes, decoded back exactly`, () => {
        const code = randomCodes(w, h, c.bits, w * 131 + h + c.bits);
        const image = expectedImage(w, h, (x, y) => c.color(code(x, y)));
        const encoded = encodeGxTexture(image, w, h, GxTextureFormat[c.name]);
        const canonical = c.canonical ?? ((v: number) => v);
        expect(encoded.data).toEqual(tileCodes(w, h, c.bw, c.bh, c.bits, (x, y) => canonical(code(x, y))));
        expect(encoded.palette).toBeUndefined();
        const decoded = decodeGxTexture({ format: encoded.format, width: w, height: h, data: encoded.data });
        expect(decoded).toEqual(image);
      });
    }
  }

  for (const [w, h] of sizes) {
    it(`RGBA8 ${w}×${h}: AR half then GB half, decoded back exactly`, () => {
      const color = randomRgba(w, h, w * 7 + h);
      const image = expectedImage(w, h, color);
      const encoded = encodeGxTexture(image, w, h, GxTextureFormat.RGBA8);
      expect(encoded.data).toEqual(tileRgba8(w, h, color));
      expect(decodeGxTexture({ format: encoded.format, width: w, height: h, data: encoded.data })).toEqual(image);
    });
  }

  it('matches hand-worked values from the spec (first pixel of a 1×1 image)', () => {
    const first = (format: number, rgba: Rgba, bytes: number) =>
      Array.from(encodeGxTexture(Uint8Array.from(rgba), 1, 1, format).data.subarray(0, bytes));
    expect(first(GxTextureFormat.RGB565, [255, 0, 0, 255], 2)).toEqual([0xf8, 0x00]);
    expect(first(GxTextureFormat.RGB565, [0, 255, 0, 0], 2)).toEqual([0x07, 0xe0]);
    // RGB5A3: 8 = 0b00001 replicated, 255 = 31: the opaque mode is exact.
    expect(first(GxTextureFormat.RGB5A3, [8, 0, 255, 255], 2)).toEqual([0x84, 0x1f]);
    // Alpha 109 = 3 bits 0b011, 0x88 = 4 bits 0x8: only the translucent mode holds it.
    expect(first(GxTextureFormat.RGB5A3, [255, 0, 0x88, 109], 2)).toEqual([0x3f, 0x08]);
    // 17, 34, 51 are 4-bit values (n·17), not 5-bit ones: translucent mode with alpha 7 (= 255) is exact.
    expect(first(GxTextureFormat.RGB5A3, [17, 34, 51, 255], 2)).toEqual([0x71, 0x23]);
    // Both modes hold (255, 0, 255, 255) exactly; a tie goes to the opaque mode.
    expect(first(GxTextureFormat.RGB5A3, [255, 0, 255, 255], 2)).toEqual([0xfc, 0x1f]);
    expect(first(GxTextureFormat.IA4, [0xcc, 0xcc, 0xcc, 0x33], 1)).toEqual([0x3c]);
    expect(first(GxTextureFormat.IA8, [0x90, 0x90, 0x90, 0x40], 2)).toEqual([0x40, 0x90]);
    // I4 of 0x77 is 7 in both nibbles (the padding repeats the pixel).
    expect(first(GxTextureFormat.I4, [0x77, 0x77, 0x77, 0x77], 1)).toEqual([0x77]);
    // Intensity of a colour is its Rec. 601 luma, 77/150/29 out of 256: pure red gives 77, pure blue 29.
    expect(first(GxTextureFormat.I8, [255, 0, 0, 255], 1)).toEqual([77]);
    expect(first(GxTextureFormat.I8, [0, 0, 255, 0], 1)).toEqual([29]);
    const rgba8 = encodeGxTexture(Uint8Array.from([0x22, 0x33, 0x44, 0x11]), 1, 1, GxTextureFormat.RGBA8).data;
    expect([rgba8[0], rgba8[1], rgba8[32], rgba8[33]]).toEqual([0x11, 0x22, 0x33, 0x44]);
  });

  it('takes pixels from a Uint8Array that does not start on a 4-byte boundary', () => {
    const image = expectedImage(7, 5, randomRgba(7, 5, 3));
    const shifted = new Uint8Array(image.length + 1).subarray(1);
    shifted.set(image);
    const encoded = encodeGxTexture(shifted, 7, 5, GxTextureFormat.RGBA8);
    expect(decodeGxTexture({ format: GxTextureFormat.RGBA8, width: 7, height: 5, data: encoded.data })).toEqual(image);
  });
});

describe('RGBA8, RGB565 and intensity levels of whole blocks encode back to the bytes they decode from', () => {
  // What tex1-extras' reproducibility check takes for granted for these formats: any bytes, not only the codes an
  // image was made from, decode to pixels that encode to those same bytes.
  for (const [name, w, h] of [
    ['RGBA8', 8, 4],
    ['RGBA8', 32, 16],
    ['RGB565', 8, 4],
    ['RGB565', 32, 16],
    ['I4', 8, 8],
    ['I4', 64, 32],
    ['I8', 8, 4],
    ['I8', 64, 32],
    ['IA4', 8, 4],
    ['IA4', 64, 32],
    ['IA8', 4, 4],
    ['IA8', 64, 32],
  ] as const)
    it(`${name} ${w}×${h} of random bytes`, () => {
      const random = seededRandom(w * 31 + h + name.length);
      const size = gxTextureByteSize(GxTextureFormat[name], w, h);
      const data = Uint8Array.from({ length: size }, () => Math.floor(random() * 256));
      const format = GxTextureFormat[name];
      const pixels = decodeGxTexture({ format, width: w, height: h, data });
      expect(encodeGxTexture(pixels, w, h, format).data).toEqual(data);
    });
});

describe('encodeGxTexture: mip chains as readBti reads them', () => {
  const w = 33;
  const h = 17;
  const mipCount = 6; // 33×17, 16×8, 8×4, 4×2, 2×1, 1×1
  const formats: { name: keyof typeof GxTextureFormat; level: (lw: number, lh: number, seed: number) => Uint8Array }[] =
    [
      ...losslessCases.map((c) => ({
        name: c.name,
        level: (lw: number, lh: number, seed: number) => {
          const code = randomCodes(lw, lh, c.bits, seed);
          return expectedImage(lw, lh, (x, y) => c.color(code(x, y)));
        },
      })),
      { name: 'RGBA8', level: (lw, lh, seed) => expectedImage(lw, lh, randomRgba(lw, lh, seed)) },
    ];
  for (const f of formats) {
    it(`${f.name} ${w}×${h}, ${mipCount} levels given by the caller`, () => {
      const levels = Array.from({ length: mipCount }, (_, l) => f.level(levelSize(w, l), levelSize(h, l), l + 1));
      const encoded = encodeGxTexture(levels[0]!, w, h, GxTextureFormat[f.name], { mipmaps: levels.slice(1) });
      expect(encoded.levels.map((l) => [l.width, l.height])).toEqual(
        Array.from({ length: mipCount }, (_, l) => [levelSize(w, l), levelSize(h, l)]),
      );
      const bti = buildBti({ format: encoded.format, width: w, height: h, mipCount }, encoded.data);
      const file = readBti(bti.bytes);
      expect([file.image, ...file.image.mipmaps].map((l) => l.pixels)).toEqual(levels);
      // The chain fills the file: no byte too many or too few.
      expect(bti.bytes.length).toBe(bti.dataOffset + encoded.data.length);
    });
  }
});

describe('encodeGxTexture: generated mip levels', () => {
  const rgba8 = (image: Uint8Array, w: number, h: number, mipCount: number) => {
    const encoded = encodeGxTexture(image, w, h, GxTextureFormat.RGBA8, { mipCount });
    return encoded.levels.map((level) =>
      decodeGxTexture({ ...level, format: encoded.format, data: encoded.data.subarray(level.offset) }),
    );
  };

  it('halves each level by the 2×2 mean: a checkerboard of black and white becomes 128 grey, a flat colour stays', () => {
    const checker = expectedImage(8, 8, (x, y) => ((x + y) % 2 === 0 ? [0, 0, 0, 255] : [255, 255, 255, 255]));
    const levels = rgba8(checker, 8, 8, 4);
    expect(levels.map((l) => l.length)).toEqual([256, 64, 16, 4]);
    for (const level of levels.slice(1)) expect(new Set(level)).toEqual(new Set([128, 255]));
    const flat = expectedImage(5, 3, () => [10, 200, 30, 90]);
    expect(rgba8(flat, 5, 3, 3)[2]).toEqual(Uint8Array.from([10, 200, 30, 90]));
  });

  it('weights colours by alpha, so transparent pixels do not bleed into the visible one', () => {
    const image = expectedImage(2, 2, (x, y) => (x === 0 && y === 0 ? [200, 0, 0, 255] : [0, 255, 0, 0]));
    expect(Array.from(rgba8(image, 2, 2, 2)[1]!)).toEqual([200, 0, 0, 64]);
  });

  it('repeats the single column of a 1-pixel-wide level and drops an odd last column', () => {
    const column = expectedImage(1, 4, (_x, y) => gray(y * 40, 255));
    expect(Array.from(rgba8(column, 1, 4, 2)[1]!)).toEqual([20, 20, 20, 255, 100, 100, 100, 255]);
    const odd = expectedImage(3, 2, (x) => gray(x * 100, 255));
    expect(Array.from(rgba8(odd, 3, 2, 2)[1]!)).toEqual([50, 50, 50, 255]);
  });
});

describe('encodeGxTexture: bad arguments throw a clear Error', () => {
  const px = (w: number, h: number) => new Uint8Array(w * h * 4);
  const cases: [string, () => unknown, RegExp][] = [
    ['width 0', () => encodeGxTexture(px(1, 1), 0, 1, GxTextureFormat.I8), /width 0 is not a whole number from 1/],
    ['height 2.5', () => encodeGxTexture(px(1, 1), 1, 2.5, GxTextureFormat.I8), /height 2.5 is not a whole number/],
    [
      'size mismatch',
      () => encodeGxTexture(px(4, 4), 4, 5, GxTextureFormat.I8),
      /a 4×5 RGBA8 image has 80 bytes, not 64/,
    ],
    ['unknown format', () => encodeGxTexture(px(4, 4), 4, 4, 7), /texture format 0x7 is not a GX texture format/],
    [
      'mipCount too large',
      () => encodeGxTexture(px(4, 4), 4, 4, GxTextureFormat.I8, { mipCount: 4 }),
      /mipCount 4 .* 1 to 3/,
    ],
    ['mipCount 0', () => encodeGxTexture(px(4, 4), 4, 4, GxTextureFormat.I8, { mipCount: 0 }), /mipCount 0/],
    [
      'a mip level of the wrong size',
      () => encodeGxTexture(px(8, 4), 8, 4, GxTextureFormat.I8, { mipmaps: [px(3, 2)] }),
      /mip level 1 must be 4×2 RGBA8 \(32 bytes\), not 24/,
    ],
    [
      'more mipmaps than mipCount',
      () => encodeGxTexture(px(8, 4), 8, 4, GxTextureFormat.I8, { mipCount: 1, mipmaps: [px(4, 2)] }),
      /1 mipmaps given for a mipCount of 1/,
    ],
    [
      'a palette format for a direct format',
      () => encodeGxTexture(px(4, 4), 4, 4, GxTextureFormat.RGB565, { paletteFormat: GxPaletteFormat.IA8 }),
      /paletteFormat applies to C4, C8 and C14X2, not RGB565/,
    ],
    [
      'an unknown palette format',
      () => encodeGxTexture(px(4, 4), 4, 4, GxTextureFormat.C8, { paletteFormat: 3 as GxPaletteFormat }),
      /palette format 3 is not a GX palette format/,
    ],
    [
      'an alpha threshold for another format than CMPR',
      () => encodeGxTexture(px(4, 4), 4, 4, GxTextureFormat.RGBA8, { alphaThreshold: 5 }),
      /alphaThreshold applies to CMPR, not RGBA8/,
    ],
  ];
  for (const [what, run, message] of cases) {
    it(what, () => {
      expect(run).toThrow(Error);
      expect(run).toThrow(new RegExp(`^encodeGxTexture: .*${message.source}`));
    });
  }
});

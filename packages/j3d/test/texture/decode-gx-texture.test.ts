/*
 * Every GX texture format decoded against an independent derivation: the test encodes random pixels into blocks
 * by the spec's bit layouts (gx-encode.ts), the decoder decodes them, and every pixel is compared with the colour
 * the spec's formulas give. Sizes include ones that are not a multiple of the block, with filler in the
 * overhanging parts of the blocks. Decoded through the WebAssembly decoder and where WebAssembly cannot run.
 */
import { ParseError } from '@retromodel/binary';
import {
  type CmprSubBlock,
  cmprColor,
  expectedImage,
  ia8,
  type Rgba,
  replicate,
  rgb5a3,
  rgb565,
  seededRandom,
  tileCmpr,
  tileCodes,
  tileRgba8,
} from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  decodeGxTexture,
  GxPaletteFormat,
  GxTextureFormat,
  decodeGxTexture as staticDecode,
} from '../../src/gx/texture/index.js';

const sizes: [number, number][] = [
  [8, 8],
  [13, 7],
  [1, 1],
  [20, 3],
  [4, 12],
];

interface DirectCase {
  name: keyof typeof GxTextureFormat;
  bw: number;
  bh: number;
  bits: 4 | 8 | 16;
  color: (code: number) => Rgba;
}

const gray = (i: number, a: number): Rgba => [i, i, i, a];

const directCases: DirectCase[] = [
  { name: 'I4', bw: 8, bh: 8, bits: 4, color: (c) => gray(replicate(c, 4), replicate(c, 4)) },
  { name: 'I8', bw: 8, bh: 4, bits: 8, color: (c) => gray(c, c) },
  { name: 'IA4', bw: 8, bh: 4, bits: 8, color: (c) => gray(replicate(c % 16, 4), replicate(Math.floor(c / 16), 4)) },
  { name: 'IA8', bw: 4, bh: 4, bits: 16, color: ia8 },
  { name: 'RGB565', bw: 4, bh: 4, bits: 16, color: rgb565 },
  { name: 'RGB5A3', bw: 4, bh: 4, bits: 16, color: rgb5a3 },
];

/** Random codes over the block-padded area, so filler pixels get values too. */
function randomCodes(width: number, height: number, bw: number, bh: number, bits: number, seed: number) {
  const rnd = seededRandom(seed);
  const paddedW = Math.ceil(width / bw) * bw;
  const paddedH = Math.ceil(height / bh) * bh;
  const codes = Array.from({ length: paddedW * paddedH }, () => Math.floor(rnd() * 2 ** bits));
  return (x: number, y: number) => codes[y * paddedW + x]!;
}

/**
 * The decoding tests, with `load`'s decodeGxTexture: the module's (its WebAssembly decoder, wasm-decode.ts) or
 * one loaded again where WebAssembly cannot run (its JavaScript block decoders).
 */
function decodeTests(label: string, load: () => Promise<typeof staticDecode>): void {
  let decodeGxTexture = staticDecode;
  beforeAll(async () => {
    decodeGxTexture = await load();
  });

  it(`decodeGxTexture${label}: a level of more pixels than the decoder's memory keeps (16 MiB), then a small one`, () => {
    // I8 2400×1800: 17 MB of pixels (the WebAssembly decoder then starts a new instance for the next level).
    for (const [w, h] of [
      [2400, 1800],
      [13, 7],
    ] as const) {
      const code = (x: number, y: number) => (x * 7 + y * 13) & 0xff;
      const data = tileCodes(w, h, 8, 4, 8, code);
      const pixels = decodeGxTexture({ format: GxTextureFormat.I8, width: w, height: h, data });
      const expected = expectedImage(w, h, (x, y) => {
        const i = code(x, y);
        return [i, i, i, i];
      });
      expect(Buffer.from(pixels).equals(Buffer.from(expected)), `${w}×${h}`).toBe(true);
    }
  }, 60_000);

  describe(`decodeGxTexture${label}: direct formats against the spec bit layouts`, () => {
    for (const c of directCases) {
      for (const [w, h] of sizes) {
        it(`${c.name} ${w}×${h}`, () => {
          const code = randomCodes(w, h, c.bw, c.bh, c.bits, w * 31 + h);
          const data = tileCodes(w, h, c.bw, c.bh, c.bits, code);
          const pixels = decodeGxTexture({ format: GxTextureFormat[c.name], width: w, height: h, data });
          expect(pixels).toEqual(expectedImage(w, h, (x, y) => c.color(code(x, y))));
        });
      }
    }

    for (const [w, h] of sizes) {
      it(`RGBA8 ${w}×${h} (AR half, then GB half)`, () => {
        const rnd = seededRandom(w * 7 + h);
        const colors = new Map<string, Rgba>();
        const color = (x: number, y: number): Rgba => {
          const key = `${x},${y}`;
          if (!colors.has(key)) colors.set(key, [0, 0, 0, 0].map(() => Math.floor(rnd() * 256)) as Rgba);
          return colors.get(key)!;
        };
        const data = tileRgba8(w, h, color);
        const pixels = decodeGxTexture({ format: GxTextureFormat.RGBA8, width: w, height: h, data });
        expect(pixels).toEqual(expectedImage(w, h, color));
      });
    }

    it('matches hand-worked values from the spec', () => {
      const one = (format: number, bytes: number[]) =>
        Array.from(
          decodeGxTexture({
            format,
            width: 1,
            height: 1,
            data: Uint8Array.from({ length: 64 }, (_, i) => bytes[i] ?? 0),
          }),
        );
      expect(one(GxTextureFormat.RGB565, [0xf8, 0x00])).toEqual([255, 0, 0, 255]);
      expect(one(GxTextureFormat.RGB565, [0x07, 0xe0])).toEqual([0, 255, 0, 255]);
      // RGB5A3, bit 15 clear: A = 3 (0b011 -> 0b01101101 = 109), R = 0xF, G = 0, B = 0x8 (-> 0x88).
      expect(one(GxTextureFormat.RGB5A3, [0x3f, 0x08])).toEqual([255, 0, 0x88, 109]);
      // RGB5A3, bit 15 set: R = 1 (0b00001 -> 0b00001000 = 8), G = 0, B = 31.
      expect(one(GxTextureFormat.RGB5A3, [0x84, 0x1f])).toEqual([8, 0, 255, 255]);
      expect(one(GxTextureFormat.IA4, [0x3c])).toEqual([0xcc, 0xcc, 0xcc, 0x33]);
      expect(one(GxTextureFormat.IA8, [0x40, 0x90])).toEqual([0x90, 0x90, 0x90, 0x40]);
      expect(one(GxTextureFormat.I4, [0x70])).toEqual([0x77, 0x77, 0x77, 0x77]);
      // RGBA8: byte 0 = A, byte 1 = R, byte 32 = G, byte 33 = B.
      const rgba8 = new Array(64).fill(0);
      [rgba8[0], rgba8[1], rgba8[32], rgba8[33]] = [0x11, 0x22, 0x33, 0x44];
      expect(one(GxTextureFormat.RGBA8, rgba8)).toEqual([0x22, 0x33, 0x44, 0x11]);
    });
  });

  describe(`decodeGxTexture${label}: colour-indexed formats with every palette format`, () => {
    const paletteColor = [ia8, rgb565, rgb5a3] as const;
    const indexed = [
      { name: 'C4', bw: 8, bh: 8, bits: 4, entries: 14 },
      { name: 'C8', bw: 8, bh: 4, bits: 8, entries: 200 },
      { name: 'C14X2', bw: 4, bh: 4, bits: 16, entries: 300 },
    ] as const;
    for (const c of indexed) {
      for (const paletteFormat of [GxPaletteFormat.IA8, GxPaletteFormat.RGB565, GxPaletteFormat.RGB5A3]) {
        for (const [w, h] of [sizes[1]!, sizes[3]!]) {
          it(`${c.name} ${w}×${h} with a ${['IA8', 'RGB565', 'RGB5A3'][paletteFormat]} palette of ${c.entries} entries`, () => {
            const rnd = seededRandom(paletteFormat * 100 + c.entries);
            const entries = Array.from({ length: c.entries }, () => Math.floor(rnd() * 0x10000));
            const palette = new Uint8Array(entries.flatMap((e) => [e >> 8, e & 0xff]));
            // Indices cover the stored entries and a few past them; C14X2 also sets the 2 ignored top bits.
            const indexRange = Math.min(2 ** c.bits, c.entries + 3);
            const codes = randomCodes(w, h, c.bw, c.bh, 16, w + h + paletteFormat);
            const index = (x: number, y: number) => codes(x, y) % indexRange;
            const code = (x: number, y: number) => (c.bits === 16 ? (codes(x, y) & 0xc000) | index(x, y) : index(x, y));
            const data = tileCodes(w, h, c.bw, c.bh, c.bits, code);
            const pixels = decodeGxTexture({
              format: GxTextureFormat[c.name],
              width: w,
              height: h,
              data,
              palette: { format: paletteFormat, data: palette },
            });
            const expected = expectedImage(w, h, (x, y) => {
              const i = index(x, y);
              return i < c.entries ? paletteColor[paletteFormat](entries[i]!) : [0, 0, 0, 0];
            });
            expect(pixels).toEqual(expected);
          });
        }
      }
    }
  });

  describe(`decodeGxTexture${label}: CMPR`, () => {
    function randomSubBlocks(seed: number) {
      const rnd = seededRandom(seed);
      const subs = new Map<string, CmprSubBlock>();
      let n = 0;
      return (sx: number, sy: number): CmprSubBlock => {
        const key = `${sx},${sy}`;
        if (!subs.has(key)) {
          let c0 = Math.floor(rnd() * 0x10000);
          let c1 = Math.floor(rnd() * 0x10000);
          // Cycle through the three cases: 4-colour (c0 > c1), 3-colour (c0 < c1) and equal colours (3-colour).
          const mode = n++ % 3;
          if ((mode === 0 && c0 <= c1) || (mode === 1 && c0 > c1)) [c0, c1] = [c1, c0];
          if (mode === 2) c1 = c0;
          subs.set(key, { c0, c1, indices: Array.from({ length: 16 }, () => Math.floor(rnd() * 4)) });
        }
        return subs.get(key)!;
      };
    }

    for (const [w, h] of [...sizes, [144, 72] as [number, number], [24, 12] as [number, number]]) {
      it(`${w}×${h}: sub-blocks in UL, UR, BL, BR order, 5/8–3/8 blends, 3-colour mode with transparent c3`, () => {
        const sub = randomSubBlocks(w * 1000 + h);
        const data = tileCmpr(w, h, sub);
        const pixels = decodeGxTexture({ format: GxTextureFormat.CMPR, width: w, height: h, data });
        const expected = expectedImage(w, h, (x, y) => {
          const s = sub(Math.floor(x / 4), Math.floor(y / 4));
          return cmprColor(s, s.indices[(y % 4) * 4 + (x % 4)]!);
        });
        expect(pixels).toEqual(expected);
      });
    }

    it('uses the GX 3/8–5/8 blend, not DXT1 thirds (hand-worked)', () => {
      // c0 = pure red 0xF800, c1 = black: c2 = 5·255/8 = 159, c3 = 3·255/8 = 95.
      const sub: CmprSubBlock = { c0: 0xf800, c1: 0, indices: [0, 1, 2, 3, ...new Array(12).fill(0)] };
      const pixels = decodeGxTexture({
        format: GxTextureFormat.CMPR,
        width: 4,
        height: 1,
        data: tileCmpr(4, 1, () => sub),
      });
      expect(Array.from(pixels)).toEqual([255, 0, 0, 255, 0, 0, 0, 255, 159, 0, 0, 255, 95, 0, 0, 255]);
      // Swapped (c0 < c1): c2 = average (127), c3 = the same colour with alpha 0.
      const three: CmprSubBlock = { c0: 0, c1: 0xf800, indices: [0, 1, 2, 3, ...new Array(12).fill(0)] };
      const p3 = decodeGxTexture({
        format: GxTextureFormat.CMPR,
        width: 4,
        height: 1,
        data: tileCmpr(4, 1, () => three),
      });
      expect(Array.from(p3)).toEqual([0, 0, 0, 255, 255, 0, 0, 255, 127, 0, 0, 255, 127, 0, 0, 0]);
    });
  });
}

describe('through the WebAssembly decoder', () =>
  decodeTests('', async () => (await import('../../src/gx/texture/index.js')).decodeGxTexture));

describe('where WebAssembly cannot run', () =>
  decodeTests(' (JavaScript)', async () => {
    vi.stubGlobal('WebAssembly', undefined);
    vi.resetModules();
    return (await import('../../src/gx/texture/index.js')).decodeGxTexture;
  }));

afterAll(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

describe('decodeGxTexture: bad input', () => {
  const catchError = (f: () => unknown): ParseError => {
    try {
      f();
    } catch (e) {
      if (e instanceof ParseError) return e;
      throw e;
    }
    throw new Error('expected a ParseError');
  };

  it('rejects an unknown format, naming the given section and offset', () => {
    const e = catchError(() =>
      decodeGxTexture({ format: 7, width: 4, height: 4, data: new Uint8Array(64), section: 'BTI', offset: 0x40 }),
    );
    expect(e).toMatchObject({ format: 'j3d', section: 'BTI', offset: 0x40 });
    expect(e.message).toMatch(/0x7 is not a GX texture format/);
  });

  it('defaults the error location to TEX1 @0', () => {
    const e = catchError(() => decodeGxTexture({ format: 0x7, width: 4, height: 4, data: new Uint8Array(64) }));
    expect(e).toMatchObject({ section: 'TEX1', offset: 0 });
  });

  it('rejects data one byte short of the last block, accepts it exactly', () => {
    // CMPR 144×72 = 18 × 9 blocks of 32 bytes.
    const size = 18 * 9 * 32;
    expect(
      decodeGxTexture({ format: GxTextureFormat.CMPR, width: 144, height: 72, data: new Uint8Array(size) }),
    ).toHaveLength(144 * 72 * 4);
    const e = catchError(() =>
      decodeGxTexture({ format: GxTextureFormat.CMPR, width: 144, height: 72, data: new Uint8Array(size - 1) }),
    );
    expect(e.message).toMatch(/needs 0x1440 bytes, 0x143f left/);
  });

  it('rejects empty sizes and colour-indexed data without a usable palette', () => {
    expect(() =>
      decodeGxTexture({ format: GxTextureFormat.I8, width: 0, height: 4, data: new Uint8Array(32) }),
    ).toThrow(ParseError);
    expect(() =>
      decodeGxTexture({ format: GxTextureFormat.C4, width: 8, height: 8, data: new Uint8Array(32) }),
    ).toThrow(/has no palette/);
    expect(() =>
      decodeGxTexture({
        format: GxTextureFormat.C8,
        width: 8,
        height: 4,
        data: new Uint8Array(32),
        palette: { format: 3, data: new Uint8Array(8) },
      }),
    ).toThrow(/palette format 0x3/);
  });
});

/*
 * Texture decoding: our BC1/BC2/BC3 and DDS reader against decode-dxt and parse-dds (test oracles only),
 * the TML 16-bit and alpha formats against their bit layouts (spec §4), and synth.tml against the Java dump.
 */
import { ParseError } from '@retromodel/binary';
import { buildDds, buildTml, haveFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { decodeBc } from '@retromodel/texture';
import decodeDxt from 'decode-dxt';
import parseDds from 'parse-dds';
import { describe, expect, it } from 'vitest';
import { decodeDds, decodeTmlTexture, readDds, readTml } from '../src/internal.js';
import { loadExpected } from './expected.js';

function randomBytes(n: number, seed: number): Uint8Array {
  const rnd = seededRandom(seed);
  return Uint8Array.from({ length: n }, () => Math.floor(rnd() * 256));
}

const cases = [
  { fourCC: 'DXT1', format: 'bc1', oracle: 'dxt1', block: 8 },
  { fourCC: 'DXT3', format: 'bc2', oracle: 'dxt3', block: 16 },
  { fourCC: 'DXT5', format: 'bc3', oracle: 'dxt5', block: 16 },
] as const;

function expectPixelsClose(actual: Uint8Array, expected: Uint8Array, alphaTolerance: number, what: string): void {
  expect(actual.length, what).toBe(expected.length);
  for (let i = 0; i < actual.length; i++) {
    const tol = i % 4 === 3 ? alphaTolerance : 0;
    if (Math.abs(actual[i]! - expected[i]!) > tol)
      expect.fail(`${what}: byte ${i} (pixel ${i >> 2}, channel ${i & 3}) is ${actual[i]}, oracle ${expected[i]}`);
  }
}

describe('BC1/BC2/BC3 against decode-dxt', () => {
  for (const c of cases) {
    it(`${c.fourCC}: random blocks decode as the oracle does`, () => {
      for (const [w, h, seed] of [
        [8, 8, 1],
        [16, 12, 2],
        [4, 4, 3],
        [32, 32, 4],
      ] as const) {
        const data = randomBytes((w / 4) * (h / 4) * c.block, seed * 31 + c.block);
        const ours = decodeBc(c.format, data, w, h);
        const theirs = decodeDxt(new DataView(data.buffer), w, h, c.oracle);
        // decode-dxt floors BC3's interpolated alphas where the usual decoders round: allow 1.
        expectPixelsClose(ours, theirs, c.format === 'bc3' ? 1 : 0, `${c.fourCC} ${w}×${h}`);
      }
    });
  }

  it('DXT1 three-colour blocks (c0 ≤ c1) give transparent black for index 3', () => {
    // c0 = c1 = 0xffff (white), all indices 3.
    const block = new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
    const px = decodeBc('bc1', block, 4, 4);
    expect(Array.from(px.subarray(0, 4))).toEqual([0, 0, 0, 0]);
    expect(Array.from(px.subarray(0, 4))).toEqual(
      Array.from(decodeDxt(new DataView(block.buffer), 4, 4, 'dxt1').subarray(0, 4)),
    );
  });

  it('crops partial edge blocks: a 6×5 image is the top-left of the 8×8 image with the same blocks', () => {
    for (const c of cases) {
      const data = randomBytes(4 * c.block, 77);
      const full = decodeDxt(new DataView(data.buffer), 8, 8, c.oracle);
      const ours = decodeBc(c.format, data, 6, 5);
      const crop = new Uint8Array(6 * 5 * 4);
      for (let y = 0; y < 5; y++) crop.set(full.subarray(y * 32, y * 32 + 24), y * 24);
      expectPixelsClose(ours, crop, c.format === 'bc3' ? 1 : 0, `${c.fourCC} 6×5`);
    }
  });

  it('throws a ParseError when the data is short', () => {
    expect(() => decodeBc('bc3', new Uint8Array(15), 4, 4)).toThrowError(ParseError);
  });
});

describe('DDS header against parse-dds', () => {
  for (const c of cases) {
    it(`${c.fourCC} with mip levels: size, format and data offset`, () => {
      const top = (16 / 4) * (8 / 4) * c.block;
      const dds = buildDds({
        width: 16,
        height: 8,
        fourCC: c.fourCC,
        mipMapCount: 3,
        data: randomBytes(top + top / 4 + top / 8, 5),
      });
      const oracle = parseDds(dds.slice().buffer);
      const ours = readDds(dds);
      expect([ours.width, ours.height]).toEqual(oracle.shape);
      expect(ours.pixelFormat.fourCC.toLowerCase()).toBe(oracle.format);
      expect(ours.mipMapCount).toBe(oracle.images.length);
      expect(dds.length - ours.data.length).toBe(oracle.images[0]!.offset);
      const img = oracle.images[0]!;
      const expected = decodeDxt(new DataView(dds.slice(img.offset, img.offset + img.length).buffer), 16, 8, c.oracle);
      expectPixelsClose(decodeDds(ours).pixels, expected, c.format === 'bc3' ? 1 : 0, `${c.fourCC} top level`);
    });
  }

  it('uncompressed 32-bit BGRA, 24-bit BGR and 16-bit 565 / 4444: pixels put through the masks come back', () => {
    const rgba = [
      [255, 0, 0, 255],
      [0, 255, 0, 128],
      [0, 0, 255, 0],
      [17, 34, 51, 68],
    ];
    const pack = (masks: number[], values: number[], bits: number[]) =>
      values.reduce(
        (v, x, k) => v | (Math.round((x * ((1 << bits[k]!) - 1)) / 255) << (31 - Math.clz32(masks[k]! & -masks[k]!))),
        0,
      ) >>> 0;
    const layouts = [
      { bitCount: 32, masks: [0xff0000, 0xff00, 0xff, 0xff000000], bits: [8, 8, 8, 8] },
      { bitCount: 24, masks: [0xff0000, 0xff00, 0xff, 0], bits: [8, 8, 8, 0] },
      { bitCount: 16, masks: [0xf800, 0x7e0, 0x1f, 0], bits: [5, 6, 5, 0] },
      { bitCount: 16, masks: [0xf00, 0xf0, 0xf, 0xf000], bits: [4, 4, 4, 4] },
    ];
    for (const l of layouts) {
      const bytesPer = l.bitCount / 8;
      const data = new Uint8Array(4 * bytesPer);
      rgba.forEach((px, p) => {
        const v = pack(l.masks, px, l.bits);
        for (let k = 0; k < bytesPer; k++) data[p * bytesPer + k] = (v >>> (8 * k)) & 255;
      });
      const dds = buildDds({
        width: 2,
        height: 2,
        rgb: { bitCount: l.bitCount, masks: l.masks as [number, number, number, number] },
        data,
      });
      const out = decodeDds(readDds(dds)).pixels;
      rgba.forEach((px, p) => {
        px.forEach((v, k) => {
          const bits = l.bits[k]!;
          const expected =
            bits === 0 ? 255 : Math.round((Math.round((v * ((1 << bits) - 1)) / 255) * 255) / ((1 << bits) - 1));
          expect(out[p * 4 + k], `${l.bitCount}-bit pixel ${p} channel ${k}`).toBe(expected);
        });
      });
    }
  });

  it('rejects unsupported four-character codes and short data with ParseErrors', () => {
    const dxt2 = buildDds({ width: 4, height: 4, fourCC: 'DXT1', data: new Uint8Array(8) });
    dxt2.set([0x44, 0x58, 0x54, 0x32], 84); // "DXT2"
    expect(() => decodeDds(readDds(dxt2))).toThrowError(/DDS format "DXT2" is not supported/);
    const short = buildDds({ width: 8, height: 8, fourCC: 'DXT5', data: new Uint8Array(16) });
    expect(() => decodeDds(readDds(short))).toThrowError(ParseError);
    expect(() => readDds(new Uint8Array(20))).toThrowError(ParseError);
  });

  it('refuses a size over 8192 a side (the one image limit) before decoding, at the width field', () => {
    // 16384 × 4 DXT1: 4096 blocks of 8 bytes, present in full, so only the size can refuse it.
    const wide = buildDds({ width: 16384, height: 4, fourCC: 'DXT1', data: new Uint8Array(4096 * 8) });
    expect(() => decodeDds(readDds(wide))).toThrowError(
      /dds header @0xc: the image is 16384×4 pixels; images of 1 to 8192/,
    );
    expect(
      decodeDds(readDds(buildDds({ width: 8192, height: 4, fourCC: 'DXT1', data: new Uint8Array(2048 * 8) }))).width,
    ).toBe(8192);
  });
});

describe('TML texture formats', () => {
  it('a texture over 8192 a side (the one image limit) is refused before its pixels are read', () => {
    const tml = readTml(buildTml([{ id: 5, format: 0, width: 8193, height: 1, data: new Uint8Array(8193 * 4) }], []));
    expect(() => decodeTmlTexture(tml.textures[0]!)).toThrowError(
      /tml texture 5 @0x\w+: the image is 8193×1 pixels; images of 1 to 8192/,
    );
  });

  it('format 6 (DDS) decodes through the DDS decoder', () => {
    const blocks = randomBytes(4 * 16, 9);
    const tml = readTml(
      buildTml(
        [
          {
            id: 3,
            format: 6,
            width: 8,
            height: 8,
            data: buildDds({ width: 8, height: 8, fourCC: 'DXT3', data: blocks }),
          },
        ],
        [],
      ),
    );
    const px = decodeTmlTexture(tml.textures[0]!);
    expect([px.width, px.height]).toEqual([8, 8]);
    expect(Array.from(px.pixels)).toEqual(Array.from(decodeDxt(new DataView(blocks.buffer), 8, 8, 'dxt3')));
  });

  it('formats 2, 7 and 9 follow the spec bit layouts (R in the low bits)', () => {
    const u16 = (values: number[]) => new Uint8Array(new Uint16Array(values).buffer);
    const tml = readTml(
      buildTml(
        [
          { id: 0, format: 2, width: 2, height: 1, data: u16([0x801f, 0x7c00]) }, // opaque red; transparent blue
          { id: 1, format: 7, width: 2, height: 1, data: u16([0xf00f, 0x80f0]) }, // opaque red; half-alpha green
          { id: 2, format: 9, width: 3, height: 1, data: new Uint8Array([0xf0, 0x08]) }, // alphas 0, 15, 8
        ],
        [],
      ),
    );
    const px = tml.textures.map((t) => Array.from(decodeTmlTexture(t).pixels));
    expect(px[0]).toEqual([255, 0, 0, 255, 0, 0, 255, 0]);
    expect(px[1]).toEqual([255, 0, 0, 255, 0, 255, 0, 136]);
    expect(px[2]).toEqual([255, 255, 255, 0, 255, 255, 255, 255, 255, 255, 255, 136]);
  });

  it('unknown formats and short data are ParseErrors', () => {
    const tml = readTml(
      buildTml(
        [
          { id: 0, format: 1, width: 1, height: 1, data: new Uint8Array(3) },
          { id: 1, format: 0, width: 2, height: 2, data: new Uint8Array(4) },
        ],
        [],
      ),
    );
    expect(() => decodeTmlTexture(tml.textures[0]!)).toThrowError(/texture format 1 is not supported/);
    expect(() => decodeTmlTexture(tml.textures[1]!)).toThrowError(/needs 0x10 bytes of pixels/);
  });

  it('checks the data before allocating: a 65535×65535 header with 4 bytes of data is a ParseError', () => {
    const tml = readTml(buildTml([{ id: 0, format: 0, width: 65535, height: 65535, data: new Uint8Array(4) }], []));
    expect(() => decodeTmlTexture(tml.textures[0]!)).toThrowError(ParseError);
  });
});

interface ExpectedTmlTextures {
  textures: { id: number; formatId: number; javaDecodedARGBHead: string[] }[];
}

describe.skipIf(!haveFixtures)('synth.tml textures against the Java dump', () => {
  it('formats 0, 2 and 7 decode to the Java reader’s first 16 pixels (allowing for its known deviations)', () => {
    const tml = readTml(readFixture('tmd', 'synth.tml'));
    const e = loadExpected<ExpectedTmlTextures>('synth.tml');
    for (const et of e.textures) {
      const t = tml.textures.find((x) => x.id === et.id)!;
      const px = decodeTmlTexture(t).pixels;
      et.javaDecodedARGBHead.forEach((argb, p) => {
        const v = Number.parseInt(argb, 16);
        const [a, r, g, b] = [(v >>> 24) & 255, (v >> 16) & 255, (v >> 8) & 255, v & 255];
        const ours = Array.from(px.subarray(p * 4, p * 4 + 4));
        if (et.formatId === 0) expect(ours).toEqual([r, g, b, a]);
        else if (et.formatId === 2) {
          // [J] widens 5-bit channels by shifting (0x1f → 0xf8); we scale by 255/31 (0x1f → 0xff). Same top 5 bits.
          expect(ours.map((c) => c >> 3)).toEqual([r >> 3, g >> 3, b >> 3, a >> 3]);
        } else {
          // Known deviation (MANIFEST): [J] decodes ARGB_4444 with R and B swapped; by the spec our R is its B.
          expect(ours.map((c) => c >> 4)).toEqual([b >> 4, g >> 4, r >> 4, a >> 4]);
        }
      });
    }
  });
});

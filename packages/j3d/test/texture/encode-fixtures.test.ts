/*
 * Every texture of the shared fixtures, decoded (the decoder is checked against noclip's dumps in
 * fixtures.test.ts) and re-encoded in its own format with all its mip levels:
 * - I4, I8, IA4, IA8, RGB565, RGBA8: one code per colour, so the bytes must equal the file's (every fixture
 *   level is a whole number of blocks, so there is no padding whose content a tool chose).
 * - RGB5A3: the bytes equal the file's except where a colour has two codes (translucent mode with alpha 7 and
 *   every 4-bit channel 0 or 15 is also an opaque-mode colour); the encoder takes the opaque mode there, and
 *   the test checks every differing pixel is such a tie.
 * - C4/C8 (palette format as in the file): the decoded pixels are equal. The bytes differ because the palette
 *   order is the tool's choice; instead each original index must map to one new index throughout.
 * - CMPR: the images are CMPR-encodable by construction; the encoder must find an encoding that gives every
 *   opaque pixel and every alpha back (the colour of transparent pixels is the average of the endpoints, which
 *   any pair with that average gives). How many sub-blocks come out byte-identical is reported, not asserted:
 *   many pairs encode the same colours.
 */

import { type FixtureTexture, firstDifference, fixtureTextures, haveFixtures } from '@retromodel/test-utils';
import { afterAll, describe, expect, it } from 'vitest';
import { decodeGxTexture, encodeGxTexture, GxTextureFormat, gxFormatName } from '../../src/gx/texture/index.js';

const textures = fixtureTextures();
const byteExact = new Set<number>([
  GxTextureFormat.I4,
  GxTextureFormat.I8,
  GxTextureFormat.IA4,
  GxTextureFormat.IA8,
  GxTextureFormat.RGB565,
  GxTextureFormat.RGBA8,
]);
const report: string[] = [];

function reencode(t: FixtureTexture) {
  const [first, ...mipmaps] = t.levels;
  const paletted = t.header.format === GxTextureFormat.C4 || t.header.format === GxTextureFormat.C8;
  const options = {
    mipmaps: mipmaps.map((l) => l.pixels),
    ...(paletted ? { paletteFormat: t.header.paletteFormat as 0 | 1 | 2 } : {}),
  };
  const encoded = encodeGxTexture(first!.pixels, first!.width, first!.height, t.header.format, options);
  const decoded = encoded.levels.map((level) =>
    decodeGxTexture({
      ...level,
      format: encoded.format,
      data: encoded.data.subarray(level.offset, level.offset + level.size),
      palette: encoded.palette,
    }),
  );
  return { encoded, decoded };
}

/** Indices in storage order (C4: nibbles, C8: bytes). */
function indices(format: number, data: Uint8Array): number[] {
  if (format === GxTextureFormat.C8) return Array.from(data);
  return Array.from(data).flatMap((b) => [b >> 4, b & 15]);
}

describe.skipIf(!haveFixtures)('re-encoding the shared fixtures in their own format', () => {
  afterAll(() => {
    if (report.length > 0) console.log(`[j3d] GX re-encode of the shared textures:\n  ${report.join('\n  ')}`);
  });

  it('finds textures of every format the fixtures hold', () => {
    const formats = new Set(textures.map((t) => gxFormatName(t.header.format)));
    expect([...formats].sort()).toEqual(['C4', 'C8', 'CMPR', 'I4', 'I8', 'IA4', 'IA8', 'RGB565', 'RGB5A3', 'RGBA8']);
  });

  for (const t of textures) {
    const format = t.header.format;
    it(t.what, () => {
      const { encoded, decoded } = reencode(t);
      expect(encoded.levels).toHaveLength(t.levels.length);
      if (format !== GxTextureFormat.CMPR) {
        t.levels.forEach((level, l) => {
          expect(firstDifference(decoded[l]!, level.pixels), `level ${l}: first differing byte`).toBe(-1);
        });
      }
      if (byteExact.has(format)) {
        expect(firstDifference(encoded.data, t.data), 'first differing byte').toBe(-1);
      } else if (format === GxTextureFormat.RGB5A3) {
        let ties = 0;
        for (let i = 0; i < t.data.length; i += 2) {
          const original = (t.data[i]! << 8) | t.data[i + 1]!;
          const ours = (encoded.data[i]! << 8) | encoded.data[i + 1]!;
          if (original === ours) continue;
          const channels = [(original >> 8) & 15, (original >> 4) & 15, original & 15];
          const tie = !(original & 0x8000) && original >> 12 === 7 && channels.every((c) => c === 0 || c === 15);
          expect(tie, `pixel ${i / 2}: 0x${original.toString(16)} became 0x${ours.toString(16)}`).toBe(true);
          ties++;
        }
        report.push(`${t.what}: bytes equal but for ${ties} of ${t.data.length / 2} pixels (two-mode ties)`);
      } else if (format === GxTextureFormat.C4 || format === GxTextureFormat.C8) {
        const before = indices(format, t.data);
        const after = indices(format, encoded.data);
        const map = new Map<number, number>();
        before.forEach((index, i) => {
          if (!map.has(index)) map.set(index, after[i]!);
          expect(after[i], `pixel ${i}`).toBe(map.get(index));
        });
        report.push(
          `${t.what}: same pixels, ${encoded.palette!.data.length / 2} palette entries (file: ${t.palette.length / 2})`,
        );
      } else {
        expect(format).toBe(GxTextureFormat.CMPR);
        let sameSubBlocks = 0;
        for (let i = 0; i < t.data.length; i += 8) {
          if (t.data.subarray(i, i + 8).every((b, k) => b === encoded.data[i + k])) sameSubBlocks++;
        }
        t.levels.forEach((level, l) => {
          const got = decoded[l]!;
          for (let p = 0; p < level.pixels.length; p += 4) {
            const visible = level.pixels[p + 3]! === 255;
            const want = visible ? level.pixels.subarray(p, p + 4) : level.pixels.subarray(p + 3, p + 4);
            const have = visible ? got.subarray(p, p + 4) : got.subarray(p + 3, p + 4);
            if (!want.every((v, c) => v === have[c])) {
              expect(Array.from(have), `level ${l} pixel ${p / 4}`).toEqual(Array.from(want));
            }
          }
        });
        report.push(`${t.what}: exact pixels, ${sameSubBlocks} of ${t.data.length / 8} sub-blocks byte-identical`);
      }
    });
  }
});

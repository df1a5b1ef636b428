/*
 * writeBti, the mirror of readBti: every shared .bti rewrites byte for byte, and btiFromImage gives textures
 * that read back to the source pixels where the format holds them exactly.
 */
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { GxTextureFormat } from '../../src/gx/texture/formats.js';
import { btiFromImage, readBti, writeBti } from '../../src/internal.js';

/** First differing offset of two byte arrays, or -1. */
function firstDifference(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return -1;
}

describe.skipIf(!haveFixtures)('writeBti(readBti(b)) equals b', () => {
  const files = listFixtures('j3d', /\.bti$/);
  it('covers the shared BTIs', () => expect(files.length).toBeGreaterThanOrEqual(5));
  for (const name of files) {
    it(name, () => {
      const bytes = readFixture(name);
      const out = writeBti(readBti(bytes));
      expect(firstDifference(out, bytes), `${out.length} bytes written, ${bytes.length} read`).toBe(-1);
    });
  }
});

describe('btiFromImage', () => {
  const random = seededRandom(7);
  const noise = (width: number, height: number, grey: boolean) => {
    const out = new Uint8Array(width * height * 4);
    for (let i = 0; i < out.length; i += 4) {
      const v = Math.floor(random() * 256);
      out.set(grey ? [v, v, v, Math.floor(random() * 256)] : [v, Math.floor(random() * 256), 255 - v, 255], i);
    }
    return out;
  };

  it('RGBA8 and IA8 (with mipmaps) read back exactly, with the header the options ask for', () => {
    const rgba = noise(24, 16, false);
    const file = btiFromImage(rgba, 24, 16, { format: GxTextureFormat.RGBA8, wrapS: 0, wrapT: 2 });
    expect(file.image.pixels).toEqual(rgba);
    expect([file.header.wrapS, file.header.wrapT, file.header.mipCount]).toEqual([0, 2, 1]);
    const grey = noise(32, 32, true);
    const ia8 = btiFromImage(grey, 32, 32, { format: GxTextureFormat.IA8, mipCount: 3 });
    expect(ia8.image.pixels).toEqual(grey);
    expect(ia8.image.mipmaps.map((m) => [m.width, m.height])).toEqual([
      [16, 16],
      [8, 8],
    ]);
    expect(writeBti(readBti(writeBti(ia8)))).toEqual(writeBti(ia8));
  });

  /** The pixels with the colour of fully transparent ones set to 0 (CMPR stores those as transparent black). */
  const visible = (rgba: Uint8Array) => rgba.map((v, i) => (rgba[i - (i % 4) + 3] === 0 ? 0 : v));

  it.skipIf(!haveFixtures)('a CMPR and a C4 texture re-encoded from their decoded pixels read back the same', () => {
    for (const [name, format] of [
      ['community_mkdd_track_small_logo_CMPR.bti', GxTextureFormat.CMPR],
      ['nintendo_tww_linktexbci4_C4.bti', GxTextureFormat.C4],
    ] as const) {
      const { image } = readBti(readFixture('j3d', name));
      const again = btiFromImage(image.pixels, image.width, image.height, { format });
      expect(visible(again.image.pixels), name).toEqual(visible(image.pixels));
    }
  });
});

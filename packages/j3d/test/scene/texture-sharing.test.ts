/*
 * Which TEX1 headers share a scene image (addTextures compares palette bytes only between headers that agree on
 * everything else) against the plain definition: one image per distinct text key of data offset, format, size,
 * level count and, for colour-indexed formats, palette format and every palette byte. Compared on the shared
 * models and on TEX1 chunks whose headers mix the image fields of one texture with the palette of another.
 * Each image names in `extras.gx.tex1` the TEX1 textures that share it.
 */
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { Tex1 } from '../../src/chunks/read-tex1.js';
import { gxFormatLayout } from '../../src/gx/texture/formats.js';
import { readJ3d } from '../../src/index.js';
import { addTextures } from '../../src/scene/build-textures.js';

/** The image of each header, numbered by first use of its key. */
function referenceImages(tex1: Tex1): number[] {
  const keys = new Map<string, number>();
  return tex1.textures.map((t) => {
    const h = t.header;
    const paletteAt = t.headerOffset + h.paletteOffset;
    const palette = gxFormatLayout(h.format)?.paletted
      ? `${h.paletteFormat}:${Array.from(tex1.bytes.subarray(paletteAt, paletteAt + h.paletteCount * 2)).join('.')}`
      : '';
    const key = [t.headerOffset + h.dataOffset, h.format, h.width, h.height, Math.max(1, h.mipCount), palette].join();
    if (!keys.has(key)) keys.set(key, keys.size);
    return keys.get(key)!;
  });
}

function sceneImages(tex1: Tex1): number[] {
  const scene = { images: [], samplers: [], textures: [] } as unknown as Parameters<typeof addTextures>[0];
  const images = addTextures(scene, tex1).textureOf.map((t) => scene.textures[t]!.image);
  expect(scene.images.map((image) => image.extras)).toEqual(
    scene.images.map((_, i) => ({ gx: { tex1: images.flatMap((image, k) => (image === i ? [k] : [])) } })),
  );
  return images;
}

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((path) => path.split('/').pop()!);

describe.skipIf(!haveFixtures)('scene images shared as the definition shares them', () => {
  for (const name of models)
    it(name, () => {
      const { TEX1 } = readJ3d(readFixture('j3d', name));
      expect(sceneImages(TEX1)).toEqual(referenceImages(TEX1));
    });

  it('on headers mixing one texture’s image with another’s palette', () => {
    const rnd = seededRandom(0x7e41);
    const int = (n: number) => Math.floor(rnd() * n);
    const pick = <T>(items: T[]): T => items[int(items.length)]!;
    const chunks = models.map((name) => readJ3d(readFixture('j3d', name)).TEX1).filter((t) => t.textures.length > 0);
    let shared = 0;
    let split = 0;
    for (let round = 0; round < 300; round++) {
      const tex1 = pick(chunks);
      // A few palettes per round (so some headers share one): anywhere in the chunk, any format, 1..64 entries.
      const palettes = Array.from({ length: 1 + int(3) }, () => {
        const count = 1 + int(64);
        return { at: 2 * int((tex1.bytes.length - count * 2) / 2), count, format: int(3) };
      });
      const textures = Array.from({ length: 2 + int(8) }, () => {
        const image = pick(tex1.textures);
        const palette = pick(palettes);
        return {
          ...image,
          header: {
            ...image.header,
            paletteFormat: palette.format,
            paletteCount: palette.count,
            paletteOffset: palette.at - image.headerOffset,
          },
        };
      });
      const mixed: Tex1 = { ...tex1, textures };
      const expected = referenceImages(mixed);
      shared += textures.length - new Set(expected).size;
      const byData = new Set(textures.map((t) => `${t.headerOffset + t.header.dataOffset},${t.header.format}`));
      split += new Set(expected).size - byData.size;
      expect(sceneImages(mixed), `round ${round}`).toEqual(expected);
    }
    // The rounds shared images, and kept some with the same data apart by their palettes.
    expect(shared).toBeGreaterThan(100);
    expect(split).toBeGreaterThan(10);
  });
});

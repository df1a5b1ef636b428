/*
 * The texture atlas itself, against the images it is built from: every level of every cell holds the image's own
 * level texel for texel; the border around a cell repeats the cell's edge texels (clamp to edge); mip levels are
 * kept only where every image has them at one size; images of other sizes fill a cell of the largest size by the
 * nearest texel.
 */
import type { RgbaImage } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { buildTextureAtlas } from '../../src/scene/texture-atlas.js';

type Level = { width: number; height: number; pixels: Uint8Array };

/** A w×h level whose texel (x, y) is (seed, x, y, level). */
const level = (seed: number, w: number, h: number, k: number): Level => {
  const pixels = new Uint8Array(w * h * 4);
  for (let y = 0; y < h; y++) for (let x = 0; x < w; x++) pixels.set([seed, x, y, k], (y * w + x) * 4);
  return { width: w, height: h, pixels };
};

/** An image of `levels` levels, halving from w×h. */
const image = (seed: number, w: number, h: number, levels: number): RgbaImage => ({
  kind: 'rgba8',
  ...level(seed, w, h, 0),
  ...(levels > 1
    ? { mipmaps: Array.from({ length: levels - 1 }, (_, k) => level(seed, w >> (k + 1), h >> (k + 1), k + 1)) }
    : {}),
});

const at = (l: Level, x: number, y: number) =>
  Array.from(l.pixels.subarray((y * l.width + x) * 4, (y * l.width + x) * 4 + 4));

describe('texture atlas', () => {
  it('keeps the mip levels all images share, each cell and its border built from the image level', () => {
    const images = [image(1, 8, 4, 4), image(2, 8, 4, 3), image(3, 8, 4, 3)];
    const atlas = buildTextureAtlas(images, 'atlas');
    // Three levels in common (8×4, 4×2, 2×1): the border is 4 texels, so it stays whole down to level 2.
    expect(atlas.image.mipmaps?.length).toBe(2);
    const levels: Level[] = [atlas.image, ...atlas.image.mipmaps!];
    levels.forEach((l, k) => {
      expect(l.width).toBe(atlas.image.width >> k);
      expect(l.height).toBe(atlas.image.height >> k);
      images.forEach((im, i) => {
        const src: Level = k === 0 ? im : im.mipmaps![k - 1]!;
        const pad = 4 >> k;
        const cx = atlas.cells[i]!.x >> k;
        const cy = atlas.cells[i]!.y >> k;
        for (let y = -pad; y < src.height + pad; y++)
          for (let x = -pad; x < src.width + pad; x++) {
            const clamped = at(src, Math.min(src.width - 1, Math.max(0, x)), Math.min(src.height - 1, Math.max(0, y)));
            expect(at(l, cx + x, cy + y)).toEqual(clamped);
          }
      });
    });
  });

  it('places cells of one size without overlap, their borders apart', () => {
    const images = [1, 2, 3, 4, 5].map((s) => image(s, 4, 4, 1));
    const atlas = buildTextureAtlas(images, 'atlas');
    expect(atlas.image.mipmaps).toBeUndefined();
    expect([atlas.cellWidth, atlas.cellHeight, atlas.resized]).toEqual([4, 4, false]);
    for (const [i, a] of atlas.cells.entries())
      for (const b of atlas.cells.slice(i + 1)) expect(Math.abs(a.x - b.x) >= 6 || Math.abs(a.y - b.y) >= 6).toBe(true);
    for (const c of atlas.cells) {
      expect(c.x).toBeGreaterThanOrEqual(1);
      expect(c.y).toBeGreaterThanOrEqual(1);
      expect(c.x + 4 + 1).toBeLessThanOrEqual(atlas.image.width);
      expect(c.y + 4 + 1).toBeLessThanOrEqual(atlas.image.height);
    }
  });

  it('fills a cell of the largest size with smaller images by the nearest texel, without mip levels', () => {
    const images = [image(1, 8, 8, 4), image(2, 2, 4, 2)];
    const atlas = buildTextureAtlas(images, 'atlas');
    expect([atlas.cellWidth, atlas.cellHeight, atlas.resized]).toEqual([8, 8, true]);
    expect(atlas.image.mipmaps).toBeUndefined();
    const cell = atlas.cells[1]!;
    for (let y = 0; y < 8; y++)
      for (let x = 0; x < 8; x++) expect(at(atlas.image, cell.x + x, cell.y + y)).toEqual([2, x >> 2, y >> 1, 0]);
  });
});

/*
 * A texture atlas: the textures a texture-pattern animation (BTP) selects, side by side in one image, so that
 * glTF can switch between them by moving the texture coordinates (KHR_texture_transform offset).
 *   Cells: a grid of ⌈√n⌉ columns; every cell holds one texture, in the order given. GX texture coordinates are
 *     normalised (0..1 spans the whole texture whatever its size), so textures of other sizes are resampled
 *     (nearest texel) to the largest width and the largest height among them, and the image loses its mip levels.
 *   Border: a cell cannot repeat on its own, so each one is surrounded by `pad` texels copying its edge texels
 *     (clamp to edge): bilinear filtering at the edge of a cell reads its own colour, not the neighbour's.
 *   Mip levels: kept as far as every cell has them at the same size and the cell and border sizes halve exactly
 *     (the border is 2^(levels−1) texels, so every level has at least one); each level is built from the cells'
 *     own levels, never re-filtered.
 */
import type { RgbaImage } from '@retromodel/scene';

/** A texture atlas and where each texture sits in it. */
export interface TextureAtlas {
  image: RgbaImage;
  /** Per texture (in the order given): the top-left of its cell, without the border, in texels. */
  cells: { x: number; y: number }[];
  cellWidth: number;
  cellHeight: number;
  /** The textures were resampled to one cell size. */
  resized: boolean;
}

type Level = { width: number; height: number; pixels: Uint8Array };

/** Level `k` of an image (0 is the image itself), or undefined when it has none. */
function levelOf(image: RgbaImage, k: number): Level | undefined {
  return k === 0 ? image : image.mipmaps?.[k - 1];
}

/** The image resampled to `width` × `height` by the nearest texel. */
function resample(image: Level, width: number, height: number): Level {
  if (image.width === width && image.height === height) return image;
  const pixels = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) {
    const sy = Math.min(image.height - 1, Math.floor(((y + 0.5) * image.height) / height));
    for (let x = 0; x < width; x++) {
      const sx = Math.min(image.width - 1, Math.floor(((x + 0.5) * image.width) / width));
      pixels.set(
        image.pixels.subarray((sy * image.width + sx) * 4, (sy * image.width + sx) * 4 + 4),
        (y * width + x) * 4,
      );
    }
  }
  return { width, height, pixels };
}

/** How many levels every image has at the same size, with sizes that halve exactly down to the last one. */
function commonLevels(images: RgbaImage[], width: number, height: number): number {
  let levels = 1;
  for (;;) {
    const k = levels;
    const w = width >> k;
    const h = height >> k;
    if (w << k !== width || h << k !== height || w < 1 || h < 1) return levels;
    if (!images.every((im) => levelOf(im, k)?.width === w && levelOf(im, k)?.height === h)) return levels;
    levels++;
  }
}

/** Copies `cell` into `out` (row stride `outWidth`) at (x, y), its border `pad` texels wide copying its edges. */
function placeCell(out: Uint8Array, outWidth: number, cell: Level, x: number, y: number, pad: number): void {
  for (let row = -pad; row < cell.height + pad; row++) {
    const sy = Math.min(cell.height - 1, Math.max(0, row));
    for (let col = -pad; col < cell.width + pad; col++) {
      const sx = Math.min(cell.width - 1, Math.max(0, col));
      const from = (sy * cell.width + sx) * 4;
      out.set(cell.pixels.subarray(from, from + 4), ((y + row) * outWidth + x + col) * 4);
    }
  }
}

/** The atlas of `images` (at least one), named `name`. */
export function buildTextureAtlas(images: RgbaImage[], name: string): TextureAtlas {
  const cellWidth = Math.max(...images.map((im) => im.width));
  const cellHeight = Math.max(...images.map((im) => im.height));
  const resized = images.some((im) => im.width !== cellWidth || im.height !== cellHeight);
  const levels = resized ? 1 : commonLevels(images, cellWidth, cellHeight);
  const pad = 2 ** (levels - 1);
  const columns = Math.ceil(Math.sqrt(images.length));
  const rows = Math.ceil(images.length / columns);
  const strideX = cellWidth + 2 * pad;
  const strideY = cellHeight + 2 * pad;
  const cells = images.map((_, i) => ({
    x: (i % columns) * strideX + pad,
    y: Math.floor(i / columns) * strideY + pad,
  }));
  const built: Level[] = [];
  for (let k = 0; k < levels; k++) {
    const width = (columns * strideX) >> k;
    const height = (rows * strideY) >> k;
    const pixels = new Uint8Array(width * height * 4);
    images.forEach((im, i) => {
      const cell = resized ? resample(im, cellWidth, cellHeight) : levelOf(im, k)!;
      placeCell(pixels, width, cell, cells[i]!.x >> k, cells[i]!.y >> k, pad >> k);
    });
    built.push({ width, height, pixels });
  }
  const [base, ...mipmaps] = built as [Level, ...Level[]];
  const image: RgbaImage = { kind: 'rgba8', name, ...base };
  if (mipmaps.length > 0) image.mipmaps = mipmaps;
  return { image, cells, cellWidth, cellHeight, resized };
}

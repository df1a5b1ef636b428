/*
 * GX texture formats: ids, block layout and sizes (spec j3d.md §11.3).
 *
 * Every GX image is tiled: the picture is cut into blocks (tiles) of a fixed size per format, blocks are stored
 * in row-major order and the pixels of one block are row-major inside it. Every block is 32 bytes (RGBA8: 64,
 * its AR half then its GB half). Images whose width or height is not a multiple of the block size are stored
 * with whole blocks: the pixels outside the picture exist in the data and are skipped when decoding.
 *
 *   format   id   bits/px  block      block bytes
 *   I4       0x0  4        8×8        32
 *   I8       0x1  8        8×4        32
 *   IA4      0x2  8        8×4        32
 *   IA8      0x3  16       4×4        32
 *   RGB565   0x4  16       4×4        32
 *   RGB5A3   0x5  16       4×4        32
 *   RGBA8    0x6  32       4×4        64
 *   C4       0x8  4        8×8        32   palette index
 *   C8       0x9  8        8×4        32   palette index
 *   C14X2    0xA  16       4×4        32   palette index (low 14 bits)
 *   CMPR     0xE  4        8×8        32   2×2 DXT1-like 4×4 sub-blocks
 *
 * One level's size is `align(w, blockW) · align(h, blockH) · bits / 8`. Mip levels follow each other directly;
 * each level halves the previous level's width and height (integer division, never below 1) and is padded to
 * its own blocks, so every level takes at least one block (32 bytes).
 */
import { ParseError, type ParseErrorLocation } from '@retromodel/binary';

/** GX texture format ids, as BTI headers and TEX1 store them (GXTexFmt). */
export const GxTextureFormat = {
  I4: 0x0,
  I8: 0x1,
  IA4: 0x2,
  IA8: 0x3,
  RGB565: 0x4,
  RGB5A3: 0x5,
  RGBA8: 0x6,
  C4: 0x8,
  C8: 0x9,
  C14X2: 0xa,
  CMPR: 0xe,
} as const;
/** One of the {@link GxTextureFormat} ids. */
export type GxTextureFormat = (typeof GxTextureFormat)[keyof typeof GxTextureFormat];

/** Palette (TLUT) entry formats for C4/C8/C14X2 textures (GXTlutFmt); every entry is a big-endian u16. */
export const GxPaletteFormat = {
  IA8: 0,
  RGB565: 1,
  RGB5A3: 2,
} as const;
/** One of the {@link GxPaletteFormat} ids. */
export type GxPaletteFormat = (typeof GxPaletteFormat)[keyof typeof GxPaletteFormat];

/** How one GX texture format is laid out in memory. */
export interface GxFormatLayout {
  /** The format's name as GX spells it, e.g. `CMPR`. */
  name: string;
  blockWidth: number;
  blockHeight: number;
  /** Bytes of one block. */
  blockBytes: number;
  /** Pixels index a palette. */
  paletted: boolean;
}

const layouts = new Map<number, GxFormatLayout>([
  [GxTextureFormat.I4, { name: 'I4', blockWidth: 8, blockHeight: 8, blockBytes: 32, paletted: false }],
  [GxTextureFormat.I8, { name: 'I8', blockWidth: 8, blockHeight: 4, blockBytes: 32, paletted: false }],
  [GxTextureFormat.IA4, { name: 'IA4', blockWidth: 8, blockHeight: 4, blockBytes: 32, paletted: false }],
  [GxTextureFormat.IA8, { name: 'IA8', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: false }],
  [GxTextureFormat.RGB565, { name: 'RGB565', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: false }],
  [GxTextureFormat.RGB5A3, { name: 'RGB5A3', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: false }],
  [GxTextureFormat.RGBA8, { name: 'RGBA8', blockWidth: 4, blockHeight: 4, blockBytes: 64, paletted: false }],
  [GxTextureFormat.C4, { name: 'C4', blockWidth: 8, blockHeight: 8, blockBytes: 32, paletted: true }],
  [GxTextureFormat.C8, { name: 'C8', blockWidth: 8, blockHeight: 4, blockBytes: 32, paletted: true }],
  [GxTextureFormat.C14X2, { name: 'C14X2', blockWidth: 4, blockHeight: 4, blockBytes: 32, paletted: true }],
  [GxTextureFormat.CMPR, { name: 'CMPR', blockWidth: 8, blockHeight: 8, blockBytes: 32, paletted: false }],
]);

const paletteNames = new Map<number, string>([
  [GxPaletteFormat.IA8, 'IA8'],
  [GxPaletteFormat.RGB565, 'RGB565'],
  [GxPaletteFormat.RGB5A3, 'RGB5A3'],
]);

const defaultLocation: ParseErrorLocation = { format: 'j3d', section: 'TEX1', offset: 0 };

/** The layout of a GX texture format, or undefined for an id that is not one. */
export function gxFormatLayout(format: number): GxFormatLayout | undefined {
  return layouts.get(format);
}

/** The name of a texture format (`CMPR`), or its id in hex (`0x7`) when it is not a GX format. */
export function gxFormatName(format: number): string {
  return layouts.get(format)?.name ?? `0x${format.toString(16)}`;
}

/** The name of a palette format (`RGB5A3`), or its id in hex when it is not one. */
export function gxPaletteFormatName(format: number): string {
  return paletteNames.get(format) ?? `0x${format.toString(16)}`;
}

/** The layout of `format`; a ParseError (at `location`) when the id is not a GX texture format. */
export function requireGxFormatLayout(format: number, location: ParseErrorLocation = defaultLocation): GxFormatLayout {
  const layout = layouts.get(format);
  if (!layout) {
    throw new ParseError(
      location,
      `texture format ${gxFormatName(format)} is not a GX texture format (known: I4, I8, IA4, IA8, RGB565, RGB5A3, RGBA8, C4, C8, C14X2, CMPR)`,
    );
  }
  return layout;
}

/**
 * Bytes of one image level of `width` × `height` pixels in `format`, padded to whole blocks.
 * Throws a ParseError for an id that is not a GX texture format.
 */
export function gxTextureByteSize(format: number, width: number, height: number): number {
  const layout = requireGxFormatLayout(format);
  const blocksX = Math.ceil(width / layout.blockWidth);
  const blocksY = Math.ceil(height / layout.blockHeight);
  return blocksX * blocksY * layout.blockBytes;
}

/**
 * Bytes of a whole mip chain of `mipCount` levels of `layout`'s format: the sum of gxMipChain's level sizes, with
 * no level made (TEX1 checks that each texture's chain fits while reading; the levels are made when decoding).
 * Each side is halved level by level (never below 1): floor(floor(s / 2^(l-1)) / 2) is floor(s / 2^l), so the
 * sides are gxMipChain's, with no power and no division.
 */
export function gxMipChainBytes(layout: GxFormatLayout, width: number, height: number, mipCount: number): number {
  const { blockWidth, blockHeight, blockBytes } = layout;
  let total = 0;
  let w = width;
  let h = height;
  for (let level = 0; level < mipCount; level++) {
    total += Math.ceil(w / blockWidth) * Math.ceil(h / blockHeight) * blockBytes;
    w = w > 1 ? Math.floor(w / 2) : 1;
    h = h > 1 ? Math.floor(h / 2) : 1;
  }
  return total;
}

/** One level of a mip chain: its size and where its data starts, relative to level 0's data. */
export interface GxMipLevel {
  width: number;
  height: number;
  offset: number;
  size: number;
}

/**
 * The `mipCount` levels of a mip chain (level 0 first): each level halves the one before (never below 1 pixel)
 * and starts right after it. Throws a ParseError for an id that is not a GX texture format.
 */
export function gxMipChain(format: number, width: number, height: number, mipCount: number): GxMipLevel[] {
  requireGxFormatLayout(format);
  const levels: GxMipLevel[] = [];
  let offset = 0;
  for (let level = 0; level < mipCount; level++) {
    const w = Math.max(1, Math.floor(width / 2 ** level));
    const h = Math.max(1, Math.floor(height / 2 ** level));
    const size = gxTextureByteSize(format, w, h);
    levels.push({ width: w, height: h, offset, size });
    offset += size;
  }
  return levels;
}

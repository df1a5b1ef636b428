/*
 * Decoding the image a BTI/TEX1 header describes, every mip level (spec j3d.md §11.2–11.3).
 *
 * The image data starts at header start + dataOffset and holds `mipCount` levels back to back: level i is
 * max(1, width >> i) × max(1, height >> i), padded to whole blocks of its format (so every level takes at least
 * one 32-byte block; noclip's "advance by max(size, 32)" is the same thing). A mip count of 0 is read as 1.
 * C4/C8/C14X2 take their palette from header start + paletteOffset: paletteCount big-endian u16 entries.
 * The whole chain and the palette are bounds-checked before anything is decoded.
 */
import { BinaryReader, hex } from '@retromodel/binary';
import { mapPacked } from '@retromodel/scene';
import { type GxTextureInput, prepareGxTexture } from '../gx/texture/decode-gx-texture.js';
import { gxMipChain, requireGxFormatLayout } from '../gx/texture/formats.js';
import { gxTextureSums } from '../gx/texture/texture-sums.js';
import type { BtiHeader } from './bti-header.js';

/** One decoded level: RGBA8, rows from the top. */
export interface BtiMipLevel {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** A decoded texture: level 0 and, in `mipmaps`, every further level (level 1 first). */
export interface BtiImage extends BtiMipLevel {
  /** Levels 1 … mipCount − 1, each half the size of the one before (empty when the texture has one level). */
  mipmaps: BtiMipLevel[];
}

/** A texture whose header, levels and palette have been checked, with nothing decoded yet. */
export interface PreparedBtiImage {
  /** Level 0's size. */
  width: number;
  height: number;
  /** Levels in the chain (level 0 included); `decode().mipmaps` holds all but the first. */
  levelCount: number;
  /** Decodes every level (it cannot fail: everything it reads was checked). */
  decode(): BtiImage;
  /** Decodes level 0 alone (what a glTF or PNG writer needs). */
  decodeLevel0(): Uint8Array;
  /** Decodes levels 1 … levelCount − 1 alone. */
  decodeMipmaps(): BtiMipLevel[];
  /** The sums of R, G, B and A over level 0's pixels, without decoding them (for a mean colour). */
  sumLevel0(): number[];
}

/**
 * Decodes every mip level of the texture whose header is at `headerOffset` in `bytes` (the header's offsets are
 * relative to it). Pass the whole file so errors name absolute offsets. Throws a ParseError (format `j3d`,
 * `section`, default `TEX1`) when the palette or any level runs past the end of `bytes`.
 */
export function decodeBtiImage(bytes: Uint8Array, headerOffset: number, header: BtiHeader, section = 'TEX1'): BtiImage {
  return prepareBtiImage(bytes, headerOffset, header, section).decode();
}

/**
 * Makes every check {@link decodeBtiImage} makes (the same ParseErrors, thrown now) and returns the image's size
 * and a decoder for its levels, so a caller can put off decoding until the pixels are read.
 */
export function prepareBtiImage(
  bytes: Uint8Array,
  headerOffset: number,
  header: BtiHeader,
  section = 'TEX1',
): PreparedBtiImage {
  const reader = new BinaryReader(bytes, { format: 'j3d', section });
  requireGxFormatLayout(header.format, { format: 'j3d', section, offset: headerOffset });
  const levels = gxMipChain(header.format, header.width, header.height, Math.max(1, header.mipCount));
  const start = headerOffset + header.dataOffset;
  const total = levels.reduce((sum, level) => sum + level.size, 0);
  const what = `image data (${levels.length} level${levels.length === 1 ? '' : 's'}, ${hex(total)} bytes)`;
  reader.ensure(total, what, start);

  let palette: { format: number; data: Uint8Array } | undefined;
  if (requireGxFormatLayout(header.format).paletted) {
    const paletteStart = headerOffset + header.paletteOffset;
    reader.ensure(header.paletteCount * 2, `palette (${header.paletteCount} entries)`, paletteStart);
    palette = {
      format: header.paletteFormat,
      data: bytes.subarray(paletteStart, paletteStart + header.paletteCount * 2),
    };
  }

  const inputs = mapPacked(
    levels,
    (level): GxTextureInput => ({
      format: header.format,
      width: level.width,
      height: level.height,
      data: bytes.subarray(start + level.offset, start + level.offset + level.size),
      palette,
      section,
      offset: start + level.offset,
    }),
  );
  const decoders = mapPacked(inputs, (input) => ({
    width: input.width,
    height: input.height,
    decode: prepareGxTexture(input),
  }));
  const [first, ...rest] = decoders;
  const decodeLevel0 = first!.decode;
  const decodeMipmaps = () => rest.map((d) => ({ width: d.width, height: d.height, pixels: d.decode() }));
  return {
    width: first!.width,
    height: first!.height,
    levelCount: decoders.length,
    decode: () => ({ width: first!.width, height: first!.height, pixels: decodeLevel0(), mipmaps: decodeMipmaps() }),
    decodeLevel0,
    decodeMipmaps,
    sumLevel0: () => gxTextureSums(inputs[0]!),
  };
}

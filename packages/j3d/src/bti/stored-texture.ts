/*
 * A BTI header (of a .bti file or a TEX1 entry) as `info` shows the texture stored: its GX format by name (with
 * the palette format for colour-indexed ones: `C8 (RGB5A3)`), size, levels and the bytes of pixel data stored.
 */
import type { StoredTexture } from '@retromodel/scene';
import { gxFormatLayout, gxFormatName, gxMipChain, gxPaletteFormatName } from '../gx/texture/formats.js';
import type { BtiHeader } from './bti-header.js';

/** The GX format of a header by name, with its palette format when it is colour-indexed. */
export function gxStoredFormatName(header: BtiHeader): string {
  const name = gxFormatName(header.format);
  return gxFormatLayout(header.format)?.paletted ? `${name} (${gxPaletteFormatName(header.paletteFormat)})` : name;
}

/** The texture a header describes, as stored; a format that is not GX gives 0 bytes. */
export function storedTexture(name: string, header: BtiHeader): StoredTexture {
  const levels = Math.max(1, header.mipCount);
  const chain = gxFormatLayout(header.format) ? gxMipChain(header.format, header.width, header.height, levels) : [];
  return {
    name,
    width: header.width,
    height: header.height,
    levels,
    format: gxStoredFormatName(header),
    storedBytes: chain.reduce((sum, level) => sum + level.size, 0),
  };
}

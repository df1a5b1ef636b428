/*
 * `.bti` files out, the mirror of read-bti.ts: the 32-byte header at 0 (bti-header.ts lists the fields), the
 * image data right after it, then the palette (C4/C8/C14X2), as Nintendo's and the community's tools lay them
 * out. The header's offsets and palette count are set from that layout; every other field is written as given.
 * `btiFromImage` makes a BtiFile from RGBA8 pixels with the GX encoders.
 */
import { BinaryWriter } from '@retromodel/binary';
import { encodeGxTexture, type GxEncodeOptions } from '../gx/texture/encode-gx-texture.js';
import { gxFormatLayout, gxMipChain } from '../gx/texture/formats.js';
import { BTI_HEADER_SIZE, type BtiHeader } from './bti-header.js';
import { type BtiFile, readBti } from './read-bti.js';

/** Writes the 32-byte texture header (the mirror of readBtiHeader). */
export function writeBtiHeader(w: BinaryWriter, h: BtiHeader): void {
  w.u8(h.format);
  w.u8(h.alphaEnabled);
  w.u16(h.width);
  w.u16(h.height);
  w.u8(h.wrapS);
  w.u8(h.wrapT);
  w.u8(h.hasPalette);
  w.u8(h.paletteFormat);
  w.u16(h.paletteCount);
  w.u32(h.paletteOffset);
  w.u8(h.mipmapEnabled);
  w.u8(h.edgeLod);
  w.u8(h.biasClamp);
  w.u8(h.maxAnisotropy);
  w.u8(h.minFilter);
  w.u8(h.magFilter);
  w.s8(h.minLod);
  w.s8(h.maxLod);
  w.u8(h.mipCount);
  w.u8(h.unknown0x19);
  w.s16(h.lodBias);
  w.u32(h.dataOffset);
}

/**
 * Writes a `.bti` file. Throws an Error when the data does not hold the header's levels or a colour-indexed
 * texture has no palette: such a file would make the game read past its data.
 */
export function writeBti(file: Pick<BtiFile, 'header' | 'data' | 'palette'>): Uint8Array {
  const { header, data, palette } = file;
  const size = gxMipChain(header.format, header.width, header.height, Math.max(1, header.mipCount)).reduce(
    (sum, level) => sum + level.size,
    0,
  );
  if (data.length !== size)
    throw new Error(`BTI data holds ${data.length} bytes; the header's ${header.mipCount} level(s) need ${size}`);
  const paletted = gxFormatLayout(header.format)?.paletted ?? false;
  if (paletted && !palette?.length) throw new Error('a colour-indexed BTI needs its palette');
  const w = new BinaryWriter();
  writeBtiHeader(w, {
    ...header,
    dataOffset: BTI_HEADER_SIZE,
    paletteOffset: paletted ? BTI_HEADER_SIZE + size : 0,
    paletteCount: paletted ? palette!.length / 2 : 0,
  });
  w.bytes(data);
  if (paletted) w.bytes(palette!);
  return w.finish();
}

/** What btiFromImage needs besides the pixels. */
export interface BtiFromImageOptions extends GxEncodeOptions {
  /** GX texture format id (see GxTextureFormat). */
  format: number;
  /** 0 CLAMP, 1 REPEAT (default), 2 MIRROR. */
  wrapS?: number;
  wrapT?: number;
  /** GX filter ids (default LINEAR, and LIN_MIP_LIN with mipmaps). */
  minFilter?: number;
  magFilter?: number;
}

/** A BtiFile holding RGBA8 pixels encoded in a GX format (every mip level the options ask for). */
export function btiFromImage(rgba: Uint8Array, width: number, height: number, options: BtiFromImageOptions): BtiFile {
  const encoded = encodeGxTexture(rgba, width, height, options.format, options);
  const mipCount = encoded.levels.length;
  const header: BtiHeader = {
    format: options.format,
    alphaEnabled: hasTransparency(rgba) ? 1 : 0,
    width,
    height,
    wrapS: options.wrapS ?? 1,
    wrapT: options.wrapT ?? 1,
    hasPalette: encoded.palette ? 1 : 0,
    paletteFormat: encoded.palette?.format ?? 0,
    paletteCount: encoded.palette ? encoded.palette.data.length / 2 : 0,
    paletteOffset: 0,
    mipmapEnabled: mipCount > 1 ? 1 : 0,
    edgeLod: 0,
    biasClamp: 0,
    maxAnisotropy: 0,
    minFilter: options.minFilter ?? (mipCount > 1 ? 5 : 1),
    magFilter: options.magFilter ?? 1,
    minLod: 0,
    maxLod: (mipCount - 1) * 8,
    mipCount,
    unknown0x19: 0,
    lodBias: 0,
    dataOffset: 0,
  };
  // Read back, so `image` is what the game will draw from the encoded data.
  return readBti(
    writeBti({ header, data: encoded.data, ...(encoded.palette ? { palette: encoded.palette.data } : {}) }),
  );
}

function hasTransparency(rgba: Uint8Array): boolean {
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 255) return true;
  return false;
}

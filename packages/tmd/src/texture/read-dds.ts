/*
 * DDS files as a TML texture of format 6 holds them: "DDS " then a 124-byte DDS_HEADER (u32 size = 124,
 * flags, height, width, pitchOrLinearSize, depth, mipMapCount, 11 reserved, a 32-byte DDS_PIXELFORMAT
 * (size, flags, fourCC, rgbBitCount, R/G/B/A masks), caps ×4, reserved), then the top level's pixels and the
 * smaller mip levels. Pixel-format flags: 0x1 alpha pixels, 0x2 alpha only, 0x4 fourCC, 0x40 RGB,
 * 0x20000 luminance. Decoded here: DXT1, DXT3, DXT5 and uncompressed 8/16/24/32-bit masked formats, top
 * level only (rows top-first, as D3D stores them).
 */
import { BinaryReader, hex, ParseError } from '@retromodel/binary';
import { imageSizeProblem } from '@retromodel/scene';
import { type BcFormat, bcByteLength, decodeBc } from '@retromodel/texture';

const HEADER_END = 128;

/** DDS_PIXELFORMAT: how the pixels are stored. */
export interface DdsPixelFormat {
  flags: number;
  /** Four-character code, e.g. `DXT5`, or '' when the pixels are not block-compressed. */
  fourCC: string;
  rgbBitCount: number;
  /** R, G, B, A bit masks. */
  masks: [number, number, number, number];
}

/** A parsed DDS header and a view of the data behind it. */
export interface DdsFile {
  flags: number;
  width: number;
  height: number;
  pitchOrLinearSize: number;
  mipMapCount: number;
  pixelFormat: DdsPixelFormat;
  caps: number;
  /** Everything after the 128-byte header: the top level, then the mip levels. */
  data: Uint8Array;
}

/** Decoded pixels, rows from the top-left, 4 bytes (R, G, B, A) a pixel. */
export interface DecodedPixels {
  width: number;
  height: number;
  pixels: Uint8Array;
}

/** Parses a DDS header. `base` is the file offset of the DDS inside its container, for errors. */
export function readDds(bytes: Uint8Array, base = 0): DdsFile {
  const r = new BinaryReader(bytes, { littleEndian: true, format: 'dds', section: 'header', base });
  r.ensure(HEADER_END, 'DDS header');
  if (r.u32() !== 0x20534444) throw r.error('not a DDS file: it does not start with "DDS "', 0);
  const size = r.u32();
  if (size !== 124) throw r.error(`DDS header size is ${size}, expected 124`, 4);
  const flags = r.u32();
  const height = r.u32();
  const width = r.u32();
  const pitchOrLinearSize = r.u32();
  r.skip(4);
  const mipMapCount = r.u32();
  r.skip(44 + 4);
  const pfFlags = r.u32();
  const fourCCRaw = r.bytesView(4);
  const rgbBitCount = r.u32();
  const masks: [number, number, number, number] = [r.u32(), r.u32(), r.u32(), r.u32()];
  const caps = r.u32();
  const fourCC = pfFlags & 0x4 ? String.fromCharCode(...fourCCRaw) : '';
  return {
    flags,
    width,
    height,
    pitchOrLinearSize,
    mipMapCount,
    pixelFormat: { flags: pfFlags, fourCC, rgbBitCount, masks },
    caps,
    data: bytes.subarray(HEADER_END),
  };
}

const fourCCFormats: Record<string, BcFormat> = { DXT1: 'bc1', DXT3: 'bc2', DXT5: 'bc3' };

function maskShift(mask: number): { shift: number; max: number } {
  if (mask === 0) return { shift: 0, max: 0 };
  let shift = 0;
  while (((mask >>> shift) & 1) === 0) shift++;
  return { shift, max: mask >>> shift };
}

function decodeMasked(dds: DdsFile, base: number): Uint8Array {
  const { width, height, pixelFormat: pf } = dds;
  const bytesPerPixel = pf.rgbBitCount / 8;
  if (![1, 2, 3, 4].includes(bytesPerPixel)) {
    throw new ParseError(
      { format: 'dds', section: 'header', offset: base + 88 },
      `uncompressed DDS with ${pf.rgbBitCount} bits per pixel is not supported`,
    );
  }
  const need = width * height * bytesPerPixel;
  if (dds.data.length < need) {
    throw new ParseError(
      { format: 'dds', section: 'pixels', offset: base + HEADER_END },
      `a ${width}×${height} image at ${pf.rgbBitCount} bits per pixel needs ${hex(need)} bytes, ${hex(dds.data.length)} present`,
    );
  }
  const luminance = (pf.flags & 0x20000) !== 0;
  const alphaOnly = (pf.flags & 0x2) !== 0 && (pf.flags & 0x40) === 0 && !luminance;
  const hasAlpha = (pf.flags & 0x1) !== 0 || alphaOnly;
  const channels = pf.masks.map((m) => maskShift(m >>> 0));
  const out = new Uint8Array(width * height * 4);
  const d = dds.data;
  for (let p = 0; p < width * height; p++) {
    let v = 0;
    for (let k = 0; k < bytesPerPixel; k++) v |= d[p * bytesPerPixel + k]! << (8 * k);
    v >>>= 0;
    const value = (c: number) => {
      const ch = channels[c]!;
      return ch.max === 0 ? 0 : Math.round((((v >>> ch.shift) & ch.max) * 255) / ch.max);
    };
    const o = p * 4;
    if (alphaOnly) {
      out[o] = out[o + 1] = out[o + 2] = 255;
    } else if (luminance) {
      out[o] = out[o + 1] = out[o + 2] = value(0);
    } else {
      out[o] = value(0);
      out[o + 1] = value(1);
      out[o + 2] = value(2);
    }
    out[o + 3] = hasAlpha ? value(3) : 255;
  }
  return out;
}

/**
 * Decodes the top level of a DDS (DXT1, DXT3, DXT5 or uncompressed masked RGB(A)/luminance/alpha). Throws a
 * ParseError (format `dds`) for other formats or data shorter than the image.
 */
export function decodeDds(dds: DdsFile, base = 0): DecodedPixels {
  const { width, height, pixelFormat: pf } = dds;
  const sizeProblem = imageSizeProblem(width, height);
  if (sizeProblem) throw new ParseError({ format: 'dds', section: 'header', offset: base + 12 }, sizeProblem);
  if (pf.flags & 0x4) {
    const format = fourCCFormats[pf.fourCC];
    if (!format)
      throw new ParseError(
        { format: 'dds', section: 'header', offset: base + 84 },
        `DDS format "${pf.fourCC}" is not supported (DXT1, DXT3, DXT5 or uncompressed)`,
      );
    if (dds.data.length < bcByteLength(format, width, height)) {
      throw new ParseError(
        { format: 'dds', section: 'pixels', offset: base + HEADER_END },
        `${pf.fourCC} data of a ${width}×${height} image needs ${hex(bcByteLength(format, width, height))} bytes, ${hex(dds.data.length)} present`,
      );
    }
    return { width, height, pixels: decodeBc(format, dds.data, width, height, base + HEADER_END) };
  }
  return { width, height, pixels: decodeMasked(dds, base) };
}

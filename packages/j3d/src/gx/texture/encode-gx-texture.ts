/*
 * GX texture encoding from RGBA8, the mirror of decode-gx-texture.ts (spec j3d.md §11.3): every level is cut
 * into its format's blocks, walked in row-major order, and each whole block is encoded by its format's block
 * encoder. Blocks overhanging the right or bottom edge are stored in full; their outside pixels repeat the
 * nearest edge pixel (CMPR leaves them out of its colour fit). Mip levels follow level 0 back to back, each
 * half the size of the one before and padded to its own blocks (gxMipChain), which is what decodeBtiImage
 * reads. C4/C8/C14X2 share one palette over all levels (quantize-palette.ts).
 */
import { downsampleLevel } from '@retromodel/texture';
import type { BlockEncoder } from './block-encoder.js';
import { cmprBlockEncoder } from './encode-cmpr.js';
import { encodeRgb5a3Block, encodeRgb565Block, encodeRgba8Block } from './encode-direct-color.js';
import { encodeC4Block, encodeC8Block, encodeC14x2Block } from './encode-indexed.js';
import { encodeI4Block, encodeI8Block, encodeIa4Block, encodeIa8Block } from './encode-intensity.js';
import { paletteEntryEncoder, writePaletteEntries } from './encode-palette.js';
import {
  type GxFormatLayout,
  type GxMipLevel,
  GxPaletteFormat,
  GxTextureFormat,
  gxFormatLayout,
  gxFormatName,
  gxMipChain,
} from './formats.js';
import { argumentError, checkImage } from './image-arguments.js';
import { quantizePalette } from './quantize-palette.js';

const blockEncoders = new Map<number, BlockEncoder>([
  [GxTextureFormat.I4, encodeI4Block],
  [GxTextureFormat.I8, encodeI8Block],
  [GxTextureFormat.IA4, encodeIa4Block],
  [GxTextureFormat.IA8, encodeIa8Block],
  [GxTextureFormat.RGB565, encodeRgb565Block],
  [GxTextureFormat.RGB5A3, encodeRgb5a3Block],
  [GxTextureFormat.RGBA8, encodeRgba8Block],
  [GxTextureFormat.C4, encodeC4Block],
  [GxTextureFormat.C8, encodeC8Block],
  [GxTextureFormat.C14X2, encodeC14x2Block],
]);

const paletteSizes = new Map<number, number>([
  [GxTextureFormat.C4, 16],
  [GxTextureFormat.C8, 256],
  [GxTextureFormat.C14X2, 16384],
]);

/** Options of {@link encodeGxTexture}. */
export interface GxEncodeOptions {
  /**
   * Levels to encode, level 0 included (default: 1 + the number of `mipmaps`). Levels not given in `mipmaps`
   * are made from the level before by halving it (a 2×2 mean, colours weighted by alpha). At most one more
   * than the number of times the larger side can be halved before reaching 1.
   */
  mipCount?: number;
  /** Pixels of levels 1, 2, … (RGBA8), each max(1, width >> level) × max(1, height >> level). */
  mipmaps?: Uint8Array[];
  /**
   * C4/C8/C14X2 only: the palette's format. Default: IA8 when every pixel is grey (R = G = B), RGB5A3 when
   * some pixel is not opaque, else RGB565.
   */
  paletteFormat?: GxPaletteFormat;
  /** CMPR only: pixels whose alpha is below this are stored transparent (default 128; 0 keeps every pixel). */
  alphaThreshold?: number;
}

/** An encoded GX texture: what a BTI header and its data hold. */
export interface GxEncodedTexture {
  /** The {@link GxTextureFormat} id. */
  format: GxTextureFormat;
  width: number;
  height: number;
  /** Every level's data back to back, level 0 first, each padded to whole blocks. */
  data: Uint8Array;
  /** Size and offset in `data` of each level (the texture's mip count is `levels.length`). */
  levels: GxMipLevel[];
  /** C4/C8/C14X2: the palette shared by every level, entries as big-endian u16 (entry count = bytes / 2). */
  palette?: { format: GxPaletteFormat; data: Uint8Array };
}

function fail(message: string): never {
  argumentError('encodeGxTexture', message);
}

/** Checks the arguments; returns the format's layout and the pixels of every level. */
function checkedLevels(
  rgba: Uint8Array,
  width: number,
  height: number,
  format: number,
  options: GxEncodeOptions,
): { layout: GxFormatLayout; pixels: Uint8Array[]; chain: GxMipLevel[] } {
  const layout = gxFormatLayout(format);
  if (!layout) {
    fail(
      `texture format ${gxFormatName(format)} is not a GX texture format (known: I4, I8, IA4, IA8, RGB565, RGB5A3, RGBA8, C4, C8, C14X2, CMPR)`,
    );
  }
  checkImage('encodeGxTexture', rgba, width, height);
  const mipmaps = options.mipmaps ?? [];
  const maxLevels = Math.floor(Math.log2(Math.max(width, height))) + 1;
  const mipCount = options.mipCount ?? mipmaps.length + 1;
  if (!Number.isInteger(mipCount) || mipCount < 1 || mipCount > maxLevels) {
    fail(`mipCount ${mipCount} is not a whole number from 1 to ${maxLevels} (for ${width}×${height})`);
  }
  if (mipmaps.length > mipCount - 1) fail(`${mipmaps.length} mipmaps given for a mipCount of ${mipCount}`);
  const paletteSize = paletteSizes.get(format);
  if (options.paletteFormat !== undefined) {
    if (!paletteSize) fail(`paletteFormat applies to C4, C8 and C14X2, not ${layout.name}`);
    if (!(Object.values(GxPaletteFormat) as number[]).includes(options.paletteFormat)) {
      fail(`palette format ${options.paletteFormat} is not a GX palette format (0 IA8, 1 RGB565, 2 RGB5A3)`);
    }
  }
  const threshold = options.alphaThreshold;
  if (threshold !== undefined) {
    if (format !== GxTextureFormat.CMPR) fail(`alphaThreshold applies to CMPR, not ${layout.name}`);
    if (!Number.isInteger(threshold) || threshold < 0 || threshold > 256) {
      fail(`alphaThreshold ${threshold} is not a whole number from 0 to 256`);
    }
  }

  const chain = gxMipChain(format, width, height, mipCount);
  const pixels = [rgba];
  for (let level = 1; level < mipCount; level++) {
    const { width: w, height: h } = chain[level]!;
    const given = mipmaps[level - 1];
    if (given === undefined) {
      const before = chain[level - 1]!;
      pixels.push(downsampleLevel(pixels[level - 1]!, before.width, before.height));
    } else if (!(given instanceof Uint8Array) || given.length !== w * h * 4) {
      fail(`mip level ${level} must be ${w}×${h} RGBA8 (${w * h * 4} bytes), not ${given.length ?? 'absent'}`);
    } else pixels.push(given);
  }
  return { layout, pixels, chain };
}

/** The default palette format for the pixels of every level (see {@link GxEncodeOptions.paletteFormat}). */
function defaultPaletteFormat(levels: Uint8Array[]): GxPaletteFormat {
  let grey = true;
  let opaque = true;
  for (const rgba of levels) {
    for (let at = 0; at < rgba.length; at += 4) {
      if (rgba[at] !== rgba[at + 1] || rgba[at] !== rgba[at + 2]) grey = false;
      if (rgba[at + 3] !== 255) opaque = false;
    }
  }
  if (grey) return GxPaletteFormat.IA8;
  return opaque ? GxPaletteFormat.RGB565 : GxPaletteFormat.RGB5A3;
}

/** One word a pixel: the RGBA8 bytes as they lie in memory. */
function pixelWords(rgba: Uint8Array): Uint32Array {
  const aligned = rgba.byteOffset % 4 === 0 ? rgba : rgba.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.length >> 2);
}

/** Encodes one level whose pixels (RGBA words, or palette indices) are `words` into `out` from `dst` on. */
function encodeLevel(
  words: Uint32Array,
  width: number,
  height: number,
  layout: GxFormatLayout,
  encodeBlock: BlockEncoder,
  out: Uint8Array,
  dst: number,
): void {
  const { blockWidth: bw, blockHeight: bh, blockBytes } = layout;
  const tile32 = new Uint32Array(bw * bh);
  const tile = new Uint8Array(tile32.buffer);
  for (let by = 0; by < height; by += bh) {
    const rows = Math.min(bh, height - by);
    for (let bx = 0; bx < width; bx += bw) {
      const cols = Math.min(bw, width - bx);
      for (let y = 0; y < bh; y++) {
        const from = (by + Math.min(y, rows - 1)) * width + bx;
        for (let x = 0; x < bw; x++) tile32[y * bw + x] = words[from + Math.min(x, cols - 1)]!;
      }
      encodeBlock(tile, tile32, cols, rows, out, dst);
      dst += blockBytes;
    }
  }
}

/**
 * Encodes an RGBA8 image (`width × height × 4` bytes, rows from the top) as a GX texture of `format` (a
 * {@link GxTextureFormat} id), with every mip level the options ask for; for C4/C8/C14X2 also its palette.
 * `decodeGxTexture` of each level gives the pixels back exactly when the format can hold them (and the palette
 * has room for their colours); otherwise the nearest the format allows (see each format's encoder).
 * Throws an Error naming the problem for an unknown format, a size that is not 1…65535 pixels a side, pixel
 * data of the wrong length, or options that do not fit the format or the size.
 */
export function encodeGxTexture(
  rgba: Uint8Array,
  width: number,
  height: number,
  format: number,
  options: GxEncodeOptions = {},
): GxEncodedTexture {
  const { layout, pixels, chain } = checkedLevels(rgba, width, height, format, options);
  const last = chain[chain.length - 1]!;
  const data = new Uint8Array(last.offset + last.size);
  const paletteSize = paletteSizes.get(format);
  let palette: GxEncodedTexture['palette'];
  const encodeBlock =
    format === GxTextureFormat.CMPR ? cmprBlockEncoder(options.alphaThreshold ?? 128) : blockEncoders.get(format)!;
  let levelWords = (level: number) => pixelWords(pixels[level]!);

  if (paletteSize) {
    const paletteFormat = options.paletteFormat ?? defaultPaletteFormat(pixels);
    const quantized = quantizePalette(pixels, paletteFormat, paletteSize);
    const encodeEntry = paletteEntryEncoder(paletteFormat);
    palette = { format: paletteFormat, data: writePaletteEntries(quantized.entries) };
    levelWords = (level) => {
      const p = pixels[level]!;
      const indices = new Uint32Array(p.length >> 2);
      for (let i = 0; i < indices.length; i++) {
        indices[i] = quantized.indexOfValue[encodeEntry(p[i * 4]!, p[i * 4 + 1]!, p[i * 4 + 2]!, p[i * 4 + 3]!)]!;
      }
      return indices;
    };
  }

  chain.forEach((level, i) => {
    encodeLevel(levelWords(i), level.width, level.height, layout, encodeBlock, data, level.offset);
  });
  return { format: format as GxTextureFormat, width, height, data, levels: chain, ...(palette ? { palette } : {}) };
}

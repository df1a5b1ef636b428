/*
 * GX texture decoding to RGBA8 (spec j3d.md §11.3): walks the blocks of one image level in row-major order and
 * has its format's block decoder write the pixels of each block that fall inside the picture straight into the
 * output (blocks overhanging the right or bottom edge are stored in full; their outside pixels are skipped). The
 * same walk runs as WebAssembly where it can (wasm-decode.ts).
 * Everything is checked before the output is allocated: the format id, the size, that the data holds every
 * block, and for C4/C8/C14X2 that a palette in a known format is given.
 */
import { hex, ParseError, type ParseErrorLocation } from '@retromodel/binary';
import type { BlockDecoder } from './block-decoder.js';
import { decodeCmprBlock } from './decode-cmpr.js';
import { decodeIa8Block, decodeRgb5a3Block, decodeRgb565Block, decodeRgba8Block } from './decode-direct-color.js';
import { decodeC4Block, decodeC8Block, decodeC14x2Block } from './decode-indexed.js';
import { decodeI4Block, decodeI8Block, decodeIa4Block } from './decode-intensity.js';
import {
  GxPaletteFormat,
  GxTextureFormat,
  gxFormatName,
  gxPaletteFormatName,
  gxTextureByteSize,
  requireGxFormatLayout,
} from './formats.js';
import { decodePalette } from './palette.js';
import { wasmDecode } from './wasm-decode.js';

const blockDecoders = new Map<number, BlockDecoder>([
  [GxTextureFormat.I4, decodeI4Block],
  [GxTextureFormat.I8, decodeI8Block],
  [GxTextureFormat.IA4, decodeIa4Block],
  [GxTextureFormat.IA8, decodeIa8Block],
  [GxTextureFormat.RGB565, decodeRgb565Block],
  [GxTextureFormat.RGB5A3, decodeRgb5a3Block],
  [GxTextureFormat.RGBA8, decodeRgba8Block],
  [GxTextureFormat.C4, decodeC4Block],
  [GxTextureFormat.C8, decodeC8Block],
  [GxTextureFormat.C14X2, decodeC14x2Block],
  [GxTextureFormat.CMPR, decodeCmprBlock],
]);

/** Palette entries a colour-indexed format can name (C14X2: 14 index bits). */
const paletteIndexCount = new Map<number, number>([
  [GxTextureFormat.C4, 16],
  [GxTextureFormat.C8, 256],
  [GxTextureFormat.C14X2, 0x4000],
]);

/** One image level to decode. */
export interface GxTextureInput {
  /** A {@link GxTextureFormat} id. */
  format: number;
  width: number;
  height: number;
  /** The level's data, starting at its first block (more bytes after it are ignored). */
  data: Uint8Array;
  /** For C4/C8/C14X2: the palette's format ({@link GxPaletteFormat}) and entries (big-endian u16 each). */
  palette?: { format: number; data: Uint8Array };
  /** Section named in errors. Default `TEX1`. */
  section?: string;
  /** Absolute file offset of `data[0]`, named in errors. Default 0. */
  offset?: number;
}

/**
 * Decodes one level of a GX texture to RGBA8: `width × height × 4` bytes, rows from the top, 4 bytes (R, G, B, A)
 * a pixel. Throws a ParseError (format `j3d`, the given section, default `TEX1`) for an unknown format, a size
 * below 1 pixel, data shorter than the level's blocks, or a colour-indexed format without a usable palette.
 */
export function decodeGxTexture(input: GxTextureInput): Uint8Array {
  return prepareGxTexture(input)();
}

/**
 * Makes every check {@link decodeGxTexture} makes (throwing the same ParseErrors) and returns a function that
 * decodes the level, which cannot fail: callers that may never need the pixels check now and decode later.
 */
export function prepareGxTexture(input: GxTextureInput): () => Uint8Array {
  const { width, height, data } = input;
  const { layout, palette32, decodeBlock } = checkGxTextureLevel(input);
  const { blockWidth: bw, blockHeight: bh, blockBytes } = layout;
  return () => {
    const decoded = wasmDecode(input.format, width, height, layout, data, palette32);
    if (decoded) return decoded;
    const out = new Uint8Array(width * height * 4);
    const out32 = new Uint32Array(out.buffer);
    let src = 0;
    for (let by = 0; by < height; by += bh) {
      const rows = Math.min(bh, height - by);
      for (let bx = 0; bx < width; bx += bw) {
        decodeBlock(data, src, out32, by * width + bx, width, Math.min(bw, width - bx), rows, palette32);
        src += blockBytes;
      }
    }
    return out;
  };
}

/**
 * Makes the checks of {@link prepareGxTexture} (the same ParseErrors) and returns what decoding the level needs:
 * its format's layout, the decoded palette (empty for other formats) and the block decoder.
 */
export function checkGxTextureLevel(input: GxTextureInput) {
  const { format, width, height, data } = input;
  const location: ParseErrorLocation = { format: 'j3d', section: input.section ?? 'TEX1', offset: input.offset ?? 0 };
  const layout = requireGxFormatLayout(format, location);
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 1 || height < 1) {
    throw new ParseError(location, `${layout.name} texture has no pixels (size ${width}×${height})`);
  }
  const size = gxTextureByteSize(format, width, height);
  if (data.length < size) {
    throw new ParseError(
      location,
      `${layout.name} ${width}×${height} image data runs past the end of the ${location.section} data (needs ${hex(size)} bytes, ${hex(data.length)} left)`,
    );
  }
  const palette32 = layout.paletted ? checkedPalette(input, location) : new Uint32Array(0);
  return { layout, palette32, decodeBlock: blockDecoders.get(format)! };
}

/** The palette format ids (listed once, not per texture level checked). */
const KNOWN_PALETTE_FORMATS: readonly number[] = Object.values(GxPaletteFormat);

function checkedPalette(input: GxTextureInput, location: ParseErrorLocation): Uint32Array {
  const name = gxFormatName(input.format);
  const palette = input.palette;
  if (!palette || palette.data.length < 2) {
    throw new ParseError(location, `${name} texture has no palette (colour-indexed textures need one)`);
  }
  if (!KNOWN_PALETTE_FORMATS.includes(palette.format)) {
    throw new ParseError(
      location,
      `palette format ${gxPaletteFormatName(palette.format)} is not a GX palette format (0 IA8, 1 RGB565, 2 RGB5A3)`,
    );
  }
  const decoded = decodePalette(palette.format as GxPaletteFormat, palette.data);
  // Indices past the stored entries read transparent black (0) from the padding.
  const count = paletteIndexCount.get(input.format) ?? 0;
  if (decoded.length >= count) return decoded;
  const padded = new Uint32Array(count);
  padded.set(decoded);
  return padded;
}

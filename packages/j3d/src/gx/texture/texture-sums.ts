/*
 * The sums of R, G, B and A over the pixels decodeGxTexture gives for a level, without making the picture (a
 * material's mean texture colour needs no more). Formats whose texel is a code looked up in a table (I4, I8,
 * IA4, IA8, RGB565, RGB5A3 and the colour-indexed ones: texel-words.ts, the palette) count the codes of the
 * texels inside the picture (4- and 8-bit codes) or add up their table entries (16-bit codes); RGBA8 and CMPR
 * have each block decoded into a block-sized buffer and summed. Sums are integers, so the order is free.
 */
import { checkGxTextureLevel, type GxTextureInput } from './decode-gx-texture.js';
import { GxPaletteFormat, GxTextureFormat } from './formats.js';
import { i4Words, i8Words, ia4Words, u16Words } from './texel-words.js';

/**
 * A table-driven format: bits a texel, the code → pixel table, and the bits of a 16-bit code that count.
 * `split`: IA8, whose first byte is the alpha and second the intensity, counted as two byte codes.
 */
interface TexelCodes {
  bits: 4 | 8 | 16;
  words: Uint32Array;
  mask: number;
  split?: boolean;
}

function texelCodes(format: number, palette32: Uint32Array): TexelCodes | undefined {
  switch (format) {
    case GxTextureFormat.I4:
      return { bits: 4, words: i4Words, mask: 0xf };
    case GxTextureFormat.C4:
      return { bits: 4, words: palette32, mask: 0xf };
    case GxTextureFormat.I8:
      return { bits: 8, words: i8Words, mask: 0xff };
    case GxTextureFormat.IA4:
      return { bits: 8, words: ia4Words, mask: 0xff };
    case GxTextureFormat.C8:
      return { bits: 8, words: palette32, mask: 0xff };
    case GxTextureFormat.IA8:
      return { bits: 16, words: u16Words(GxPaletteFormat.IA8), mask: 0xffff, split: true };
    case GxTextureFormat.RGB565:
      return { bits: 16, words: u16Words(GxPaletteFormat.RGB565), mask: 0xffff };
    case GxTextureFormat.RGB5A3:
      return { bits: 16, words: u16Words(GxPaletteFormat.RGB5A3), mask: 0xffff };
    case GxTextureFormat.C14X2:
      return { bits: 16, words: palette32, mask: 0x3fff };
    default:
      return undefined;
  }
}

/**
 * The sums of R, G, B and A over every pixel {@link decodeGxTexture} gives for the level. Makes the same checks,
 * with the same ParseErrors.
 */
export function gxTextureSums(input: GxTextureInput): [number, number, number, number] {
  const { layout, palette32, decodeBlock } = checkGxTextureLevel(input);
  const codes = texelCodes(input.format, palette32);
  if (!codes) return blockSums(input, layout.blockWidth, layout.blockHeight, layout.blockBytes, decodeBlock, palette32);
  const { width, height, data } = input;
  const { blockWidth: bw, blockHeight: bh, blockBytes } = layout;
  const { bits, words, mask, split } = codes;
  // The table's pixels as bytes R, G, B, A (the words hold them in memory order).
  const table = new Uint8Array(words.buffer, words.byteOffset, words.byteLength);
  const rowBytes = (bw * bits) / 8;
  // Codes counted (4- and 8-bit codes; IA8: alpha bytes at 0..255, intensity bytes at 256..511).
  const counts = bits === 16 && !split ? undefined : new Uint32Array(512);
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  let src = 0;
  for (let by = 0; by < height; by += bh) {
    const rows = Math.min(bh, height - by);
    for (let bx = 0; bx < width; bx += bw) {
      const cols = Math.min(bw, width - bx);
      for (let y = 0; y < rows; y++) {
        const s = src + y * rowBytes;
        if (!counts) {
          for (let x = 0; x < cols; x++) {
            const at = (((data[s + x * 2]! << 8) | data[s + x * 2 + 1]!) & mask) * 4;
            r += table[at]!;
            g += table[at + 1]!;
            b += table[at + 2]!;
            a += table[at + 3]!;
          }
        } else if (split) {
          for (let x = 0; x < cols; x++) {
            counts[data[s + x * 2]!]!++;
            counts[256 + data[s + x * 2 + 1]!]!++;
          }
        } else if (bits === 4) {
          for (let x = 0; x < cols; x++) {
            const byte = data[s + (x >> 1)]!;
            counts[x & 1 ? byte & 0xf : byte >> 4]!++;
          }
        } else {
          for (let x = 0; x < cols; x++) counts[data[s + x]!]!++;
        }
      }
      src += blockBytes;
    }
  }
  if (counts && split) {
    // Code (alpha << 8 | intensity): r, g, b from the intensity (alpha 0), a from the alpha (intensity 0).
    for (let v = 0; v < 256; v++) {
      r += counts[256 + v]! * table[v * 4]!;
      g += counts[256 + v]! * table[v * 4 + 1]!;
      b += counts[256 + v]! * table[v * 4 + 2]!;
      a += counts[v]! * table[(v << 8) * 4 + 3]!;
    }
  } else if (counts) {
    // 4-bit tables have 16 entries.
    for (let code = 0; code < Math.min(256, words.length); code++) {
      const n = counts[code]!;
      r += n * table[code * 4]!;
      g += n * table[code * 4 + 1]!;
      b += n * table[code * 4 + 2]!;
      a += n * table[code * 4 + 3]!;
    }
  }
  return [r, g, b, a];
}

/** The sums with each block decoded into a block-sized buffer. */
function blockSums(
  input: GxTextureInput,
  bw: number,
  bh: number,
  blockBytes: number,
  decodeBlock: ReturnType<typeof checkGxTextureLevel>['decodeBlock'],
  palette32: Uint32Array,
): [number, number, number, number] {
  const { width, height, data } = input;
  const block32 = new Uint32Array(bw * bh);
  const block = new Uint8Array(block32.buffer);
  const sums: [number, number, number, number] = [0, 0, 0, 0];
  let src = 0;
  for (let by = 0; by < height; by += bh) {
    const rows = Math.min(bh, height - by);
    for (let bx = 0; bx < width; bx += bw) {
      const cols = Math.min(bw, width - bx);
      decodeBlock(data, src, block32, 0, bw, cols, rows, palette32);
      src += blockBytes;
      for (let y = 0; y < rows; y++) {
        for (let at = y * bw * 4, end = at + cols * 4; at < end; at += 4) {
          sums[0] += block[at]!;
          sums[1] += block[at + 1]!;
          sums[2] += block[at + 2]!;
          sums[3] += block[at + 3]!;
        }
      }
    }
  }
  return sums;
}

/*
 * The sums of R, G, B and A over the pixels decodeGxTexture gives for a level, without making the picture (a
 * material's mean texture colour needs no more). Sums are integers, so the order is free: when the picture is
 * whole blocks, every texel stored is inside it and the level is summed in one run in storage order; else each
 * block row's texels inside the picture are a run. Per format (spec j3d.md §11.3):
 *   I4, I8, IA4, IA8: an intensity (r = g = b) and an alpha field, summed as they are (4-bit fields · 17), four
 *     bytes at a time (byte-lane-sums.ts);
 *     I4 and I8 have one field for all four channels.
 *   In a picture of whole blocks: CMPR, RGB565 and RGB5A3 through a WebAssembly module's SIMD sums
 *     (simd-sums.ts), or where WebAssembly cannot run, RGB565 and RGB5A3 by how often each high and each low byte
 *     occurs, times that byte's part of the pixel (split-code-sums.ts), and CMPR by each 4×4 sub-block's count of
 *     each colour-table index times that entry (cmprSums), without decoding its texels; RGBA8: the bytes of each
 *     block's A-R and G-B halves as they are;
 *   the colour-indexed formats, and RGB565 and RGB5A3 in a picture of partial blocks: each texel's code looked up
 *     in its table (texel-words.ts, the palette) and the pixel's bytes added.
 *   RGBA8 and CMPR in a picture of partial blocks: each block decoded into a block-sized buffer and summed.
 */
import { expand5, expand6 } from '@retromodel/texture';
import { evenOddByteSums, laneSums, nibbleSums } from './byte-lane-sums.js';
import { checkGxTextureLevel, type GxTextureInput } from './decode-gx-texture.js';
import { GxPaletteFormat, GxTextureFormat } from './formats.js';
import { simdSums } from './simd-sums.js';
import { splitCodeSums, splitParts } from './split-code-sums.js';
import { u16Words } from './texel-words.js';

const { RGB565, RGB5A3 } = GxPaletteFormat;

type Sums = [number, number, number, number];

/** Adds the pixels of `count` texels from texel number `first` of `data` to `sums`. */
type AddTexels = (sums: Sums, data: Uint8Array, first: number, count: number) => void;

function texelAdder(format: number, palette32: Uint32Array): AddTexels | undefined {
  switch (format) {
    case GxTextureFormat.I4:
      return (sums, data, first, count) => {
        // A run starts at a whole byte (block rows are 8 texels); an odd count ends on a high nibble.
        const end = (first + count) >> 1;
        nibbleSums(data, first >> 1, end);
        const i = (laneSums[0]! + laneSums[1]! + (count & 1 ? data[end]! >> 4 : 0)) * 17;
        addGray(sums, i, i);
      };
    case GxTextureFormat.I8:
      return (sums, data, first, count) => {
        // The bytes summed as they are (splitting each into nibbles, as I4 must, did twice the work).
        evenOddByteSums(data, first, first + count);
        const i = laneSums[0]! + laneSums[1]!;
        addGray(sums, i, i);
      };
    case GxTextureFormat.IA4:
      return (sums, data, first, count) => {
        nibbleSums(data, first, first + count);
        addGray(sums, laneSums[1]! * 17, laneSums[0]! * 17);
      };
    case GxTextureFormat.IA8:
      return (sums, data, first, count) => {
        // Alpha, then intensity.
        evenOddByteSums(data, first * 2, (first + count) * 2);
        addGray(sums, laneSums[1]!, laneSums[0]!);
      };
    case GxTextureFormat.RGB565:
      return tableAdder(16, u16Words(RGB565), 0xffff);
    case GxTextureFormat.RGB5A3:
      return tableAdder(16, u16Words(RGB5A3), 0xffff);
    case GxTextureFormat.C4:
      return tableAdder(4, palette32, 0xf);
    case GxTextureFormat.C8:
      return tableAdder(8, palette32, 0xff);
    case GxTextureFormat.C14X2:
      return tableAdder(16, palette32, 0x3fff);
    default:
      return undefined;
  }
}

/**
 * The sums of R, G, B and A over every pixel {@link decodeGxTexture} gives for the level. Makes the same checks,
 * with the same ParseErrors.
 */
export function gxTextureSums(input: GxTextureInput): Sums {
  const { layout, palette32, decodeBlock } = checkGxTextureLevel(input);
  const { width, height, data } = input;
  const { blockWidth: bw, blockHeight: bh, blockBytes } = layout;
  const whole = width % bw === 0 && height % bh === 0;
  // A picture of whole blocks: the formats summed without looking at each texel.
  if (whole)
    switch (input.format) {
      case GxTextureFormat.CMPR:
        return simdSums('cmpr', data, (width * height) >> 4) ?? cmprSums(data, (width * height) >> 4);
      case GxTextureFormat.RGBA8:
        return rgba8Sums(data, (width * height) >> 4);
      case GxTextureFormat.RGB565:
        return simdSums('rgb565', data, width * height) ?? splitCodeSums(data, width * height, splitParts(RGB565));
      case GxTextureFormat.RGB5A3:
        return simdSums('rgb5a3', data, width * height) ?? splitCodeSums(data, width * height, splitParts(RGB5A3));
    }
  const add = texelAdder(input.format, palette32);
  if (!add) return blockSums(input, bw, bh, blockBytes, decodeBlock, palette32);
  const sums: Sums = [0, 0, 0, 0];
  if (whole) {
    add(sums, data, 0, width * height);
    return sums;
  }
  let first = 0;
  for (let by = 0; by < height; by += bh) {
    const rows = Math.min(bh, height - by);
    for (let bx = 0; bx < width; bx += bw) {
      const cols = Math.min(bw, width - bx);
      for (let y = 0; y < rows; y++) add(sums, data, first + y * bw, cols);
      first += bw * bh;
    }
  }
  return sums;
}

function addGray(sums: Sums, intensity: number, alpha: number): void {
  sums[0] += intensity;
  sums[1] += intensity;
  sums[2] += intensity;
  sums[3] += alpha;
}

/**
 * Table formats: a texel's code (`bits` wide, big-endian when 16, masked) → the pixel in `words`. Each texel's
 * word is read once and its bytes (R, G, B, A in memory) taken apart by shifts in the platform's byte order.
 */
function tableAdder(bits: 4 | 8 | 16, words: Uint32Array, mask: number): AddTexels {
  return (sums, data, first, count) => addTableTexels(sums, data, first, count, bits, words, mask);
}

function addTableTexels(
  sums: Sums,
  data: Uint8Array,
  first: number,
  count: number,
  bits: 4 | 8 | 16,
  words: Uint32Array,
  mask: number,
): void {
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  let w: number;
  const end = first + count;
  // A loop each code width: the texel loop is the hot path of a material's mean colour.
  if (bits === 16)
    for (let t = first; t < end; t++) {
      w = words[((data[t * 2]! << 8) | data[t * 2 + 1]!) & mask]!;
      r += (w >>> R) & 0xff;
      g += (w >>> G) & 0xff;
      b += (w >>> B) & 0xff;
      a += (w >>> A) & 0xff;
    }
  else if (bits === 8)
    for (let t = first; t < end; t++) {
      w = words[data[t]!]!;
      r += (w >>> R) & 0xff;
      g += (w >>> G) & 0xff;
      b += (w >>> B) & 0xff;
      a += (w >>> A) & 0xff;
    }
  else
    for (let t = first; t < end; t++) {
      w = words[(t & 1 ? data[t >> 1]! : data[t >> 1]! >> 4) & 0xf]!;
      r += (w >>> R) & 0xff;
      g += (w >>> G) & 0xff;
      b += (w >>> B) & 0xff;
      a += (w >>> A) & 0xff;
    }
  sums[0] += r;
  sums[1] += g;
  sums[2] += b;
  sums[3] += a;
}

/** Where R, G, B and A sit in a pixel word. */
const [R, G, B, A] = new Uint8Array(Uint16Array.of(1).buffer)[0] === 1 ? [0, 8, 16, 24] : [24, 16, 8, 0];

/**
 * For each byte of four 2-bit CMPR colour indices, how many of them are 0, 1, 2 and 3, in the bytes of one word
 * (the count of index v at bit 8·v): the four bytes of a sub-block's indices add up to its counts (at most 16
 * each, so no byte carries into the next).
 */
const indexCounts = Uint32Array.from({ length: 256 }, (_, byte) => {
  let counts = 0;
  for (let k = 0; k < 8; k += 2) counts += 1 << (8 * ((byte >> k) & 3));
  return counts;
});

/**
 * The sums over the first `subBlocks` CMPR sub-blocks of `data`, all inside the picture: each one's texels are
 * its colour table's entries (decode-cmpr.ts) as often as their 2-bit index occurs, counted a byte of indices at
 * a time (indexCounts), where WebAssembly cannot run (simd-sums.ts). A material's mean colour sums every texel of
 * its textures, and decoding the CMPR texels one by one to sum them was most of j3dToScene on a stage map of many
 * multi-texture materials. The table's entries are worked out here as decode-cmpr.ts does (the tests compare the
 * two on random data): reading them from its table, written and read back per sub-block, made the sums 1.5 times
 * as long.
 */
function cmprSums(data: Uint8Array, subBlocks: number): Sums {
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let s = 0, at = 0; s < subBlocks; s++, at += 8) {
    const c0 = (data[at]! << 8) | data[at + 1]!;
    const c1 = (data[at + 2]! << 8) | data[at + 3]!;
    const counts =
      indexCounts[data[at + 4]!]! +
      indexCounts[data[at + 5]!]! +
      indexCounts[data[at + 6]!]! +
      indexCounts[data[at + 7]!]!;
    const n0 = counts & 0xff;
    const n1 = (counts >>> 8) & 0xff;
    const n2 = (counts >>> 16) & 0xff;
    const n3 = counts >>> 24;
    const r0 = expand5(c0 >> 11);
    const g0 = expand6((c0 >> 5) & 0x3f);
    const b0 = expand5(c0 & 0x1f);
    const r1 = expand5(c1 >> 11);
    const g1 = expand6((c1 >> 5) & 0x3f);
    const b1 = expand5(c1 & 0x1f);
    r += n0 * r0 + n1 * r1;
    g += n0 * g0 + n1 * g1;
    b += n0 * b0 + n1 * b1;
    if (c0 > c1) {
      r += n2 * ((5 * r0 + 3 * r1) >> 3) + n3 * ((3 * r0 + 5 * r1) >> 3);
      g += n2 * ((5 * g0 + 3 * g1) >> 3) + n3 * ((3 * g0 + 5 * g1) >> 3);
      b += n2 * ((5 * b0 + 3 * b1) >> 3) + n3 * ((3 * b0 + 5 * b1) >> 3);
      a += 16 * 255;
    } else {
      // Entries 2 and 3 share their colour; entry 3 is transparent.
      r += (n2 + n3) * ((r0 + r1) >> 1);
      g += (n2 + n3) * ((g0 + g1) >> 1);
      b += (n2 + n3) * ((b0 + b1) >> 1);
      a += (16 - n3) * 255;
    }
  }
  return [r, g, b, a];
}

/**
 * The sums over the first `blocks` RGBA8 blocks of `data`, all inside the picture: a block is its sixteen texels'
 * A, R pairs (32 bytes), then their G, B pairs.
 */
function rgba8Sums(data: Uint8Array, blocks: number): Sums {
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let at = 0, end = blocks * 64; at < end; at += 64)
    for (let i = at; i < at + 32; i += 2) {
      a += data[i]!;
      r += data[i + 1]!;
      g += data[i + 32]!;
      b += data[i + 33]!;
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

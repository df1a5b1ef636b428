/*
 * Block-compressed textures (S3TC, as D3D names them DXT1/DXT3/DXT5 = BC1/BC2/BC3), decoded to RGBA8.
 * A 4×4 block's colour part is two RGB565 end points (u16 LE) and 16 two-bit indices (u32 LE, pixel i at
 * bits 2i, row-major from the top-left). BC1: when c0 > c1 the palette is c0, c1, (2c0+c1)/3, (c0+2c1)/3,
 * otherwise c0, c1, (c0+c1)/2, transparent black. BC2 and BC3 always use the four-colour palette and put an
 * alpha part in front: BC2 sixteen explicit 4-bit alphas (u64 LE, pixel i at bits 4i); BC3 two 8-bit end
 * points and sixteen 3-bit indices (48 bits LE): a0 > a1 → 8 interpolated values, otherwise 6 + 0 and 255.
 * End points widen to 8 bits by rounding (v·255/31), interpolation rounds. Partial blocks at the right and bottom edges are cropped.
 */
import { ParseError } from '@retromodel/binary';
import type { S3tcPalette } from './s3tc-palette.js';

/** The block-compressed formats the decoder knows. */
export type BcFormat = 'bc1' | 'bc2' | 'bc3';

const blockBytes: Record<BcFormat, number> = { bc1: 8, bc2: 16, bc3: 16 };

/** Bytes a w×h image takes in `format` (whole 4×4 blocks). */
export function bcByteLength(format: BcFormat, width: number, height: number): number {
  return Math.ceil(width / 4) * Math.ceil(height / 4) * blockBytes[format];
}

/** 5- and 6-bit channel values widened to 8 bits as UNORM conversion does: round(v · 255 / max). */
export const widen5 = Uint8Array.from({ length: 32 }, (_, v) => Math.round((v * 255) / 31));
const widen6 = Uint8Array.from({ length: 64 }, (_, v) => Math.round((v * 255) / 63));

/** This decoder's palette rule for BC1–BC3 colour blocks, which the BC encoder fits for. */
export const bcPalette: S3tcPalette = {
  widen5,
  widen6,
  blend4: (a, b) => Math.floor((2 * a + b + 1) / 3),
  blend3: (a, b) => (a + b + 1) >> 1,
  share4: 2 / 3,
};

function expand565(c: number, out: Uint8Array, at: number): void {
  out[at] = widen5[(c >> 11) & 31]!;
  out[at + 1] = widen6[(c >> 5) & 63]!;
  out[at + 2] = widen5[c & 31]!;
  out[at + 3] = 255;
}

/** Fills the 4-entry RGBA palette of a colour block. */
function colourPalette(c0: number, c1: number, fourColour: boolean, pal: Uint8Array): void {
  expand565(c0, pal, 0);
  expand565(c1, pal, 4);
  for (let k = 0; k < 3; k++) {
    const a = pal[k]!;
    const b = pal[4 + k]!;
    if (fourColour) {
      pal[8 + k] = bcPalette.blend4(a, b);
      pal[12 + k] = bcPalette.blend4(b, a);
    } else {
      pal[8 + k] = bcPalette.blend3(a, b);
      pal[12 + k] = 0;
    }
  }
  pal[11] = 255;
  pal[15] = fourColour ? 255 : 0;
}

/** Fills the 8-entry palette of a BC3 alpha block from its end points. */
export function alphaPalette(a0: number, a1: number, pal: Uint8Array): void {
  pal[0] = a0;
  pal[1] = a1;
  if (a0 > a1) {
    for (let k = 1; k <= 6; k++) pal[1 + k] = Math.floor(((7 - k) * a0 + k * a1 + 3) / 7);
  } else {
    for (let k = 1; k <= 4; k++) pal[1 + k] = Math.floor(((5 - k) * a0 + k * a1 + 2) / 5);
    pal[6] = 0;
    pal[7] = 255;
  }
}

/**
 * Decodes BC1/BC2/BC3 data of a `width`×`height` image to RGBA8 rows from the top-left. Throws a ParseError
 * (format `dds`) when `data` is shorter than the image needs.
 */
export function decodeBc(format: BcFormat, data: Uint8Array, width: number, height: number, offset = 0): Uint8Array {
  const need = bcByteLength(format, width, height);
  if (data.length < need) {
    throw new ParseError(
      { format: 'dds', section: 'pixels', offset },
      `${format.toUpperCase()} data of a ${width}×${height} image needs ${need} bytes, ${data.length} present`,
    );
  }
  const out = new Uint8Array(width * height * 4);
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const colours = new Uint8Array(16);
  const alphas = new Uint8Array(8);
  const size = blockBytes[format];
  const bw = Math.ceil(width / 4);
  const bh = Math.ceil(height / 4);
  let at = 0;
  for (let by = 0; by < bh; by++) {
    for (let bx = 0; bx < bw; bx++, at += size) {
      const colourAt = format === 'bc1' ? at : at + 8;
      const c0 = view.getUint16(colourAt, true);
      const c1 = view.getUint16(colourAt + 2, true);
      colourPalette(c0, c1, format !== 'bc1' || c0 > c1, colours);
      const indices = view.getUint32(colourAt + 4, true);
      let alphaLo = 0;
      let alphaHi = 0;
      if (format === 'bc2') {
        alphaLo = view.getUint32(at, true);
        alphaHi = view.getUint32(at + 4, true);
      } else if (format === 'bc3') {
        alphaPalette(data[at]!, data[at + 1]!, alphas);
        alphaLo = data[at + 2]! | (data[at + 3]! << 8) | (data[at + 4]! << 16);
        alphaHi = data[at + 5]! | (data[at + 6]! << 8) | (data[at + 7]! << 16);
      }
      for (let i = 0; i < 16; i++) {
        const x = bx * 4 + (i & 3);
        const y = by * 4 + (i >> 2);
        if (x >= width || y >= height) continue;
        const o = (y * width + x) * 4;
        const c = ((indices >>> (2 * i)) & 3) * 4;
        out[o] = colours[c]!;
        out[o + 1] = colours[c + 1]!;
        out[o + 2] = colours[c + 2]!;
        if (format === 'bc1') out[o + 3] = colours[c + 3]!;
        else if (format === 'bc2') out[o + 3] = ((i < 8 ? alphaLo >>> (4 * i) : alphaHi >>> (4 * (i - 8))) & 15) * 17;
        else out[o + 3] = alphas[(i < 8 ? alphaLo >>> (3 * i) : alphaHi >>> (3 * (i - 8))) & 7]!;
      }
    }
  }
  return out;
}

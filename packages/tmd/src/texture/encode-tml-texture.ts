/*
 * RGBA8 pixels to TML texture data, the mirror of decode-tml-texture.ts. Rows top-first (the game is D3D).
 *   2  "ARGB_1555": u16 LE, bits 0–4 R, 5–9 G, 10–14 B, 15 A (set when alpha ≥ 128);
 *   6  a complete DDS file: DXT1 (BC1) for an opaque image or one whose alpha is only 0 or 255, else DXT5 (BC3),
 *      with every mip level down to 1×1 (each the 2×2 mean of the one before, colours weighted by alpha);
 *   7  "ARGB_4444": u16 LE, bits 0–3 R, 4–7 G, 8–11 B, 12–15 A (the game's and ConvertCCT's order; OpenJPOG
 *      swaps R and B).
 * Channels are quantised to the nearest value their bits expand to (bit replication).
 */
import { downsampleLevel, encodeBc, quantize4, quantize5 } from '@retromodel/texture';
import { writeDds } from './write-dds.js';

/** The 16-bit ARGB formats of a `*16.tml`. */
export function encodeArgb16(format: 2 | 7, rgba: Uint8Array, width: number, height: number): Uint8Array {
  const n = width * height;
  const out = new Uint8Array(n * 2);
  for (let p = 0; p < n; p++) {
    const [r, g, b, a] = [rgba[p * 4]!, rgba[p * 4 + 1]!, rgba[p * 4 + 2]!, rgba[p * 4 + 3]!];
    const v =
      format === 2
        ? quantize5[r]! | (quantize5[g]! << 5) | (quantize5[b]! << 10) | (a >= 128 ? 0x8000 : 0)
        : quantize4[r]! | (quantize4[g]! << 4) | (quantize4[b]! << 8) | (quantize4[a]! << 12);
    out[p * 2] = v & 0xff;
    out[p * 2 + 1] = v >> 8;
  }
  return out;
}

/** A DDS file (DXT1 or DXT5 by the image's alpha) with the full mip chain. */
export function encodeDdsTexture(rgba: Uint8Array, width: number, height: number): Uint8Array {
  let binaryAlpha = true;
  for (let i = 3; i < rgba.length; i += 4) if (rgba[i] !== 0 && rgba[i] !== 255) binaryAlpha = false;
  const format = binaryAlpha ? 'bc1' : 'bc3';
  const levels: Uint8Array[] = [];
  let [pixels, w, h] = [rgba, width, height];
  for (;;) {
    levels.push(encodeBc(format, pixels, w, h));
    if (w === 1 && h === 1) break;
    pixels = downsampleLevel(pixels, w, h);
    [w, h] = [Math.max(1, w >> 1), Math.max(1, h >> 1)];
  }
  return writeDds({ fourCC: binaryAlpha ? 'DXT1' : 'DXT5', width, height, levels });
}

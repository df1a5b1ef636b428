/*
 * TML texture pixels to RGBA8, rows top-first (the game is D3D). Formats by the id @16 of a texture record:
 *   0  RGBA_8888: 4 bytes a pixel in memory order R, G, B, A.
 *   2  "ARGB_1555": u16 LE, bits 0–4 R, 5–9 G, 10–14 B, 15 A (R in the low bits).
 *   6  a complete DDS file (DXT1/DXT3/DXT5 or uncompressed).
 *   7  "ARGB_4444": u16 LE, bits 0–3 R, 4–7 G, 8–11 B, 12–15 A. (OpenJPOG swaps R and B; the game's loader and
 *      ConvertCCT do not, and neither does this decoder.)
 *   9  ALPHA_4: 4 bits of alpha a pixel, low nibble first, colour white.
 * The 16-bit formats are decoded from the first 2·w·h bytes: OpenJPOG's writer stores dataSize = 4·w·h.
 */
import { hex, ParseError } from '@retromodel/binary';
import { imageSizeProblem } from '@retromodel/scene';
import { widen5 } from '@retromodel/texture';
import type { TmlTexture } from '../read-tml.js';
import { type DecodedPixels, decodeDds, readDds } from './read-dds.js';

/** Names of the texture formats, for messages and `info`. */
export const tmlFormatNames: Record<number, string> = {
  0: 'RGBA_8888',
  2: 'ARGB_1555',
  6: 'DDS',
  7: 'ARGB_4444',
  9: 'ALPHA_4',
};

function need(t: TmlTexture, bytes: number): void {
  if (t.data.length < bytes) {
    throw new ParseError(
      { format: 'tml', section: `texture ${t.id}`, offset: t.offset + 28 },
      `a ${t.width}×${t.height} ${tmlFormatNames[t.format]} texture needs ${hex(bytes)} bytes of pixels, its data has ${hex(t.data.length)}`,
    );
  }
}

/**
 * Decodes one TML texture to RGBA8. Throws a ParseError (format `tml`, or `dds` inside a DDS) for an unknown
 * format or data shorter than the image.
 */
export function decodeTmlTexture(t: TmlTexture): DecodedPixels {
  if (t.format === 6) return decodeDds(readDds(t.data, t.offset + 28), t.offset + 28);
  const { width, height, data } = t;
  const n = width * height;
  const sizeProblem = imageSizeProblem(width, height);
  if (sizeProblem)
    throw new ParseError({ format: 'tml', section: `texture ${t.id}`, offset: t.offset + 18 }, sizeProblem);
  const bytesNeeded: Record<number, number> = { 0: n * 4, 2: n * 2, 7: n * 2, 9: Math.ceil(n / 2) };
  const size = bytesNeeded[t.format];
  if (size === undefined) {
    throw new ParseError(
      { format: 'tml', section: `texture ${t.id}`, offset: t.offset + 16 },
      `texture format ${t.format} is not supported (0, 2, 6, 7 and 9 are)`,
    );
  }
  need(t, size);
  const out = new Uint8Array(n * 4);
  switch (t.format) {
    case 0:
      out.set(data.subarray(0, n * 4));
      break;
    case 2:
      for (let p = 0; p < n; p++) {
        const v = data[p * 2]! | (data[p * 2 + 1]! << 8);
        out[p * 4] = widen5[v & 31]!;
        out[p * 4 + 1] = widen5[(v >> 5) & 31]!;
        out[p * 4 + 2] = widen5[(v >> 10) & 31]!;
        out[p * 4 + 3] = v & 0x8000 ? 255 : 0;
      }
      break;
    case 7:
      for (let p = 0; p < n; p++) {
        const v = data[p * 2]! | (data[p * 2 + 1]! << 8);
        out[p * 4] = (v & 15) * 17;
        out[p * 4 + 1] = ((v >> 4) & 15) * 17;
        out[p * 4 + 2] = ((v >> 8) & 15) * 17;
        out[p * 4 + 3] = ((v >> 12) & 15) * 17;
      }
      break;
    default: // 9: ALPHA_4
      for (let p = 0; p < n; p++) {
        const byte = data[p >> 1]!;
        out.fill(255, p * 4, p * 4 + 3);
        out[p * 4 + 3] = ((p & 1 ? byte >> 4 : byte) & 15) * 17;
      }
      break;
  }
  return { width, height, pixels: out };
}

/*
 * GX palettes (TLUTs) from colours, the mirror of palette.ts (spec j3d.md §11.2–11.3): every entry is a
 * big-endian u16 in the palette's format, IA8 (0: alpha byte, then intensity), RGB565 (1) or RGB5A3 (2).
 * A colour becomes the entry value nearest to it in that format (encode-colors.ts).
 */
import { encodeRgb565 } from '@retromodel/texture';
import { encodeIa8, encodeRgb5a3 } from './encode-colors.js';
import { GxPaletteFormat } from './formats.js';

/** Encodes one RGBA colour as an entry value of a palette format. */
export type PaletteEntryEncoder = (r: number, g: number, b: number, a: number) => number;

/** The entry encoder of a palette format. */
export function paletteEntryEncoder(format: GxPaletteFormat): PaletteEntryEncoder {
  if (format === GxPaletteFormat.IA8) return encodeIa8;
  if (format === GxPaletteFormat.RGB565) return encodeRgb565;
  return encodeRgb5a3;
}

/** Palette entry values as stored: one big-endian u16 each. */
export function writePaletteEntries(entries: ArrayLike<number>): Uint8Array {
  const out = new Uint8Array(entries.length * 2);
  for (let i = 0; i < entries.length; i++) {
    out[i * 2] = entries[i]! >> 8;
    out[i * 2 + 1] = entries[i]! & 0xff;
  }
  return out;
}

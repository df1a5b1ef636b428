/*
 * GX palettes (TLUTs) for the colour-indexed formats C4, C8 and C14X2 (spec j3d.md §11.2–11.3).
 *
 * A palette is `paletteEntryCount` big-endian u16 entries in one of three formats: IA8 (0: alpha byte, then
 * intensity byte), RGB565 (1) or RGB5A3 (2). C4 indexes 16 entries, C8 256, C14X2 16384; files often store
 * fewer (only the entries used). An index past the stored entries has no defined colour: this decoder gives
 * such pixels transparent black (0, 0, 0, 0).
 */
import { writeIa8, writeRgb5a3, writeRgb565 } from './colors.js';
import { GxPaletteFormat } from './formats.js';

/** Decodes palette entries (big-endian u16 each; an odd trailing byte is ignored) to RGBA8, 4 bytes an entry. */
export function decodePalette(format: GxPaletteFormat, data: Uint8Array): Uint8Array {
  const count = data.length >> 1;
  const out = new Uint8Array(count * 4);
  const write =
    format === GxPaletteFormat.IA8 ? writeIa8 : format === GxPaletteFormat.RGB565 ? writeRgb565 : writeRgb5a3;
  for (let i = 0; i < count; i++) write(out, i * 4, (data[i * 2]! << 8) | data[i * 2 + 1]!);
  return out;
}

/** Copies palette entry `index` (or transparent black when the palette has no such entry) to `out` at `at`. */
export function writePaletteEntry(palette: Uint8Array, index: number, out: Uint8Array, at: number): void {
  const from = index * 4;
  if (from + 4 <= palette.length) {
    out[at] = palette[from]!;
    out[at + 1] = palette[from + 1]!;
    out[at + 2] = palette[from + 2]!;
    out[at + 3] = palette[from + 3]!;
  } else {
    out[at] = 0;
    out[at + 1] = 0;
    out[at + 2] = 0;
    out[at + 3] = 0;
  }
}

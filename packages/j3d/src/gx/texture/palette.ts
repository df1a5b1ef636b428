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

/**
 * Decodes palette entries (big-endian u16 each; an odd trailing byte is ignored) to RGBA8 pixels, returned one
 * pixel a 32-bit word (in platform byte order, so the word's bytes in memory are R, G, B, A).
 */
export function decodePalette(format: GxPaletteFormat, data: Uint8Array): Uint32Array {
  const count = data.length >> 1;
  const out = new Uint8Array(count * 4);
  const write =
    format === GxPaletteFormat.IA8 ? writeIa8 : format === GxPaletteFormat.RGB565 ? writeRgb565 : writeRgb5a3;
  for (let i = 0; i < count; i++) write(out, i * 4, (data[i * 2]! << 8) | data[i * 2 + 1]!);
  return new Uint32Array(out.buffer);
}

/*
 * RGBA8 pixels as 32-bit words, for every code of a GX texel encoding (spec j3d.md §11.3), so a decoder turns a
 * texel into its pixel with one table read. The tables are written byte by byte (R, G, B, A) through a byte view
 * of the words, so a word holds the pixel in the platform's byte order and can be stored as is into a word view
 * of the output. The 16-bit tables are the GX palette decoder run over every u16 (IA8, RGB565 and RGB5A3 texels
 * are the palette entry formats); each is made on first use.
 *   I4   16 codes: n → (17n, 17n, 17n, 17n)      I8   256 codes: i → (i, i, i, i)
 *   IA4  256 codes: alpha nibble high, intensity nibble low, each · 17
 */
import type { GxPaletteFormat } from './formats.js';
import { decodePalette } from './palette.js';

function byteTable(count: number, write: (bytes: Uint8Array, at: number, code: number) => void): Uint32Array {
  const bytes = new Uint8Array(count * 4);
  for (let code = 0; code < count; code++) write(bytes, code * 4, code);
  return new Uint32Array(bytes.buffer);
}

function gray(bytes: Uint8Array, at: number, i: number, a: number): void {
  bytes[at] = i;
  bytes[at + 1] = i;
  bytes[at + 2] = i;
  bytes[at + 3] = a;
}

/** I4 codes (0..15) to pixels. */
export const i4Words = byteTable(16, (b, at, n) => gray(b, at, n * 17, n * 17));
/** I8 codes to pixels. */
export const i8Words = byteTable(256, (b, at, i) => gray(b, at, i, i));
/** IA4 codes to pixels. */
export const ia4Words = byteTable(256, (b, at, v) => gray(b, at, (v & 0xf) * 17, (v >> 4) * 17));

const u16Tables = new Map<GxPaletteFormat, Uint32Array>();

/** The pixel of every big-endian u16 code (index = the u16's value) in an IA8, RGB565 or RGB5A3 encoding. */
export function u16Words(format: GxPaletteFormat): Uint32Array {
  let table = u16Tables.get(format);
  if (!table) {
    const codes = new Uint8Array(0x20000);
    for (let v = 0; v < 0x10000; v++) {
      codes[v * 2] = v >> 8;
      codes[v * 2 + 1] = v & 0xff;
    }
    table = decodePalette(format, codes);
    u16Tables.set(format, table);
  }
  return table;
}

/*
 * GX 16-bit colour encodings and their expansion to 8 bits a channel (spec j3d.md §11.3). An n-bit channel
 * becomes 8 bits by bit replication (@retromodel/texture's channel-bits.ts).
 *
 *   RGB565  big-endian u16: R bits 11-15, G bits 5-10, B bits 0-4; alpha 255.
 *   RGB5A3  big-endian u16: bit 15 set   -> R 10-14, G 5-9, B 0-4 (5 bits each), alpha 255;
 *                           bit 15 clear -> A 12-14 (3 bits), R 8-11, G 4-7, B 0-3 (4 bits each).
 *   IA8     two bytes: alpha first, then intensity; RGB = (I, I, I). As a u16: A = high byte, I = low byte.
 */
import { expand3, expand4, expand5, expand6 } from '@retromodel/texture';

/** Writes the RGBA of an RGB565 value at `at`. */
export function writeRgb565(out: Uint8Array, at: number, v: number): void {
  out[at] = expand5((v >> 11) & 0x1f);
  out[at + 1] = expand6((v >> 5) & 0x3f);
  out[at + 2] = expand5(v & 0x1f);
  out[at + 3] = 255;
}

/** Writes the RGBA of an RGB5A3 value at `at`. */
export function writeRgb5a3(out: Uint8Array, at: number, v: number): void {
  if (v & 0x8000) {
    out[at] = expand5((v >> 10) & 0x1f);
    out[at + 1] = expand5((v >> 5) & 0x1f);
    out[at + 2] = expand5(v & 0x1f);
    out[at + 3] = 255;
  } else {
    out[at] = expand4((v >> 8) & 0xf);
    out[at + 1] = expand4((v >> 4) & 0xf);
    out[at + 2] = expand4(v & 0xf);
    out[at + 3] = expand3((v >> 12) & 0x7);
  }
}

/** Writes the RGBA of an IA8 value (alpha in the high byte, intensity in the low byte) at `at`. */
export function writeIa8(out: Uint8Array, at: number, v: number): void {
  const i = v & 0xff;
  out[at] = i;
  out[at + 1] = i;
  out[at + 2] = i;
  out[at + 3] = v >> 8;
}

/*
 * GX 16-bit colour encodings from 8 bits a channel: the inverse of colors.ts (spec j3d.md §11.3).
 *
 * A channel is stored with n bits and expanded back by bit replication, so the best n-bit code for an 8-bit
 * value is the one whose replicated expansion is nearest to it (ties go to the lower code; the codes and
 * RGB565 come from @retromodel/texture's channel-bits.ts). Every expanded value therefore encodes back to its
 * own code: encoding is exact on values a format can hold.
 *
 *   RGB565  R bits 11-15, G bits 5-10, B bits 0-4 (alpha dropped).
 *   RGB5A3  bit 15 set: RGB555, alpha 255; bit 15 clear: A3 (bits 12-14) RGB444. Like the hardware's two modes,
 *           each pixel takes the mode whose decoded colour is nearer to it (squared error over R, G, B and A;
 *           a tie goes to the opaque mode), so opaque pixels keep 5 bits a channel and translucent ones get 3
 *           bits of alpha.
 *   IA8     alpha in the high byte, intensity in the low byte.
 *
 * Intensity (I4, I8, IA4, IA8) is the Rec. 601 luma of R, G, B with weights 77/150/29 out of 256, so a grey
 * pixel (R = G = B) keeps its value exactly.
 */
import { expand3, expand4, expand5, quantize3, quantize4, quantize5 } from '@retromodel/texture';

/** Intensity of an RGB colour (Rec. 601 luma, exact on grey). */
export function luma(r: number, g: number, b: number): number {
  return (77 * r + 150 * g + 29 * b + 128) >> 8;
}

/** The RGB5A3 value nearest to an RGBA colour, in whichever of the two modes is nearer. */
export function encodeRgb5a3(r: number, g: number, b: number, a: number): number {
  const r5 = quantize5[r]!;
  const g5 = quantize5[g]!;
  const b5 = quantize5[b]!;
  const opaqueError = sq(expand5(r5) - r) + sq(expand5(g5) - g) + sq(expand5(b5) - b) + sq(255 - a);
  const a3 = quantize3[a]!;
  const r4 = quantize4[r]!;
  const g4 = quantize4[g]!;
  const b4 = quantize4[b]!;
  const alphaError = sq(expand4(r4) - r) + sq(expand4(g4) - g) + sq(expand4(b4) - b) + sq(expand3(a3) - a);
  if (opaqueError <= alphaError) return 0x8000 | (r5 << 10) | (g5 << 5) | b5;
  return (a3 << 12) | (r4 << 8) | (g4 << 4) | b4;
}

/** The IA8 value (alpha high byte, intensity low byte) of an RGBA colour. */
export function encodeIa8(r: number, g: number, b: number, a: number): number {
  return (a << 8) | luma(r, g, b);
}

function sq(v: number): number {
  return v * v;
}

/*
 * libdragon `rdpq_combiner_t` packing as tiny3d writes it (spec §7.1). Inputs are RDP mux codes (fast64's combiner
 * enum indices are the same numbers). Cycle 0: RGB a<<52, b<<28, c<<47, d<<15, alpha a<<44, b<<12, c<<41, d<<9;
 * cycle 1: RGB a<<37, b<<24, c<<32, d<<6, alpha a<<21, b<<3, c<<18, d<<0. Bit 63 marks two-cycle mode; a one-cycle
 * combiner carries the same equation in both slots. Also tiny3d's string hash for texture paths (`hash.h`).
 */
import { COMBINER_2PASS } from '../n64-extras.js';

/** One combiner cycle: (A - B) * C + D for colour and alpha, as mux codes. */
export interface CombinerCycle {
  A: number;
  B: number;
  C: number;
  D: number;
  A_alpha: number;
  B_alpha: number;
  C_alpha: number;
  D_alpha: number;
}

/** RGB mux codes. */
export const CC = {
  COMBINED: 0,
  TEXEL0: 1,
  TEXEL1: 2,
  PRIM: 3,
  SHADE: 4,
  ENV: 5,
  ONE: 6,
  ZERO_A: 8,
  ZERO_B: 8,
  ZERO_C: 16,
  ZERO_D: 7,
} as const;
/** Alpha mux codes. */
export const CCA = { COMBINED: 0, TEXEL0: 1, TEXEL1: 2, PRIM: 3, SHADE: 4, ENV: 5, ONE: 6, ZERO: 7 } as const;

/** Bit positions of A, B, C, D, A_alpha, B_alpha, C_alpha, D_alpha in each cycle slot. */
const CYCLE0_SHIFTS = [52, 28, 47, 15, 44, 12, 41, 9];
const CYCLE1_SHIFTS = [37, 24, 32, 6, 21, 3, 18, 0];

function packCycle(c: CombinerCycle, shifts: number[]): bigint {
  const fields = [c.A & 15, c.B & 15, c.C & 31, c.D & 7, c.A_alpha & 7, c.B_alpha & 7, c.C_alpha & 7, c.D_alpha & 7];
  return fields.reduce((word, v, i) => word | (BigInt(v) << BigInt(shifts[i] ?? 0)), 0n);
}

/** Packs one or two cycles; `second` given means two-cycle mode. */
export function packCombiner(first: CombinerCycle, second?: CombinerCycle): bigint {
  if (second) return COMBINER_2PASS | packCycle(first, CYCLE0_SHIFTS) | packCycle(second, CYCLE1_SHIFTS);
  return packCycle(first, CYCLE0_SHIFTS) | packCycle(first, CYCLE1_SHIFTS);
}

/** `X * Y` as a cycle for colour and alpha (mux codes of the same names). */
export function multiplyCycle(rgbX: number, rgbY: number, alphaX: number, alphaY: number): CombinerCycle {
  return {
    A: rgbX,
    B: CC.ZERO_B,
    C: rgbY,
    D: CC.ZERO_D,
    A_alpha: alphaX,
    B_alpha: CCA.ZERO,
    C_alpha: alphaY,
    D_alpha: CCA.ZERO,
  };
}

/** tiny3d `stringHash`: h = 0x7E81C0E9; per char (signed): h = (h >> 8) ^ (h << 24) ^ c, in u32. */
export function stringHash(text: string): number {
  let h = 0x7e81c0e9;
  for (const byte of new TextEncoder().encode(text)) {
    const c = byte >= 0x80 ? byte - 0x100 : byte;
    h = ((h >>> 8) ^ (h << 24) ^ c) >>> 0;
  }
  return h;
}

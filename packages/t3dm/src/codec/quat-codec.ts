/*
 * tiny3d's 32-bit quaternion (spec §9.1, `Quantizer::quatTo32Bit`): bits 30-31 = index of the omitted
 * largest-magnitude component (x=0 .. w=3), then three 10-bit values for the components (largest+1)&3,
 * (largest+2)&3, (largest+3)&3, each v/1023 * 2·0.70710678118 - 0.70710678118. The omitted component is
 * sqrt(1 - Σ²) and always >= 0 (the encoder flips the sign of the whole quaternion to make it so).
 */
import type { Quat } from '@retromodel/scene';

const RANGE = Math.SQRT1_2;

/** Decodes a packed quaternion (x, y, z, w). */
export function unpackQuat(q: number): Quat {
  const largest = q >>> 30;
  const out: Quat = [0, 0, 0, 0];
  const f = (v: number) => (v / 1023) * (2 * RANGE) - RANGE;
  const a = f((q >>> 20) & 0x3ff);
  const b = f((q >>> 10) & 0x3ff);
  const c = f(q & 0x3ff);
  out[(largest + 1) & 3] = a;
  out[(largest + 2) & 3] = b;
  out[(largest + 3) & 3] = c;
  out[largest] = Math.sqrt(Math.max(0, 1 - a * a - b * b - c * c));
  return out;
}

/** Encodes a unit quaternion as tiny3d does (first index wins ties for the largest component). */
export function packQuat(q: Quat): number {
  let largest = 0;
  for (let i = 1; i < 4; i++) if (q[i]! * q[i]! > q[largest]! * q[largest]!) largest = i;
  const sign = q[largest]! >= 0 ? 1 : -1;
  const enc = (v: number) => Math.min(1023, Math.max(0, Math.round(((sign * v + RANGE) / (2 * RANGE)) * 1023)));
  const a = enc(q[(largest + 1) & 3]!);
  const b = enc(q[(largest + 2) & 3]!);
  const c = enc(q[(largest + 3) & 3]!);
  return ((largest << 30) | (a << 20) | (b << 10) | c) >>> 0;
}

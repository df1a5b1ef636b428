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

/** One of the three stored components as a 10-bit value (`sign` makes the omitted component positive). */
function encodeComponent(v: number, sign: number): number {
  return Math.min(1023, Math.max(0, Math.round(((sign * v + RANGE) / (2 * RANGE)) * 1023)));
}

/**
 * Encodes a unit quaternion as tiny3d does (first index wins ties for the largest component). The writer packs
 * its rotation keys in WebAssembly (assembly/pack-quats.ts), operation for operation as here; pack-quats.test.ts
 * holds the two to the same bits.
 */
export function packQuat(q: Quat): number {
  const x = q[0]!;
  const y = q[1]!;
  const z = q[2]!;
  const w = q[3]!;
  let largest = 0;
  let big = x;
  if (y * y > big * big) {
    largest = 1;
    big = y;
  }
  if (z * z > big * big) {
    largest = 2;
    big = z;
  }
  if (w * w > big * big) {
    largest = 3;
    big = w;
  }
  const sign = big >= 0 ? 1 : -1;
  // The stored components follow the omitted one cyclically: (largest+1)&3, (largest+2)&3, (largest+3)&3.
  let a: number;
  let b: number;
  let c: number;
  if (largest === 0) {
    a = y;
    b = z;
    c = w;
  } else if (largest === 1) {
    a = z;
    b = w;
    c = x;
  } else if (largest === 2) {
    a = w;
    b = x;
    c = y;
  } else {
    a = x;
    b = y;
    c = z;
  }
  return (
    ((largest << 30) |
      (encodeComponent(a, sign) << 20) |
      (encodeComponent(b, sign) << 10) |
      encodeComponent(c, sign)) >>>
    0
  );
}

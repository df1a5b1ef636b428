/*
 * GX/J3D angles stored as s16 (JNT1 joint rotations, texture matrix rotations): 0x8000 units are π, and a
 * value wraps into −0x8000..0x7FFF.
 */

/** `units` wrapped into the s16 range. */
export function wrapS16(units: number): number {
  return ((((units + 0x8000) % 0x10000) + 0x10000) % 0x10000) - 0x8000;
}

/** Radians to the nearest s16 angle, wrapped. */
export function radiansToS16(radians: number): number {
  return wrapS16(Math.round((radians * 32768) / Math.PI));
}

/*
 * The lists of a MAT3 read (its tables, a material's index lists, the colours and vectors of table elements),
 * made without an allocation site. V8 gives an array literal, and `new Array`, a site, which it pretenures in a
 * process that has read and kept many models: every later list it makes is allocated old (see
 * packages/binary/src/plain-records.ts). Three makers have no site and cost little:
 * - Array called without `new` (its feedback records the function called, not a site): with a length, a list of
 *   holes that the caller fills; with two or more small integers, a packed list of them. Optimized code
 *   allocates both inline, as it does a literal. Never with other elements: the interpreter's Array, given
 *   elements that are not small integers, clears V8's array-constructor protector, after which no optimized
 *   code in the process allocates an Array(n) inline.
 * - a rest parameter's list (young-arrays' listOf), for the lists of nulls (inline where its function is
 *   inlined, else a builtin call of about 45 instructions);
 * - a copy (`slice`) of a list of doubles made once, for the floats (a builtin call of about 100 instructions;
 *   young-arrays' vec3 for the vectors of three).
 */
import { freshArray } from '@retromodel/binary';
import type { Vec3, Vec4 } from '@retromodel/scene';
import { listOf, vec3 } from '../young-arrays.js';

/** A new list of `n` holes, every one of which the caller fills. */
export const holesOf = <T>(n: number): T[] => Array<T>(n);

/** New lists of nulls, of the lengths of a material's index lists. */
export const nulls2 = () => listOf(null, null);
export const nulls4 = () => listOf(null, null, null, null);
export const nulls8 = () => listOf(null, null, null, null, null, null, null, null);
export const nulls10 = () => listOf(null, null, null, null, null, null, null, null, null, null);
export const nulls16 = () =>
  listOf(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);
// biome-ignore format: twenty nulls, one line
export const nulls20 = () => listOf(null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null, null);

/** The four u8 values at `b[at]` (an RGBA8 colour, a TEV stage's inputs). */
export function u8x4(b: Uint8Array, at: number): Vec4 {
  // biome-ignore lint/style/useArrayLiterals: Array called, for its list has no site (see above)
  return Array(b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!) as Vec4;
}

/** The four big-endian s16 values at `p` of `v` (a TEV colour). */
export function s16x4(v: DataView, p: number): Vec4 {
  // biome-ignore lint/style/useArrayLiterals: Array called, for its list has no site (see above)
  return Array(v.getInt16(p), v.getInt16(p + 2), v.getInt16(p + 4), v.getInt16(p + 6)) as Vec4;
}

/** The 16 u8 values at `b[at]` (a konst selection field). */
export function u8x16(b: Uint8Array, at: number): number[] {
  // biome-ignore format: sixteen bytes, eight a line
  // biome-ignore lint/style/useArrayLiterals: Array called, for its list has no site (see above)
  return Array(
    b[at]!, b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!, b[at + 5]!, b[at + 6]!, b[at + 7]!,
    b[at + 8]!, b[at + 9]!, b[at + 10]!, b[at + 11]!, b[at + 12]!, b[at + 13]!, b[at + 14]!, b[at + 15]!,
  );
}

/** The ten big-endian u16 values at `p` of `v` (a fog's adjustment table). */
export function u16x10(v: DataView, p: number): number[] {
  // biome-ignore format: ten values, five a line
  // biome-ignore lint/style/useArrayLiterals: Array called, for its list has no site (see above)
  return Array(
    v.getUint16(p), v.getUint16(p + 2), v.getUint16(p + 4), v.getUint16(p + 6), v.getUint16(p + 8),
    v.getUint16(p + 10), v.getUint16(p + 12), v.getUint16(p + 14), v.getUint16(p + 16), v.getUint16(p + 18),
  );
}

/** A packed list of `n` doubles (0.5), pushed onto freshArray's empty list (a literal's site would be shared). */
function halves(n: number): number[] {
  const out = freshArray<number>();
  for (let i = 0; i < n; i++) out.push(0.5);
  return out;
}

/** Never changed: the lists of doubles that the float lists below copy. */
const halves2 = halves(2);
const halves6 = halves(6);
const halves16 = halves(16);

/**
 * The two big-endian f32 at `p` of `v`. Floats are read through a DataView: one load each, where making one
 * from its four bytes costs about 70 instructions.
 */
export function f32x2(v: DataView, p: number): [number, number] {
  const out = halves2.slice() as [number, number];
  out[0] = v.getFloat32(p);
  out[1] = v.getFloat32(p + 4);
  return out;
}

/** The three big-endian f32 at `p` of `v`. */
export function f32x3(v: DataView, p: number): Vec3 {
  return vec3(v.getFloat32(p), v.getFloat32(p + 4), v.getFloat32(p + 8));
}

/** The six big-endian f32 at `p` of `v` (an indirect matrix). */
export function f32x6(v: DataView, p: number): number[] {
  const out = halves6.slice();
  for (let i = 0; i < 6; i++) out[i] = v.getFloat32(p + i * 4);
  return out;
}

/** The 16 big-endian f32 at `p` of `v` (a texture matrix's effect matrix). */
export function f32x16(v: DataView, p: number): number[] {
  const out = halves16.slice();
  for (let i = 0; i < 16; i++) out[i] = v.getFloat32(p + i * 4);
  return out;
}

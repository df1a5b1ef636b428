/*
 * The lists of a MAT3 read (its tables, a material's index lists, the colours and vectors of table elements),
 * each made as a copy (`slice`) of a module-level template and then filled in place. An array made by a builtin
 * has no allocation site, so V8 never pretenures it, where an array literal or `new Array(n)` would be allocated
 * old for the rest of a process that has read and kept many models (see packages/binary/src/plain-records.ts).
 * A copy of a template of the list's own length (and elements kind: small integers, doubles, or objects and
 * nulls) is the cheapest such array: one call that allocates the store at its length, where pushing onto an
 * empty array allocates a store of 16 and grows it, and storing a double into a list of small integers
 * reallocates its store.
 */
import { freshArray } from '@retromodel/binary';
import type { Vec3, Vec4 } from '@retromodel/scene';

/**
 * A packed list of `n` times `value` (pushed: `new Array(n)` and Array.from make holey lists), of the elements
 * kind of `value` (pushed onto freshArray's empty list: a literal's site would remember the most general kind
 * pushed onto any list it made).
 */
function filled<T>(n: number, value: T): T[] {
  const out = freshArray<T>();
  for (let i = 0; i < n; i++) out.push(value);
  return out;
}

/**
 * The templates, never changed. Lists of nulls and of zeros by length (index n holds the list of n), for a
 * material's index lists (2 to 20) and the short tables most files have: a table of records copies a list of
 * objects' kind, a table of numbers a list of small integers. Lists of doubles for the floats.
 */
const nullTemplates = Array.from({ length: 65 }, (_, n) => filled(n, null));
const zeroTemplates = Array.from({ length: 65 }, (_, n) => filled(n, 0));
const zeros4 = zeroTemplates[4]!;
const zeros10 = zeroTemplates[10]!;
const zeros16 = zeroTemplates[16]!;
const halves2 = filled(2, 0.5);
const halves3 = filled(3, 0.5);
const halves6 = filled(6, 0.5);
const halves16 = filled(16, 0.5);

/**
 * A new list of `n` nulls. Longer lists than the templates are made by the Array constructor called through
 * Reflect.construct (a builtin's call, which has no allocation site either) and filled.
 */
export function nullsOf(n: number): null[] {
  return n < nullTemplates.length ? nullTemplates[n]!.slice() : (Reflect.construct(Array, [n]) as null[]).fill(null);
}

/** A new list of `n` elements, nulls until the caller fills each one (a table's records or colours). */
export const listOf = nullsOf as <T>(n: number) => T[];

/** A new list of `n` zeros (see nullsOf). */
export function zerosOf(n: number): number[] {
  return n < zeroTemplates.length ? zeroTemplates[n]!.slice() : (Reflect.construct(Array, [n]) as number[]).fill(0);
}

/** The four u8 values at `b[at]` (an RGBA8 colour, a TEV stage's inputs). */
export function u8x4(b: Uint8Array, at: number): Vec4 {
  const out = zeros4.slice() as Vec4;
  out[0] = b[at]!;
  out[1] = b[at + 1]!;
  out[2] = b[at + 2]!;
  out[3] = b[at + 3]!;
  return out;
}

/** The four big-endian s16 values at `p` of `v` (a TEV colour). */
export function s16x4(v: DataView, p: number): Vec4 {
  const out = zeros4.slice() as Vec4;
  out[0] = v.getInt16(p);
  out[1] = v.getInt16(p + 2);
  out[2] = v.getInt16(p + 4);
  out[3] = v.getInt16(p + 6);
  return out;
}

/** The 16 u8 values at `b[at]` (a konst selection field). */
export function u8x16(b: Uint8Array, at: number): number[] {
  const out = zeros16.slice();
  for (let i = 0; i < 16; i++) out[i] = b[at + i]!;
  return out;
}

/** The ten big-endian u16 values at `p` of `v` (a fog's adjustment table). */
export function u16x10(v: DataView, p: number): number[] {
  const out = zeros10.slice();
  for (let i = 0; i < 10; i++) out[i] = v.getUint16(p + i * 2);
  return out;
}

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
  const out = halves3.slice() as Vec3;
  out[0] = v.getFloat32(p);
  out[1] = v.getFloat32(p + 4);
  out[2] = v.getFloat32(p + 8);
  return out;
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

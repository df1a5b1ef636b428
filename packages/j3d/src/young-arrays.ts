/*
 * Arrays of readJ3d's result, made by a builtin (slice) so that V8 allocates them young in any process: an
 * array literal or `new Array(n)` has an allocation site, which V8 pretenures once a process has kept many
 * models (see @retromodel/binary's plain-records.ts). Each is sliced from a template that is never written,
 * so it gets the template's elements kind and exactly its length of room.
 */
import type { Vec3 } from '@retromodel/scene';

/** Holes only (never written): arrayOfLength's template, replaced by a longer one when a longer list is asked. */
let holes: unknown[] = new Array(256);

/** A new array of `length` holes (what `new Array(length)` makes), to be filled by index. */
export function arrayOfLength<T>(length: number): T[] {
  if (length > holes.length) holes = new Array(length);
  return holes.slice(0, length) as T[];
}

/** Templates of the small number tuples (doubles for floats, small integers for integers; never written). */
const floatTriple: Vec3 = [0.5, 0.5, 0.5];
const intPair: [number, number] = [0, 0];
const intTriple: [number, number, number] = [0, 0, 0];
const intQuad: [number, number, number, number] = [0, 0, 0, 0];

/** [x, y, z] of floats. */
export function floats3(x: number, y: number, z: number): Vec3 {
  const v = floatTriple.slice() as Vec3;
  v[0] = x;
  v[1] = y;
  v[2] = z;
  return v;
}

/** [a, b] of integers. */
export function ints2(a: number, b: number): [number, number] {
  const v = intPair.slice() as [number, number];
  v[0] = a;
  v[1] = b;
  return v;
}

/** [a, b, c] of integers. */
export function ints3(a: number, b: number, c: number): [number, number, number] {
  const v = intTriple.slice() as [number, number, number];
  v[0] = a;
  v[1] = b;
  v[2] = c;
  return v;
}

/** [a, b, c, d] of integers. */
export function ints4(a: number, b: number, c: number, d: number): [number, number, number, number] {
  const v = intQuad.slice() as [number, number, number, number];
  v[0] = a;
  v[1] = b;
  v[2] = c;
  v[3] = d;
  return v;
}

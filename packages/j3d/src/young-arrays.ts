/*
 * Arrays of readJ3d's result, made so that V8 allocates them young in any process: an array literal or
 * `new Array(n)` has an allocation site, which V8 pretenures once a process has kept many models (see
 * @retromodel/binary's plain-records.ts). Lists grown by push are rest parameters; the others are sliced from
 * templates that are never written, so each gets exactly its length of room and the template's elements kind:
 * small integers, doubles or objects, as its values will be and as their literals had (storing an object into an
 * array of small integers changes its kind, and code that pushed objects onto such arrays was deoptimized, then
 * called the generic push; code reading arrays of one kind meets one kind, as before).
 */
import type { Vec3 } from '@retromodel/scene';

/**
 * Its arguments as a new array: a rest parameter, which has no allocation site either, and which optimized code
 * makes inline as it makes a literal (a slice is a call of a builtin, two to three times as long). Its kind is
 * objects, so objects can be pushed onto it.
 */
export function listOf<T>(...values: T[]): T[] {
  return values;
}

/** A new empty list for objects, to be grown by push. */
export function objectList<T>(): T[] {
  return listOf<T>();
}

/*
 * Templates of holes only, one set per kind (each made from a literal of its own, so each keeps its kind): one per
 * length up to SHORT (`t.slice()` of the one of the right length is a single builtin call, a third shorter than
 * `t.slice(0, n)` of a long one), and one longer, replaced by a longer one when a longer array is asked.
 */
function intHoles(length: number): number[] {
  const a = [0];
  a.length = 0;
  a.length = length;
  return a;
}
function floatHoles(length: number): number[] {
  const a = [0.5];
  a.length = 0;
  a.length = length;
  return a;
}
function objectHoles(length: number): object[] {
  const a = [{}];
  a.length = 0;
  a.length = length;
  return a;
}
const SHORT = 64;
const shortInts = Array.from({ length: SHORT + 1 }, (_, n) => intHoles(n));
const shortFloats = Array.from({ length: SHORT + 1 }, (_, n) => floatHoles(n));
const shortObjects = Array.from({ length: SHORT + 1 }, (_, n) => objectHoles(n));
let longInts = intHoles(0);
let longFloats = floatHoles(0);
let longObjects = objectHoles(0);

/** A new array of `length` holes for small integers (what `new Array(length)` makes), to be filled by index. */
export function intsOfLength(length: number): number[] {
  if (length <= SHORT) return shortInts[length]!.slice();
  if (length > longInts.length) longInts = intHoles(length);
  return longInts.slice(0, length);
}

/** A new array of `length` holes for numbers that are not all small integers, to be filled by index. */
export function floatsOfLength(length: number): number[] {
  if (length <= SHORT) return shortFloats[length]!.slice();
  if (length > longFloats.length) longFloats = floatHoles(length);
  return longFloats.slice(0, length);
}

/** A new array of `length` holes for objects (or functions), to be filled by index. */
export function objectsOfLength<T>(length: number): T[] {
  if (length <= SHORT) return shortObjects[length]!.slice() as T[];
  if (length > longObjects.length) longObjects = objectHoles(length);
  return longObjects.slice(0, length) as T[];
}

/*
 * Small number tuples are cloned from templates (never written) of their kind, doubles or small integers, as
 * their literals were: a rest parameter would box each double, and code reading them would meet a new kind.
 */
const floatTriple: Vec3 = [0.5, 0.5, 0.5];
const intPair: [number, number] = [0, 0];
const intTriple: [number, number, number] = [0, 0, 0];
const intQuad: [number, number, number, number] = [0, 0, 0, 0];

/** [x, y, z] of floats. */
export function vec3(x: number, y: number, z: number): Vec3 {
  const v = floatTriple.slice() as Vec3;
  v[0] = x;
  v[1] = y;
  v[2] = z;
  return v;
}

/** [a, b] of integers. */
export function pair(a: number, b: number): [number, number] {
  const v = intPair.slice() as [number, number];
  v[0] = a;
  v[1] = b;
  return v;
}

/** [a, b, c] of integers. */
export function triple(a: number, b: number, c: number): [number, number, number] {
  const v = intTriple.slice() as [number, number, number];
  v[0] = a;
  v[1] = b;
  v[2] = c;
  return v;
}

/** [a, b, c, d] of integers. */
export function quad(a: number, b: number, c: number, d: number): [number, number, number, number] {
  const v = intQuad.slice() as [number, number, number, number];
  v[0] = a;
  v[1] = b;
  v[2] = c;
  v[3] = d;
  return v;
}

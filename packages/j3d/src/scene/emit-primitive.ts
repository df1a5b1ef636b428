/*
 * GX primitives to glTF index lists (spec j3d.md §7.4): strip triangle i is (i−2, i−(~i&1), i−(i&1)), fan
 * (0, i−1, i), quad (0,1,2)(0,2,3); GX front faces are clockwise, glTF's counter-clockwise, so each triangle is
 * reversed (and reversed once more when the material culls front faces). Lines and line strips become LINES.
 * A shape's list lengths follow from its primitives' kinds and vertex counts alone (listLengths), so the lists
 * are written straight into the shape's output buffer, at their final width, once the scene vertices are known:
 * no list grows, and none is copied out.
 */
import type { GxPrimitive } from '../gx/display-list.js';

/** A glTF index list being filled (16-bit when every scene vertex fits, else 32-bit), and how much is filled. */
export class IndexList {
  length = 0;
  constructor(readonly data: Uint16Array | Uint32Array) {}
}

/** The index lists a shape's primitives are written to. */
export interface PrimitiveLists {
  triangles: IndexList;
  lines: IndexList;
  points: IndexList;
}

/** Indices a shape's lists get: triangles, lines and points (see {@link listLengths}). */
export class ListLengths {
  triangles = 0;
  lines = 0;
  points = 0;
}

/** Adds what {@link emitPrimitive} writes for a primitive of `type` and `n` vertices to `into`. */
export function listLengths(type: GxPrimitive['type'], n: number, into: ListLengths): void {
  switch (type) {
    case 'TRIANGLES':
      into.triangles += 3 * Math.floor(n / 3);
      break;
    case 'TRIANGLE_STRIP':
    case 'TRIANGLE_FAN':
      if (n > 2) into.triangles += 3 * (n - 2);
      break;
    case 'QUADS':
    case 'QUADS_2':
      into.triangles += 6 * Math.floor(n / 4);
      break;
    case 'LINES':
      into.lines += 2 * Math.floor(n / 2);
      break;
    case 'LINE_STRIP':
      if (n > 1) into.lines += 2 * (n - 1);
      break;
    case 'POINTS':
      into.points += n;
      break;
  }
}

/**
 * Appends one GX primitive's vertex indices (`idx[at .. at + n)`, the scene vertex of each GX vertex) as
 * triangles, lines or points; the lists have room for them ({@link listLengths}).
 */
export function emitPrimitive(
  type: GxPrimitive['type'],
  idx: Uint32Array,
  at: number,
  n: number,
  b: PrimitiveLists,
  flip: boolean,
): void {
  // A boolean for the triangles' tests: a parameter's truth is tested against every kind of false value (about
  // ten instructions a test), a comparison's result with one.
  const flipped = flip === true;
  switch (type) {
    case 'TRIANGLES': {
      const list = b.triangles;
      const data = list.data;
      let t = list.length;
      for (let i = at, end = at + n - 2; i < end; i += 3, t += 3)
        triangle(data, t, idx[i]!, idx[i + 1]!, idx[i + 2]!, flipped);
      list.length = t;
      break;
    }
    case 'TRIANGLE_STRIP': {
      const list = b.triangles;
      const data = list.data;
      let t = list.length;
      // Triangle i (from 2) is (i−2, i−1, i) for even i and (i−2, i, i−1) for odd i, each then reversed. Two
      // a turn, an even one and the odd one after it, sharing the loads of their common vertices.
      let i = 2;
      for (; i + 1 < n; i += 2, t += 6) {
        const a = idx[at + i - 2]!;
        const c = idx[at + i - 1]!;
        const d = idx[at + i]!;
        triangle(data, t, a, c, d, flipped);
        triangle(data, t + 3, c, idx[at + i + 1]!, d, flipped);
      }
      if (i < n) {
        triangle(data, t, idx[at + i - 2]!, idx[at + i - 1]!, idx[at + i]!, flipped);
        t += 3;
      }
      list.length = t;
      break;
    }
    case 'TRIANGLE_FAN': {
      const list = b.triangles;
      const data = list.data;
      let t = list.length;
      for (let i = 2; i < n; i++, t += 3) triangle(data, t, idx[at]!, idx[at + i - 1]!, idx[at + i]!, flipped);
      list.length = t;
      break;
    }
    case 'QUADS':
    case 'QUADS_2': {
      const list = b.triangles;
      const data = list.data;
      let t = list.length;
      for (let i = at, end = at + n - 3; i < end; i += 4, t += 6) {
        triangle(data, t, idx[i]!, idx[i + 1]!, idx[i + 2]!, flipped);
        triangle(data, t + 3, idx[i]!, idx[i + 2]!, idx[i + 3]!, flipped);
      }
      list.length = t;
      break;
    }
    case 'LINES': {
      const list = b.lines;
      for (let i = 0; i + 1 < n; i += 2) pair(list, idx[at + i]!, idx[at + i + 1]!);
      break;
    }
    case 'LINE_STRIP': {
      const list = b.lines;
      for (let i = 1; i < n; i++) pair(list, idx[at + i - 1]!, idx[at + i]!);
      break;
    }
    case 'POINTS': {
      const list = b.points;
      for (let i = 0; i < n; i++) list.data[list.length + i] = idx[at + i]!;
      list.length += n;
      break;
    }
  }
}

/** GX clockwise → glTF counter-clockwise; flipped once more for GX cull FRONT. */
function triangle(data: Uint16Array | Uint32Array, at: number, a: number, c: number, d: number, flip: boolean): void {
  data[at] = a;
  data[at + 1] = flip ? c : d;
  data[at + 2] = flip ? d : c;
}

function pair(list: IndexList, a: number, c: number): void {
  list.data[list.length] = a;
  list.data[list.length + 1] = c;
  list.length += 2;
}

/*
 * GX primitives to glTF index lists (spec j3d.md §7.4): strip triangle i is (i−2, i−(~i&1), i−(i&1)), fan
 * (0, i−1, i), quad (0,1,2)(0,2,3); GX front faces are clockwise, glTF's counter-clockwise, so each triangle is
 * reversed (and reversed once more when the material culls front faces). Lines and line strips become LINES.
 */
import type { GxPrimitive } from '../gx/display-list.js';

/** A growing list of vertex indices. */
export class IndexList {
  data: Uint32Array;
  length = 0;

  /** An empty list with room for `capacity` indices, or in `buffer` (a reused buffer) when given. */
  constructor(capacity: number, buffer?: Uint32Array) {
    this.data = buffer ?? new Uint32Array(Math.max(4, capacity));
  }

  /** Makes room for `more` further indices. */
  reserve(more: number): void {
    if (this.length + more <= this.data.length) return;
    const grown = new Uint32Array(Math.max(this.data.length * 2, this.length + more));
    grown.set(this.data.subarray(0, this.length));
    this.data = grown;
  }

  /**
   * The indices as glTF wants them: 16-bit unless a vertex index needs more; in `buffer` from `byteOffset` when
   * given (room for {@link IndexList.byteLength} bytes), else in a buffer of their own.
   */
  toIndices(vertexCount: number, buffer?: ArrayBuffer, byteOffset = 0): Uint16Array | Uint32Array {
    const used = this.data.subarray(0, this.length);
    if (!buffer) return vertexCount > 0xffff ? used.slice() : new Uint16Array(used);
    const out =
      vertexCount > 0xffff
        ? new Uint32Array(buffer, byteOffset, this.length)
        : new Uint16Array(buffer, byteOffset, this.length);
    out.set(used);
    return out;
  }

  /**
   * Bytes {@link IndexList.toIndices} takes in a shared buffer, rounded up to 4 so that whatever follows, and every
   * list, starts on a 4-byte boundary (as a buffer of its own does: the GLB writer hashes aligned data by words).
   */
  byteLength(vertexCount: number): number {
    return vertexCount > 0xffff ? this.length * 4 : (this.length * 2 + 3) & ~3;
  }
}

/** The index lists being filled. */
export interface PrimitiveLists {
  triangles: IndexList;
  lines: IndexList;
  points: IndexList;
}

/**
 * Appends one GX primitive's vertex indices (`idx[0 .. n)`, the scene vertex of each GX vertex) as triangles,
 * lines or points.
 */
export function emitPrimitive(
  type: GxPrimitive['type'],
  idx: Uint32Array,
  n: number,
  b: PrimitiveLists,
  flip: boolean,
): void {
  switch (type) {
    case 'TRIANGLES':
      for (let i = 0, t = start(b.triangles, Math.floor(n / 3)); i + 2 < n; i += 3, t += 3)
        triangle(b.triangles.data, t, idx[i]!, idx[i + 1]!, idx[i + 2]!, flip);
      break;
    case 'TRIANGLE_STRIP':
      for (let i = 2, t = start(b.triangles, n - 2); i < n; i++, t += 3)
        triangle(b.triangles.data, t, idx[i - 2]!, idx[i - (~i & 1)]!, idx[i - (i & 1)]!, flip);
      break;
    case 'TRIANGLE_FAN':
      for (let i = 2, t = start(b.triangles, n - 2); i < n; i++, t += 3)
        triangle(b.triangles.data, t, idx[0]!, idx[i - 1]!, idx[i]!, flip);
      break;
    case 'QUADS':
    case 'QUADS_2':
      for (let i = 0, t = start(b.triangles, 2 * Math.floor(n / 4)); i + 3 < n; i += 4, t += 6) {
        triangle(b.triangles.data, t, idx[i]!, idx[i + 1]!, idx[i + 2]!, flip);
        triangle(b.triangles.data, t + 3, idx[i]!, idx[i + 2]!, idx[i + 3]!, flip);
      }
      break;
    case 'LINES':
      for (let i = 0; i + 1 < n; i += 2) pair(b.lines, idx[i]!, idx[i + 1]!);
      break;
    case 'LINE_STRIP':
      for (let i = 1; i < n; i++) pair(b.lines, idx[i - 1]!, idx[i]!);
      break;
    case 'POINTS':
      b.points.reserve(n);
      b.points.data.set(idx.subarray(0, n), b.points.length);
      b.points.length += n;
      break;
  }
}

/** Makes room for `count` more triangles (none when negative) and takes them: returns where the first goes. */
function start(list: IndexList, count: number): number {
  const at = list.length;
  if (count <= 0) return at;
  list.reserve(3 * count);
  list.length = at + 3 * count;
  return at;
}

/** GX clockwise → glTF counter-clockwise; flipped once more for GX cull FRONT. */
function triangle(data: Uint32Array, at: number, a: number, c: number, d: number, flip: boolean): void {
  data[at] = a;
  data[at + 1] = flip ? c : d;
  data[at + 2] = flip ? d : c;
}

function pair(list: IndexList, a: number, c: number): void {
  list.reserve(2);
  list.data[list.length] = a;
  list.data[list.length + 1] = c;
  list.length += 2;
}

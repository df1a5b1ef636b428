/*
 * Where a primitive's vertices find one attribute's values in the VTX1 arrays (or inline, for DIRECT data), and
 * reading them with the defaults past the end of an item or of the data (see shape-vertices.ts).
 */
import type { GxVertexColumn } from '../gx/display-list.js';

/** Where a primitive's vertices find one attribute's values: item v at `indices[v] · size`, or `v · size`. */
export interface ItemSource {
  data: Float32Array;
  indices: Uint16Array | undefined;
  size: number;
}

export const EMPTY = new Float32Array(0);

export function emptySource(): ItemSource {
  return { data: EMPTY, indices: undefined, size: 0 };
}

/** Points `s` at a column's values (nowhere, size 0, when the column or its array is missing). */
export function setSource(
  s: ItemSource,
  col: GxVertexColumn | undefined,
  data: Float32Array | undefined,
  itemSize: number,
  vertexCount: number,
): void {
  s.data = EMPTY;
  s.indices = undefined;
  s.size = 0;
  if (!col) return;
  if (col.values) {
    // DIRECT data: the column holds this vertex's values inline.
    s.data = col.values;
    s.size = (col.values.length / vertexCount) | 0;
  } else if (data && col.indices) {
    s.data = data;
    s.indices = col.indices;
    s.size = itemSize;
  }
}

export function itemStart(s: ItemSource, v: number): number {
  return s.indices ? s.indices[v]! * s.size : v * s.size;
}

/** Value k of the item starting at `start`, or `fallback` past the item or the data. */
export function component(s: ItemSource, start: number, k: number, fallback: number): number {
  return k < s.size && start + k < s.data.length ? s.data[start + k]! : fallback;
}

/** Values k0, k0 + 1, k0 + 2 of the item starting at `start` into `out` (each `fallback` past the item or data). */
export function read3(s: ItemSource, start: number, k0: number, fallback: number, out: Float64Array): void {
  const data = s.data;
  if (k0 + 3 <= s.size && start + k0 + 3 <= data.length) {
    out[0] = data[start + k0]!;
    out[1] = data[start + k0 + 1]!;
    out[2] = data[start + k0 + 2]!;
  } else {
    out[0] = component(s, start, k0, fallback);
    out[1] = component(s, start, k0 + 1, fallback);
    out[2] = component(s, start, k0 + 2, fallback);
  }
}

/*
 * Where scene vertices find one attribute's values, in a VTX1 array (items at index × item size) or inline in a
 * primitive's DIRECT data (items at vertex × its size), and reading them with the defaults past the end of an
 * item or of the data (see shape-vertices.ts).
 */

/** One attribute's values and their item size (0: there are none, every component takes its default). */
export interface ItemSource {
  data: Float32Array;
  size: number;
  /** The values are a VTX1 array (items shared by vertices), not a primitive's inline DIRECT data. */
  indexed: boolean;
}

const EMPTY = new Float32Array(0);

export function emptySource(): ItemSource {
  return { data: EMPTY, size: 0, indexed: false };
}

/** Points `s` at a VTX1 array (nowhere, size 0, when it is missing). */
export function setArraySource(s: ItemSource, data: Float32Array | undefined, itemSize: number): void {
  s.data = data ?? EMPTY;
  s.size = data ? itemSize : 0;
  s.indexed = true;
}

/** Points `s` at a primitive's DIRECT data: items of `size` numbers back to back, one per vertex. */
export function setInlineSource(s: ItemSource, values: Float32Array, size: number): void {
  s.data = values;
  s.size = size;
  s.indexed = false;
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

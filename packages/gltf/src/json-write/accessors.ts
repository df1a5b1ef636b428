/*
 * Accessors before they have an index: the typed array, its glTF type, how it is used (which decides the
 * buffer view it goes into, buffer-layout.ts) and whether it needs `min`/`max`. The accessor JSON and its
 * bounds are written as glTF-Transform 4.5 wrote them: keys `type, componentType, count, max, min,
 * normalized, bufferView, byteOffset`; bounds (of finite values only, each through Math.fround) for
 * POSITION attributes and animation inputs only.
 */
import type { GLTF } from '@gltf-transform/core';
import type { TypedArray } from '@retromodel/scene';
import { accessorTypes } from '../gltf-enums.js';

/** Buffer view groups, as glTF-Transform's writer names its accessor usages. */
export type AccessorUsage = 'ARRAY_BUFFER' | 'ELEMENT_ARRAY_BUFFER' | 'INVERSE_BIND_MATRICES' | 'OTHER';

export interface AccessorRecord {
  array: TypedArray;
  itemSize: number;
  type: GLTF.AccessorType;
  componentType: GLTF.AccessorComponentType;
  normalized: boolean;
  usage: AccessorUsage;
  /** For ARRAY_BUFFER: the primitive (numbered in writing order) the accessor was made for. */
  primitive: number;
  /** Used as a POSITION attribute or an animation input: the JSON gets `min` and `max`. */
  bounds: boolean;
  /** Index in the JSON `accessors`, set by the buffer layout. */
  index: number;
}

function componentTypeOf(array: TypedArray): GLTF.AccessorComponentType {
  if (array instanceof Float32Array) return 5126;
  if (array instanceof Uint32Array) return 5125;
  if (array instanceof Uint16Array) return 5123;
  if (array instanceof Int16Array) return 5122;
  if (array instanceof Uint8Array) return 5121;
  return 5120;
}

/** The accessor's data as bytes (a view, no copy). */
export const accessorBytes = (r: AccessorRecord) =>
  new Uint8Array(r.array.buffer, r.array.byteOffset, r.array.byteLength);

/** The accessors of one write, in the order they are made (the order glTF-Transform kept them in). */
export class AccessorList {
  readonly records: AccessorRecord[] = [];

  add(
    array: TypedArray,
    itemSize: number,
    usage: AccessorUsage,
    options: { normalized?: boolean; primitive?: number; bounds?: boolean } = {},
  ): AccessorRecord {
    const type = accessorTypes[itemSize];
    if (!type) throw new Error(`an accessor cannot have ${itemSize} components`);
    const record: AccessorRecord = {
      array,
      itemSize,
      type,
      componentType: componentTypeOf(array),
      normalized: options.normalized ?? false,
      usage,
      primitive: options.primitive ?? -1,
      bounds: options.bounds ?? false,
      index: -1,
    };
    this.records.push(record);
    return record;
  }
}

/** Per component, the least (`sign` 1) or greatest (`sign` -1) finite value; ±Infinity when there is none. */
function bound(array: TypedArray, itemSize: number, sign: 1 | -1): number[] {
  const out = new Array<number>(itemSize).fill(sign * Infinity);
  for (let j = 0; j < itemSize; j++) {
    let best = sign * Infinity;
    for (let i = j; i < array.length; i += itemSize) {
      const v = array[i]!;
      // NaN and ±Infinity are skipped, as glTF-Transform's getMin/getMax skip them.
      if (v - v === 0 && (sign === 1 ? v < best : v > best)) best = v;
    }
    out[j] = Math.fround(best);
  }
  return out;
}

/** The accessor's JSON without its buffer view and offset. */
export function accessorDef(record: AccessorRecord): GLTF.IAccessor {
  const def = {
    type: record.type,
    componentType: record.componentType,
    count: record.array.length / record.itemSize,
  } as GLTF.IAccessor;
  if (record.bounds) {
    def.max = bound(record.array, record.itemSize, -1);
    def.min = bound(record.array, record.itemSize, 1);
  }
  if (record.normalized) def.normalized = true;
  return def;
}

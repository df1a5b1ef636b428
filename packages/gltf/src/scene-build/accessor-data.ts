/*
 * Accessor values straight from the buffers (glTF 2.0 §3.6.2 "Accessors"): each accessor becomes a typed
 * array of its component type (count × components values), read
 * - tightly packed (no byteStride, or one equal to the element size): one copy of its bytes, or, when the
 *   caller handed the bytes over (GltfReadOptions.bytesHandedOver), a view of them where they are aligned to
 *   the component size, as the spec requires (nothing writes into a scene's arrays; accessors naming the same
 *   bytes share one array either way);
 * - interleaved (another byteStride): element by element, little-endian;
 * - without a bufferView: zeros;
 * - sparse: those base values, then `sparse.count` values written at the indices it gives (an index past the
 *   end writes nothing). As glTF-Transform did, the sparse indices and values are read as the accessor with
 *   the fields of `sparse.indices` / `sparse.values` laid over it (so a missing byteOffset is the accessor's).
 * check-json.ts has put every range inside its buffer view. Every float accessor must hold finite numbers
 * (glTF 2.0 §3.6.2.2; the validator's ACCESSOR_INVALID_FLOAT).
 */
import type { GLTF } from '@gltf-transform/core';
import { firstNonFinite, type TypedArray } from '@retromodel/scene';
import { type JsonLocation, jsonError } from '../check-json.js';
import { typeSizes } from '../gltf-enums.js';

/** An accessor's values and how to read them. */
export interface AccessorData {
  array: TypedArray;
  /** As the JSON gives it (glTF-Transform kept any value; it is used as a flag). */
  normalized: unknown;
  /** Components per element (1 for SCALAR ... 16 for MAT4). */
  elementSize: number;
}

type ArrayType = {
  new (length: number): TypedArray | Float64Array;
  new (buffer: ArrayBuffer, byteOffset?: number, length?: number): TypedArray | Float64Array;
  readonly BYTES_PER_ELEMENT: number;
};

/** Component types by code; 5130 (double, KHR_accessor_float64) only ever comes in through sparse overrides. */
const arrayTypes: Record<number, ArrayType> = {
  5120: Int8Array,
  5121: Uint8Array,
  5122: Int16Array,
  5123: Uint16Array,
  5125: Uint32Array,
  5126: Float32Array,
  5130: Float64Array,
};

export interface BufferSource {
  json: GLTF.IGLTF;
  resources: Record<string, Uint8Array<ArrayBuffer>>;
  bin?: Uint8Array<ArrayBuffer>;
}

/** The bytes of buffer view `index` (a buffer with an empty uri is the GLB buffer, as glTF-Transform had it). */
export function bufferViewBytes(source: BufferSource, index: number): Uint8Array<ArrayBuffer> {
  const view = source.json.bufferViews![index]!;
  const buffer = source.json.buffers![view.buffer]!;
  const data = buffer.uri ? source.resources[buffer.uri] : source.bin;
  if (!(data instanceof Uint8Array)) throw new Error(`the data of buffer ${view.buffer} is missing`);
  return data.subarray(view.byteOffset || 0, (view.byteOffset || 0) + Math.min(data.byteLength, view.byteLength));
}

function elementSizeOf(type: unknown): number {
  const size = typeSizes[type as string];
  if (size === undefined) throw new Error(`Unexpected type, "${String(type)}".`);
  return size;
}

function arrayTypeOf(componentType: unknown): ArrayType {
  const type = arrayTypes[componentType as number];
  if (!type) throw new Error(`Unexpected componentType "${String(componentType)}".`);
  return type;
}

/**
 * Values of an accessor-like definition that has a bufferView: a copy of its bytes, or with `view` a view of them
 * where it can be one.
 */
function readBacked(
  def: GLTF.IAccessor,
  views: Uint8Array<ArrayBuffer>[],
  viewDefs: GLTF.IBufferView[],
  view: boolean,
) {
  const ArrayOf = arrayTypeOf(def.componentType);
  const elementSize = elementSizeOf(def.type);
  const componentSize = ArrayOf.BYTES_PER_ELEMENT;
  const bytes = views[def.bufferView!]!;
  const stride = viewDefs[def.bufferView!]!.byteStride;
  const start = def.byteOffset || 0;
  if (stride === undefined || stride === elementSize * componentSize) {
    const from = bytes.byteOffset + start;
    const length = def.count * elementSize;
    if (view && from % componentSize === 0) return new ArrayOf(bytes.buffer, from, length);
    return new ArrayOf(bytes.buffer.slice(from, from + length * componentSize));
  }
  const out = new ArrayOf(def.count * elementSize);
  const data = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const read = readerOf(def.componentType, data);
  for (let i = 0, k = 0; i < def.count; i++)
    for (let j = 0; j < elementSize; j++) out[k++] = read(start + i * stride + j * componentSize);
  return out;
}

function readerOf(componentType: number, view: DataView): (at: number) => number {
  switch (componentType) {
    case 5126:
      return (at) => view.getFloat32(at, true);
    case 5125:
      return (at) => view.getUint32(at, true);
    case 5123:
      return (at) => view.getUint16(at, true);
    case 5121:
      return (at) => view.getUint8(at);
    case 5122:
      return (at) => view.getInt16(at, true);
    case 5120:
      return (at) => view.getInt8(at);
    default:
      return (at) => view.getFloat64(at, true);
  }
}

/**
 * Values of one accessor (check-json.ts has checked its ranges); `view`: its bytes may be viewed where it has no
 * sparse part (whose values are written into the array). The sparse indices and values are only read here, so
 * they are views either way.
 */
function readAccessor(
  def: GLTF.IAccessor,
  views: Uint8Array<ArrayBuffer>[],
  viewDefs: GLTF.IBufferView[],
  view: boolean,
) {
  const base =
    def.bufferView !== undefined
      ? readBacked(def, views, viewDefs, view && def.sparse === undefined)
      : new (arrayTypeOf(def.componentType))(def.count * elementSizeOf(def.type));
  const sparse = def.sparse;
  if (!sparse) return base;
  const count = sparse.count;
  const indices = readBacked(
    { ...def, ...sparse.indices, count, type: 'SCALAR' } as GLTF.IAccessor,
    views,
    viewDefs,
    true,
  );
  const values = readBacked({ ...def, ...sparse.values, count } as GLTF.IAccessor, views, viewDefs, true);
  const elementSize = elementSizeOf(def.type);
  for (let i = 0; i < count; i++)
    for (let j = 0; j < elementSize; j++) base[indices[i]! * elementSize + j] = values[i * elementSize + j]!;
  return base;
}

/**
 * Every accessor's values, in the file's order, with float accessors checked for non-finite numbers; views of the
 * buffers' bytes where they may be (`handedOver`).
 */
export function readAccessors(source: BufferSource & { handedOver: boolean }, where: JsonLocation): AccessorData[] {
  const viewDefs = source.json.bufferViews ?? [];
  const views = viewDefs.map((_, i) => bufferViewBytes(source, i));
  return (source.json.accessors ?? []).map((def, i): AccessorData => {
    const array = readAccessor(def, views, viewDefs, source.handedOver);
    const k = array instanceof Float32Array ? firstNonFinite(array) : -1;
    if (k >= 0) throw jsonError(where, `accessors[${i}] element ${k} is ${array[k]}, not a finite number`);
    return {
      // The base array has the accessor's own component type, which check-json.ts limited to the scene's six.
      array: array as TypedArray,
      normalized: def.normalized === undefined ? false : def.normalized,
      elementSize: elementSizeOf(def.type),
    };
  });
}

/*
 * Accessors into buffer views and the one buffer, laid out as glTF-Transform 4.5's writer (separate vertex
 * layout) laid them out, so the files stay the same byte for byte:
 * - accessors are grouped by usage, groups in the order their first accessor was made: each primitive's
 *   attributes are a group, all indices one, all inverse bind matrices one, animation data ("OTHER") one;
 * - each attribute gets a buffer view of its own with a `byteStride` (the element size rounded up to 4 bytes,
 *   elements padded with zeros) and target ARRAY_BUFFER; the other groups are one buffer view each, their
 *   accessors one after the other, each padded to 4 bytes (indices with target ELEMENT_ARRAY_BUFFER);
 * - in a GLB the images come after all accessor data, each padded to 8 bytes, though their buffer views are
 *   numbered first.
 * Data is copied as whole arrays (only elements whose size is not a multiple of 4 go element by element).
 * glTF-Transform wrote attributes through a DataView, one component at a time; that quieted a signalling NaN
 * in float data in some runs and not in others, which a byte copy never does.
 */
import type { GLTF } from '@gltf-transform/core';
import { componentSizes } from '../gltf-enums.js';
import { type AccessorRecord, accessorBytes, accessorDef } from './accessors.js';

const ARRAY_BUFFER = 34962;
const ELEMENT_ARRAY_BUFFER = 34963;

const pad4 = (n: number) => Math.ceil(n / 4) * 4;

interface Piece {
  offset: number;
  record: AccessorRecord;
  /** Bytes from one element's start to the next's; 0 for tightly packed data. */
  stride: number;
}

export interface BufferLayout {
  accessors: GLTF.IAccessor[];
  /** Image views (GLB) first, their offsets and lengths set by `pack`. */
  bufferViews: GLTF.IBufferView[];
  /** The buffer: accessor data, then (GLB) the images, each padded to 8 bytes. */
  pack(images: Uint8Array[]): Uint8Array;
}

/** Copies elements of `size` bytes to `stride` bytes apart (the padding stays zero). */
function copyStrided(out: Uint8Array, offset: number, src: Uint8Array, size: number, stride: number): void {
  for (let i = 0, o = offset; i < src.length; i += size, o += stride)
    for (let b = 0; b < size; b++) out[o + b] = src[i + b]!;
}

/**
 * Numbers the accessors (all of `records` that are not replaced) and lays them out; `imageViews` buffer
 * views are kept in front for the images of a GLB.
 */
export function layoutBuffer(
  records: AccessorRecord[],
  replaced: ReadonlyMap<AccessorRecord, AccessorRecord>,
  imageViews: number,
): BufferLayout {
  const groups = new Map<string, AccessorRecord[]>();
  for (const r of records) {
    if (replaced.has(r)) continue;
    const key = r.usage === 'ARRAY_BUFFER' ? `${r.usage}:${r.primitive}` : r.usage;
    const group = groups.get(key);
    if (group) group.push(r);
    else groups.set(key, [r]);
  }
  const accessors: GLTF.IAccessor[] = [];
  const bufferViews: GLTF.IBufferView[] = [];
  for (let i = 0; i < imageViews; i++) bufferViews.push({ buffer: 0, byteOffset: -1, byteLength: 0 });
  const pieces: Piece[] = [];
  let length = 0;
  const addAccessor = (r: AccessorRecord, byteOffset: number) => {
    const def = accessorDef(r);
    def.bufferView = bufferViews.length;
    def.byteOffset = byteOffset;
    r.index = accessors.length;
    accessors.push(def);
  };
  for (const group of groups.values()) {
    const usage = group[0]!.usage;
    if (usage === 'ARRAY_BUFFER') {
      for (const r of group) {
        const elementBytes = r.itemSize * componentSizes[r.componentType]!;
        const stride = pad4(elementBytes);
        const byteLength = (r.array.length / r.itemSize) * stride;
        addAccessor(r, 0);
        bufferViews.push({ buffer: 0, byteOffset: length, byteLength, byteStride: stride, target: ARRAY_BUFFER });
        pieces.push({ offset: length, record: r, stride: stride === elementBytes ? 0 : stride });
        length += byteLength;
      }
      continue;
    }
    let viewLength = 0;
    for (const r of group) {
      addAccessor(r, viewLength);
      pieces.push({ offset: length + viewLength, record: r, stride: 0 });
      viewLength += pad4(r.array.byteLength);
    }
    const view: GLTF.IBufferView = { buffer: 0, byteOffset: length, byteLength: viewLength };
    if (usage === 'ELEMENT_ARRAY_BUFFER') view.target = ELEMENT_ARRAY_BUFFER;
    bufferViews.push(view);
    length += viewLength;
  }
  const pack = (images: Uint8Array[]) => {
    let total = length;
    for (const image of images) total = Math.ceil((total + image.byteLength) / 8) * 8;
    const out = new Uint8Array(total);
    for (const { offset, record, stride } of pieces) {
      const src = accessorBytes(record);
      if (stride === 0) out.set(src, offset);
      else copyStrided(out, offset, src, record.itemSize * componentSizes[record.componentType]!, stride);
    }
    let at = length;
    images.forEach((image, i) => {
      const view = bufferViews[i]!;
      view.byteOffset = at;
      view.byteLength = image.byteLength;
      out.set(image, at);
      at = Math.ceil((at + image.byteLength) / 8) * 8;
    });
    return out;
  };
  return { accessors, bufferViews, pack };
}

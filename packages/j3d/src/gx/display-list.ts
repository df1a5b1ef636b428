/*
 * GX display lists as J3D shapes store them (spec j3d.md §7.4).
 *
 * A list is a run of commands until a 0x00 (NOP, the padding) or its end. A draw command is
 * `u8 opcode` (high 5 bits the primitive, low 3 bits the vertex-format index), `u16 vertexCount`, then per vertex,
 * for every attribute the shape's descriptor enables, **in GX attribute-id order** (PNMTXIDX, TEX0..7MTXIDX, POS,
 * NRM/NBT, CLR0, CLR1, TEX0..7) whatever order the descriptor lists them in (lists an early community tool wrote
 * in descriptor order are read with `order: 'descriptor'`, see read-shp1.ts): DIRECT matrix indices as u8, INDEX8
 * as u8, INDEX16 as u16 (NBT3: three indices), DIRECT data inline in the format VTX1's format list gives it.
 * Primitives: 0x80 QUADS, 0x88 QUADS_2, 0x90 TRIANGLES, 0x98 TRIANGLE_STRIP, 0xA0 TRIANGLE_FAN, 0xA8 LINES,
 * 0xB0 LINE_STRIP, 0xB8 POINTS. LOAD_INDX_A..D (0x20/0x28/0x30/0x38, 4 more bytes) may appear and are skipped.
 * Decoded, a list is its primitives (type, opcode, vertex count, first row) and one row per vertex sent: the
 * indices in one Uint16Array and the DIRECT data in one Float32Array, each attribute at the place the shape's
 * GxVertexLayout gives it (the same for all its lists).
 */
import type { BinaryReader } from '@retromodel/binary';
import {
  arrayOfAttribute,
  decodeVertexElement,
  type J3dVertexArrayName,
  type J3dVertexFormat,
  type Vtx1,
  vertexElementLayout,
} from '../chunks/read-vtx1.js';
import { Primitive, VertexColumn, VertexLayout } from '../read-records.js';
import { objectList } from '../young-arrays.js';

/** A GX primitive kind. */
export type GxPrimitiveType =
  | 'QUADS'
  | 'QUADS_2'
  | 'TRIANGLES'
  | 'TRIANGLE_STRIP'
  | 'TRIANGLE_FAN'
  | 'LINES'
  | 'LINE_STRIP'
  | 'POINTS';

/** The display-list opcode of each primitive type (the vertex format index is or-ed into its low 3 bits). */
export const gxPrimitiveCodes: Record<GxPrimitiveType, number> = {
  QUADS: 0x80,
  QUADS_2: 0x88,
  TRIANGLES: 0x90,
  TRIANGLE_STRIP: 0x98,
  TRIANGLE_FAN: 0xa0,
  LINES: 0xa8,
  LINE_STRIP: 0xb0,
  POINTS: 0xb8,
};

/** Primitive type by opcode >> 3 (undefined: not a draw command). */
const primitiveTypeOf: (GxPrimitiveType | undefined)[] = [];
for (const [type, code] of Object.entries(gxPrimitiveCodes)) primitiveTypeOf[code >> 3] = type as GxPrimitiveType;

/** One entry of a shape's vertex descriptor: GX attribute id and how it is sent (1 DIRECT, 2 INDEX8, 3 INDEX16). */
export interface GxVertexAttribute {
  attr: number;
  type: number;
}

/**
 * Where one attribute lies in a vertex row of a shape's decoded lists: indices (INDEX8/INDEX16, and DIRECT
 * matrix indices; NBT3: three) in the `indices` rows, DIRECT data (`size` numbers) in the `values` rows.
 */
export interface GxVertexColumn {
  attr: number;
  /** The attribute is DIRECT data (in `values`), not indices (in `indices`). */
  direct: boolean;
  /** Its first entry in a row. */
  offset: number;
  /** Its entries per vertex: indices (1; NBT3 3) or DIRECT numbers. */
  size: number;
}

/**
 * How a shape's decoded vertices are laid out: each vertex is a row of `indexStride` indices and one of
 * `valueStride` DIRECT numbers, the attributes in send order.
 */
export interface GxVertexLayout {
  columns: GxVertexColumn[];
  indexStride: number;
  valueStride: number;
}

/** One draw command: vertex rows `first .. first + vertexCount − 1` of its list. */
export interface GxPrimitive {
  type: GxPrimitiveType;
  /** The opcode byte as stored (low 3 bits: vertex format index). */
  opcode: number;
  vertexCount: number;
  first: number;
}

/**
 * A decoded display list: its draw commands and the vertex rows they draw, one row per vertex sent, in list
 * order (laid out as the shape's GxVertexLayout says). Rows are not shared: a vertex sent twice is two rows.
 */
export interface GxDrawList {
  primitives: GxPrimitive[];
  /** `indexStride` indices per row. */
  indices: Uint16Array;
  /** `valueStride` DIRECT numbers per row (empty when the shape sends no DIRECT data). */
  values: Float32Array;
}

/** GX attribute id name, for messages and extras. */
export function gxAttributeName(attr: number): string {
  if (attr === 0) return 'PNMTXIDX';
  if (attr >= 1 && attr <= 8) return `TEX${attr - 1}MTXIDX`;
  if (attr >= 13 && attr <= 20) return `TEX${attr - 13}`;
  return ({ 9: 'POS', 10: 'NRM', 11: 'CLR0', 12: 'CLR1', 25: 'NBT' } as Record<number, string>)[attr] ?? `attr${attr}`;
}

const gxOrder = (attr: number) => (attr === 25 ? 10 : attr);

/** How a column is stored per vertex: one u8, one u16, three u8 (NBT3), three u16, or DIRECT data. */
const U8 = 0;
const U16 = 1;
const U8X3 = 2;
const U16X3 = 3;
const DIRECT = 4;

/** Every reader has every field (one object shape, so the decoding loop's property reads stay monomorphic). */
export interface ColumnReader {
  attr: number;
  kind: number;
  /** Bytes per vertex. */
  size: number;
  /** Indices per vertex (NBT3: 3). */
  indexCount: number;
  type: number;
  array: J3dVertexArrayName | undefined;
  /** Format of DIRECT data. */
  format: J3dVertexFormat | undefined;
  itemSize: number;
  /** Indexed data: the element count of its array (every index must be below it); otherwise Infinity. */
  limit: number;
  /** Its first entry in a row of indices (or of DIRECT values). */
  offset: number;
}

/**
 * The order a display list sends a vertex's attributes in: GX attribute-id order (what the hardware reads), or
 * the order the shape's descriptor lists them (an early community tool wrote lists so).
 */
export type GxSendOrder = 'gx' | 'descriptor';

/**
 * The attributes in the order a list sends them. GX order by a stable insertion sort: descriptors list at most 32
 * attributes, mostly in GX order already, and Array.prototype.sort's set-up and comparator calls cost more.
 */
export function sendOrder(attributes: readonly GxVertexAttribute[], order: GxSendOrder): GxVertexAttribute[] {
  const out = attributes.slice();
  if (order === 'descriptor') return out;
  for (let i = 1; i < out.length; i++) {
    const a = out[i]!;
    const key = gxOrder(a.attr);
    let k = i;
    while (k > 0 && gxOrder(out[k - 1]!.attr) > key) {
      out[k] = out[k - 1]!;
      k--;
    }
    out[k] = a;
  }
  return out;
}

function columnReaders(
  r: BinaryReader,
  attributes: GxVertexAttribute[],
  vtx1: Vtx1,
  order: GxSendOrder,
  at: number,
): ColumnReader[] {
  const sorted = sendOrder(attributes, order);
  return sorted.map((a): ColumnReader => {
    const arrayName = arrayOfAttribute(a.attr);
    if (a.attr <= 8) {
      if (a.type !== 1)
        throw r.error(`${gxAttributeName(a.attr)} must be sent DIRECT (type 1), descriptor says ${a.type}`, at);
      return {
        attr: a.attr,
        kind: U8,
        size: 1,
        indexCount: 1,
        type: 1,
        array: undefined,
        format: undefined,
        itemSize: 1,
        limit: Infinity,
        offset: 0,
      };
    }
    if (!arrayName) throw r.error(`vertex descriptor names unknown attribute ${a.attr}`, at);
    if (a.type === 1) {
      // DIRECT data is inline, in the format the VTX1 format list gives (no array needs to exist).
      const format = vtx1.formats.find(
        (f) => f.attr === a.attr || (a.attr === 25 && f.attr === 10) || (a.attr === 10 && f.attr === 25),
      );
      if (!format) throw r.error(`shape sends ${gxAttributeName(a.attr)} DIRECT but VTX1 has no format for it`, at);
      const layout = vertexElementLayout(r, arrayName, format, at);
      const indexCount = (a.attr === 10 || a.attr === 25) && format.compCount === 2 ? 3 : 1;
      const size = layout.elementSize * indexCount;
      return {
        attr: a.attr,
        kind: DIRECT,
        size,
        indexCount,
        type: 1,
        array: arrayName,
        format,
        itemSize: layout.itemSize * indexCount,
        limit: Infinity,
        offset: 0,
      };
    }
    const array =
      vtx1.arrays[arrayName] ??
      (arrayName === 'NBT' ? vtx1.arrays.NRM : arrayName === 'NRM' ? vtx1.arrays.NBT : undefined);
    if (!array) throw r.error(`shape uses ${arrayName} but VTX1 has no ${arrayName} array`, at);
    const indexCount = (a.attr === 10 || a.attr === 25) && array.format.compCount === 2 ? 3 : 1;
    if (a.type === 2 || a.type === 3) {
      const size = (a.type === 2 ? 1 : 2) * indexCount;
      const kind = a.type === 2 ? (indexCount === 1 ? U8 : U8X3) : indexCount === 1 ? U16 : U16X3;
      const limit = vtx1.arrays[array.name]!.count;
      return {
        attr: a.attr,
        kind,
        size,
        indexCount,
        type: a.type,
        array: array.name,
        format: undefined,
        itemSize: array.itemSize,
        limit,
        offset: 0,
      };
    }
    throw r.error(
      `${gxAttributeName(a.attr)} has descriptor type ${a.type}; only 1 DIRECT, 2 INDEX8 and 3 INDEX16 exist`,
      at,
    );
  });
}

/**
 * Writes the indices of one indexed (or DIRECT matrix-index) column of a primitive into its rows: one vertex
 * every `stride` bytes from `p`, stored as its kind says (`view` is a view of exactly `bytes`), into `out` from
 * `o` on, a row every `rowStride` entries. Returns the largest index, -1 for none (the caller compares it with the
 * limit and then finds the first bad index in file order for the error).
 */
function readIndexColumn(
  bytes: Uint8Array,
  view: DataView,
  p: number,
  stride: number,
  vertexCount: number,
  kind: number,
  out: Uint16Array,
  o: number,
  rowStride: number,
): number {
  let max = -1;
  if (kind === U8) {
    for (let v = 0; v < vertexCount; v++, p += stride, o += rowStride) {
      const value = bytes[p]!;
      if (value > max) max = value;
      out[o] = value;
    }
  } else if (kind === U16) {
    // One big-endian load through the DataView, which V8 compiles tighter than two byte loads and a shift.
    for (let v = 0; v < vertexCount; v++, p += stride, o += rowStride) {
      const value = view.getUint16(p);
      if (value > max) max = value;
      out[o] = value;
    }
  } else {
    const wide = kind === U16X3;
    for (let v = 0; v < vertexCount; v++, p += stride, o += rowStride) {
      for (let n = 0; n < 3; n++) {
        const value = wide ? (bytes[p + n * 2]! << 8) | bytes[p + n * 2 + 1]! : bytes[p + n]!;
        if (value > max) max = value;
        out[o + n] = value;
      }
    }
  }
  return max;
}

/**
 * Writes a PNMTXIDX column (one u8 every `stride` bytes from `p`) into `out` from `o` on, a row every
 * `rowStride` entries; returns the values sent as a bit set (bit 31: a value above 30).
 */
function readMatrixIndexColumn(
  bytes: Uint8Array,
  p: number,
  stride: number,
  vertexCount: number,
  out: Uint16Array,
  o: number,
  rowStride: number,
) {
  let sent = 0;
  for (let v = 0; v < vertexCount; v++, p += stride, o += rowStride) {
    const value = bytes[p]!;
    out[o] = value;
    sent |= value > 30 ? 0x80000000 : 1 << value;
  }
  return sent;
}

/** The error for the first index (vertex by vertex, in column order) that is past the end of its array. */
function firstBadIndex(r: BinaryReader, start: number, vertexCount: number, readers: ColumnReader[]): Error {
  const bytes = r.bytes;
  let p = start;
  for (let v = 0; v < vertexCount; v++) {
    for (const c of readers) {
      if (c.limit !== Infinity) {
        for (let n = 0; n < c.indexCount; n++) {
          const value = c.type === 3 ? (bytes[p + n * 2]! << 8) | bytes[p + n * 2 + 1]! : bytes[p + n]!;
          if (value >= c.limit)
            return r.error(
              `${gxAttributeName(c.attr)} index ${value} is past the end of the ${c.array} array (${c.limit} entries)`,
              p,
            );
        }
      }
      p += c.size;
    }
  }
  return r.error('display list: no index is out of range', start);
}

/**
 * How a shape's display lists are decoded: its column readers in send order, the bytes one vertex takes and
 * the row layout of the decoded vertices. Made once per shape and send order, for all its lists.
 */
export interface GxListDecoder {
  readers: ColumnReader[];
  vertexSize: number;
  layout: GxVertexLayout;
}

/**
 * The decoder of lists for a shape with these attributes, sent in `order`; throws for a descriptor VTX1 cannot
 * feed, at offset `at` of `r` (the start of the first list with bytes).
 */
export function displayListDecoder(
  r: BinaryReader,
  attributes: GxVertexAttribute[],
  vtx1: Vtx1,
  order: GxSendOrder = 'gx',
  at = r.offset,
): GxListDecoder {
  const readers = columnReaders(r, attributes, vtx1, order, at);
  let vertexSize = 0;
  let indexStride = 0;
  let valueStride = 0;
  const columns = objectList<GxVertexColumn>();
  for (const c of readers) {
    vertexSize += c.size;
    const direct = c.kind === DIRECT;
    const size = direct ? c.itemSize : c.indexCount;
    c.offset = direct ? valueStride : indexStride;
    columns.push(new VertexColumn(c.attr, direct, c.offset, size));
    if (direct) valueStride += size;
    else indexStride += size;
  }
  return { readers, vertexSize, layout: new VertexLayout(columns, indexStride, valueStride) };
}

/**
 * Where decoded lists put their rows: every list's `indices` and `values` are views of these two buffers,
 * filled from `indexAt` and `valueAt` on. A typed array of its own per list cost a buffer each (outside V8's
 * heap past 64 bytes); a view made by the typed array's constructor costs a third of one made by `subarray`.
 */
export interface GxColumnPools {
  indices: Uint16Array;
  values: Float32Array;
  indexAt: number;
  valueAt: number;
  /**
   * The PNMTXIDX values the decoded lists sent, as a bit set (bit v: value v; bit 31: a value above 30), so the
   * check that each names a loaded matrix slot needs no second pass over the vertices. The caller clears it.
   */
  matrixIndicesSent: number;
}

/**
 * The most vertices a list of `length` bytes can hold for this decoder (each vertex takes `vertexSize` bytes),
 * so pools of this many rows always suffice for it.
 */
export function maxListVertices(decoder: GxListDecoder, length: number): number {
  return decoder.vertexSize > 0 ? Math.floor(length / decoder.vertexSize) : 0;
}

/** Rows of an empty list, shared (they have no entries to change). */
export const noIndices = new Uint16Array(0);
export const noValues = new Float32Array(0);

/** Empty pools with room for this many indices and DIRECT values (none: shared empty arrays, no allocation). */
export function columnPools(indexCount: number, valueCount: number): GxColumnPools {
  return {
    indices: indexCount > 0 ? new Uint16Array(indexCount) : noIndices,
    values: valueCount > 0 ? new Float32Array(valueCount) : noValues,
    indexAt: 0,
    valueAt: 0,
    matrixIndicesSent: 0,
  };
}

/** A decoded display list together with the row layout of its vertices. */
export interface GxDecodedList extends GxDrawList {
  layout: GxVertexLayout;
}

/**
 * Decodes the display list in `r` (a reader over exactly the list's bytes, from its offset) for a shape with
 * these attributes, sent in `order` (GX order unless told), into rows of its own. Every index is checked
 * against the VTX1 array it reads.
 */
export function readDisplayList(
  r: BinaryReader,
  attributes: GxVertexAttribute[],
  vtx1: Vtx1,
  order: GxSendOrder = 'gx',
): GxDecodedList {
  const decoder = displayListDecoder(r, attributes, vtx1, order);
  const n = maxListVertices(decoder, r.remaining);
  const { indexStride, valueStride } = decoder.layout;
  const out: GxDecodedList = { primitives: [], indices: noIndices, values: noValues, layout: decoder.layout };
  decodeDisplayList(r, r.offset, r.length, decoder, columnPools(n * indexStride, n * valueStride), out);
  return out;
}

/**
 * The reader over exactly the list at `start .. end` of `r`, at `at`, for the errors about running past the
 * list's end (they say what is left of the list); made only when one is thrown.
 */
function listReader(r: BinaryReader, start: number, end: number, at: number): BinaryReader {
  const list = r.sub(start, end - start);
  list.offset = at - start;
  return list;
}

/**
 * Decodes the display list at `start .. end` of `r`'s bytes with `decoder` into `out` (its primitives, and its
 * rows as views of `pools`, which must hold `maxListVertices` rows past their cursors). Every index is checked
 * against the VTX1 array it reads. Columns are decoded one at a time over a primitive's vertices (a tight loop
 * per column instead of one dispatch per attribute and vertex), straight into their place in the rows: a
 * primitive costs one small object.
 */
export function decodeDisplayList(
  r: BinaryReader,
  start: number,
  end: number,
  decoder: GxListDecoder,
  pools: GxColumnPools,
  out: GxDrawList,
): void {
  const { readers, vertexSize } = decoder;
  const { indexStride, valueStride } = decoder.layout;
  const columnCount = readers.length;
  const bytes = r.bytes;
  const view = r.view;
  const primitives = objectList<GxPrimitive>();
  let p = start;
  const indices = pools.indices;
  const values = pools.values;
  const indexStart = pools.indexAt;
  const valueStart = pools.valueAt;
  let matrixIndicesSent = pools.matrixIndicesSent;
  let rows = 0;
  while (p < end) {
    const at = p;
    const opcode = bytes[p++]!;
    if (opcode === 0) break;
    const type = primitiveTypeOf[opcode >> 3];
    if (type === undefined) {
      const command = opcode & 0xf8;
      if (command === 0x20 || command === 0x28 || command === 0x30 || command === 0x38) {
        if (end - p < 4) listReader(r, start, end, p).skip(4);
        p += 4;
        continue;
      }
      throw r.error(`display-list command 0x${opcode.toString(16)} is not a primitive`, at);
    }
    if (end - p < 2) listReader(r, start, end, p).u16();
    const vertexCount = (bytes[p]! << 8) | bytes[p + 1]!;
    p += 2;
    if (vertexSize === 0) throw r.error('shape draws vertices but its descriptor has no attributes', at);
    if (vertexCount * vertexSize > end - p)
      listReader(r, start, end, p).ensure(vertexCount * vertexSize, `${type} with ${vertexCount} vertices`);
    let ok = true;
    let q = p;
    const indexRow = indexStart + rows * indexStride;
    for (let k = 0; k < columnCount; k++) {
      const c = readers[k]!;
      if (c.kind === DIRECT) {
        const per = c.itemSize / c.indexCount;
        const step = c.size / c.indexCount;
        for (let v = 0; v < vertexCount; v++) {
          const o = valueStart + (rows + v) * valueStride + c.offset;
          for (let n = 0; n < c.indexCount; n++)
            decodeVertexElement(view, q + v * vertexSize + n * step, c.array!, c.format!, per, values, o + n * per);
        }
      } else if (c.attr === 0)
        matrixIndicesSent |= readMatrixIndexColumn(
          bytes,
          q,
          vertexSize,
          vertexCount,
          indices,
          indexRow + c.offset,
          indexStride,
        );
      else {
        const max = readIndexColumn(
          bytes,
          view,
          q,
          vertexSize,
          vertexCount,
          c.kind,
          indices,
          indexRow + c.offset,
          indexStride,
        );
        if (max >= c.limit) ok = false;
      }
      q += c.size;
    }
    if (!ok) throw firstBadIndex(r, p, vertexCount, readers);
    p += vertexCount * vertexSize;
    primitives.push(new Primitive(type, opcode, vertexCount, rows));
    rows += vertexCount;
  }
  pools.indexAt = indexStart + rows * indexStride;
  pools.valueAt = valueStart + rows * valueStride;
  pools.matrixIndicesSent = matrixIndicesSent;
  out.primitives = primitives;
  out.indices =
    rows * indexStride > 0
      ? new Uint16Array(indices.buffer, indices.byteOffset + indexStart * 2, rows * indexStride)
      : noIndices;
  out.values =
    rows * valueStride > 0
      ? new Float32Array(values.buffer, values.byteOffset + valueStart * 4, rows * valueStride)
      : noValues;
}

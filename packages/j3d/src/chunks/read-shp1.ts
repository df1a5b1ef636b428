/*
 * SHP1: shapes, their matrix groups (packets) and display lists (spec j3d.md §7).
 *
 *   0x08 u16 shapeCount   0x0C shape data (0x28 each)   0x10 remap u16[]   0x14 name table (0)
 *   0x18 vertex-descriptor lists   0x1C matrix table u16[] (DRW1 indices, 0xFFFF = keep the previous packet's)
 *   0x20 display-list data   0x24 matrix groups (8 each)   0x28 packets (8 each)
 * Shape: u8 mtxType (0 Mtx, 1 BBoard, 2 YBBoard, 3 Multi), pad, u16 mtxGroupCount, u16 descriptor offset,
 *   u16 first matrix group, u16 first packet, pad, f32 radius, f32 bboxMin[3], f32 bboxMax[3].
 * Descriptor: { u32 attr; u32 type } until attr 0xFF. Matrix group: u16 useMtxIndex, u16 count, u32 first
 * matrix-table index. Packet: u32 display-list size, u32 offset (relative to the 0x20 base).
 * What a byte-exact rewrite needs beyond the shapes (table pointers, stored tables, slack, padding text) is read
 * by shp1-layout into `layout`; each packet keeps its display list's stored bytes.
 */
import { type BinaryReader, ParseError } from '@retromodel/binary';
import type { Diagnostic, Vec3 } from '@retromodel/scene';
import {
  columnPools,
  decodeDisplayList,
  displayListDecoder,
  type GxColumnPools,
  type GxDrawList,
  type GxListDecoder,
  type GxPrimitive,
  type GxSendOrder,
  type GxVertexAttribute,
  type GxVertexLayout,
  maxListVertices,
  noIndices,
  noValues,
  sendOrder,
} from '../gx/display-list.js';
import { Shape, ShapeLayout, ShapePacket, Shp1Record, VertexAttribute, VertexLayout } from '../read-records.js';
import { intsOfLength, objectList, objectsOfLength, vec3 } from '../young-arrays.js';
import { LazyProperty } from './lazy-property.js';
import { u16be, u32be } from './read-be.js';
import { checkCountAt, countFits, ensureAt } from './read-bounds.js';
import type { J3dVertexFormat, Vtx1 } from './read-vtx1.js';
import { readShp1Layout, type Shp1Layout, type Shp1ShapeLayout } from './shp1-layout.js';

/** How a shape's vertices are placed: one matrix, camera-facing, Y-axis camera-facing, or per-vertex matrices. */
export type J3dShapeMatrixType = 'Mtx' | 'BBoard' | 'YBBoard' | 'Multi';

/**
 * One matrix group with its packet's display list, decoded: its primitives and their vertex rows, laid out as
 * the shape's `vertexLayout` says.
 */
export interface J3dShapePacket extends GxDrawList {
  useMtxIndex: number;
  /** DRW1 indices of PNMTX slots 0..n−1 as stored; 0xFFFF = keep the slot from the shape's previous packet. */
  matrixTable: number[];
  /** Display-list offset (absolute in the file) and size. */
  displayListOffset: number;
  displayListSize: number;
  /**
   * The display list's bytes as stored (`displayListSize` bytes, padding included; a view into the file), for a
   * byte-exact rewrite.
   */
  displayList?: Uint8Array;
}

/** One shape. */
export interface J3dShape {
  matrixType: J3dShapeMatrixType;
  mtxTypeRaw: number;
  attributes: GxVertexAttribute[];
  /** Where each attribute lies in its packets' vertex rows (the attributes in the order the lists send them). */
  vertexLayout: GxVertexLayout;
  boundingRadius: number;
  bboxMin: Vec3;
  bboxMax: Vec3;
  packets: J3dShapePacket[];
  /**
   * `descriptor` when the display lists send each vertex's attributes in the order the descriptor lists them
   * (an early community tool wrote them so) instead of GX attribute order; absent for GX order.
   */
  sendOrder?: 'descriptor';
}

/** The SHP1 chunk. */
export interface Shp1 {
  shapes: J3dShape[];
  remap: number[];
  /** VTX1's format list the display lists were decoded with: DIRECT vertex data is written in these formats. */
  vertexFormats?: J3dVertexFormat[];
  /**
   * How the chunk was laid out, for a byte-exact rewrite (absent on a SHP1 built by hand, or when its tables
   * overlap). `writeShp1` uses it while the stored tables still describe `shapes`.
   */
  layout?: Shp1Layout;
}

const matrixTypes: J3dShapeMatrixType[] = ['Mtx', 'BBoard', 'YBBoard', 'Multi'];

/** The primitives of a packet whose list is about to be decoded (never left on a packet returned). */
const undecoded: GxPrimitive[] = [];

/** SHP1's layout, found when first read. */
const lazyLayout = new LazyProperty<Shp1Layout | undefined>('layout');

/**
 * Makes room in `pools` for the rows of the packets' lists decoded with `decoder`: when the free part is too small, a
 * new buffer takes its place, with room for as many indices as `spare` bytes of lists like these hold (the rest
 * of the chunk, so one buffer serves every shape of a file whose shapes send alike and whose lists do not
 * overlap). A buffer is zeroed when made, a cost that grows with its size: two bytes per chunk byte was twice
 * what a map's lists need.
 */
function reservePools(pools: GxColumnPools, decoder: GxListDecoder, packets: J3dShapePacket[], spare: number): void {
  let vertices = 0;
  for (let g = 0; g < packets.length; g++) vertices += maxListVertices(decoder, packets[g]!.displayListSize);
  const { indexStride, valueStride } = decoder.layout;
  const indices = vertices * indexStride;
  const values = vertices * valueStride;
  if (pools.indices.length - pools.indexAt < indices) {
    pools.indices = new Uint16Array(Math.max(indices, maxListVertices(decoder, spare) * indexStride));
    pools.indexAt = 0;
  }
  if (pools.values.length - pools.valueAt < values) {
    pools.values = new Float32Array(values);
    pools.valueAt = 0;
  }
}

/** Display-list bytes up to which a file's index rows share one buffer with VTX1's numbers (see readJ3d). */
const SHARED_ROWS_MAX = 0x1000;

/**
 * How many u16 index entries to make room for, before SHP1 is read, in VTX1's buffer: every index a list sends
 * takes at least one of its bytes, so the bytes from the display-list table to the chunk end bound them. 0 for
 * larger lists (their rows get buffers sized by their decoders, as zeroing twice their bytes would cost more)
 * and for a chunk too short to hold the table's offset (reading it reports that).
 */
export function shp1IndexRoom(r: BinaryReader): number {
  if (r.length < 0x24) return 0;
  const dlAt = r.u32At(0x20);
  const spare = dlAt < r.length ? r.length - dlAt : 0;
  return spare <= SHARED_ROWS_MAX ? spare : 0;
}

/**
 * Decodes a shape's display lists (in `r`, the chunk, where its packets say) into its packets, their rows taken from `pools`:
 * in GX attribute order, or, when that fails and the descriptor lists the attributes in another order, in the
 * descriptor's order if every list reads so. Returns the order used and the rows' layout (undefined when no list
 * has bytes); the GX order's error is thrown when neither reads. The decoder is made with the first list that
 * has bytes (errors about the descriptor name it).
 */
function readShapeLists(
  r: BinaryReader,
  packets: J3dShapePacket[],
  attributes: GxVertexAttribute[],
  vtx1: Vtx1,
  pools: GxColumnPools,
  spare: number,
  matrixIndicesSent: number[],
): { order: GxSendOrder; layout: GxVertexLayout | undefined } {
  let first = -1;
  for (let g = 0; g < packets.length && first < 0; g++)
    if (packets[g]!.displayListSize > 0) first = packets[g]!.displayListOffset - r.base;
  if (first < 0) return { order: 'gx', layout: undefined };
  const indexAt = pools.indexAt;
  const valueAt = pools.valueAt;
  const read = (order: GxSendOrder) => {
    const decoder = displayListDecoder(r, attributes, vtx1, order, first);
    reservePools(pools, decoder, packets, spare);
    for (let g = 0; g < packets.length; g++) {
      const packet = packets[g]!;
      const start = packet.displayListOffset - r.base;
      pools.matrixIndicesSent = 0;
      if (packet.displayListSize > 0)
        decodeDisplayList(r, start, start + packet.displayListSize, decoder, pools, packet);
      matrixIndicesSent[g] = pools.matrixIndicesSent;
    }
    return { order, layout: decoder.layout };
  };
  try {
    return read('gx');
  } catch (gxError) {
    const same = sendOrder(attributes, 'gx').every((a, k) => a === attributes[k]);
    if (same || !(gxError instanceof ParseError)) throw gxError;
    try {
      pools.indexAt = indexAt;
      pools.valueAt = valueAt;
      return read('descriptor');
    } catch {
      throw gxError;
    }
  }
}

/**
 * The three big-endian f32 at `p` of `v` (the reader's bufferView): one load each, where making a float from its
 * four bytes costs about 70 instructions.
 */
function vec3At(v: DataView, p: number): Vec3 {
  return vec3(v.getFloat32(p), v.getFloat32(p + 4), v.getFloat32(p + 8));
}

/**
 * Reads SHP1 from its chunk reader; display lists are decoded against the VTX1 arrays. A shape whose lists do
 * not read in GX attribute order (an index past its array, a command that is not one) but read in its
 * descriptor's order is read so, with a note in `diagnostics`. `matrixIndicesSent` gets, per shape and packet,
 * the PNMTXIDX values its list sends as a bit set (bit v: value v; bit 31: a value above 30), for
 * checkModelIndices.
 */
export function readShp1(
  r: BinaryReader,
  vtx1: Vtx1 | undefined,
  diagnostics: Diagnostic[] = [],
  matrixIndicesSent: number[][] = [],
  indexRoom?: Uint16Array,
): Shp1 {
  const count = r.u16At(0x08);
  const shapesAt = r.u32At(0x0c);
  const remapAt = r.u32At(0x10);
  const descAt = r.u32At(0x18);
  const mtxTableAt = r.u32At(0x1c);
  const dlAt = r.u32At(0x20);
  const groupsAt = r.u32At(0x24);
  const packetsAt = r.u32At(0x28);
  checkCountAt(r, count, 0x28, 'shapes', shapesAt);
  checkCountAt(r, count, 2, 'shape remap table', remapAt);
  const b = r.bytes;
  const view = r.bufferView;
  // Lists of a known length are made at that length (a list grown by push gets room for 16 entries at once).
  const remap = intsOfLength(count);
  for (let i = 0; i < count; i++) remap[i] = u16be(b, remapAt + i * 2);
  const shapes = objectsOfLength<J3dShape>(count);
  const pools = columnPools(0, 0);
  if (indexRoom) pools.indices = indexRoom;
  const spare = Math.max(0, r.length - dlAt);
  const shapeLayouts = objectsOfLength<Shp1ShapeLayout>(count);
  const groupCounts = intsOfLength(count);
  let descriptorsEnd = 0;
  for (let i = 0; i < count; i++) {
    const at = shapesAt + i * 0x28;
    // The shape's record is in the chunk (checked above): read from the bytes (see read-be).
    const mtxTypeRaw = b[at]!;
    const matrixType = matrixTypes[mtxTypeRaw];
    if (!matrixType)
      throw r.error(`shape ${i} has matrix type ${mtxTypeRaw}; only 0 Mtx, 1 BBoard, 2 YBBoard and 3 Multi exist`, at);
    const groupCount = u16be(b, at + 2);
    const descriptorOffset = u16be(b, at + 4);
    const attributes = objectList<GxVertexAttribute>();
    r.seek(descAt + descriptorOffset);
    // Each entry's 8 bytes are checked to be there, then read from the bytes; `d` ends past the end entry.
    let d = descAt + descriptorOffset;
    for (;;) {
      if (b.length - d < 8) throw r.error(`shape ${i} vertex descriptor has no end entry (attr 0xFF)`, d);
      const attr = u32be(b, d);
      const type = u32be(b, d + 4);
      d += 8;
      if (attr === 0xff) break;
      if (attributes.length >= 32) throw r.error(`shape ${i} vertex descriptor lists more than 32 attributes`, d - 8);
      for (let k = 0; k < attributes.length; k++)
        if (attributes[k]!.attr === attr)
          throw r.error(`shape ${i} vertex descriptor lists attribute ${attr} twice`, d - 8);
      if (type !== 0) attributes.push(new VertexAttribute(attr, type));
    }
    r.seek(d);
    descriptorsEnd = Math.max(descriptorsEnd, d);
    const firstGroup = u16be(b, at + 6);
    const firstPacket = u16be(b, at + 8);
    shapeLayouts[i] = new ShapeLayout(descriptorOffset, firstGroup, firstPacket, b[at + 1]!, u16be(b, at + 0x0a));
    if (!countFits(r, groupCount, 8, groupsAt + firstGroup * 8))
      r.checkCount(groupCount, 8, `shape ${i} matrix groups`, groupsAt + firstGroup * 8);
    if (!countFits(r, groupCount, 8, packetsAt + firstPacket * 8))
      r.checkCount(groupCount, 8, `shape ${i} packets`, packetsAt + firstPacket * 8);
    const packets = objectsOfLength<J3dShapePacket>(groupCount);
    // The shape's matrix groups, packet locations and matrix table entries are read from the bytes once checked
    // to be in the chunk (see read-be): a skinned model has a group per packet.
    for (let g = 0; g < groupCount; g++) {
      const gAt = groupsAt + (firstGroup + g) * 8;
      const useMtxIndex = u16be(b, gAt);
      const n = u16be(b, gAt + 2);
      const first = u32be(b, gAt + 4);
      if (n > 10)
        throw r.error(`shape ${i} matrix group ${g} uses ${n} matrices; GX has 10 position-matrix slots`, gAt + 2);
      if (!countFits(r, n, 2, mtxTableAt + first * 2))
        r.checkCount(n, 2, `shape ${i} matrix table entries`, mtxTableAt + first * 2);
      const matrixTable = intsOfLength(n);
      for (let k = 0; k < n; k++) matrixTable[k] = u16be(b, mtxTableAt + (first + k) * 2);
      const pAt = packetsAt + (firstPacket + g) * 8;
      const size = u32be(b, pAt);
      const offset = dlAt + u32be(b, pAt + 4);
      ensureAt(r, size, 'SHP1 section', offset);
      if (size > 0 && !vtx1) throw r.error('shapes draw vertices but the file has no VTX1 chunk', pAt);
      packets[g] = new ShapePacket(
        useMtxIndex,
        matrixTable,
        r.base + offset,
        size,
        // A list with bytes gets its primitives when decoded below (or the read throws): no array made for it here.
        size > 0 ? undecoded : objectList(),
        noIndices,
        noValues,
        r.bytes.subarray(offset, offset + size),
      );
    }
    const sent: number[] = new Array(groupCount);
    for (let g = 0; g < groupCount; g++) sent[g] = 0;
    const read = vtx1 ? readShapeLists(r, packets, attributes, vtx1, pools, spare, sent) : undefined;
    const order = read?.order ?? 'gx';
    // A shape none of whose lists has bytes has no rows.
    const vertexLayout = read?.layout ?? new VertexLayout(objectList(), 0, 0);
    matrixIndicesSent.push(sent);
    if (order === 'descriptor')
      diagnostics.push({
        code: 'j3d/shp1-descriptor-order',
        message: `SHP1 shape ${i}: its display lists send the vertex attributes in the order its descriptor lists them, not in GX attribute order (games read GX order); read so, and written back in GX order when the model is rebuilt`,
        severity: 'info',
      });
    const shape: J3dShape = new Shape(
      matrixType,
      mtxTypeRaw,
      attributes,
      vertexLayout,
      view.getFloat32(b.byteOffset + at + 0x0c),
      vec3At(view, b.byteOffset + at + 0x10),
      vec3At(view, b.byteOffset + at + 0x1c),
      packets,
    );
    // Added after (still the last key), not passed to the constructor: most shapes have none.
    if (order === 'descriptor') shape.sendOrder = order;
    shapes[i] = shape;
    groupCounts[i] = groupCount;
  }
  // The layout is found when first read (only a rewrite needs it), from the chunk's bytes and what was gathered
  // above, which nothing outside this function holds; reading it cannot fail (every table run a shape points at
  // was checked above). Keys are added in the order of an eager read.
  const shp1: Shp1 = new Shp1Record(shapes, remap, vtx1?.formats);
  return lazyLayout.define(shp1, () => readShp1Layout(r, { shapes: shapeLayouts, groupCounts, descriptorsEnd }));
}

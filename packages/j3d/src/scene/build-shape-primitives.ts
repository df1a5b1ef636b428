/*
 * One SHP1 shape to scene primitives (spec j3d.md §6–7).
 *
 * Per packet the PNMTX slot table is updated from its matrix group (0xFFFF keeps the previous packet's slot);
 * a vertex's draw matrix is slot[PNMTXIDX / 3] (slot 0 without PNMTXIDX). Positions are moved into bind-pose
 * model space by that draw matrix, normals by its inverse transpose (then normalised: frac-15 and other
 * non-unit data become unit normals), tangents from NBT by the matrix. Vertices sharing every index and the
 * same draw matrix are merged. Triangles, strips, fans and quads become TRIANGLES with the winding reversed
 * (GX front faces are clockwise, glTF's counter-clockwise); strip triangle i is (i−2, i−(~i&1), i−(i&1)),
 * fan (0, i−1, i), quad (0,1,2)(0,2,3). Lines and line strips become LINES, points POINTS.
 * TEXn → TEXCOORD_n (missing lower sets are filled with zeros so the sets stay contiguous); CLR0 → COLOR_0
 * (RGB converted from display values to linear, as glTF's COLOR_0 is linear) when the material reads vertex colours,
 * with 1 in the part (rgb or alpha) its TEV does not read.
 * Material state (build-material): GX cull FRONT flips the winding once more (glTF culls back faces); cull ALL
 * draws nothing; a texture mapped by normals gets the set `normalTexCoord.set` = rows · (nx, ny, 1) from the
 * bind-pose model-space normal (TEXn sets from that index up are left out, as the material does not read them).
 * The merging and writing run in the vertex writer's WebAssembly module for the shapes it takes
 * (wasm-vertex-writer.ts), with the same results.
 */
import type { Diagnostic, Primitive, PrimitiveMode } from '@retromodel/scene';
import type { Jnt1 } from '../chunks/read-jnt1.js';
import type { J3dShape } from '../chunks/read-shp1.js';
import type { Vtx1 } from '../chunks/read-vtx1.js';
import type { GxPrimitive, GxVertexLayout } from '../gx/display-list.js';
import type { ShapeMaterialState } from './build-material.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
import { emitPrimitive, IndexList, ListLengths, listLengths, type PrimitiveLists } from './emit-primitive.js';
import type { ShapeScratch } from './shape-scratch.js';
import {
  mergePacketVertices,
  mergeVertices,
  ShapeVertices,
  useLayout,
  type VertexBuffers,
  type VertexLayout,
  writeVertices,
} from './shape-vertices.js';
import { VertexKeyTable } from './vertex-key-table.js';
import { beginWasmMerge } from './wasm-vertex-writer.js';

/** What the shape's primitives need from the rest of the model. */
export interface ShapeContext {
  vtx1: Vtx1;
  /** The joints (for an error naming the joint whose bind pose puts a vertex beyond the f32 range). */
  jnt1: Jnt1;
  drawMatrices: ResolvedDrawMatrix[];
  /** Emit JOINTS_0/WEIGHTS_0 (joint indices are JNT1 indices = skin joint indices). */
  skinned: boolean;
  /** At least this many TEXCOORD sets (the material's texture reads TEXCOORD_n; missing sets are zeros). */
  minTexCoordSets: number;
  /** Emit COLOR_0 from CLR0. */
  vertexColors: boolean;
  /** What the material asks of its shapes (all of CLR0, GX winding, drawn, when absent). */
  state?: ShapeMaterialState;
  material: number | undefined;
  diagnostics: Diagnostic[];
  /** Buffers to reuse from shape to shape (when absent, each shape makes its own). */
  scratch?: ShapeScratch;
}

/** Converts a shape into up to three primitives (triangles, lines, points) with the given material. */
export function buildShapePrimitives(shape: J3dShape, ctx: ShapeContext): Primitive[] {
  const { vtx1, state } = ctx;
  if (state?.hidden) return [];
  const has = (attr: number) => shape.attributes.some((a) => a.attr === attr);
  const nbtAttr = has(25) ? 25 : has(10) ? 10 : undefined;
  const normalArray =
    nbtAttr === undefined
      ? undefined
      : (vtx1.arrays[nbtAttr === 25 ? 'NBT' : 'NRM'] ?? vtx1.arrays.NRM ?? vtx1.arrays.NBT);
  const nbt = normalArray !== undefined && normalArray.format.compCount !== 0;
  const texSets: number[] = [];
  const generated = state?.normalTexCoord;
  for (let n = 0; n < (generated?.set ?? 8); n++) if (has(13 + n)) texSets.push(n);
  const texCount = generated
    ? generated.set + 1
    : Math.max(ctx.minTexCoordSets, texSets.length ? Math.max(...texSets) + 1 : 0);
  const useColor = ctx.vertexColors && has(11);
  // Every GX vertex, and the length of each index list, from the primitives' kinds and vertex counts.
  let capacity = 0;
  const lengths = new ListLengths();
  for (const packet of shape.packets)
    for (const prim of packet.primitives) {
      capacity += prim.vertexCount;
      listLengths(prim.type, prim.vertexCount, lengths);
    }
  // First every GX vertex gets its scene vertex (equal ones merged, in `sceneOf`, GX vertices in list order);
  // then, with the number of scene vertices known, their buffers are made at their size and written, and the
  // index lists written into them from `sceneOf`.
  const scratch = ctx.scratch;
  const sceneOf = scratch ? scratch.takeSceneOf(capacity) : new Uint32Array(capacity);
  const vertices = scratch ? scratch.takeVertices(capacity) : new ShapeVertices(capacity);
  const layout: VertexLayout = { nbtAttr, normalArray, nbt, useColor, texSets: generated ? generated.set : texCount };
  vertices.plan(layout, capacity);
  useLayout(shape.vertexLayout, vertices);
  const keys = scratch?.keyTable ?? new VertexKeyTable();
  keys.clear(capacity, vertices.keyLength);
  vertices.useKeyRows(keys);
  vertices.wasmMerge = beginWasmMerge(shape, vertices, capacity, ctx);
  try {
    return shapePrimitives(shape, ctx, vertices, keys, sceneOf, lengths, layout, texCount);
  } finally {
    vertices.wasmMerge?.end();
    vertices.wasmMerge = undefined;
  }
}

/** buildShapePrimitives once the shape's vertex record is laid out: merges, makes the buffers, writes them. */
function shapePrimitives(
  shape: J3dShape,
  ctx: ShapeContext,
  vertices: ShapeVertices,
  keys: VertexKeyTable,
  sceneOf: Uint32Array,
  lengths: ListLengths,
  layout: VertexLayout,
  texCount: number,
): Primitive[] {
  const { state, scratch } = ctx;
  const { nbtAttr, normalArray, nbt, useColor } = layout;
  const slots: number[] = [];
  // With DIRECT data, each primitive (and its packet's values) and the scene vertex count after it.
  const direct: { prim: GxPrimitive; values: Float32Array; rows: GxVertexLayout }[] = [];
  const ends: number[] = [];
  let gx = 0;
  for (const packet of shape.packets) {
    const matrixTable = packet.matrixTable;
    for (let k = 0; k < matrixTable.length; k++) if (matrixTable[k] !== 0xffff) slots[k] = matrixTable[k]!;
    vertices.useSlots(slots);
    if (!vertices.inline) {
      gx += mergePacketVertices(packet.primitives, packet.indices, keys, slots, vertices, sceneOf, gx);
      continue;
    }
    for (const prim of packet.primitives) {
      mergeVertices(prim.first, prim.vertexCount, packet.indices, keys, slots, vertices, sceneOf, gx);
      gx += prim.vertexCount;
      direct.push({ prim, values: packet.values, rows: shape.vertexLayout });
      ends.push(vertices.count);
    }
  }
  const count = vertices.count;
  if (count === 0) return [];
  // The shape's vertex arrays and index lists are views of one zeroed buffer (a part of the scratch's block): one
  // allocation instead of up to ten (f32 arrays first, then the index lists, each padded to 4 bytes, then the u16
  // joints, so every view is aligned).
  const floatsPerVertex =
    3 + 2 * texCount + (nbtAttr !== undefined ? 3 : 0) + (nbt ? 4 : 0) + (useColor ? 4 : 0) + (ctx.skinned ? 4 : 0);
  const wide = count > 0xffff;
  const listBytes = (length: number) => (wide ? length * 4 : (length * 2 + 3) & ~3);
  const indexBytes = listBytes(lengths.triangles) + listBytes(lengths.lines) + listBytes(lengths.points);
  const bytes = count * (floatsPerVertex * 4 + (ctx.skinned ? 8 : 0)) + indexBytes;
  const { buffer, offset } = scratch ? scratch.takeBuffer(bytes) : { buffer: new ArrayBuffer(bytes), offset: 0 };
  let at = offset;
  const f32 = (size: number) => {
    const view = new Float32Array(buffer, at, count * size);
    at += count * size * 4;
    return view;
  };
  // The texture coordinates and the colour first, each starting at a multiple of 8 bytes: they are written two
  // floats at a time through `pairs` (float-pairs.ts).
  const texcoords: Float32Array[] = [];
  for (let t = 0; t < texCount; t++) texcoords.push(f32(2));
  const color = useColor ? f32(4) : undefined;
  const pairs = at > offset ? new Float64Array(buffer, offset, (at - offset) / 8) : undefined;
  const b: VertexBuffers = { position: f32(3), texcoords };
  if (color) b.color = color;
  if (pairs) b.pairs = pairs;
  if (nbtAttr !== undefined) b.normal = f32(3);
  if (nbt) b.tangent = f32(4);
  if (ctx.skinned) b.weights = f32(4);
  const list = (length: number) => {
    const view = wide ? new Uint32Array(buffer, at, length) : new Uint16Array(buffer, at, length);
    at += listBytes(length);
    return new IndexList(view);
  };
  const lists: PrimitiveLists = {
    triangles: list(lengths.triangles),
    lines: list(lengths.lines),
    points: list(lengths.points),
  };
  if (ctx.skinned) b.joints = new Uint16Array(buffer, at, count * 4);
  const flip = state?.flipWinding ?? false;
  gx = 0;
  for (const packet of shape.packets)
    for (const prim of packet.primitives) {
      emitPrimitive(prim.type, sceneOf, gx, prim.vertexCount, lists, flip);
      gx += prim.vertexCount;
    }
  if (!vertices.inline) writeVertices(undefined, 0, count, b, ctx, layout, vertices);
  else {
    // DIRECT data is each primitive's own: its vertices are written from it.
    let start = 0;
    direct.forEach((d, p) => {
      const end = ends[p]!;
      if (end > start) writeVertices(d, start, end, b, ctx, layout, vertices);
      start = end;
    });
  }
  const attributes: Primitive['attributes'] = { POSITION: { array: b.position, itemSize: 3 } };
  if (normalArray && b.normal) attributes.NORMAL = { array: b.normal, itemSize: 3 };
  if (b.tangent) attributes.TANGENT = { array: b.tangent, itemSize: 4 };
  if (b.color) attributes.COLOR_0 = { array: b.color, itemSize: 4 };
  b.texcoords.forEach((t, n) => {
    attributes[`TEXCOORD_${n}`] = { array: t, itemSize: 2 };
  });
  if (b.joints && b.weights) {
    attributes.JOINTS_0 = { array: b.joints, itemSize: 4 };
    attributes.WEIGHTS_0 = { array: b.weights, itemSize: 4 };
  }
  const out: Primitive[] = [];
  const add = (list: IndexList, mode: PrimitiveMode) => {
    if (list.length === 0) return;
    const p: Primitive = { attributes, indices: list.data, mode };
    if (ctx.material !== undefined) p.material = ctx.material;
    if (shape.matrixType === 'BBoard' || shape.matrixType === 'YBBoard')
      p.extras = { gx: { billboard: shape.matrixType } };
    out.push(p);
  };
  add(lists.triangles, 'TRIANGLES');
  add(lists.lines, 'LINES');
  add(lists.points, 'POINTS');
  return out;
}

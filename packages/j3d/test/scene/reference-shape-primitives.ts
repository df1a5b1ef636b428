/*
 * The plain definition of a shape's scene primitives (src/scene/build-shape-primitives.ts and shape-vertices.ts),
 * kept as the oracle of their fast paths: the code as it was before the two-pass rewrite, vertex by vertex into
 * buffers with room for every GX vertex (copied out at the end), every component read through `component()`
 * with its bounds checks, normals normalised with Math.hypot, colours taken to linear one by one (no cache). See
 * shape-primitives-definition.test.ts. It reads each primitive as plain columns (primitiveColumns).
 *
 * A vertex's key is its draw matrix followed by every attribute index (DIRECT matrix indices included,
 * PNMTXIDX left out as the draw matrix stands for it); vertices with equal keys become one scene vertex. A
 * primitive sending any attribute DIRECT, or whose rows run past its list's indices (hand-built lists only),
 * merges nothing. Values are read from the VTX1 array at index × item size
 * (or inline for DIRECT data); values past the end of the data take the attribute's default (position and
 * texture coordinates 0, colour 1; a missing normal, binormal or tangent value gives NaN, which makes the
 * normal (0, 0, 1)). Everything is computed in doubles and rounded to f32 when stored.
 */

import { ParseError } from '@retromodel/binary';
import type { Primitive, PrimitiveMode } from '@retromodel/scene';
import { JOINT_RECORD_SIZE } from '../../src/chunks/read-jnt1.js';
import type { J3dShape } from '../../src/chunks/read-shp1.js';
import type { ShapeContext } from '../../src/scene/build-shape-primitives.js';
import type { ResolvedDrawMatrix } from '../../src/scene/draw-matrices.js';
import { type PlainColumn, type PlainPrimitive, primitiveColumns } from '../primitive-columns.js';

function isFiniteAt(values: Float32Array, at: number): boolean {
  return Number.isFinite(values[at]);
}

/**
 * The error for a vertex that its bind-pose matrix puts beyond the f32 range: JNT1 holds only finite values,
 * but a huge scale or translation there multiplies out of range. It names the draw matrix's first joint.
 */
function positionOverflow(ctx: ShapeContext, draw: ResolvedDrawMatrix): ParseError {
  const j = draw.joints[0] ?? 0;
  const name = ctx.jnt1.joints[j]?.name ?? '';
  return new ParseError(
    { format: 'j3d', section: 'JNT1', offset: ctx.jnt1.dataOffset + j * JOINT_RECORD_SIZE },
    `joint ${j} (${name}): its bind pose puts vertices beyond the f32 range (its own or an ancestor's scale or translation is too large)`,
  );
}

/** The scene vertex buffers of a shape, each sized for every GX vertex of it (merged ones leave the end unused). */
interface VertexBuffers {
  /** Scene vertices so far. */
  count: number;
  position: Float32Array;
  /** Present when the shape sends NRM or NBT. */
  normal?: Float32Array;
  /** Present when the normals come from an NBT array. */
  tangent?: Float32Array;
  color?: Float32Array;
  texcoords: Float32Array[];
  joints?: Uint16Array;
  weights?: Float32Array;
  /** Scene vertex by key (its integers joined with commas). */
  keys: Map<string, number>;
}

/** How the shape's vertices are laid out (the same for all its primitives). */
interface VertexLayout {
  nbtAttr: number | undefined;
  nbt: boolean;
  useColor: boolean;
}

/** Where a primitive's vertices find one attribute's values: item v at `indices[v] · size`, or `v · size`. */
interface ItemSource {
  data: Float32Array;
  indices: Uint16Array | undefined;
  size: number;
}

const NONE: ItemSource = { data: new Float32Array(0), indices: undefined, size: 0 };

function itemSource(
  col: PlainColumn | undefined,
  data: Float32Array | undefined,
  itemSize: number,
  vertexCount: number,
): ItemSource {
  if (!col) return NONE;
  // DIRECT data: the column holds this vertex's values inline.
  if (col.values) return { data: col.values, indices: undefined, size: (col.values.length / vertexCount) | 0 };
  if (!data || !col.indices) return NONE;
  return { data, indices: col.indices, size: itemSize };
}

function itemStart(s: ItemSource, v: number): number {
  return s.indices ? s.indices[v]! * s.size : v * s.size;
}

/** Value k of the item starting at `start`, or `fallback` past the item or the data. */
function component(s: ItemSource, start: number, k: number, fallback: number): number {
  return k < s.size && start + k < s.data.length ? s.data[start + k]! : fallback;
}

const TEX_ARRAYS = ['TEX0', 'TEX1', 'TEX2', 'TEX3', 'TEX4', 'TEX5', 'TEX6', 'TEX7'] as const;

/** GX attribute ids go up to NBT (25); one slot each for a primitive's columns. */
const ATTR_SLOTS = 26;

/**
 * Per-shape scratch for {@link addVertices}: the columns of the primitive at hand by attribute id, and its key
 * (draw matrix, then every attribute index) with the index columns it is made of.
 */
class PrimitiveScratch {
  readonly byAttr: (PlainColumn | undefined)[] = new Array(ATTR_SLOTS).fill(undefined);
  key = new Int32Array(16);
  readonly keyColumns: Uint16Array[] = [];
  readonly keyPer: number[] = [];
  keyColumnCount = 0;
  /** Key length: 1 + every index of a vertex. */
  keyLength = 1;
  /** No column is DIRECT data (only then are equal vertices merged). */
  merge = true;
}

/** Fills `scratch` from `prim`'s columns (undo with {@link clearColumns}). */
function sortColumns(prim: PlainPrimitive, scratch: PrimitiveScratch): void {
  const { byAttr, keyColumns, keyPer } = scratch;
  let count = 0;
  let length = 1;
  // A primitive whose rows run past its list's indices merges nothing.
  let merge = !prim.cut;
  for (const c of prim.columns) {
    // The first column of an attribute is the one a lookup by attribute finds.
    if (c.attr >= 0 && c.attr < ATTR_SLOTS && byAttr[c.attr] === undefined) byAttr[c.attr] = c;
    if (c.values) merge = false;
    if (c.attr === 0 || !c.indices) continue;
    // Indices per vertex: the reader makes each column vertexCount × that long.
    const per = (c.indices.length / prim.vertexCount) | 0;
    keyColumns[count] = c.indices;
    keyPer[count++] = per;
    length += per;
  }
  scratch.keyColumnCount = count;
  scratch.keyLength = length;
  scratch.merge = merge;
  if (scratch.key.length < length) scratch.key = new Int32Array(length * 2);
}

function clearColumns(prim: PlainPrimitive, scratch: PrimitiveScratch): void {
  for (const c of prim.columns) if (c.attr >= 0 && c.attr < ATTR_SLOTS) scratch.byAttr[c.attr] = undefined;
}

/** GX colours are display values (like texture texels); glTF's COLOR_0 is linear. */
function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

const scratch = new Float64Array(3);

/** Writes (x, y, z) normalised to `scratch`, or (0, 0, 1) when it has no length. */
function unitToScratch(x: number, y: number, z: number): void {
  const len = Math.hypot(x, y, z);
  if (!(len > 1e-12) || !Number.isFinite(len)) {
    scratch[0] = 0;
    scratch[1] = 0;
    scratch[2] = 1;
    return;
  }
  scratch[0] = x / len;
  scratch[1] = y / len;
  scratch[2] = z / len;
}

/**
 * Adds the vertices of `prim` to `b` (merging equal ones) and writes the scene vertex of each GX vertex to
 * `out[0 .. vertexCount)`.
 */
function addVertices(
  prim: PlainPrimitive,
  b: VertexBuffers,
  slots: number[],
  ctx: ShapeContext,
  layout: VertexLayout,
  scratchColumns: PrimitiveScratch,
  out: Uint32Array,
): void {
  const { vtx1 } = ctx;
  const arrays = vtx1.arrays;
  const n = prim.vertexCount;
  sortColumns(prim, scratchColumns);
  const { byAttr, key, keyColumns, keyPer, keyColumnCount, keyLength, merge } = scratchColumns;
  const pn = byAttr[0]?.indices;
  const posArray = arrays.POS;
  const pos = itemSource(byAttr[9], posArray?.data, posArray?.itemSize ?? 3, n);
  const nrmArray = layout.nbtAttr === 25 ? (arrays.NBT ?? arrays.NRM) : (arrays.NRM ?? arrays.NBT);
  const nrmCol = layout.nbtAttr === undefined ? undefined : byAttr[layout.nbtAttr];
  // NBT3: three indices a vertex (normal, binormal, tangent), each naming 3 values.
  const nbt3 = nrmArray?.format.compCount === 2 && nrmCol?.indices ? nrmCol.indices : undefined;
  const nrm = itemSource(nrmCol, nrmArray?.data, nrmArray?.itemSize ?? 3, n);
  const src: ItemSource = nbt3 ? { data: nrmArray?.data ?? NONE.data, indices: undefined, size: 3 } : nrm;
  const clr = itemSource(byAttr[11], arrays.CLR0?.data, 4, n);
  const generated = ctx.state?.normalTexCoord;
  const tex: ItemSource[] = [];
  for (let t = 0; t < (generated ? generated.set : b.texcoords.length); t++) {
    const arr = arrays[TEX_ARRAYS[t]!];
    tex.push(itemSource(byAttr[13 + t], arr?.data, arr?.itemSize ?? 2, n));
  }
  const rgb = ctx.state?.vertexColor ?? true;
  const alpha = ctx.state?.vertexAlpha ?? true;
  const { position, normal, tangent, color, texcoords, joints, weights } = b;
  for (let v = 0; v < n; v++) {
    const drawIndex = slots[pn ? pn[v]! / 3 : 0]!;
    if (merge) {
      key[0] = drawIndex;
      let k = 1;
      for (let c = 0; c < keyColumnCount; c++) {
        const indices = keyColumns[c]!;
        const per = keyPer[c]!;
        for (let i = 0; i < per; i++) key[k++] = indices[v * per + i]!;
      }
      const text = key.subarray(0, keyLength).join(',');
      const found = b.keys.get(text);
      if (found !== undefined) {
        out[v] = found;
        continue;
      }
      b.keys.set(text, b.count);
    }
    const index = b.count++;
    out[v] = index;
    const draw: ResolvedDrawMatrix = ctx.drawMatrices[drawIndex]!;
    const m = draw.matrix;
    const p = itemStart(pos, v);
    const x = component(pos, p, 0, 0);
    const y = component(pos, p, 1, 0);
    const z = component(pos, p, 2, 0);
    position[index * 3] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
    position[index * 3 + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
    position[index * 3 + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
    if (
      !(isFiniteAt(position, index * 3) && isFiniteAt(position, index * 3 + 1) && isFiniteAt(position, index * 3 + 2))
    )
      throw positionOverflow(ctx, draw);
    // The bind-pose model-space normal, for normal-generated texture coordinates.
    let mnx = 0;
    let mny = 0;
    if (normal) {
      // NBT3: the normal, binormal and tangent each from an index of their own; else one item of `nrm` holds
      // them at offsets 0, 3 and 6.
      const at = itemStart(nrm, v);
      const nAt = nbt3 ? nbt3[v * 3]! * 3 : at;
      const nx = component(src, nAt, 0, Number.NaN);
      const ny = component(src, nAt, 1, Number.NaN);
      const nz = component(src, nAt, 2, Number.NaN);
      const nm = draw.normalMatrix;
      unitToScratch(
        nm[0]! * nx + nm[3]! * ny + nm[6]! * nz,
        nm[1]! * nx + nm[4]! * ny + nm[7]! * nz,
        nm[2]! * nx + nm[5]! * ny + nm[8]! * nz,
      );
      const tnx = scratch[0]!;
      const tny = scratch[1]!;
      const tnz = scratch[2]!;
      normal[index * 3] = tnx;
      normal[index * 3 + 1] = tny;
      normal[index * 3 + 2] = tnz;
      mnx = tnx;
      mny = tny;
      if (tangent) {
        const bAt = nbt3 ? nbt3[v * 3 + 1]! * 3 : at;
        const bk = nbt3 ? 0 : 3;
        const bx = component(src, bAt, bk, Number.NaN);
        const by = component(src, bAt, bk + 1, Number.NaN);
        const bz = component(src, bAt, bk + 2, Number.NaN);
        const tAt = nbt3 ? nbt3[v * 3 + 2]! * 3 : at;
        const tk = nbt3 ? 0 : 6;
        const tx = component(src, tAt, tk, Number.NaN);
        const ty = component(src, tAt, tk + 1, Number.NaN);
        const tz = component(src, tAt, tk + 2, Number.NaN);
        unitToScratch(
          m[0]! * tx + m[4]! * ty + m[8]! * tz,
          m[1]! * tx + m[5]! * ty + m[9]! * tz,
          m[2]! * tx + m[6]! * ty + m[10]! * tz,
        );
        const ttx = scratch[0]!;
        const tty = scratch[1]!;
        const ttz = scratch[2]!;
        const tbx = m[0]! * bx + m[4]! * by + m[8]! * bz;
        const tby = m[1]! * bx + m[5]! * by + m[9]! * bz;
        const tbz = m[2]! * bx + m[6]! * by + m[10]! * bz;
        const cx = tny * ttz - tnz * tty;
        const cy = tnz * ttx - tnx * ttz;
        const cz = tnx * tty - tny * ttx;
        tangent[index * 4] = ttx;
        tangent[index * 4 + 1] = tty;
        tangent[index * 4 + 2] = ttz;
        tangent[index * 4 + 3] = cx * tbx + cy * tby + cz * tbz < 0 ? -1 : 1;
      }
    }
    if (color) {
      const c = itemStart(clr, v);
      for (let k = 0; k < 3; k++) {
        const inside = k < clr.size && c + k < clr.data.length;
        color[index * 4 + k] = !rgb ? 1 : srgbToLinear(inside ? clr.data[c + k]! : 1);
      }
      color[index * 4 + 3] = alpha ? component(clr, c, 3, 1) : 1;
    }
    for (let t = 0; t < tex.length; t++) {
      const s = tex[t]!;
      const at = itemStart(s, v);
      texcoords[t]![index * 2] = component(s, at, 0, 0);
      texcoords[t]![index * 2 + 1] = component(s, at, 1, 0);
    }
    if (generated) {
      const r = generated.rows;
      const uv = texcoords[generated.set]!;
      uv[index * 2] = r[0]! * mnx + r[1]! * mny + r[2]!;
      uv[index * 2 + 1] = r[3]! * mnx + r[4]! * mny + r[5]!;
    }
    if (joints && weights) {
      for (let k = 0; k < 4; k++) {
        joints[index * 4 + k] = draw.joints[k] ?? 0;
        weights[index * 4 + k] = draw.weights[k] ?? 0;
      }
    }
  }
  clearColumns(prim, scratchColumns);
}

/** The index lists of a shape, as plain arrays. */
interface PlainLists {
  triangles: number[];
  lines: number[];
  points: number[];
}

/**
 * One GX primitive's scene vertices (`idx[0 .. n)`) appended to the lists (spec j3d.md §7.4): strip triangle i is
 * (i−2, i−(~i&1), i−(i&1)), fan (0, i−1, i), quad (0,1,2)(0,2,3), each reversed (GX clockwise, glTF
 * counter-clockwise) and reversed back when `flip`; lines in pairs, line strips as consecutive pairs, points one by one.
 */
function plainEmit(type: string, idx: Uint32Array, n: number, lists: PlainLists, flip: boolean): void {
  const tri = (a: number, c: number, d: number) => lists.triangles.push(...(flip ? [a, c, d] : [a, d, c]));
  if (type === 'TRIANGLES') for (let i = 0; i + 2 < n; i += 3) tri(idx[i]!, idx[i + 1]!, idx[i + 2]!);
  if (type === 'TRIANGLE_STRIP') for (let i = 2; i < n; i++) tri(idx[i - 2]!, idx[i - (~i & 1)]!, idx[i - (i & 1)]!);
  if (type === 'TRIANGLE_FAN') for (let i = 2; i < n; i++) tri(idx[0]!, idx[i - 1]!, idx[i]!);
  if (type === 'QUADS' || type === 'QUADS_2')
    for (let i = 0; i + 3 < n; i += 4) {
      tri(idx[i]!, idx[i + 1]!, idx[i + 2]!);
      tri(idx[i]!, idx[i + 2]!, idx[i + 3]!);
    }
  if (type === 'LINES') for (let i = 0; i + 1 < n; i += 2) lists.lines.push(idx[i]!, idx[i + 1]!);
  if (type === 'LINE_STRIP') for (let i = 1; i < n; i++) lists.lines.push(idx[i - 1]!, idx[i]!);
  if (type === 'POINTS') for (let i = 0; i < n; i++) lists.points.push(idx[i]!);
}

/** Converts a shape into up to three primitives (triangles, lines, points) with the given material. */
export function referenceBuildShapePrimitives(shape: J3dShape, ctx: ShapeContext): Primitive[] {
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
  // Every buffer has room for every GX vertex of the shape (merging only leaves some unused).
  let capacity = 0;
  for (const packet of shape.packets) for (const prim of packet.primitives) capacity += prim.vertexCount;
  // Every buffer has room for every GX vertex of the shape (merging only leaves some unused); with a scratch,
  // they are the scratch's, reused shape after shape.
  const floats = (_slot: number, length: number) => new Float32Array(length);
  const b: VertexBuffers = {
    count: 0,
    position: floats(0, capacity * 3),
    texcoords: Array.from({ length: texCount }, (_, n) => floats(6 + n, capacity * 2)),
    keys: new Map(),
  };
  if (nbtAttr !== undefined) b.normal = floats(1, capacity * 3);
  if (nbt) b.tangent = floats(2, capacity * 4);
  if (useColor) b.color = floats(3, capacity * 4);
  if (ctx.skinned) {
    b.joints = new Uint16Array(capacity * 4);
    b.weights = floats(4, capacity * 4);
  }
  const lists: PlainLists = { triangles: [], lines: [], points: [] };
  const slots: number[] = [];
  let local = new Uint32Array(0);
  const layout = { nbtAttr, nbt, useColor };
  const columns = new PrimitiveScratch();
  for (const packet of shape.packets) {
    packet.matrixTable.forEach((m, k) => {
      if (m !== 0xffff) slots[k] = m;
    });
    for (const prim of primitiveColumns(packet, shape.vertexLayout)) {
      if (local.length < prim.vertexCount) local = new Uint32Array(prim.vertexCount);
      addVertices(prim, b, slots, ctx, layout, columns, local);
      plainEmit(prim.type, local, prim.vertexCount, lists, state?.flipWinding ?? false);
    }
  }
  const count = b.count;
  if (count === 0) return [];
  const used = (array: Float32Array, itemSize: number) => ({ array: array.slice(0, count * itemSize), itemSize });
  const attributes: Primitive['attributes'] = { POSITION: used(b.position, 3) };
  if (normalArray && b.normal) attributes.NORMAL = used(b.normal, 3);
  if (b.tangent) attributes.TANGENT = used(b.tangent, 4);
  if (b.color) attributes.COLOR_0 = used(b.color, 4);
  b.texcoords.forEach((t, n) => {
    attributes[`TEXCOORD_${n}`] = used(t, 2);
  });
  if (b.joints && b.weights) {
    attributes.JOINTS_0 = { array: b.joints.slice(0, count * 4), itemSize: 4 };
    attributes.WEIGHTS_0 = used(b.weights, 4);
  }
  const out: Primitive[] = [];
  const add = (list: number[], mode: PrimitiveMode) => {
    if (list.length === 0) return;
    const p: Primitive = {
      attributes,
      indices: count > 0xffff ? Uint32Array.from(list) : Uint16Array.from(list),
      mode,
    };
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

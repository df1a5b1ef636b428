/*
 * A shape's GX vertices into scene vertices (see build-shape-primitives for the maths), in two passes:
 * mergeVertices gives each GX vertex of a primitive its scene vertex (merging equal ones) and lists the new ones;
 * once the shape's count is known, writeVertices fills the buffers attribute by attribute for each primitive's
 * new vertices (an item inside the data is read directly, one past it through the bounds-checked fallbacks).
 * test/scene/reference-shape-primitives.ts keeps the plain one-pass definition this is checked against.
 *
 * A vertex's key is its draw matrix followed by every attribute index (DIRECT matrix indices included,
 * PNMTXIDX left out as the draw matrix stands for it); vertices with equal keys become one scene vertex. A
 * primitive sending any attribute DIRECT merges nothing. Values are read from the VTX1 array at index × item size
 * (or inline for DIRECT data); values past the end of the data take the attribute's default (position and
 * texture coordinates 0, colour 1; a missing normal, binormal or tangent value gives NaN, which makes the
 * normal (0, 0, 1)). Everything is computed in doubles and rounded to f32 when stored.
 */
import { ParseError } from '@retromodel/binary';
import { JOINT_RECORD_SIZE } from '../chunks/read-jnt1.js';
import type { GxPrimitive, GxVertexColumn } from '../gx/display-list.js';
import type { ShapeContext } from './build-shape-primitives.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
import type { VertexKeyTable } from './vertex-key-table.js';

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

/** The scene vertex buffers of a shape, each sized for its scene vertices. */
export interface VertexBuffers {
  position: Float32Array;
  /** Present when the shape sends NRM or NBT. */
  normal?: Float32Array;
  /** Present when the normals come from an NBT array. */
  tangent?: Float32Array;
  color?: Float32Array;
  texcoords: Float32Array[];
  joints?: Uint16Array;
  weights?: Float32Array;
}

/** How the shape's vertices are laid out (the same for all its primitives). */
export interface VertexLayout {
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

const EMPTY = new Float32Array(0);

function emptySource(): ItemSource {
  return { data: EMPTY, indices: undefined, size: 0 };
}

/** Points `s` at a column's values (nowhere, size 0, when the column or its array is missing). */
function setSource(
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

function itemStart(s: ItemSource, v: number): number {
  return s.indices ? s.indices[v]! * s.size : v * s.size;
}

/** Value k of the item starting at `start`, or `fallback` past the item or the data. */
function component(s: ItemSource, start: number, k: number, fallback: number): number {
  return k < s.size && start + k < s.data.length ? s.data[start + k]! : fallback;
}

/** Values k0, k0 + 1, k0 + 2 of the item starting at `start` into `out` (each `fallback` past the item or data). */
function read3(s: ItemSource, start: number, k0: number, fallback: number, out: Float64Array): void {
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

const TEX_ARRAYS = ['TEX0', 'TEX1', 'TEX2', 'TEX3', 'TEX4', 'TEX5', 'TEX6', 'TEX7'] as const;

/** GX attribute ids go up to NBT (25); one slot each for a primitive's columns. */
const ATTR_SLOTS = 26;

/**
 * A shape's vertices being built: the columns of the primitive at hand by attribute id, its key (draw matrix,
 * then every attribute index) with the index columns it is made of and where its attributes' values are; and,
 * for the whole shape, the GX vertex that each scene vertex was made from (scene vertex i is entry i) with its
 * draw matrix.
 */
export class ShapeVertices {
  /** Scene vertices so far. */
  count = 0;
  readonly byAttr: (GxVertexColumn | undefined)[] = new Array(ATTR_SLOTS).fill(undefined);
  key = new Int32Array(16);
  readonly keyColumns: Uint16Array[] = [];
  readonly keyPer: number[] = [];
  keyColumnCount = 0;
  /** Key length: 1 + every index of a vertex. */
  keyLength = 1;
  /** No column is DIRECT data (only then are equal vertices merged). */
  merge = true;
  /** The primitive's PNMTXIDX indices, if it sends them. */
  pn: Uint16Array | undefined = undefined;
  /** Per scene vertex: the GX vertex (in its primitive) it was made from, and its draw matrix (and index). */
  readonly fresh: Int32Array;
  readonly freshDrawIndices: Int32Array;
  readonly freshDraws: ResolvedDrawMatrix[] = [];
  readonly normals: NormalCache;
  readonly pos = emptySource();
  readonly nrm = emptySource();
  /** NBT3 data: items of 3 at each of the vertex's three indices. */
  readonly nbt3 = emptySource();
  readonly clr = emptySource();
  readonly tex: ItemSource[] = [];

  /** For a shape of `capacity` GX vertices; `normals` is a cache carried over from earlier shapes, if any. */
  constructor(capacity: number, normals = new NormalCache()) {
    this.fresh = new Int32Array(capacity);
    this.freshDrawIndices = new Int32Array(capacity);
    normals.reserve(capacity);
    this.normals = normals;
  }
}

/**
 * Unit normals already worked out, by draw matrix and the start of the normal's values in the VTX1 array: a
 * normal item is shared by many vertices (of one shape and of the next, when a ShapeScratch carries the cache
 * over), and normalising it is the dear part of a vertex. Direct mapped (a clash overwrites the entry); it holds
 * the doubles, as the normal-generated texture coordinates read them unrounded. An entry stands for its draw
 * matrix index in one list of draw matrices and its start in one array: another list or array empties it.
 */
export class NormalCache {
  private entries = 0;
  /** Per entry: draw matrix index (-1: empty) and start. */
  tags = new Int32Array(0);
  /** Per entry: the unit normal. */
  values = new Float64Array(0);
  private data: Float32Array | undefined;
  private drawMatrices: ResolvedDrawMatrix[] | undefined;

  /** Room for about `capacity` normals (a larger table, empty, when the present one is smaller). */
  reserve(capacity: number): void {
    let entries = 16;
    while (entries < capacity) entries *= 2;
    if (entries <= this.entries) return;
    this.entries = entries;
    this.data = undefined;
  }

  /** Ready for normals from `data` turned by `drawMatrices` (forgetting any others). */
  use(data: Float32Array, drawMatrices: ResolvedDrawMatrix[]): void {
    if (this.data === data && this.drawMatrices === drawMatrices) return;
    if (this.tags.length !== this.entries * 2) {
      this.tags = new Int32Array(this.entries * 2);
      this.values = new Float64Array(this.entries * 3);
    }
    this.tags.fill(-1);
    this.data = data;
    this.drawMatrices = drawMatrices;
  }
}

/** Fills `byAttr` from `prim`'s columns (undo with {@link clearColumns}). */
function sortColumns(prim: GxPrimitive, scratch: ShapeVertices): void {
  const { byAttr } = scratch;
  for (const c of prim.columns) {
    // The first column of an attribute is the one a lookup by attribute finds.
    if (c.attr >= 0 && c.attr < ATTR_SLOTS && byAttr[c.attr] === undefined) byAttr[c.attr] = c;
  }
}

/** Finds `prim`'s key columns, whether it merges, and its PNMTXIDX indices (those of its first attr-0 column). */
function keyColumnsOf(prim: GxPrimitive, scratch: ShapeVertices): void {
  const { keyColumns, keyPer } = scratch;
  let count = 0;
  let length = 1;
  let merge = true;
  let pnFound = false;
  scratch.pn = undefined;
  for (const c of prim.columns) {
    if (c.values) merge = false;
    if (c.attr === 0 && !pnFound) {
      pnFound = true;
      scratch.pn = c.indices;
    }
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

function clearColumns(prim: GxPrimitive, scratch: ShapeVertices): void {
  for (const c of prim.columns) if (c.attr >= 0 && c.attr < ATTR_SLOTS) scratch.byAttr[c.attr] = undefined;
}

/**
 * Gives each GX vertex of `prim` its scene vertex in `out[0 .. vertexCount)`: an equal earlier one's (found in
 * `keys`), or the next new one, listed in `s` (its vertices are written later by {@link writeVertices}).
 */
export function mergeVertices(
  prim: GxPrimitive,
  keys: VertexKeyTable,
  slots: number[],
  drawMatrices: ResolvedDrawMatrix[],
  s: ShapeVertices,
  out: Uint32Array,
): void {
  const n = prim.vertexCount;
  keyColumnsOf(prim, s);
  const { pn, key, keyColumns, keyPer, keyColumnCount, keyLength, merge, fresh, freshDrawIndices, freshDraws } = s;
  let count = s.count;
  for (let v = 0; v < n; v++) {
    const drawIndex = slots[pn ? pn[v]! / 3 : 0]!;
    if (merge) {
      key[0] = drawIndex;
      let k = 1;
      for (let c = 0; c < keyColumnCount; c++) {
        const indices = keyColumns[c]!;
        const per = keyPer[c]!;
        if (per === 1) key[k++] = indices[v]!;
        else for (let i = 0; i < per; i++) key[k++] = indices[v * per + i]!;
      }
      const found = keys.findOrAdd(key, keyLength, count);
      if (found >= 0) {
        out[v] = found;
        continue;
      }
    }
    out[v] = count;
    fresh[count] = v;
    freshDrawIndices[count] = drawIndex;
    freshDraws[count++] = drawMatrices[drawIndex]!;
  }
  s.count = count;
}

/** GX colours are display values (like texture texels); glTF's COLOR_0 is linear. */
function srgbToLinear(c: number): number {
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/**
 * Indexed CLR0 arrays' values in linear, per array, each worked out the first time a vertex reads it (NaN until
 * then): vertices share colour items, and `**` is the dear part.
 */
const linearColors = new WeakMap<Float32Array, Float64Array>();

function linearOf(data: Float32Array): Float64Array {
  let linear = linearColors.get(data);
  if (!linear) {
    linear = new Float64Array(data.length).fill(Number.NaN);
    linearColors.set(data, linear);
  }
  return linear;
}

function linearAt(linear: Float64Array, data: Float32Array, at: number): number {
  let value = linear[at]!;
  if (Number.isNaN(value)) {
    value = srgbToLinear(data[at]!);
    linear[at] = value;
  }
  return value;
}

/** The colour a value past the data reads (1), in linear. */
const LINEAR_ONE = srgbToLinear(1);

/**
 * `Math.hypot(x, y, z)` computed the way V8 computes it (the absolute values divided by the largest, their squares
 * summed with Kahan compensation, the root times the largest), so bit for bit the same, without the arguments
 * array V8's Math.hypot allocates on every call. test/scene/hypot3.test.ts holds it to Math.hypot.
 */
export function hypot3(x: number, y: number, z: number): number {
  const ax = Math.abs(x);
  const ay = Math.abs(y);
  const az = Math.abs(z);
  let max = 0;
  if (ax > max) max = ax;
  if (ay > max) max = ay;
  if (az > max) max = az;
  if (max === Number.POSITIVE_INFINITY) return max;
  if (Number.isNaN(x) || Number.isNaN(y) || Number.isNaN(z)) return Number.NaN;
  if (max === 0) return 0;
  let sum = 0;
  let compensation = 0;
  let n = ax / max;
  let summand = n * n - compensation;
  let preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = ay / max;
  summand = n * n - compensation;
  preliminary = sum + summand;
  compensation = preliminary - sum - summand;
  sum = preliminary;
  n = az / max;
  summand = n * n - compensation;
  sum += summand;
  return Math.sqrt(sum) * max;
}

const scratch = new Float64Array(3);
const item = new Float64Array(3);

/** Writes (x, y, z) normalised to `scratch`, or (0, 0, 1) when it has no length. */
function unitToScratch(x: number, y: number, z: number): void {
  const len = hypot3(x, y, z);
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

/** Positions of the new vertices, by their draw matrices; throws for one beyond the f32 range. */
function writePositions(s: ShapeVertices, start: number, end: number, position: Float32Array, ctx: ShapeContext) {
  const { pos, fresh, freshDraws } = s;
  for (let i = start; i < end; i++) {
    const draw = freshDraws[i]!;
    const m = draw.matrix;
    read3(pos, itemStart(pos, fresh[i]!), 0, 0, item);
    const x = item[0]!;
    const y = item[1]!;
    const z = item[2]!;
    const o = i * 3;
    position[o] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
    position[o + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
    position[o + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
    if (!(Number.isFinite(position[o]) && Number.isFinite(position[o + 1]) && Number.isFinite(position[o + 2])))
      throw positionOverflow(ctx, draw);
  }
}

/**
 * Normals (and tangents) of the new vertices, and the normal-generated texture coordinates from the bind-pose
 * model-space normal (from (0, 0) without normals).
 */
function writeNormals(
  s: ShapeVertices,
  start: number,
  end: number,
  b: VertexBuffers,
  nbt3: Uint16Array | undefined,
  generated: { set: number; rows: number[] } | undefined,
  drawMatrices: ResolvedDrawMatrix[],
): void {
  const { nrm, fresh, freshDraws, freshDrawIndices } = s;
  // NBT3: the normal, binormal and tangent each from an index of their own; else one item of `nrm` holds
  // them at offsets 0, 3 and 6.
  const src = nbt3 ? s.nbt3 : nrm;
  const { normal, tangent, texcoords } = b;
  const uv = generated ? texcoords[generated.set]! : undefined;
  const r = generated?.rows ?? [];
  // Normals read from the VTX1 array are cached (DIRECT ones are the primitive's own).
  const cache = normal && (nbt3 || nrm.indices) ? s.normals : undefined;
  cache?.use(src.data, drawMatrices);
  const tags = cache?.tags;
  const cached = cache?.values;
  const mask = (tags?.length ?? 0) / 2 - 1;
  for (let i = start; i < end; i++) {
    const v = fresh[i]!;
    const index = i;
    let mnx = 0;
    let mny = 0;
    if (normal) {
      const draw = freshDraws[i]!;
      const at = itemStart(nrm, v);
      const nAt = nbt3 ? nbt3[v * 3]! * 3 : at;
      const d = freshDrawIndices[i]!;
      const entry = (nAt * 31 + d) & mask;
      if (tags && cached && tags[entry * 2] === d && tags[entry * 2 + 1] === nAt) {
        scratch[0] = cached[entry * 3]!;
        scratch[1] = cached[entry * 3 + 1]!;
        scratch[2] = cached[entry * 3 + 2]!;
      } else {
        read3(src, nAt, 0, Number.NaN, item);
        const nx = item[0]!;
        const ny = item[1]!;
        const nz = item[2]!;
        const nm = draw.normalMatrix;
        unitToScratch(
          nm[0]! * nx + nm[3]! * ny + nm[6]! * nz,
          nm[1]! * nx + nm[4]! * ny + nm[7]! * nz,
          nm[2]! * nx + nm[5]! * ny + nm[8]! * nz,
        );
        if (tags && cached) {
          tags[entry * 2] = d;
          tags[entry * 2 + 1] = nAt;
          cached[entry * 3] = scratch[0]!;
          cached[entry * 3 + 1] = scratch[1]!;
          cached[entry * 3 + 2] = scratch[2]!;
        }
      }
      const tnx = scratch[0]!;
      const tny = scratch[1]!;
      const tnz = scratch[2]!;
      normal[index * 3] = tnx;
      normal[index * 3 + 1] = tny;
      normal[index * 3 + 2] = tnz;
      mnx = tnx;
      mny = tny;
      if (tangent) {
        const m = draw.matrix;
        read3(src, nbt3 ? nbt3[v * 3 + 1]! * 3 : at, nbt3 ? 0 : 3, Number.NaN, item);
        const bx = item[0]!;
        const by = item[1]!;
        const bz = item[2]!;
        read3(src, nbt3 ? nbt3[v * 3 + 2]! * 3 : at, nbt3 ? 0 : 6, Number.NaN, item);
        const tx = item[0]!;
        const ty = item[1]!;
        const tz = item[2]!;
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
    if (uv) {
      uv[index * 2] = r[0]! * mnx + r[1]! * mny + r[2]!;
      uv[index * 2 + 1] = r[3]! * mnx + r[4]! * mny + r[5]!;
    }
  }
}

/** COLOR_0 of the new vertices: CLR0 in linear where the material reads it, else 1. */
function writeColors(s: ShapeVertices, start: number, end: number, color: Float32Array, rgb: boolean, alpha: boolean) {
  const { clr, fresh } = s;
  const data = clr.data;
  // Indexed colours are taken to linear once per CLR0 array; DIRECT ones as they come.
  const linear = rgb && clr.indices ? linearOf(data) : undefined;
  const whole = clr.size >= 4;
  for (let i = start; i < end; i++) {
    const c = itemStart(clr, fresh[i]!);
    const o = i * 4;
    if (linear && whole && c + 4 <= data.length) {
      color[o] = linearAt(linear, data, c);
      color[o + 1] = linearAt(linear, data, c + 1);
      color[o + 2] = linearAt(linear, data, c + 2);
      color[o + 3] = alpha ? data[c + 3]! : 1;
      continue;
    }
    for (let k = 0; k < 3; k++) {
      const inside = k < clr.size && c + k < data.length;
      color[o + k] = !rgb
        ? 1
        : !inside
          ? LINEAR_ONE
          : linear
            ? linearAt(linear, data, c + k)
            : srgbToLinear(data[c + k]!);
    }
    color[o + 3] = alpha ? component(clr, c, 3, 1) : 1;
  }
}

/** One TEXCOORD set of the new vertices (0 past the data). */
function writeTexCoords(t: ItemSource, fresh: Int32Array, start: number, end: number, uv: Float32Array): void {
  const data = t.data;
  const whole = t.size >= 2;
  for (let i = start; i < end; i++) {
    const at = itemStart(t, fresh[i]!);
    const o = i * 2;
    if (whole && at + 2 <= data.length) {
      uv[o] = data[at]!;
      uv[o + 1] = data[at + 1]!;
    } else {
      uv[o] = component(t, at, 0, 0);
      uv[o + 1] = component(t, at, 1, 0);
    }
  }
}

/** JOINTS_0 / WEIGHTS_0 of the new vertices: their draw matrices' influences. */
function writeSkin(s: ShapeVertices, start: number, end: number, joints: Uint16Array, weights: Float32Array) {
  const draws = s.freshDraws;
  for (let i = start; i < end; i++) {
    const draw = draws[i]!;
    const o = i * 4;
    for (let k = 0; k < 4; k++) {
      joints[o + k] = draw.joints[k] ?? 0;
      weights[o + k] = draw.weights[k] ?? 0;
    }
  }
}

/**
 * Writes scene vertices `start .. end` (those {@link mergeVertices} made for `prim`) attribute by attribute:
 * positions first (the bind-pose check throws there), then normals, colours, texture coordinates and skin.
 */
export function writeVertices(
  prim: GxPrimitive,
  start: number,
  end: number,
  b: VertexBuffers,
  ctx: ShapeContext,
  layout: VertexLayout,
  s: ShapeVertices,
): void {
  const arrays = ctx.vtx1.arrays;
  const n = prim.vertexCount;
  sortColumns(prim, s);
  const { byAttr } = s;
  const posArray = arrays.POS;
  setSource(s.pos, byAttr[9], posArray?.data, posArray?.itemSize ?? 3, n);
  writePositions(s, start, end, b.position, ctx);
  const generated = ctx.state?.normalTexCoord;
  if (b.normal || generated) {
    const nrmArray = layout.nbtAttr === 25 ? (arrays.NBT ?? arrays.NRM) : (arrays.NRM ?? arrays.NBT);
    const nrmCol = layout.nbtAttr === undefined ? undefined : byAttr[layout.nbtAttr];
    // NBT3: three indices a vertex (normal, binormal, tangent), each naming 3 values.
    const nbt3 = nrmArray?.format.compCount === 2 && nrmCol?.indices ? nrmCol.indices : undefined;
    setSource(s.nrm, nrmCol, nrmArray?.data, nrmArray?.itemSize ?? 3, n);
    s.nbt3.data = nrmArray?.data ?? EMPTY;
    s.nbt3.size = 3;
    writeNormals(s, start, end, b, nbt3, generated, ctx.drawMatrices);
  }
  if (b.color) {
    setSource(s.clr, byAttr[11], arrays.CLR0?.data, 4, n);
    writeColors(s, start, end, b.color, ctx.state?.vertexColor ?? true, ctx.state?.vertexAlpha ?? true);
  }
  const texCount = generated ? generated.set : b.texcoords.length;
  for (let t = 0; t < texCount; t++) {
    const arr = arrays[TEX_ARRAYS[t]!];
    s.tex[t] ??= emptySource();
    const source = s.tex[t]!;
    setSource(source, byAttr[13 + t], arr?.data, arr?.itemSize ?? 2, n);
    writeTexCoords(source, s.fresh, start, end, b.texcoords[t]!);
  }
  if (b.joints && b.weights) writeSkin(s, start, end, b.joints, b.weights);
  clearColumns(prim, s);
}

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
 * The reading lives in item-source.ts, the normal cache in normal-cache.ts, the writing in
 * write-vertex-attributes.ts.
 */
import type { GxPrimitive, GxVertexColumn } from '../gx/display-list.js';
import type { ShapeContext } from './build-shape-primitives.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
import { EMPTY, emptySource, type ItemSource, setSource } from './item-source.js';
import { NormalCache } from './normal-cache.js';
import type { VertexKeyTable } from './vertex-key-table.js';
import { writeColors, writeNormals, writePositions, writeSkin, writeTexCoords } from './write-vertex-attributes.js';

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
  fresh: Int32Array;
  freshDrawIndices: Int32Array;
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

  /**
   * Ready for the next shape, of `capacity` GX vertices (a ShapeScratch hands one ShapeVertices from shape to
   * shape). `byAttr` is emptied, as a shape that failed leaves its primitive's columns there; every primitive
   * sets the rest again before it reads it.
   */
  reset(capacity: number): void {
    this.count = 0;
    this.byAttr.fill(undefined);
    if (this.fresh.length < capacity) {
      this.fresh = new Int32Array(capacity);
      this.freshDrawIndices = new Int32Array(capacity);
    }
    this.normals.reserve(capacity);
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

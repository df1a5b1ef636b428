/*
 * A shape's GX vertices into scene vertices (see build-shape-primitives for the maths), in two passes:
 * mergeVertices gives each GX vertex of a primitive (or of a whole packet, mergePacketVertices) its scene
 * vertex (merging equal ones; with PNMTXIDX, each vertex's draw matrix is looked up as the key table merges), and
 * for each new one records its draw matrix and the item it reads of every attribute the shape writes (a row of `items`: when
 * every written attribute is one index a vertex, the vertex's key row in the key table, which holds those very
 * indices, so nothing is copied twice); once the shape's count is known, writeVertices fills the buffers
 * (write-vertex-attributes.ts, or for the common kinds of shape its WebAssembly twin, wasm-vertex-writer.ts), for
 * all the shape's vertices at once when every item is in a VTX1 array, primitive by primitive when some are
 * DIRECT data (an item inside the data is read directly, one past it through the bounds-checked fallbacks).
 * test/scene/reference-shape-primitives.ts keeps the plain one-pass definition this is checked against.
 *
 * A vertex's key is its draw matrix followed by every attribute index (DIRECT matrix indices included,
 * PNMTXIDX left out as the draw matrix stands for it); vertices with equal keys become one scene vertex. A
 * shape sending any attribute DIRECT, or a primitive whose rows run past its list's indices (hand-built lists
 * only), merges nothing. Values are read from the VTX1 array at index × item size
 * (or inline for DIRECT data); values past the end of the data take the attribute's default (position and
 * texture coordinates 0, colour 1; a missing normal, binormal or tangent value gives NaN, which makes the
 * normal (0, 0, 1)). Everything is computed in doubles and rounded to f32 when stored.
 * The reading lives in item-source.ts, the normal cache in normal-cache.ts, the writing in
 * write-vertex-attributes.ts.
 */
import type { J3dVertexArray } from '../chunks/read-vtx1.js';
import type { GxPrimitive, GxVertexLayout } from '../gx/display-list.js';
import type { ShapeContext } from './build-shape-primitives.js';
import { emptySource, type ItemSource, setArraySource, setInlineSource } from './item-source.js';
import { NormalCache } from './normal-cache.js';
import { MISSING, type VertexKeyTable } from './vertex-key-table.js';
import { type WasmMerge, writeWithWasm } from './wasm-vertex-writer.js';
import { type NormalPlan, writeAttributes } from './write-vertex-attributes.js';

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
  /**
   * The buffer the texture coordinates and the colours are views of, as float64s (float-pairs.ts), when they
   * start at multiples of 8 bytes: they are written two floats at a time through it.
   */
  pairs?: Float64Array;
}

/** How the shape's vertices are laid out (the same for all its primitives). */
export interface VertexLayout {
  /** The attribute the normals come from (NRM 10 or NBT 25), if the shape sends one. */
  nbtAttr: number | undefined;
  /** The VTX1 array the normals are read from (NBT's or NRM's). */
  normalArray: J3dVertexArray | undefined;
  /** Tangents are written (the normals come from an NBT array). */
  nbt: boolean;
  useColor: boolean;
  /** TEXCOORD sets read from TEXn (the first `texSets`). */
  texSets: number;
}

const TEX_ARRAYS = ['TEX0', 'TEX1', 'TEX2', 'TEX3', 'TEX4', 'TEX5', 'TEX6', 'TEX7'] as const;

/** GX attribute ids go up to NBT (25); one slot each for a primitive's columns. */
const ATTR_SLOTS = 26;
/** Key entries a shape has room for at first: a vertex descriptor lists at most 32 attributes (readShp1 refuses more). */
const MAX_COLUMNS = 32;

/** How a primitive gives one recorded attribute's item: not at all, one index, three (NBT3), or inline. */
const ABSENT = 0;
const INDEX = 1;
const INDEX3 = 3;
const INLINE = 4;

/**
 * A shape's vertices being built: the key of a vertex (draw matrix, then every attribute index) with the row
 * entries it is made of, and the row entries its recorded attributes come from (the shape's row layout); and, for the whole
 * shape, per scene vertex (entry i for scene vertex i) its draw matrix and a row of `stride` items: POS's first,
 * then the normal's (three with an NBT3 array: normal, binormal, tangent), CLR0's, TEX0's... as `plan` set.
 * An item is an index into the attribute's VTX1 array, or for DIRECT data the vertex's place in its primitive.
 */
export class ShapeVertices {
  /** Scene vertices so far. */
  count = 0;
  /** Where each attribute index of a key lies in a row (a column of several indices gives each its own). */
  keyAt = new Int32Array(MAX_COLUMNS);
  /** Key length: 1 + every index of a vertex. */
  keyLength = 1;
  /** No column is DIRECT data (only then are equal vertices merged). */
  merge = true;
  /** Where a row holds the PNMTXIDX index (-1: the shape sends none). */
  pn = -1;
  /** Indices per row of the shape's lists. */
  rowStride = 0;
  /** Per attribute id: its first slot in a row, and its place among the recorded attributes (-1: not recorded). */
  readonly slotOf = new Int32Array(ATTR_SLOTS);
  readonly recordOf = new Int32Array(ATTR_SLOTS);
  /** Per recorded attribute: its slots in a row (3 for normals from an NBT3 array, else 1). */
  readonly width: number[] = [];
  /** Per recorded attribute: how the shape gives the item, and its first entry in a row. */
  readonly mode = new Int32Array(ATTR_SLOTS);
  readonly column = new Int32Array(ATTR_SLOTS);
  /** The normal array is NBT3 (an indexed normal column holds three indices a vertex). */
  nbt3 = false;
  stride = 1;
  /** The shape gives every recorded attribute as one index a vertex. */
  plain = true;
  /**
   * The key's indices are one run of a row (from `keyAt[0]`, as when no DIRECT matrix index sits between them):
   * the key table reads them without `keyAt`.
   */
  contiguous = false;
  /**
   * `items` are the key table's rows (`keyRows`, set for a plain shape): a new vertex's key row is stored whether
   * or not its primitive merges, and the recorded attributes' slots point into it.
   */
  keyRows = false;
  /** Some primitive sends a recorded attribute as DIRECT data (the writes then go primitive by primitive). */
  inline = false;
  /** The shape's keys are merged in the vertex writer's WebAssembly module (wasm-vertex-writer.ts), if set. */
  wasmMerge: WasmMerge | undefined;
  /** Set by `plan` (this buffer) or `useKeyRows` (the key table's). */
  items = new Int32Array(0);
  /** The items buffer of shapes whose items are not key rows. */
  private ownItems = new Int32Array(0);
  /**
   * Per PNMTXIDX value below `pnCount` (a multiple of 3, or it names no slot), the draw matrix its slot holds
   * (-1: none), and the draw matrix of a vertex without PNMTXIDX (slot 0), for the packet at hand (`useSlots`).
   * Slots hold matrix table entries, integers from 0 to 0xfffe.
   */
  readonly drawOfPn = new Int32Array(256);
  pnCount = 0;
  slot0 = -1;
  /** Every PNMTXIDX value from `pnCount` on names no slot (the packet's slots all have a value in `drawOfPn`). */
  pnWhole = true;
  /** Per scene vertex: its draw matrix (an index into the context's draw matrices). */
  freshDrawIndices: Int32Array;
  readonly normals: NormalCache;
  readonly pos = emptySource();
  readonly nrm = emptySource();
  /** NBT3 data: items of 3 at each of the vertex's three indices. */
  readonly nbt3Source = emptySource();
  readonly clr = emptySource();
  readonly tex: ItemSource[] = [];

  /** For a shape of `capacity` GX vertices; `normals` is a cache carried over from earlier shapes, if any. */
  constructor(capacity: number, normals = new NormalCache()) {
    this.freshDrawIndices = new Int32Array(capacity);
    normals.reserve(capacity);
    this.normals = normals;
  }

  /**
   * Ready for the next shape, of `capacity` GX vertices (a ShapeScratch hands one ShapeVertices from shape to
   * shape).
   */
  reset(capacity: number): void {
    this.count = 0;
    if (this.freshDrawIndices.length < capacity) this.freshDrawIndices = new Int32Array(capacity);
    this.normals.reserve(capacity);
  }

  /** Reads the PNMTX slots of the next packet (after `useLayout`): see `drawOfPn`. */
  useSlots(slots: number[]): void {
    const drawOfPn = this.drawOfPn;
    const pnCount = this.pn >= 0 ? Math.min(3 * slots.length, drawOfPn.length) : 0;
    for (let u = 0; u < pnCount; u++) drawOfPn[u] = u % 3 === 0 ? (slots[u / 3] ?? -1) : -1;
    this.pnCount = pnCount;
    this.pnWhole = 3 * slots.length <= drawOfPn.length;
    this.slot0 = slots[0] ?? -1;
  }

  /** Lets go of the last model's arrays (the buffers stay). */
  release(): void {
    for (const source of [this.pos, this.nrm, this.nbt3Source, this.clr, ...this.tex])
      setArraySource(source, undefined, 0);
  }

  /** Records the items of the attributes `layout` writes, for a shape of `capacity` GX vertices. */
  plan(layout: VertexLayout, capacity: number): void {
    const { slotOf, recordOf, width } = this;
    // Loops, not `fill` (a call into V8's C++ runtime, dear for 26 entries: see mergeVertices).
    for (let attr = 0; attr < ATTR_SLOTS; attr++) {
      slotOf[attr] = -1;
      recordOf[attr] = -1;
    }
    width.length = 0;
    let slots = 0;
    const record = (attr: number, w: number) => {
      slotOf[attr] = slots;
      recordOf[attr] = width.length;
      slots += w;
      width.push(w);
    };
    this.nbt3 = layout.normalArray?.format.compCount === 2;
    record(9, 1);
    if (layout.nbtAttr !== undefined) record(layout.nbtAttr, this.nbt3 ? 3 : 1);
    if (layout.useColor) record(11, 1);
    for (let t = 0; t < layout.texSets; t++) record(13 + t, 1);
    this.stride = slots;
    this.inline = false;
    this.keyRows = false;
    if (this.ownItems.length < capacity * slots) this.ownItems = new Int32Array(capacity * slots);
    this.items = this.ownItems;
  }

  /**
   * For a plain shape (after `useLayout`, and `keys.clear` for this shape), makes the key table's rows the items:
   * a recorded attribute's slot is where its column's index lies in a key row (after the draw matrix).
   */
  useKeyRows(keys: VertexKeyTable): void {
    if (!this.plain) return;
    const { slotOf, recordOf, column, keyAt } = this;
    for (let attr = 0; attr < ATTR_SLOTS; attr++) {
      const j = recordOf[attr]!;
      if (j < 0) continue;
      let k = 0;
      while (keyAt[k] !== column[j]) k++;
      slotOf[attr] = 1 + k;
    }
    this.keyRows = true;
    this.items = keys.rows;
    this.stride = this.keyLength;
  }
}

/**
 * Reads a shape's row layout into `s`: its key columns, whether it merges, where its PNMTXIDX indices are (its
 * first attr-0 column) and how it gives each recorded attribute (from the first column of that attribute).
 */
export function useLayout(layout: GxVertexLayout, s: ShapeVertices): void {
  let entries = 0;
  for (const c of layout.columns) entries += c.size;
  if (entries > s.keyAt.length) s.keyAt = new Int32Array(entries);
  const { keyAt, recordOf, width, mode, column } = s;
  const recordedCount = width.length;
  for (let j = 0; j < recordedCount; j++) mode[j] = ABSENT;
  let length = 1;
  let merge = true;
  s.pn = -1;
  for (const c of layout.columns) {
    if (c.direct) merge = false;
    const j = c.attr >= 0 && c.attr < ATTR_SLOTS ? recordOf[c.attr]! : -1;
    if (j >= 0 && mode[j] === ABSENT) {
      mode[j] = c.direct ? INLINE : width[j] === 3 ? INDEX3 : INDEX;
      column[j] = c.offset;
      if (c.direct) s.inline = true;
    }
    if (c.direct) continue;
    if (c.attr === 0) {
      if (s.pn < 0) s.pn = c.offset;
      continue;
    }
    for (let i = 0; i < c.size; i++, length++) keyAt[length - 1] = c.offset + i;
  }
  s.keyLength = length;
  let contiguous = true;
  for (let k = 1; k < length - 1; k++) if (keyAt[k] !== keyAt[0]! + k) contiguous = false;
  s.contiguous = contiguous;
  s.merge = merge;
  s.rowStride = layout.indexStride;
  let plain = true;
  for (let j = 0; j < recordedCount; j++) if (mode[j] !== INDEX) plain = false;
  s.plain = plain;
}

/**
 * Gives each GX vertex of a packet's primitives (rows of `indices`, laid out as the shape's layout given to
 * {@link useLayout} says) its scene vertex, in `out` from `outAt` on, in list order, as {@link mergeVertices}
 * does a primitive at a time; returns how many GX vertices they are. When the primitives' rows follow on from
 * one another (as a decoded display list's do) and are all inside `indices`, and no attribute is DIRECT data
 * (whose items are places in a primitive), they are merged in one call: the same vertices, keys and order, with
 * one call's set-up (the bomb model's primitives average four vertices).
 */
export function mergePacketVertices(
  prims: readonly GxPrimitive[],
  indices: Uint16Array,
  keys: VertexKeyTable,
  slots: number[],
  s: ShapeVertices,
  out: Uint32Array,
  outAt: number,
): number {
  let rows = 0;
  let followOn = true;
  const first = prims.length > 0 ? prims[0]!.first : 0;
  for (let p = 0; p < prims.length; p++) {
    const prim = prims[p]!;
    if (prim.first !== first + rows) followOn = false;
    rows += prim.vertexCount;
  }
  // Rows past the end of a hand-built list's indices make their primitive merge nothing, so such a packet goes
  // a primitive at a time.
  if (followOn && !s.inline && (first + rows) * s.rowStride <= indices.length) {
    mergeVertices(first, rows, indices, keys, slots, s, out, outAt);
    return rows;
  }
  let at = outAt;
  for (let p = 0; p < prims.length; p++) {
    const prim = prims[p]!;
    mergeVertices(prim.first, prim.vertexCount, indices, keys, slots, s, out, at);
    at += prim.vertexCount;
  }
  return rows;
}

/**
 * Gives each of `n` GX vertices, rows `firstRow ..` of `indices` (laid out as the shape's layout given to
 * {@link useLayout} says) its scene vertex in `out[outAt .. outAt + n)`: an equal earlier one's (found in
 * `keys`), or the next new one, whose draw matrix and items are recorded in `s` (its values are written later by
 * {@link writeVertices}).
 */
export function mergeVertices(
  firstRow: number,
  n: number,
  indices: Uint16Array,
  keys: VertexKeyTable,
  slots: number[],
  s: ShapeVertices,
  out: Uint32Array,
  outAt: number,
): void {
  const { pn, keyAt, items, stride, freshDrawIndices } = s;
  const { column, rowStride } = s;
  const first = firstRow * rowStride;
  // Rows past the end of a hand-built list's indices give the MISSING item (recordItems), and their primitive
  // merges nothing.
  const whole = first + n * rowStride <= indices.length;
  const plain = s.plain && whole;
  const merge = s.merge && whole;
  const recordedCount = s.width.length;
  const { keyRows, contiguous } = s;
  const keyStart = keyAt[0]!;
  let count = s.count;
  // Per PNMTXIDX value the slot's draw matrix (past `pnCount`, the slots list's), -1 for none; a vertex without
  // PNMTXIDX takes slot 0. A key holds a vertex's draw matrix, 0 for none.
  const { drawOfPn, pnCount, slot0 } = s;
  if (merge && contiguous && keyRows) {
    if (pn < 0) {
      // Every vertex has slot 0's draw matrix, and the key rows are the items: the table merges them all in one
      // call, and the new vertices all get that draw matrix.
      const keyDraw = slot0 < 0 ? 0 : slot0;
      const wasm = s.wasmMerge;
      if (wasm) {
        s.count = wasm.mergeRuns(indices, first + keyStart, rowStride, n, keyDraw, slot0, out, outAt, count);
        return;
      }
      const merged = keys.mergeRuns(indices, first + keyStart, rowStride, n, keyDraw, out, outAt, count);
      // A loop, not `fill`: TypedArray.prototype.fill is a call into V8's C++ runtime, dearer than the few
      // vertices a primitive adds (it was a tenth of this function's time, called for every strip).
      for (let v = count; v < merged; v++) freshDrawIndices[v] = slot0;
      s.count = merged;
      return;
    }
    if (s.pnWhole && keys.shortKeys) {
      // Each vertex's draw matrix is looked up in `drawOfPn` by the table as it merges.
      s.count = keys.mergeShortRunsEach(
        indices,
        first + keyStart,
        rowStride,
        n,
        pn - keyStart,
        drawOfPn,
        pnCount,
        out,
        outAt,
        count,
        freshDrawIndices,
      );
      return;
    }
  }
  for (let v = 0, row = first; v < n; v++, row += rowStride) {
    let drawIndex = slot0;
    if (pn >= 0) {
      const u = indices[row + pn]!;
      drawIndex = u < pnCount ? drawOfPn[u]! : (slots[u / 3] ?? -1);
    }
    const drawKey = drawIndex < 0 ? 0 : drawIndex;
    if (merge) {
      const found = contiguous
        ? keys.findOrAddRun(indices, row + keyStart, drawKey, count)
        : keys.findOrAdd(indices, row, keyAt, drawKey, count);
      if (found >= 0) {
        out[outAt + v] = found;
        continue;
      }
    } else if (keyRows) keys.store(indices, row, keyAt, drawKey, count);
    out[outAt + v] = count;
    if (!keyRows) {
      let at = count * stride;
      if (plain) for (let j = 0; j < recordedCount; j++) items[at++] = indices[row + column[j]!]!;
      else recordItems(s, indices, row, at, v);
    }
    // A slot no matrix table has set (only in hand-built shapes: readJ3d checks them) names no draw matrix (-1;
    // its key holds 0).
    freshDrawIndices[count++] = drawIndex;
  }
  s.count = count;
}

/**
 * Records the items of GX vertex `v` of the primitive at hand (its row at `row` of `indices`) from `items[at]`
 * on, whatever way it gives them.
 */
function recordItems(s: ShapeVertices, indices: Uint16Array, row: number, at: number, v: number): void {
  const { items, mode, column, width } = s;
  for (let j = 0; j < width.length; j++) {
    const m = mode[j]!;
    if (m === INDEX) {
      items[at++] = indices[row + column[j]!] ?? MISSING;
    } else if (m === INDEX3) {
      const c = row + column[j]!;
      items[at++] = indices[c] ?? MISSING;
      items[at++] = indices[c + 1] ?? MISSING;
      items[at++] = indices[c + 2] ?? MISSING;
    } else {
      // The normal's slots are three wide with an NBT3 array, whatever this primitive sends.
      const item = m === INLINE ? v : MISSING;
      for (let w = width[j]!; w > 0; w--) items[at++] = item;
    }
  }
}

/**
 * The DIRECT data `prim` (rows of `values`, laid out as `rows` says) sends for `attr`, its vertices' items back
 * to back, or undefined when it sends the attribute otherwise (or not at all). Only its first column of `attr` counts.
 */
function inlineValues(
  prim: GxPrimitive,
  values: Float32Array,
  rows: GxVertexLayout,
  attr: number,
): { data: Float32Array; size: number } | undefined {
  const c = rows.columns.find((x) => x.attr === attr);
  if (!c?.direct) return undefined;
  const { valueStride } = rows;
  const start = prim.first * valueStride + c.offset;
  // Rows past the end of a hand-built list's values are left out: their items take the defaults.
  const n = Math.max(0, Math.min(prim.vertexCount, Math.floor((values.length - start - c.size) / valueStride) + 1));
  const data = new Float32Array(n * c.size);
  for (let v = 0, o = 0, at = start; v < n; v++, at += valueStride)
    for (let k = 0; k < c.size; k++, o++) data[o] = values[at + k]!;
  return { data, size: c.size };
}

/**
 * Writes scene vertices `start .. end` (write-vertex-attributes.ts; the bind-pose check of a position throws).
 * Their items are read from the VTX1 arrays, or for the attributes `prim` sends as DIRECT data, from its rows in
 * `values` (laid out as `rows` says; `start .. end` are then the vertices it made).
 */
export function writeVertices(
  direct: { prim: GxPrimitive; values: Float32Array; rows: GxVertexLayout } | undefined,
  start: number,
  end: number,
  b: VertexBuffers,
  ctx: ShapeContext,
  layout: VertexLayout,
  s: ShapeVertices,
): void {
  const arrays = ctx.vtx1.arrays;
  const source = (into: ItemSource, attr: number, array: J3dVertexArray | undefined, itemSize: number) => {
    const values = direct && inlineValues(direct.prim, direct.values, direct.rows, attr);
    if (values) setInlineSource(into, values.data, values.size);
    else setArraySource(into, array?.data, itemSize);
  };
  source(s.pos, 9, arrays.POS, arrays.POS?.itemSize ?? 3);
  let normals: NormalPlan | undefined;
  if (b.normal || ctx.state?.normalTexCoord) {
    const normalArray = layout.normalArray;
    if (layout.nbtAttr !== undefined) source(s.nrm, layout.nbtAttr, normalArray, normalArray?.itemSize ?? 3);
    else setArraySource(s.nrm, undefined, 0);
    setArraySource(s.nbt3Source, normalArray?.data, 3);
    // Without normals (only normal-generated coordinates, from (0, 0)) no slot is read.
    normals = {
      slot: layout.nbtAttr === undefined ? -1 : s.slotOf[layout.nbtAttr]!,
      nbt3: s.nbt3 && s.nrm.indexed,
    };
  }
  if (b.color) source(s.clr, 11, arrays.CLR0, 4);
  for (let t = 0; t < layout.texSets; t++) {
    const arr = arrays[TEX_ARRAYS[t]!];
    s.tex[t] ??= emptySource();
    source(s.tex[t]!, 13 + t, arr, arr?.itemSize ?? 2);
  }
  if (!direct && writeWithWasm(s, start, end, b, ctx, normals, layout.texSets)) return;
  writeAttributes(s, start, end, b, ctx, normals, layout.texSets);
}

/*
 * The merging and writing of shape-vertices.ts through a WebAssembly module (assembly/vertex-writer.ts) for the
 * shapes most models are made of. The same scene vertices, bit for bit; the module only runs faster, most of all
 * in a process converting one model, where the JavaScript loops ran before V8 had optimised them (the builder's
 * stage map of many materials: its shapes' vertices took 21 ms of a 240 ms conversion to GLB).
 * - Merging (mergeVertices' keys.mergeRuns): a shape without PNMTXIDX or DIRECT data whose key columns are one
 *   run and whose rows all lie inside their lists. Its key rows, draw matrices and the key table stay in the
 *   module's memory for the writing; the scene vertex of each GX vertex is copied back for the index lists.
 * - Writing (writeAttributes): every recorded attribute one index a vertex into a VTX1 array of whole items
 *   (positions and normals of 3, CLR0 of 4 whose colour the material reads, texture coordinates of 2), no PNMTXIDX,
 *   no NBT, no texture coordinates generated from normals. A model's arrays are copied in when a shape first reads
 *   them; each run of vertices it writes is copied into the shape's buffers. A vertex it leaves (an item past its
 *   array, a position beyond the float32 range) is written by writeAttributes, which throws where it must.
 * Where WebAssembly cannot run, or a shape is of another kind, the JavaScript does it all.
 */
import { embeddedWasmExports } from '@retromodel/binary';
import type { J3dShape } from '../chunks/read-shp1.js';
import type { ShapeContext } from './build-shape-primitives.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
import type { ShapeVertices, VertexBuffers } from './shape-vertices.js';
import { VERTEX_WRITER_WASM } from './vertex-writer-wasm.js';
import { linearOf, type NormalPlan, writeAttributes, writeSkinRuns } from './write-vertex-attributes.js';

interface VertexWriterExports {
  memory: WebAssembly.Memory;
  writeRun(start: number, end: number): number;
  mergeRuns(
    indices: number,
    stride: number,
    n: number,
    keyDraw: number,
    freshDraw: number,
    outAt: number,
    count: number,
  ): number;
}

/** The module's plan fields (i32, at byte 0) and draw matrix (f64, at byte 256): see assembly/vertex-writer.ts. */
const MATRIX = 256;
const ARRAYS = 512;
const F_ROWS = 0;
const F_STRIDE = 1;
const F_FRESH = 2;
const F_POS_SLOT = 3;
const F_POS = 4;
const F_POS_ITEMS = 5;
const F_NRM_SLOT = 6;
const F_NRM = 7;
const F_NRM_ITEMS = 8;
const F_CACHE = 9;
const F_CLR_SLOT = 10;
const F_CLR = 11;
const F_CLR_ITEMS = 12;
const F_CLR_ALPHA = 13;
const F_TEX_SETS = 14;
const F_OUT_POS = 15;
const F_OUT_NRM = 16;
const F_OUT_CLR = 17;
const F_DRAW = 18;
const F_TAG = 19;
const F_TEX = 20;
const F_SLOTS = 52;
const F_MASK = 53;
const F_SCENE_OF = 54;

/**
 * Vertices a shape has at least for the module to merge or write it: a smaller one (a character's small parts)
 * stays in JavaScript, whose set-up per shape is smaller than the module's copies and plan.
 */
const MIN_VERTICES = 32;

const PAGE = 65536;
/**
 * Memory a module keeps for the next model (WebAssembly memory never shrinks): past it, the next model gets a new
 * instance, and the collector takes the old one's memory.
 */
const KEPT_BYTES = 16 << 20;
const align = (n: number) => (n + 7) & ~7;

/** Where the shape being merged keeps its key table, rows, draw matrices and scene vertices in memory. */
interface MergedShape {
  /** Where its regions start (freed when it is done, unless arrays were placed after them). */
  mark: number;
  rows: number;
  width: number;
  fresh: number;
  sceneOf: number;
  indices: number;
}

/**
 * What a ShapeScratch has in the module's memory for the model it builds: each VTX1 array (and linear CLR0) a
 * shape has read, where it lies, the normal cache of each normal array, and the shape being merged. Regions are
 * placed one after another from ARRAYS on (`end`). It holds the model's arrays until `release` (the scratch's,
 * when its call ends); the module holds only copies, and the number of the uploads last made, so uploads it has
 * since overwritten are made again.
 */
export class VertexUploads {
  generation = 0;
  arrays = new Map<Float32Array, number>();
  caches = new Map<Float32Array, number>();
  /** The end of the regions placed, and of the last array or cache placed. */
  end = ARRAYS;
  arraysEnd = ARRAYS;
  drawMatrices: ResolvedDrawMatrix[] | undefined;
  merged: MergedShape | undefined;

  release(): void {
    this.generation = 0;
    this.arrays = new Map();
    this.caches = new Map();
    this.end = ARRAYS;
    this.arraysEnd = ARRAYS;
    this.drawMatrices = undefined;
    this.merged = undefined;
  }
}

/**
 * The number of the last uploads made: each model's are numbered on from the last, by every instance, so an
 * instance never takes the uploads another made for its own.
 */
let generations = 0;

/** The module's memory. */
class VertexWriter {
  private i32: Int32Array;
  private u16: Uint16Array;
  private f32: Float32Array;
  private f64: Float64Array;
  /** The number of the uploads in its memory now (0: none). */
  private generation = 0;

  constructor(private readonly exports: VertexWriterExports) {
    this.i32 = new Int32Array(0);
    this.u16 = new Uint16Array(0);
    this.f32 = new Float32Array(0);
    this.f64 = new Float64Array(0);
    this.views();
  }

  private views(): void {
    const buffer = this.exports.memory.buffer;
    this.i32 = new Int32Array(buffer);
    this.u16 = new Uint16Array(buffer);
    this.f32 = new Float32Array(buffer);
    this.f64 = new Float64Array(buffer);
  }

  /** Its memory has grown past what is kept for another model than the one `up` holds. */
  tooLargeFor(up: VertexUploads | undefined): boolean {
    return (
      this.exports.memory.buffer.byteLength > KEPT_BYTES && (up === undefined || up.generation !== this.generation)
    );
  }

  /** Memory of at least `bytes`; false when it cannot grow so far. */
  private room(bytes: number): boolean {
    const memory = this.exports.memory;
    const have = memory.buffer.byteLength;
    if (bytes <= have) return true;
    try {
      memory.grow(Math.ceil((bytes - have) / PAGE));
    } catch {
      return false;
    }
    this.views();
    return true;
  }

  /** Makes `up` the uploads in memory for a model of `drawMatrices` (starting them again when they are not). */
  private ready(up: VertexUploads, drawMatrices: ResolvedDrawMatrix[]): void {
    if (up.generation !== 0 && up.generation === this.generation && up.drawMatrices === drawMatrices) return;
    up.release();
    generations += 1;
    this.generation = generations;
    up.generation = generations;
    up.drawMatrices = drawMatrices;
  }

  /** `bytes` placed at `up.end`, made zero when `zero`; its offset, or undefined when memory cannot grow so far. */
  private place(up: VertexUploads, bytes: number, zero: boolean): number | undefined {
    const at = up.end;
    if (!this.room(at + bytes)) return undefined;
    if (zero) this.i32.fill(0, at / 4, (at + bytes) / 4);
    up.end = align(at + bytes);
    return at;
  }

  /** Where `data` lies in memory, copied in now when it is not yet; undefined when memory cannot hold it. */
  private arrayAt(up: VertexUploads, data: Float32Array): number | undefined {
    let at = up.arrays.get(data);
    if (at !== undefined) return at;
    at = this.place(up, data.byteLength, false);
    if (at === undefined) return undefined;
    this.f32.set(data, at / 4);
    up.arrays.set(data, at);
    up.arraysEnd = up.end;
    return at;
  }

  /**
   * The normal cache of `data` (per item a tag, draw matrix + 1 or 0 for an empty entry, then three f32), made
   * empty now when new.
   */
  private cacheAt(up: VertexUploads, data: Float32Array): number | undefined {
    let at = up.caches.get(data);
    if (at !== undefined) return at;
    at = this.place(up, Math.floor(data.length / 3) * 16, true);
    if (at === undefined) return undefined;
    up.caches.set(data, at);
    up.arraysEnd = up.end;
    return at;
  }

  /**
   * Makes `up` merge the keys of a shape of `capacity` GX vertices (keys of `width` integers, lists of `rowStride`
   * indices a row) in memory; false when memory cannot hold them.
   */
  beginMerge(
    up: VertexUploads,
    drawMatrices: ResolvedDrawMatrix[],
    capacity: number,
    width: number,
    rowStride: number,
  ): boolean {
    this.ready(up, drawMatrices);
    this.endMerge(up);
    let entries = 16;
    while (entries < capacity * 2) entries *= 2;
    const mark = up.end;
    const slots = this.place(up, entries * 4, false);
    const rows = this.place(up, capacity * width * 4, false);
    const fresh = this.place(up, capacity * 4, false);
    const sceneOf = this.place(up, capacity * 4, false);
    const indices = this.place(up, capacity * rowStride * 2, false);
    if (
      slots === undefined ||
      rows === undefined ||
      fresh === undefined ||
      sceneOf === undefined ||
      indices === undefined
    ) {
      up.end = mark;
      return false;
    }
    this.i32.fill(-1, slots / 4, slots / 4 + entries);
    const i32 = this.i32;
    i32[F_SLOTS] = slots;
    i32[F_MASK] = entries - 1;
    i32[F_SCENE_OF] = sceneOf;
    up.merged = { mark, rows, width, fresh, sceneOf, indices };
    return true;
  }

  /** Frees the merged shape's regions (unless arrays were placed after them). */
  endMerge(up: VertexUploads): void {
    const merged = up.merged;
    if (!merged) return;
    if (up.arraysEnd <= merged.mark) up.end = merged.mark;
    up.merged = undefined;
  }

  /**
   * keys.mergeRuns' work for the merged shape (see mergeVertices): the `n` keys from `indices[start ..]`, one
   * every `stride`, with draw matrix `keyDraw`; a new vertex's draw matrix is `freshDraw`. `out[outAt ..]` gets
   * their scene vertices; returns the count after them.
   */
  mergeRuns(
    up: VertexUploads,
    indices: Uint16Array,
    start: number,
    stride: number,
    n: number,
    keyDraw: number,
    freshDraw: number,
    out: Uint32Array,
    outAt: number,
    count: number,
  ): number {
    const merged = up.merged!;
    const i32 = this.i32;
    i32[F_ROWS] = merged.rows;
    i32[F_STRIDE] = merged.width;
    i32[F_FRESH] = merged.fresh;
    this.u16.set(indices.subarray(start, start + (n - 1) * stride + merged.width - 1), merged.indices / 2);
    const next = this.exports.mergeRuns(merged.indices, stride, n, keyDraw, freshDraw, outAt, count);
    out.set(new Uint32Array(i32.buffer, merged.sceneOf + outAt * 4, n), outAt);
    return next;
  }

  /** Copies the merged shape's rows and draw matrices into `s` (for writeAttributes). */
  rowsToShape(up: VertexUploads, s: ShapeVertices): void {
    const merged = up.merged!;
    const count = s.count;
    s.items.set(this.i32.subarray(merged.rows / 4, merged.rows / 4 + count * merged.width));
    s.freshDrawIndices.set(this.i32.subarray(merged.fresh / 4, merged.fresh / 4 + count));
  }

  /** Writes scene vertices `start .. end` of `s` as writeAttributes would; false when it does not apply. */
  write(
    up: VertexUploads,
    s: ShapeVertices,
    start: number,
    end: number,
    b: VertexBuffers,
    ctx: ShapeContext,
    normals: NormalPlan | undefined,
    texSets: number,
  ): boolean {
    const { pos, nrm, clr, stride } = s;
    const withNormals = normals !== undefined;
    const withColour = b.color !== undefined;
    const colourRgb = ctx.state?.vertexColor !== false;
    const colourAlpha = ctx.state?.vertexAlpha !== false;
    if (end - start < MIN_VERTICES || !s.plain || !pos.indexed || pos.size !== 3) return false;
    if (b.tangent || ctx.state?.normalTexCoord || (b.joints && s.pn >= 0)) return false;
    if (withNormals && (normals.nbt3 || normals.slot < 0 || !b.normal || !nrm.indexed || nrm.size !== 3)) return false;
    if (withColour && (!clr.indexed || clr.size !== 4 || !colourRgb)) return false;
    for (let t = 0; t < texSets; t++)
      if (!s.tex[t]!.indexed || s.tex[t]!.size !== 2 || s.slotOf[13 + t]! < 0) return false;
    // Every vertex of the shape, its arrays one after another in its buffer (as buildShapePrimitives lays them out).
    const perVertex = 8 * texSets + (withColour ? 16 : 0) + 12 + (withNormals ? 12 : 0);
    const span = start === 0 ? contiguous(b, texSets, end * perVertex) : undefined;
    if (!span) return false;
    const drawMatrices = ctx.drawMatrices;
    this.ready(up, drawMatrices);
    const posAt = this.arrayAt(up, pos.data);
    const nrmAt = withNormals ? this.arrayAt(up, nrm.data) : 0;
    const cacheAt = withNormals ? this.cacheAt(up, nrm.data) : 0;
    const clrAt = withColour ? this.arrayAt(up, linearOf(clr.data)) : 0;
    const texAt: number[] = [];
    for (let t = 0; t < texSets; t++) texAt.push(this.arrayAt(up, s.tex[t]!.data) ?? -1);
    if (posAt === undefined || nrmAt === undefined || cacheAt === undefined || clrAt === undefined) return false;
    if (texAt.includes(-1)) return false;
    // The shape's rows and draw matrices (unless they were merged here), then its vertices: position, normal,
    // colour, each texture set; placed after everything else, and left free for the next shape.
    const merged = up.merged;
    let at = up.end;
    const rowsAt = merged ? merged.rows : at;
    if (!merged) at = align(at + end * stride * 4);
    const freshAt = merged ? merged.fresh : at;
    if (!merged) at = align(at + end * 4);
    // The vertices' arrays are laid out here as in the shape's buffer (`span`): a shape written in one run (of one
    // draw matrix, as most are) is copied out in one piece.
    const outBlock = at;
    const outAt = (a: Float32Array) => outBlock + a.byteOffset - span.start;
    const texOut: number[] = [];
    for (let t = 0; t < texSets; t++) texOut.push(outAt(b.texcoords[t]!));
    const outClr = withColour ? outAt(b.color!) : 0;
    const outPos = outAt(b.position);
    const outNrm = withNormals ? outAt(b.normal!) : 0;
    at = outBlock + span.bytes;
    if (!this.room(at)) return false;
    const { i32, f32 } = this;
    const f64 = this.f64;
    if (!merged) {
      i32.set(s.items.subarray(start * stride, end * stride), rowsAt / 4 + start * stride);
      i32.set(s.freshDrawIndices.subarray(start, end), freshAt / 4 + start);
    }
    i32[F_ROWS] = rowsAt;
    i32[F_STRIDE] = stride;
    i32[F_FRESH] = freshAt;
    i32[F_POS_SLOT] = s.slotOf[9]!;
    i32[F_POS] = posAt;
    i32[F_POS_ITEMS] = Math.floor(pos.data.length / 3);
    i32[F_NRM_SLOT] = withNormals ? normals.slot : -1;
    i32[F_NRM] = nrmAt;
    i32[F_NRM_ITEMS] = Math.floor(nrm.data.length / 3);
    i32[F_CACHE] = cacheAt;
    i32[F_CLR_SLOT] = withColour ? s.slotOf[11]! : -1;
    i32[F_CLR] = clrAt;
    i32[F_CLR_ITEMS] = Math.floor(clr.data.length / 4);
    i32[F_CLR_ALPHA] = colourAlpha ? 1 : 0;
    i32[F_TEX_SETS] = texSets;
    i32[F_OUT_POS] = outPos;
    i32[F_OUT_NRM] = outNrm;
    i32[F_OUT_CLR] = outClr;
    for (let t = 0; t < texSets; t++) {
      i32[F_TEX + t * 4] = s.slotOf[13 + t]!;
      i32[F_TEX + t * 4 + 1] = texAt[t]!;
      i32[F_TEX + t * 4 + 2] = Math.floor(s.tex[t]!.data.length / 2);
      i32[F_TEX + t * 4 + 3] = texOut[t]!;
    }
    const fresh = i32.subarray(freshAt / 4, freshAt / 4 + end);
    const copyOut = (from: number, to: number) => {
      if (to <= from) return;
      if (from === 0 && to === end) {
        new Uint8Array(b.position.buffer, span.start, span.bytes).set(new Uint8Array(i32.buffer, outBlock, span.bytes));
        return;
      }
      b.position.set(f32.subarray(outPos / 4 + from * 3, outPos / 4 + to * 3), from * 3);
      if (withNormals) b.normal!.set(f32.subarray(outNrm / 4 + from * 3, outNrm / 4 + to * 3), from * 3);
      if (withColour) b.color!.set(f32.subarray(outClr / 4 + from * 4, outClr / 4 + to * 4), from * 4);
      for (let t = 0; t < texSets; t++)
        b.texcoords[t]!.set(f32.subarray(texOut[t]! / 4 + from * 2, texOut[t]! / 4 + to * 2), from * 2);
    };
    // writeAttributes reads the rows and draw matrices from `s`: when they were merged here, they are copied
    // there before its first vertex.
    let rowsInShape = !merged;
    const writeOne = (i: number) => {
      if (!rowsInShape) this.rowsToShape(up, s);
      rowsInShape = true;
      writeAttributes(s, i, i + 1, b, ctx, normals, texSets);
    };
    let d = -2;
    let i = start;
    while (i < end) {
      const di = fresh[i]!;
      if (di !== d) {
        const draw = drawMatrices[di];
        if (!draw) {
          // A vertex of no draw matrix (hand-built shapes only) is writeAttributes' to answer for.
          writeOne(i);
          i++;
          continue;
        }
        d = di;
        const m = draw.matrix;
        const nm = draw.normalMatrix;
        const mAt = MATRIX / 8;
        for (let j = 0; j < 3; j++) {
          f64[mAt + j] = m[j]!;
          f64[mAt + 3 + j] = m[4 + j]!;
          f64[mAt + 6 + j] = m[8 + j]!;
          f64[mAt + 9 + j] = m[12 + j]!;
        }
        for (let j = 0; j < 9; j++) f64[mAt + 12 + j] = nm[j]!;
        i32[F_DRAW] = d;
        i32[F_TAG] = d + 1;
      }
      const done = this.exports.writeRun(i, end);
      copyOut(i, done);
      i = done;
      if (i < end && fresh[i] === d) {
        writeOne(i);
        i++;
      }
    }
    if (b.joints && b.weights) writeSkinRuns(fresh, start, end, drawMatrices, b.joints, b.weights);
    return true;
  }
}

/**
 * The part of their buffer the arrays the module writes cover (the first `texSets` texture coordinate sets, the
 * colour, the position, the normal), when they lie there in that order one after another over `bytes` bytes (as
 * buildShapePrimitives lays them out); else undefined.
 */
function contiguous(b: VertexBuffers, texSets: number, bytes: number): { start: number; bytes: number } | undefined {
  const first = texSets > 0 ? b.texcoords[0]! : (b.color ?? b.position);
  let next = first.byteOffset;
  const follows = (a: Float32Array | undefined) => {
    if (a === undefined) return true;
    if (a.buffer !== first.buffer || a.byteOffset !== next) return false;
    next += a.byteLength;
    return true;
  };
  for (let t = 0; t < texSets; t++) if (!follows(b.texcoords[t])) return undefined;
  if (!follows(b.color) || !follows(b.position) || !follows(b.normal)) return undefined;
  return next - first.byteOffset === bytes ? { start: first.byteOffset, bytes } : undefined;
}

let writer: VertexWriter | null | undefined;

/** The module's writer, made on first use (a new one when the last grew past KEPT_BYTES); null without WebAssembly. */
function writerFor(up: VertexUploads | undefined): VertexWriter | null {
  if (writer?.tooLargeFor(up)) writer = undefined;
  if (writer === undefined) {
    const exports = embeddedWasmExports<VertexWriterExports>(VERTEX_WRITER_WASM);
    writer = exports ? new VertexWriter(exports) : null;
  }
  return writer;
}

/** The uploads a shape's work goes through: its scratch's, or its own. */
const uploadsOf = (ctx: ShapeContext) => ctx.scratch?.uploads ?? new VertexUploads();

/**
 * The merging of a shape's vertices in the module, begun for `s` (after useLayout and useKeyRows) when the shape
 * is of the kind it merges (see the file comment) and WebAssembly can run: mergeVertices then hands it its keys
 * (WasmMerge.mergeRuns), and writeWithWasm its rows.
 */
export class WasmMerge {
  constructor(
    readonly writer: VertexWriter,
    readonly uploads: VertexUploads,
  ) {}

  mergeRuns(
    indices: Uint16Array,
    start: number,
    stride: number,
    n: number,
    keyDraw: number,
    freshDraw: number,
    out: Uint32Array,
    outAt: number,
    count: number,
  ): number {
    return this.writer.mergeRuns(this.uploads, indices, start, stride, n, keyDraw, freshDraw, out, outAt, count);
  }

  /** The rows and draw matrices, copied into `s` (when the writing is left to writeAttributes). */
  rowsToShape(s: ShapeVertices): void {
    this.writer.rowsToShape(this.uploads, s);
  }

  /** Frees what the shape took in memory. */
  end(): void {
    this.writer.endMerge(this.uploads);
  }
}

/** Begins the merging of `shape`'s vertices in the module for `s` (see WasmMerge), or gives undefined. */
export function beginWasmMerge(
  shape: J3dShape,
  s: ShapeVertices,
  capacity: number,
  ctx: ShapeContext,
): WasmMerge | undefined {
  if (capacity < MIN_VERTICES || s.inline || !s.merge || !s.contiguous || !s.keyRows || s.pn >= 0) return undefined;
  const rowStride = s.rowStride;
  // Every row inside its list (hand-built lists may be short: their primitives merge nothing).
  for (const packet of shape.packets)
    for (const prim of packet.primitives)
      if ((prim.first + prim.vertexCount) * rowStride > packet.indices.length) return undefined;
  const up = uploadsOf(ctx);
  const w = writerFor(up);
  if (!w || !w.beginMerge(up, ctx.drawMatrices, capacity, s.keyLength, rowStride)) return undefined;
  return new WasmMerge(w, up);
}

/**
 * Writes scene vertices `start .. end` of `s` through the module, as writeAttributes would; false (nothing
 * written, and the rows of a shape merged in the module copied into `s`) where WebAssembly cannot run or the
 * shape is not of the kinds it writes.
 */
export function writeWithWasm(
  s: ShapeVertices,
  start: number,
  end: number,
  b: VertexBuffers,
  ctx: ShapeContext,
  normals: NormalPlan | undefined,
  texSets: number,
): boolean {
  const merge = s.wasmMerge;
  const up = merge?.uploads ?? uploadsOf(ctx);
  const w = merge ? merge.writer : end - start >= MIN_VERTICES ? writerFor(up) : null;
  if (w?.write(up, s, start, end, b, ctx, normals, texSets)) return true;
  merge?.rowsToShape(s);
  return false;
}

/*
 * writeAttributes (write-vertex-attributes.ts) through a WebAssembly module (assembly/vertex-writer.ts) for the
 * shapes most models are made of: every attribute an index into a VTX1 array of whole items (positions of 3,
 * normals of 3, CLR0 of 4 whose colour the material reads, texture coordinates of 2), no PNMTXIDX, no NBT, no
 * texture coordinates generated from normals. The same values, bit for bit; the module only runs faster, most
 * of all in a process converting one model, where the JavaScript loops ran before V8 had optimised them (the
 * builder's stage map of many materials: its shapes' vertices took 21 ms of a 240 ms conversion to GLB).
 * The arrays are copied into the module's memory once per model, a shape's rows and draw matrices once per
 * shape; the module writes position, normal, colour and texture coordinates vertex by vertex, and each run it
 * writes is copied into the shape's buffers. A vertex it leaves (an item past its array, a position beyond the
 * float32 range) is written by writeAttributes, which throws where it must. Where WebAssembly cannot run, or
 * the shape is of another kind, writeVertices calls writeAttributes alone.
 */
import { embeddedWasmExports } from '@retromodel/binary';
import type { ShapeContext } from './build-shape-primitives.js';
import type { ResolvedDrawMatrix } from './draw-matrices.js';
import type { ShapeVertices, VertexBuffers } from './shape-vertices.js';
import { VERTEX_WRITER_WASM } from './vertex-writer-wasm.js';
import { linearOf, type NormalPlan, writeAttributes, writeSkinRuns } from './write-vertex-attributes.js';

interface VertexWriterExports {
  memory: WebAssembly.Memory;
  writeRun(start: number, end: number): number;
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

/** Scene vertices a shape has at least for the module to write them (below, the copies cost more than it saves). */
const MIN_VERTICES = 32;

const PAGE = 65536;
/**
 * Memory a module keeps for the next model (WebAssembly memory never shrinks): past it, the next model gets a new
 * instance, and the collector takes the old one's memory.
 */
const KEPT_BYTES = 16 << 20;
const align = (n: number) => (n + 7) & ~7;

/**
 * What a ShapeScratch has copied into the module's memory for the model it builds: the arrays (position, normal,
 * linear colour, texture coordinate sets) and where they lie, then the normal cache, worked out with
 * `drawMatrices`. It holds the model's arrays until `release` (the scratch's, when its call ends); the module
 * holds only copies, and the number of the uploads last made, so uploads it has since overwritten are made again.
 */
export class VertexUploads {
  generation = 0;
  arrays: Float32Array[] = [];
  offsets: number[] = [];
  cacheAt = 0;
  end = 0;
  drawMatrices: ResolvedDrawMatrix[] | undefined;

  release(): void {
    this.generation = 0;
    this.arrays = [];
    this.drawMatrices = undefined;
  }
}

/** The module's memory. */
class VertexWriter {
  private i32: Int32Array;
  private f32: Float32Array;
  private f64: Float64Array;
  /** The number of the uploads in memory now (0: none; each upload is numbered on from the last). */
  private generation = 0;

  constructor(private readonly exports: VertexWriterExports) {
    this.i32 = new Int32Array(0);
    this.f32 = new Float32Array(0);
    this.f64 = new Float64Array(0);
    this.views();
  }

  private views(): void {
    const buffer = this.exports.memory.buffer;
    this.i32 = new Int32Array(buffer);
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

  /**
   * Makes `up` hold `arrays` in memory, with an empty normal cache of `normalItems` entries after them, unless
   * it holds them already; false when memory cannot hold them.
   */
  private place(
    up: VertexUploads,
    arrays: Float32Array[],
    normalItems: number,
    drawMatrices: ResolvedDrawMatrix[],
  ): boolean {
    const same =
      up.generation === this.generation &&
      up.generation !== 0 &&
      up.drawMatrices === drawMatrices &&
      arrays.length === up.arrays.length &&
      arrays.every((a, k) => a === up.arrays[k]);
    if (same) return true;
    up.release();
    const offsets: number[] = [];
    let at = ARRAYS;
    for (const a of arrays) {
      offsets.push(at);
      at = align(at + a.byteLength);
    }
    const end = at + normalItems * 16;
    if (!this.room(end)) return false;
    for (let k = 0; k < arrays.length; k++) this.f32.set(arrays[k]!, offsets[k]! / 4);
    // Tags are draw matrix + 1: 0 is an empty entry.
    this.i32.fill(0, at / 4, end / 4);
    this.generation += 1;
    up.generation = this.generation;
    up.arrays = arrays;
    up.offsets = offsets;
    up.cacheAt = at;
    up.end = end;
    up.drawMatrices = drawMatrices;
    return true;
  }

  /** Writes scene vertices `start .. end` of `s` as writeAttributes would; false when it does not apply. */
  write(
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
    if (!s.plain || !pos.indexed || pos.size !== 3 || b.tangent || ctx.state?.normalTexCoord || (b.joints && s.pn >= 0))
      return false;
    if (withNormals && (normals.nbt3 || normals.slot < 0 || !b.normal || !nrm.indexed || nrm.size !== 3)) return false;
    if (withColour && (!clr.indexed || clr.size !== 4 || !colourRgb)) return false;
    for (let t = 0; t < texSets; t++)
      if (!s.tex[t]!.indexed || s.tex[t]!.size !== 2 || s.slotOf[13 + t]! < 0) return false;
    const arrays = [pos.data];
    if (withNormals) arrays.push(nrm.data);
    if (withColour) arrays.push(linearOf(clr.data));
    for (let t = 0; t < texSets; t++) arrays.push(s.tex[t]!.data);
    const up = ctx.scratch?.uploads ?? new VertexUploads();
    if (!this.place(up, arrays, withNormals ? Math.floor(nrm.data.length / 3) : 0, ctx.drawMatrices)) return false;
    const offsets = up.offsets;
    // The shape's rows and draw matrices, then its vertices: position, normal, colour, each texture set.
    const count = end;
    const rowsAt = up.end;
    const freshAt = align(rowsAt + count * stride * 4);
    const posAt = align(freshAt + count * 4);
    const nrmAt = align(posAt + count * 12);
    const clrAt = align(nrmAt + (withNormals ? count * 12 : 0));
    let texAt = align(clrAt + (withColour ? count * 16 : 0));
    const texOut: number[] = [];
    for (let t = 0; t < texSets; t++) {
      texOut.push(texAt);
      texAt = align(texAt + count * 8);
    }
    if (!this.room(texAt)) return false;
    const { i32, f32, f64 } = this;
    i32.set(s.items.subarray(start * stride, end * stride), rowsAt / 4 + start * stride);
    i32.set(s.freshDrawIndices.subarray(start, end), freshAt / 4 + start);
    const plan = (k: number, v: number) => {
      i32[k] = v;
    };
    plan(F_ROWS, rowsAt);
    plan(F_STRIDE, stride);
    plan(F_FRESH, freshAt);
    plan(F_POS_SLOT, s.slotOf[9]!);
    plan(F_POS, offsets[0]!);
    plan(F_POS_ITEMS, Math.floor(pos.data.length / 3));
    let k = 1;
    plan(F_NRM_SLOT, withNormals ? normals.slot : -1);
    if (withNormals) {
      plan(F_NRM, offsets[k++]!);
      plan(F_NRM_ITEMS, Math.floor(nrm.data.length / 3));
      plan(F_CACHE, up.cacheAt);
    }
    plan(F_CLR_SLOT, withColour ? s.slotOf[11]! : -1);
    if (withColour) {
      plan(F_CLR, offsets[k++]!);
      plan(F_CLR_ITEMS, Math.floor(clr.data.length / 4));
      plan(F_CLR_ALPHA, colourAlpha ? 1 : 0);
    }
    plan(F_TEX_SETS, texSets);
    for (let t = 0; t < texSets; t++) {
      plan(F_TEX + t * 4, s.slotOf[13 + t]!);
      plan(F_TEX + t * 4 + 1, offsets[k++]!);
      plan(F_TEX + t * 4 + 2, Math.floor(s.tex[t]!.data.length / 2));
      plan(F_TEX + t * 4 + 3, texOut[t]!);
    }
    plan(F_OUT_POS, posAt);
    plan(F_OUT_NRM, nrmAt);
    plan(F_OUT_CLR, clrAt);
    const drawMatrices = ctx.drawMatrices;
    const fresh = s.freshDrawIndices;
    const copyOut = (from: number, to: number) => {
      if (to <= from) return;
      b.position.set(f32.subarray(posAt / 4 + from * 3, posAt / 4 + to * 3), from * 3);
      if (withNormals) b.normal!.set(f32.subarray(nrmAt / 4 + from * 3, nrmAt / 4 + to * 3), from * 3);
      if (withColour) b.color!.set(f32.subarray(clrAt / 4 + from * 4, clrAt / 4 + to * 4), from * 4);
      for (let t = 0; t < texSets; t++)
        b.texcoords[t]!.set(f32.subarray(texOut[t]! / 4 + from * 2, texOut[t]! / 4 + to * 2), from * 2);
    };
    let d = -2;
    let i = start;
    while (i < end) {
      const di = fresh[i]!;
      if (di !== d) {
        const draw = drawMatrices[di];
        if (!draw) {
          // A vertex of no draw matrix (hand-built shapes only) is writeAttributes' to answer for.
          writeAttributes(s, i, i + 1, b, ctx, normals, texSets);
          i++;
          continue;
        }
        d = di;
        const m = draw.matrix;
        const nm = draw.normalMatrix;
        const at = MATRIX / 8;
        for (let j = 0; j < 3; j++) {
          f64[at + j] = m[j]!;
          f64[at + 3 + j] = m[4 + j]!;
          f64[at + 6 + j] = m[8 + j]!;
          f64[at + 9 + j] = m[12 + j]!;
        }
        for (let j = 0; j < 9; j++) f64[at + 12 + j] = nm[j]!;
        plan(F_DRAW, d);
        plan(F_TAG, d + 1);
      }
      const done = this.exports.writeRun(i, end);
      copyOut(i, done);
      i = done;
      if (i < end && fresh[i] === d) {
        writeAttributes(s, i, i + 1, b, ctx, normals, texSets);
        i++;
      }
    }
    if (b.joints && b.weights) writeSkinRuns(fresh, start, end, drawMatrices, b.joints, b.weights);
    return true;
  }
}

let writer: VertexWriter | null | undefined;

/**
 * Writes scene vertices `start .. end` of `s` (a shape of at least a few dozen) through the module, as
 * writeAttributes would; false (nothing written) where WebAssembly cannot run or the shape is not of the kinds
 * it writes.
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
  if (end - start < MIN_VERTICES) return false;
  if (writer?.tooLargeFor(ctx.scratch?.uploads)) writer = undefined;
  if (writer === undefined) {
    const exports = embeddedWasmExports<VertexWriterExports>(VERTEX_WRITER_WASM);
    writer = exports ? new VertexWriter(exports) : null;
  }
  return writer?.write(s, start, end, b, ctx, normals, texSets) ?? false;
}

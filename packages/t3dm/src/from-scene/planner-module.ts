/*
 * The part planner (an object's triangles split into parts, then each part's draw plan) runs as WebAssembly,
 * compiled from AssemblyScript (packages/t3dm/assembly/planner.ts, built by scripts/build-wasm.mjs into
 * planner-wasm.ts). It is the converter's hottest code, and as JavaScript most of its cost in a process
 * converting a batch was V8 compiling and warming it: the module runs at full speed from its first call. The
 * module is instantiated on first use (wasm-instance.ts).
 *
 * A call writes its input into buffers the module allocates in its memory (`begin` empties the module's heap
 * first; the buffers are not zeroed, so every entry is written), runs an entry point, and reads the result
 * back from the module's output list: lists are written length first, a list of strips as their count, then
 * each strip as a list.
 */
import type { PartDraw } from './plan-part-draw.js';
import { PLANNER_WASM } from './planner-wasm.js';
import { lazyWasm } from './wasm-instance.js';

interface PlannerExports {
  memory: WebAssembly.Memory;
  begin(length: number, n: number, grouped: boolean): number;
  groupsAddress(): number;
  outputAddress(): number;
  outputLength(): number;
  plan(n: number, grouped: boolean): void;
  buildObject(vertexCount: number, useStrips: boolean): void;
  stripify(n: number): void;
  orderStrips(n: number): void;
  partitionObject(vertexCount: number, capacity: number): void;
  partitionCounts(vertexCount: number, capacity: number): void;
}

const planner = lazyWasm<PlannerExports>(PLANNER_WASM, 'part planner');

/** Copies `values` into a fresh input buffer of the module (ids below `n`; room for `n` groups when `grouped`). */
function begin(values: ArrayLike<number>, n: number, grouped: boolean): PlannerExports {
  const p = planner();
  const at = p.begin(values.length, n, grouped);
  new Int32Array(p.memory.buffer, at, values.length).set(values);
  return p;
}

/** Reads the output list a call left, in order. */
export class Output {
  private readonly data: Int32Array;
  private at = 0;
  private copy: Int32Array | undefined;

  constructor(p: PlannerExports) {
    // A view made after the call: the module's memory may have grown during it.
    this.data = new Int32Array(p.memory.buffer, p.outputAddress(), p.outputLength());
  }

  next(): number {
    return this.data[this.at++]!;
  }

  list(): number[] {
    // Straight from the data (no method call per number): lists hold every vertex id a part loads.
    const data = this.data;
    const count = data[this.at]!;
    const end = this.at + 1 + (count > 0 ? count : 0);
    const out: number[] = [];
    for (let i = this.at + 1; i < end; i++) out.push(data[i]!);
    this.at = end;
    return out;
  }

  strips(): number[][] {
    const out: number[][] = [];
    for (let s = this.next(); s > 0; s--) out.push(this.list());
    return out;
  }

  /**
   * The next list, as a view of one copy of the whole output made at the first call (the lists outlive the
   * module's next call; a copy of each list was an ArrayBuffer of its own, outside V8's heap, for most of them).
   */
  ids(): Int32Array {
    this.copy ??= this.data.slice();
    const count = this.data[this.at]!;
    const length = count > 0 ? count : 0;
    const out = new Int32Array(this.copy.buffer, (this.at + 1) * 4, length);
    this.at += 1 + length;
    return out;
  }

  /** The next list of lists (strips), each as ids() reads it. */
  idLists(): Int32Array[] {
    const out: Int32Array[] = [];
    for (let s = this.next(); s > 0; s--) out.push(this.ids());
    return out;
  }
}

/**
 * Plans the part whose triangles are `tris[0 .. length)` in dense ids below `n` (and so is the plan's `order`);
 * `groups` (when given) holds each dense vertex's bone.
 */
export function planDense(tris: Int32Array, length: number, n: number, groups: Int32Array | undefined): PartDraw {
  const p = begin(tris.subarray(0, length), n, groups !== undefined);
  if (groups) new Int32Array(p.memory.buffer, p.groupsAddress(), n).fill(0).set(groups.subarray(0, n));
  p.plan(n, groups !== undefined);
  const out = new Output(p);
  const order = out.list();
  const list = out.list();
  const base = out.next();
  const count = out.next();
  return { order, list, sequence: { base, count }, strips: out.strips() };
}

/**
 * Runs the object builder (assembly/build-parts.ts) over the object whose triangles are `tris` (flat triples,
 * ids below `vertexCount`) and whose vertices' bones are `bones` (-1 for none): its output holds the part count,
 * then each part's record.
 */
export function planObject(
  tris: ArrayLike<number>,
  bones: ArrayLike<number>,
  vertexCount: number,
  useStrips: boolean,
): Output {
  const p = begin(tris, vertexCount, true);
  new Int32Array(p.memory.buffer, p.groupsAddress(), vertexCount).fill(-1).set(bones);
  p.buildObject(vertexCount, useStrips);
  return new Output(p);
}

// The planner's steps on their own, for the tests that check them against their plain definitions.

/**
 * Strips of dense ids covering `tris` (flat triples, every id below `vertexCount`; a trailing partial triple is
 * ignored). Triangle i of a strip is (s[i], s[i+1], s[i+2]) when i is even and (s[i+2], s[i+1], s[i]) when
 * odd, so every strip keeps the input winding; single triangles come back as 3-entry strips.
 */
export function stripifyDense(tris: ArrayLike<number>, vertexCount: number): number[][] {
  const p = begin(tris, vertexCount, false);
  p.stripify(vertexCount);
  return new Output(p).strips();
}

/**
 * Strips (ids below `n`) in the order that brings in the fewest new vertices at each step (ties: the longer,
 * then the first).
 */
export function byNewVertices(strips: number[][], n: number): number[][] {
  const flat = [strips.length];
  for (const s of strips) flat.push(s.length, ...s);
  const p = begin(flat, n, false);
  p.orderStrips(n);
  return new Output(p).strips();
}

/**
 * Groups of triangle numbers of `tris` (flat triples, ids below `vertexCount`), each drawn by one part of at
 * most `capacity` vertices (the rule is in packages/t3dm/assembly/partition.ts).
 */
export function partition(tris: ArrayLike<number>, vertexCount: number, capacity: number): number[][] {
  const p = begin(tris, vertexCount, false);
  p.partitionObject(vertexCount, capacity);
  return new Output(p).strips();
}

/**
 * The vertices the partition of `tris` for parts of at most `capacity` vertices loads (per part and bone, its
 * distinct vertices rounded up to even; `bones[v]` is vertex v's bone), and the most vertices one of its parts
 * took: a capacity from there up to `capacity` gives the same partition, which buildParts relies on.
 */
export function partitionCounts(
  tris: ArrayLike<number>,
  bones: ArrayLike<number>,
  vertexCount: number,
  capacity: number,
): { loads: number; largestPart: number } {
  const p = begin(tris, vertexCount, true);
  new Int32Array(p.memory.buffer, p.groupsAddress(), vertexCount).fill(0).set(bones);
  p.partitionCounts(vertexCount, capacity);
  const out = new Output(p);
  return { loads: out.next(), largestPart: out.next() };
}

/*
 * How one part draws from its loaded vertices, chosen to cost the RSP as few commands as possible (spec §4, §6).
 * Per part the runtime issues one command per u8 triangle, one for the unindexed sequence and one per strip
 * command (up to 4, at most 255 entries each), so triangles go to strips first, a run of triangles that share
 * no vertex becomes the sequence, and u8 triangles are only what is left.
 *
 * The catch is where strip indices live: each command is DMA'd into the cache slots above the highest slot it and
 * the later commands read, so with `free` slots above that it may hold `free * 18 - 1` entries (4 fewer when
 * `free` is odd). Vertices are therefore given slots from the bottom up in the order the strips use them (the
 * strip adding the fewest new vertices next), commands are filled from the lowest slots up (the last command
 * drawn reads the lowest slots), and what no command has room for near the top of the cache is drawn as u8
 * triangles. Vertices read only by u8 triangles or the sequence sit above every strip vertex: they are drawn
 * before the strips, so the index DMA may overwrite them.
 *
 * The planning runs over the part's vertices renumbered 0..n-1 (dense-ids.ts), in the WebAssembly planner
 * (planner-module.ts; its source, packages/t3dm/assembly, works the plan out step by step). The writer plans
 * its parts inside the module (assembly/build-parts.ts renumbers and plans each part the same way); this entry
 * plans one part on its own, for the tests of the plan's properties.
 */
import { denseIds } from './dense-ids.js';
import { planDense } from './planner-module.js';
import { Scratch } from './scratch.js';

/** How a part draws: the slot order of its vertices, then u8 triangles, a sequence and strip commands. */
export interface PartDraw {
  /** Vertex ids in slot order (slot i holds `order[i]`). */
  order: number[];
  /** u8 triangle-list slots. */
  list: number[];
  /** Unindexed triangles (base, base+1, base+2), (base+3, …): `count` of them from slot `base`. */
  sequence: { base: number; count: number };
  /** Strip commands in draw order: the first index of every strip but the first carries the restart bit 0x8000. */
  strips: number[][];
}

/** Each dense vertex's bone, reused from call to call (scratch.ts). */
const groupScratch = new Scratch();

/**
 * Plans one part. `tris` are flat vertex-id triples. `groupOf` (when given) is each vertex's bone: vertices are
 * then kept together per bone (one sub-load each, in the order returned) and no sequence is formed.
 * `useStrips: false` draws everything as u8 triangles.
 */
export function planPartDraw(tris: number[], useStrips: boolean, groupOf?: (v: number) => number): PartDraw {
  // Dense ids are numbered in first use, which is the slot order of a plain u8 list.
  const { dense, ids } = denseIds(tris);
  if (!useStrips) {
    const list: number[] = [];
    for (let i = 0; i < tris.length; i++) list.push(dense[i]!);
    return { order: ids, list, sequence: { base: 0, count: 0 }, strips: [] };
  }
  const n = ids.length;
  let group: Int32Array | undefined;
  if (groupOf) {
    group = groupScratch.any(n);
    for (let v = 0; v < n; v++) group[v] = groupOf(ids[v]!);
  }
  const plan = planDense(dense, tris.length, n, group);
  // The plan's order is its own array: back to the caller's vertex ids in place.
  for (let i = 0; i < plan.order.length; i++) plan.order[i] = ids[plan.order[i]!]!;
  return plan;
}

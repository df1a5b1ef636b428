/*
 * Dense vertex ids for the per-part work (plan-part-draw and the planner it calls): the ids a list of
 * triangles uses, renumbered 0..n-1 in the order of their first use, so that lookups are arrays of n entries
 * instead of maps keyed by the object's (large, sparse) vertex ids. Vertex ids are non-negative integers
 * (indices into an object's vertices); the lookup from id to dense id is a scratch array as long as the largest
 * id, cleared after each call.
 */
import { Scratch } from './scratch.js';

/** Dense id + 1 per vertex id; 0 between calls. */
const denseOf = new Scratch();
const denseScratch = new Scratch();

/**
 * `tris` renumbered: `dense[i]` (for i below tris.length) is the new id of `tris[i]`, `ids[d]` the original id
 * of new id `d`. `dense` is a scratch array, valid until the next call.
 */
export function denseIds(tris: ArrayLike<number>): { dense: Int32Array; ids: number[] } {
  let largest = -1;
  for (let i = 0; i < tris.length; i++) if (tris[i]! > largest) largest = tris[i]!;
  const lookup = denseOf.any(largest + 1);
  const dense = denseScratch.any(tris.length);
  const ids: number[] = [];
  for (let i = 0; i < tris.length; i++) {
    const v = tris[i]!;
    let d = lookup[v]! - 1;
    if (d < 0) {
      d = ids.length;
      lookup[v] = d + 1;
      ids.push(v);
    }
    dense[i] = d;
  }
  for (const v of ids) lookup[v] = 0;
  return { dense, ids };
}

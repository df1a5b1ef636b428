/*
 * Dense vertex ids for the per-part work (stripify, plan-part-draw): the ids a list of triangles uses,
 * renumbered 0..n-1 in the order of their first use, so that lookups are typed arrays of n entries instead of
 * maps keyed by the object's (large, sparse) vertex ids.
 */

/** `tris` renumbered: `dense[i]` is the new id of `tris[i]`, `ids[d]` the original id of new id `d`. */
export function denseIds(tris: ArrayLike<number>): { dense: Int32Array; ids: number[] } {
  const dense = new Int32Array(tris.length);
  const ids: number[] = [];
  const idOf = new Map<number, number>();
  for (let i = 0; i < tris.length; i++) {
    const v = tris[i]!;
    let d = idOf.get(v);
    if (d === undefined) {
      d = ids.length;
      idOf.set(v, d);
      ids.push(v);
    }
    dense[i] = d;
  }
  return { dense, ids };
}

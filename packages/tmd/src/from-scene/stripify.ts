/*
 * Triangles to one TMD strip (the mirror of strip-triangles.ts). Strips are grown greedily: from the first
 * unused triangle, each step takes an unused triangle on the strip's last edge whose winding the strip's
 * parity gives (for i = 2..n−1 and k = i−2: k even draws (s[i−2], s[i−1], s[i]), k odd (s[i−2], s[i],
 * s[i−1])). Each start is tried in the three rotations of its triangle at either parity (an odd start
 * (t0, t1, t2) is written t0, t0, t2, t1: the first window repeats an index) for up to 24 triangles, and the
 * one that got furthest is grown. Strips are stitched with degenerate triangles: the last index of one and the
 * first of the next are repeated, and once more when needed so that the next strip starts at an even k, as it
 * was grown. Every triangle is drawn exactly once with its winding; the stitches repeat an index, so readers
 * drop them.
 */

/** Triangles a trial start grows at most: enough to tell a start that runs along the surface from a dead end. */
const TRIAL_LENGTH = 24;

/** A directed edge as one small integer (indices are below 32768: a strip index is an i16). */
function edgeKey(a: number, b: number): number {
  return (a << 15) | b;
}

/** One stitched strip drawing `triangles` (index triples, each index below 32768) with their windings. */
export function stripify(triangles: ArrayLike<number>): number[] {
  const count = triangles.length / 3;
  const used = new Uint8Array(count);
  // Directed edge (a → b) of each triangle's winding → the triangles that have it.
  const byEdge = new Map<number, number[]>();
  for (let t = 0; t < count; t++) {
    for (let e = 0; e < 3; e++) {
      const key = edgeKey(triangles[t * 3 + e]!, triangles[t * 3 + ((e + 1) % 3)]!);
      const list = byEdge.get(key);
      if (list) list.push(t);
      else byEdge.set(key, [t]);
    }
  }
  /** The vertex of an unused triangle with directed edge a → b, other than a and b (marks it used when `take`). */
  const next = (a: number, b: number): { t: number; v: number } | undefined => {
    for (const t of byEdge.get(edgeKey(a, b)) ?? []) {
      if (used[t]) continue;
      for (let e = 0; e < 3; e++) {
        const v = triangles[t * 3 + e]!;
        if (v !== a && v !== b) return { t, v };
      }
    }
    return undefined;
  };
  const grow = (first: number, rotation: number, odd: boolean, take: boolean, limit: number): number[] => {
    const tri = [0, 1, 2].map((e) => triangles[first * 3 + ((e + rotation) % 3)]!);
    const strip = odd ? [tri[0]!, tri[0]!, tri[2]!, tri[1]!] : [...tri];
    const taken = [first];
    used[first] = 1;
    while (taken.length < limit) {
      const k = strip.length - 2;
      const p = strip[strip.length - 2]!;
      const q = strip[strip.length - 1]!;
      // The next triangle (k even) is (p, q, v), wound p → q; (k odd) it is (p, v, q), wound q → p.
      const found = k % 2 === 0 ? next(p, q) : next(q, p);
      if (!found) break;
      used[found.t] = 1;
      taken.push(found.t);
      strip.push(found.v);
    }
    if (!take) for (const t of taken) used[t] = 0;
    return strip;
  };
  const out: number[] = [];
  for (let t = 0; t < count; t++) {
    if (used[t]) continue;
    let best = 0;
    let bestTriangles = 0;
    for (let start = 0; start < 6; start++) {
      const drawn = grow(t, start % 3, start >= 3, false, TRIAL_LENGTH).length - (start >= 3 ? 3 : 2);
      if (drawn > bestTriangles) {
        bestTriangles = drawn;
        best = start;
      }
    }
    const strip = grow(t, best % 3, best >= 3, true, count);
    if (out.length > 0) {
      out.push(out[out.length - 1]!, strip[0]!);
      if (out.length % 2 === 1) out.push(strip[0]!);
    }
    out.push(...strip);
  }
  return out;
}

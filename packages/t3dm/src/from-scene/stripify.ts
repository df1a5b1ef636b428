/*
 * A greedy triangle stripifier for tiny3d strips (spec §6): triangle i of a strip is (s[i], s[i+1], s[i+2]) when
 * i is even and (s[i+2], s[i+1], s[i]) when odd, so every strip keeps the input winding. A strip grows from
 * its start triangle through the neighbour sharing the strip's last edge in the required direction; the start
 * triangle is the one with the fewest free neighbours, in the rotation that gives the longest strip.
 *
 * The work runs over dense vertex ids (dense-ids.ts): the triangles across each triangle edge are chained once
 * per call (acrossChains), so growing a strip and counting free neighbours follow links instead of searching,
 * no map or per-triangle list is built, and the arrays are reused from call to call (scratch.ts).
 */
import { denseIds } from './dense-ids.js';
import { Scratch } from './scratch.js';

/** Strips (lists of cache slots) covering `tris` (flat triples); single triangles come back as 3-entry strips. */
export function stripify(tris: ArrayLike<number>): number[][] {
  const { dense, ids } = denseIds(tris);
  return stripifyDense(dense.subarray(0, tris.length), ids.length).map((s) => s.map((v) => ids[v]!));
}

const scratch = {
  first: new Scratch(),
  fill: new Scratch(),
  corners: new Scratch(),
  head: new Scratch(),
  headOwner: new Scratch(),
  acrossFirst: new Scratch(),
  acrossNext: new Scratch(),
  used: new Scratch(),
  mark: new Scratch(),
  free: new Scratch(),
  byFree: new Scratch(),
  grown: [new Scratch(), new Scratch()],
  taken: [new Scratch(), new Scratch()],
};

/** Edge c of a triangle runs from its corner c to the next one (c = t * 3 + k, k = 0..2). */
const nextCorner = (c: number) => (c % 3 === 2 ? c - 2 : c + 1);
const previousCorner = (c: number) => (c % 3 === 0 ? c + 2 : c - 1);

/**
 * The triangles across each triangle edge: those holding the edge reversed, as chains of their edges. Edge c
 * (from corner c to the next, c = t * 3 + k) is crossed by edges acrossFirst[c], acrossNext[that], … (-1 ends a
 * chain) in triangle order; an edge's triangle is its number / 3. A chain may hold an edge of t itself (a
 * degenerate triangle holds an edge both ways), which callers skip.
 *
 * Built vertex by vertex over the corners of each vertex a (grouped by vertex, in triangle order): the edges
 * out of a are chained by the vertex they go to, then every edge into a, from b, takes the chain of the edges
 * (a, b), in two passes over a's corners instead of a search of a's edges per edge.
 */
function acrossChains(tris: ArrayLike<number>, count: number, vertexCount: number) {
  const first = scratch.first.filled(vertexCount + 1, 0);
  for (let c = 0; c < count * 3; c++) first[tris[c]! + 1]!++;
  for (let v = 0; v < vertexCount; v++) first[v + 1] = first[v + 1]! + first[v]!;
  const fill = scratch.fill.any(vertexCount);
  fill.set(first.subarray(0, vertexCount));
  const corners = scratch.corners.any(count * 3);
  for (let c = 0; c < count * 3; c++) corners[fill[tris[c]!]!++] = c;
  // head[b]: the first link of the chain of the edges (a, b), valid while headOwner[b] === a.
  const head = scratch.head.any(vertexCount);
  const headOwner = scratch.headOwner.filled(vertexCount, -1);
  const acrossFirst = scratch.acrossFirst.any(count * 3);
  const acrossNext = scratch.acrossNext.any(count * 3);
  for (let a = 0; a < vertexCount; a++) {
    // Backwards, each pushed on the front of its chain, so the chains come out in triangle order.
    for (let i = first[a + 1]! - 1; i >= first[a]!; i--) {
      const c = corners[i]!;
      const b = tris[nextCorner(c)]!;
      // Read before the test: two edges (a, b) are rare, and a read only they reached would have no type
      // feedback when the function is optimised (the first one then throws the optimised code away).
      const chain = head[b]!;
      acrossNext[c] = headOwner[b] === a ? chain : -1;
      head[b] = c;
      headOwner[b] = a;
    }
    for (let i = first[a]!; i < first[a + 1]!; i++) {
      const into = previousCorner(corners[i]!);
      const b = tris[into]!;
      acrossFirst[into] = headOwner[b] === a ? head[b]! : -1;
    }
  }
  return { acrossFirst, acrossNext };
}

/**
 * {@link stripify} over dense ids (every value of `tris` below `vertexCount`); a trailing partial triple is
 * ignored. Returns strips of dense ids.
 */
export function stripifyDense(tris: ArrayLike<number>, vertexCount: number): number[][] {
  const count = Math.floor(tris.length / 3);
  const { acrossFirst, acrossNext } = acrossChains(tris, count, vertexCount);
  const used = scratch.used.filled(count, 0);
  // Triangles taken by the strip being grown: mark[t] === stamp (one stamp per grow).
  const mark = scratch.mark.filled(count, 0);
  let stamp = 0;

  const third = (t: number, a: number, b: number) => {
    for (let k = 0; k < 3; k++) {
      if (tris[t * 3 + k] === a && tris[t * 3 + ((k + 1) % 3)] === b) return tris[t * 3 + ((k + 2) % 3)]!;
    }
    return -1;
  };
  /**
   * The first free triangle (in triangle order) on the directed edge (a, b), found among those across the edge
   * (b, a) of triangle `from`, which holds it.
   */
  const findNext = (from: number, a: number, b: number): number => {
    for (let k = 0; k < 3; k++) {
      if (tris[from * 3 + k] !== b || tris[from * 3 + ((k + 1) % 3)] !== a) continue;
      for (let e = acrossFirst[from * 3 + k]!; e >= 0; e = acrossNext[e]!) {
        const t = (e / 3) | 0;
        if (used[t] === 0 && mark[t] !== stamp) return t;
      }
      break;
    }
    return -1;
  };
  // Two grow buffers (strip entries; triangles taken): the longest strip so far and the one being grown.
  const maxStrip = Math.min(count + 2, 0x7fff);
  let best = { strip: scratch.grown[0]!.any(maxStrip), taken: scratch.taken[0]!.any(count), length: 0 };
  let other = { strip: scratch.grown[1]!.any(maxStrip), taken: scratch.taken[1]!.any(count), length: 0 };
  /** Grows a strip from `start` turned by `rotation` into `into` (its triangles: the first length - 2 of taken). */
  const grow = (start: number, rotation: number, into: typeof best) => {
    stamp++;
    const { strip, taken } = into;
    for (let k = 0; k < 3; k++) strip[k] = tris[start * 3 + ((k + rotation) % 3)]!;
    let length = 3;
    mark[start] = stamp;
    taken[0] = start;
    for (;;) {
      const i = length - 2;
      const x = strip[i]!;
      const y = strip[i + 1]!;
      const a = i % 2 === 0 ? x : y;
      const b = i % 2 === 0 ? y : x;
      const next = findNext(taken[length - 3]!, a, b);
      if (next < 0) break;
      const z = third(next, a, b);
      if (z < 0 || length >= 0x7fff) break;
      mark[next] = stamp;
      taken[length - 2] = next;
      strip[length++] = z;
    }
    into.length = length;
  };
  /** Edges of `t` across which an unused triangle lies. */
  const countFree = (t: number) => {
    let n = 0;
    for (let edge = t * 3; edge < t * 3 + 3; edge++) {
      for (let e = acrossFirst[edge]!; e >= 0; e = acrossNext[e]!) {
        const u = (e / 3) | 0;
        if (u !== t && used[u] === 0) {
          n++;
          break;
        }
      }
    }
    return n;
  };
  const free = scratch.free.any(count);
  // The unused triangles by their free-neighbour count (0..3): one bitset of `words` 32-bit words per count, so
  // the start triangle (the first unused one with the fewest free neighbours) is the lowest bit of the first
  // non-empty set, found a word at a time instead of by a scan of every triangle per strip.
  const words = (count + 31) >>> 5;
  const byFree = scratch.byFree.filled(words * 4, 0);
  for (let t = 0; t < count; t++) {
    free[t] = countFree(t);
    byFree[free[t]! * words + (t >>> 5)]! |= 1 << (t & 31);
  }
  /** The lowest triangle in set `f` at or after word `from`, or -1. */
  const lowestIn = (f: number, from: number) => {
    for (let w = from; w < words; w++) {
      const bits = byFree[f * words + w]!;
      if (bits !== 0) return (w << 5) + 31 - Math.clz32(bits & -bits);
    }
    return -1;
  };

  const out: number[][] = [];
  let firstUnused = 0;
  for (;;) {
    while (firstUnused < count && used[firstUnused] !== 0) firstUnused++;
    let start = -1;
    for (let f = 0; f <= 3 && start < 0; f++) start = lowestIn(f, firstUnused >>> 5);
    if (start < 0) break;
    grow(start, 0, best);
    // With no unused triangle across any edge every rotation stays the lone triangle: the first is kept.
    for (let r = 1; r <= 2 && free[start] !== 0; r++) {
      grow(start, r, other);
      if (other.length > best.length) [best, other] = [other, best];
    }
    const triangles = best.length - 2;
    for (let i = 0; i < triangles; i++) {
      const t = best.taken[i]!;
      used[t] = 1;
      byFree[free[t]! * words + (t >>> 5)]! &= ~(1 << (t & 31));
    }
    // The unused neighbours of every newly used triangle have fewer free neighbours now.
    for (let i = 0; i < triangles; i++) {
      const t = best.taken[i]!;
      for (let edge = t * 3; edge < t * 3 + 3; edge++) {
        for (let e = acrossFirst[edge]!; e >= 0; e = acrossNext[e]!) {
          const u = (e / 3) | 0;
          if (used[u] !== 0) continue;
          const f = countFree(u);
          if (f === free[u]) continue;
          byFree[free[u]! * words + (u >>> 5)]! &= ~(1 << (u & 31));
          byFree[f * words + (u >>> 5)]! |= 1 << (u & 31);
          free[u] = f;
        }
      }
    }
    // Pushed, not preallocated: every strip array then has the one packed-integer shape that the strips the
    // planning cuts and copies keep, so its optimised code never meets a second shape and is thrown away.
    const strip: number[] = [];
    for (let i = 0; i < best.length; i++) strip.push(best.strip[i]!);
    out.push(strip);
  }
  return out;
}

/** Appends triangle `t` of strip `s` to `out` (returned) in its winding: odd triangles are reversed. */
export function pushTriangle(out: number[], s: number[], t: number): number[] {
  if (t % 2 === 0) out.push(s[t]!, s[t + 1]!, s[t + 2]!);
  else out.push(s[t + 2]!, s[t + 1]!, s[t]!);
  return out;
}

/** Appends the triangles of a strip to `out` (returned) as flat triples, in tiny3d's winding. */
export function pushStripTriangles(out: number[], strip: number[]): number[] {
  for (let t = 0; t + 2 < strip.length; t++) pushTriangle(out, strip, t);
  return out;
}

/** Triangles of a strip as flat triples, in tiny3d's winding. */
export function destripify(strip: number[]): number[] {
  return pushStripTriangles([], strip);
}

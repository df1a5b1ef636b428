/*
 * A greedy triangle stripifier for tiny3d strips (spec §6): triangle i of a strip is (s[i], s[i+1], s[i+2]) when
 * i is even and (s[i+2], s[i+1], s[i]) when odd, so every strip keeps the input winding. A strip grows from
 * its start triangle through the neighbour sharing the strip's last edge in the required direction; the start
 * triangle is the one with the fewest free neighbours, in the rotation that gives the longest strip.
 *
 * The triangles across each triangle edge are chained once per call (acrossChains), so growing a strip and
 * counting free neighbours follow links instead of searching. One call's state lives in the module globals
 * below (set by stripifyDense), which the helpers read.
 */
import { put, putRef } from './list-store';
import { unfilledList, unfilledRefs, unfilledStatic } from './unfilled';

let tris: i32[] = [] as i32[];
/** Edge c (from corner c to the next, c = t * 3 + k) is crossed by edges acrossFirst[c], acrossNext[that], … */
let acrossFirst: StaticArray<i32> = new StaticArray<i32>(0);
let acrossNext: StaticArray<i32> = new StaticArray<i32>(0);
let used: StaticArray<u8> = new StaticArray<u8>(0);
/** Triangles taken by the strip being grown: mark[t] === stamp (one stamp per grow). */
let mark: StaticArray<i32> = new StaticArray<i32>(0);
let stamp: i32 = 0;
/** The unused triangles by their free-neighbour count (0..3): one bitset of `words` 32-bit words per count. */
let byFree: StaticArray<i32> = new StaticArray<i32>(0);
let words: i32 = 0;

/** Edge c of a triangle runs from its corner c to the next one (c = t * 3 + k, k = 0..2). */
function nextCorner(c: i32): i32 {
  return c % 3 === 2 ? c - 2 : c + 1;
}

function previousCorner(c: i32): i32 {
  return c % 3 === 0 ? c + 2 : c - 1;
}

/**
 * The triangles across each triangle edge: those holding the edge reversed, as chains of their edges (-1 ends a
 * chain) in triangle order; an edge's triangle is its number / 3. A chain may hold an edge of t itself (a
 * degenerate triangle holds an edge both ways), which callers skip. Built vertex by vertex over the corners of
 * each vertex a: the edges out of a are chained by the vertex they go to, then every edge into a, from b,
 * takes the chain of the edges (a, b).
 */
function acrossChains(count: i32, vertexCount: i32): void {
  const first = new StaticArray<i32>(vertexCount + 1);
  for (let c = 0; c < count * 3; c++) first[tris[c] + 1]++;
  for (let v = 0; v < vertexCount; v++) first[v + 1] += first[v];
  const fill = StaticArray.slice<i32>(first, 0, vertexCount);
  const corners = unfilledStatic(count * 3);
  for (let c = 0; c < count * 3; c++) corners[fill[tris[c]]++] = c;
  // head[b]: the first link of the chain of the edges (a, b), valid while headOwner[b] === a.
  const head = unfilledStatic(vertexCount);
  const headOwner = unfilledStatic(vertexCount);
  headOwner.fill(-1);
  acrossFirst = unfilledStatic(count * 3);
  acrossNext = unfilledStatic(count * 3);
  for (let a = 0; a < vertexCount; a++) {
    // Backwards, each pushed on the front of its chain, so the chains come out in triangle order.
    for (let i = first[a + 1] - 1; i >= first[a]; i--) {
      const c = corners[i];
      const b = tris[nextCorner(c)];
      acrossNext[c] = headOwner[b] === a ? head[b] : -1;
      head[b] = c;
      headOwner[b] = a;
    }
    for (let i = first[a]; i < first[a + 1]; i++) {
      const into = previousCorner(corners[i]);
      const b = tris[into];
      acrossFirst[into] = headOwner[b] === a ? head[b] : -1;
    }
  }
}

/** The corner of triangle t after the directed edge (a, b), or -1 when t does not hold that edge. */
function third(t: i32, a: i32, b: i32): i32 {
  for (let k = 0; k < 3; k++) {
    if (tris[t * 3 + k] === a && tris[t * 3 + ((k + 1) % 3)] === b) return tris[t * 3 + ((k + 2) % 3)];
  }
  return -1;
}

/**
 * The first free triangle (in triangle order) on the directed edge (a, b), found among those across the edge
 * (b, a) of triangle `from`, which holds it.
 */
function findNext(from: i32, a: i32, b: i32): i32 {
  for (let k = 0; k < 3; k++) {
    if (tris[from * 3 + k] !== b || tris[from * 3 + ((k + 1) % 3)] !== a) continue;
    for (let e = acrossFirst[from * 3 + k]; e >= 0; e = acrossNext[e]) {
      const t = e / 3;
      if (used[t] === 0 && mark[t] !== stamp) return t;
    }
    break;
  }
  return -1;
}

/** A grow buffer: strip entries, the triangles taken (the first length - 2), and the length. */
class Grown {
  length: i32 = 0;
  constructor(
    public strip: StaticArray<i32>,
    public taken: StaticArray<i32>,
  ) {}
}

/** Grows a strip from `start` turned by `rotation` into `into`. */
function grow(start: i32, rotation: i32, into: Grown): void {
  stamp++;
  const strip = into.strip;
  const taken = into.taken;
  for (let k = 0; k < 3; k++) strip[k] = tris[start * 3 + ((k + rotation) % 3)];
  let length = 3;
  mark[start] = stamp;
  taken[0] = start;
  for (;;) {
    const i = length - 2;
    const x = strip[i];
    const y = strip[i + 1];
    const a = i % 2 === 0 ? x : y;
    const b = i % 2 === 0 ? y : x;
    const next = findNext(taken[length - 3], a, b);
    if (next < 0) break;
    const z = third(next, a, b);
    if (z < 0 || length >= 0x7fff) break;
    mark[next] = stamp;
    taken[length - 2] = next;
    strip[length++] = z;
  }
  into.length = length;
}

/** Edges of `t` across which an unused triangle lies. */
function countFree(t: i32): i32 {
  let n = 0;
  for (let edge = t * 3; edge < t * 3 + 3; edge++) {
    for (let e = acrossFirst[edge]; e >= 0; e = acrossNext[e]) {
      const u = e / 3;
      if (u !== t && used[u] === 0) {
        n++;
        break;
      }
    }
  }
  return n;
}

/** The lowest triangle in set `f` at or after word `from`, or -1. */
function lowestIn(f: i32, from: i32): i32 {
  for (let w = from; w < words; w++) {
    const bits = byFree[f * words + w];
    if (bits !== 0) return (w << 5) + 31 - clz<i32>(bits & -bits);
  }
  return -1;
}

/** Strips of dense ids covering `triangles` (flat triples of ids below `vertexCount`). */
export function stripifyDense(triangles: i32[], vertexCount: i32): i32[][] {
  const count = triangles.length / 3;
  tris = triangles;
  acrossChains(count, vertexCount);
  used = new StaticArray<u8>(count);
  mark = new StaticArray<i32>(count);
  stamp = 0;
  // Two grow buffers: the longest strip so far and the one being grown.
  const maxStrip = min(count + 2, 0x7fff);
  let best = new Grown(unfilledStatic(maxStrip), unfilledStatic(count));
  let other = new Grown(unfilledStatic(maxStrip), unfilledStatic(count));
  const free = unfilledStatic(count);
  words = (count + 31) >>> 5;
  byFree = new StaticArray<i32>(words * 4);
  for (let t = 0; t < count; t++) {
    free[t] = countFree(t);
    byFree[free[t] * words + (t >>> 5)] |= 1 << (t & 31);
  }
  // At most one strip per triangle: made at that length and cut to the strips made.
  const out = unfilledRefs<i32[]>(count);
  let stripCount = 0;
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
      if (other.length > best.length) {
        const swap = best;
        best = other;
        other = swap;
      }
    }
    const triangleCount = best.length - 2;
    for (let i = 0; i < triangleCount; i++) {
      const t = best.taken[i];
      used[t] = 1;
      byFree[free[t] * words + (t >>> 5)] &= ~(1 << (t & 31));
    }
    // The unused neighbours of every newly used triangle have fewer free neighbours now.
    for (let i = 0; i < triangleCount; i++) {
      const t = best.taken[i];
      for (let edge = t * 3; edge < t * 3 + 3; edge++) {
        for (let e = acrossFirst[edge]; e >= 0; e = acrossNext[e]) {
          const u = e / 3;
          if (used[u] !== 0) continue;
          const f = countFree(u);
          if (f === free[u]) continue;
          byFree[free[u] * words + (u >>> 5)] &= ~(1 << (u & 31));
          byFree[f * words + (u >>> 5)] |= 1 << (u & 31);
          free[u] = f;
        }
      }
    }
    const strip = unfilledList(best.length);
    for (let i = 0; i < best.length; i++) put(strip, i, best.strip[i]);
    putRef(out, stripCount++, strip);
  }
  out.length = stripCount;
  return out;
}

/** Appends triangle `t` of strip `s` to `out` (returned) in its winding: odd triangles are reversed. */
export function pushTriangle(out: i32[], s: i32[], t: i32): i32[] {
  if (t % 2 === 0) {
    out.push(s[t]);
    out.push(s[t + 1]);
    out.push(s[t + 2]);
  } else {
    out.push(s[t + 2]);
    out.push(s[t + 1]);
    out.push(s[t]);
  }
  return out;
}

/** Appends the triangles of a strip to `out` as flat triples, in tiny3d's winding. */
export function pushStripTriangles(out: i32[], strip: i32[]): void {
  // Grown to its new length once, then stored into (Array#push checks the capacity and may grow at each entry).
  let at = out.length;
  if (strip.length < 3) return;
  out.length = at + (strip.length - 2) * 3;
  for (let t = 0; t + 2 < strip.length; t++) {
    const even = t % 2 === 0;
    put(out, at, strip[even ? t : t + 2]);
    put(out, at + 1, strip[t + 1]);
    put(out, at + 2, strip[even ? t + 2 : t]);
    at += 3;
  }
}

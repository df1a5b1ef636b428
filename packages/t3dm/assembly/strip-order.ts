/*
 * Strips in the order that brings in the fewest new vertices at each step (ties: the longer strip, then the
 * first), so that vertices get cache slots from the bottom up in the order the strips use them.
 */

import { putRef } from './list-store';
import { MinHeap } from './min-heap';
import { unfilledRefs, unfilledStatic } from './unfilled';

export function byNewVertices(strips: i32[][], n: i32): i32[][] {
  const count = strips.length;
  // Each strip's distinct vertices (CSR: vertices[first[i] .. first[i + 1]) ), and the strips of each vertex
  // (CSR: stripsOf[start[v] .. start[v + 1]) ).
  const seen = unfilledStatic(n);
  seen.fill(-1);
  const first = unfilledStatic(count + 1);
  let total = 0;
  for (let i = 0; i < count; i++) total += strips[i].length;
  const vertices = unfilledStatic(total);
  const start = new StaticArray<i32>(n + 1);
  let length = 0;
  for (let i = 0; i < count; i++) {
    first[i] = length;
    const s = strips[i];
    for (let k = 0; k < s.length; k++) {
      const v = s[k];
      if (seen[v] === i) continue;
      seen[v] = i;
      vertices[length++] = v;
      start[v + 1]++;
    }
  }
  first[count] = length;
  for (let v = 0; v < n; v++) start[v + 1] += start[v];
  const fill = StaticArray.slice<i32>(start, 0, n);
  const stripsOf = unfilledStatic(length);
  for (let i = 0; i < count; i++) for (let e = first[i]; e < first[i + 1]; e++) stripsOf[fill[vertices[e]]++] = i;
  // The tie-breaks as one rank (longer strip first, then the first in the list: a counting sort by length),
  // and a heap keyed by new-vertex count, then rank (fresh * scale + rank, scale a power of two above every
  // rank so the split is exact; a strip is pushed again each time its count falls, and entries whose count has
  // changed since, or whose strip is taken, are skipped when they reach the top).
  let longest = 0;
  for (let i = 0; i < count; i++) longest = max(longest, strips[i].length);
  const atLength = new StaticArray<i32>(longest + 2);
  for (let i = 0; i < count; i++) atLength[longest - strips[i].length + 1]++;
  for (let l = 1; l <= longest; l++) atLength[l + 1] += atLength[l];
  const byRank = unfilledStatic(count);
  const rank = unfilledStatic(count);
  for (let i = 0; i < count; i++) {
    const r = atLength[longest - strips[i].length]++;
    byRank[r] = i;
    rank[i] = r;
  }
  let scale = 1;
  while (scale < count) scale *= 2;
  const fresh = unfilledStatic(count);
  const heap = new MinHeap();
  for (let i = 0; i < count; i++) {
    fresh[i] = first[i + 1] - first[i];
    heap.push(<f64>fresh[i] * <f64>scale + <f64>rank[i]);
  }
  const loaded = new StaticArray<u8>(n);
  const taken = new StaticArray<u8>(count);
  const out = unfilledRefs<i32[]>(count);
  for (let placed = 0; placed < count; ) {
    const key = heap.pop();
    const keyFresh = Math.floor(key / <f64>scale);
    const best = byRank[<i32>(key - keyFresh * <f64>scale)];
    if (taken[best] !== 0 || <f64>fresh[best] !== keyFresh) continue;
    taken[best] = 1;
    putRef(out, placed++, strips[best]);
    for (let e = first[best]; e < first[best + 1]; e++) {
      const v = vertices[e];
      if (loaded[v] !== 0) continue;
      loaded[v] = 1;
      for (let f = start[v]; f < start[v + 1]; f++) {
        const i = stripsOf[f];
        fresh[i]--;
        if (taken[i] === 0) heap.push(<f64>fresh[i] * <f64>scale + <f64>rank[i]);
      }
    }
  }
  return out;
}

/*
 * Greedy partition of one object's triangles into tiny3d parts (spec §4, §13; src/from-scene/build-parts.ts
 * builds the parts from the groups): each part loads at most `capacity` vertices and draws at most
 * MAX_PART_TRIANGLES triangles. Each part starts with the first triangle not yet taken, then takes, among the
 * triangles touching its vertices (its candidates) that still fit, one bringing no new vertex (the first to have
 * become a candidate), else the lowest-numbered one among those bringing the fewest; when no candidate fits, the
 * first triangle not taken that fits.
 *
 * Each candidate's new-vertex count is kept up to date as vertices join the part, and the candidates sit in
 * one heap per count (by the order they became candidates for 0, by triangle number for 1..3; entries whose
 * count has changed since are skipped when they reach the top), so a choice costs a logarithm, not a scan.
 * One call's state lives in the module globals below, which `take` updates.
 */
import { MinHeap } from './min-heap';

/** Most triangles one part draws: keeps numIndices (u16) in range and the planning bounded on degenerate input. */
const MAX_PART_TRIANGLES: i32 = 1024;

let tris: Int32Array = new Int32Array(0);
/** The triangles of each vertex (CSR: byVertex[start[v] .. start[v + 1]) ), in triangle order. */
let start: Int32Array = new Int32Array(0);
let byVertex: Int32Array = new Int32Array(0);
let done: Uint8Array = new Uint8Array(0);
/** The part each vertex was last loaded by. */
let inPart: Int32Array = new Int32Array(0);
/** The current part's candidates in the order they were added, each one's place in that order and its new-vertex count. */
let candidates: Int32Array = new Int32Array(0);
let candidateOf: Int32Array = new Int32Array(0);
let order: Int32Array = new Int32Array(0);
let fresh: Int32Array = new Int32Array(0);
let heaps: Array<MinHeap> = [] as MinHeap[];
let partId: i32 = 0;
/** The current part's vertex count and candidate count. */
let size: i32 = 0;
let length: i32 = 0;

/** New vertices triangle `t` brings into the current part (a vertex repeated within the triangle counts once). */
function newVertices(t: i32): i32 {
  const a = tris[t * 3];
  const b = tris[t * 3 + 1];
  const c = tris[t * 3 + 2];
  let n = 0;
  if (inPart[a] !== partId) n++;
  if (inPart[b] !== partId && b !== a) n++;
  if (inPart[c] !== partId && c !== b && c !== a) n++;
  return n;
}

/** Adds triangle `t` to the current part (`group`), and its new vertices' triangles to the candidates. */
function take(t: i32, group: Array<i32>): void {
  done[t] = 1;
  group.push(t);
  for (let k = 0; k < 3; k++) {
    const v = tris[t * 3 + k];
    if (inPart[v] === partId) continue;
    inPart[v] = partId;
    size++;
    for (let e = start[v]; e < start[v + 1]; e++) {
      const u = byVertex[e];
      // A triangle using v twice is listed twice in a row: v is one vertex less to bring, once.
      if (done[u] !== 0 || (e > start[v] && byVertex[e - 1] === u)) continue;
      if (candidateOf[u] === partId) {
        const n = --fresh[u];
        heaps[n].push(n === 0 ? order[u] : u);
        continue;
      }
      candidateOf[u] = partId;
      order[u] = length;
      candidates[length++] = u;
      const n = newVertices(u);
      fresh[u] = n;
      heaps[n].push(n === 0 ? order[u] : u);
    }
  }
}

/** The first candidate bringing no new vertex, or -1. */
function noNewVertex(): i32 {
  const none = heaps[0];
  while (none.length > 0) {
    const t = candidates[<i32>none.top()];
    if (done[t] === 0 && fresh[t] === 0) return t;
    none.pop();
  }
  return -1;
}

/** The lowest-numbered candidate bringing `n` new vertices, or -1. */
function lowestBringing(n: i32): i32 {
  const heap = heaps[n];
  while (heap.length > 0) {
    const t = <i32>heap.top();
    if (done[t] === 0 && fresh[t] === n) return t;
    heap.pop();
  }
  return -1;
}

/** Groups of triangle numbers of `triangles` (vertex ids below `vertexCount`), one per part. */
export function partition(triangles: Int32Array, vertexCount: i32, capacity: i32): Array<Array<i32>> {
  tris = triangles;
  const triCount = triangles.length / 3;
  start = new Int32Array(vertexCount + 1);
  for (let i = 0; i < triCount * 3; i++) start[tris[i] + 1]++;
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = start.slice(0, vertexCount);
  byVertex = new Int32Array(triCount * 3);
  for (let t = 0; t < triCount; t++) {
    byVertex[fill[tris[t * 3]]++] = t;
    byVertex[fill[tris[t * 3 + 1]]++] = t;
    byVertex[fill[tris[t * 3 + 2]]++] = t;
  }
  done = new Uint8Array(triCount);
  inPart = new Int32Array(vertexCount);
  inPart.fill(-1);
  candidates = new Int32Array(triCount);
  candidateOf = new Int32Array(triCount);
  candidateOf.fill(-1);
  order = new Int32Array(triCount);
  fresh = new Int32Array(triCount);
  heaps = [new MinHeap(), new MinHeap(), new MinHeap(), new MinHeap()];
  const groups: Array<i32>[] = [];
  let scan = 0;
  for (partId = 0; ; partId++) {
    while (scan < triCount && done[scan] !== 0) scan++;
    if (scan >= triCount) break;
    const group: i32[] = [];
    size = 0;
    length = 0;
    for (let h = 0; h < 4; h++) heaps[h].clear();
    take(scan, group);
    let open = scan;
    while (group.length < MAX_PART_TRIANGLES) {
      let best = noNewVertex();
      for (let n = 1; best < 0 && n <= 3 && size + n <= capacity; n++) best = lowestBringing(n);
      if (best < 0 && size + 1 <= capacity) {
        // Triangles before `open` are all taken (taken ones stay taken), so the scan may start there.
        while (open < triCount && done[open] !== 0) open++;
        for (let t = open; t < triCount; t++) {
          if (done[t] === 0 && size + newVertices(t) <= capacity) {
            best = t;
            break;
          }
        }
      }
      if (best < 0) break;
      take(best, group);
    }
    groups.push(group);
  }
  return groups;
}

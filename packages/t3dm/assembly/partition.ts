/*
 * Partition of one object's triangles into tiny3d parts (spec §4, §13; src/from-scene/build-parts.ts builds the
 * parts from the groups): each part loads at most `capacity` vertices and draws at most MAX_PART_TRIANGLES
 * triangles. A part's loads are its vertices, so the fewest loads come from parts that are compact patches of
 * the surface: each shares a short border (the vertices loaded twice) with its neighbours. A part grows vertex
 * by vertex:
 *
 *   - it starts with the first triangle not yet taken (its vertices in order);
 *   - whenever a vertex joins, every triangle not taken whose vertices are now all in the part is taken (in
 *     triangle order);
 *   - the next vertex is the one that completes the most triangles (the one vertex they miss), then the one with
 *     the fewest triangles it would leave open, then the first to have touched the part: so the part fills its
 *     concave corners before it reaches out, and its border stays short;
 *   - when no triangle misses only one vertex, a triangle touching the part that misses two is taken (the one
 *     whose missing vertex touched the part first, then the lowest-numbered), else the lowest-numbered triangle
 *     not taken that fits;
 *   - until the next vertex would not fit, or the part holds MAX_PART_TRIANGLES triangles.
 *
 * The vertex candidates sit in a heap with lazy deletion (an entry is pushed again when its key changes, and a
 * stale one skipped when it reaches the top), so each choice costs a logarithm. A vertex's key packs its clamped
 * gain and open count above the order it touched the part in, which identifies it. The triangles missing two
 * vertices are only looked at when no vertex completes a triangle, so they sit in a plain list (see bestPair).
 * One call's state lives in the module globals below.
 */

import { MinHeap } from './min-heap';
import { unfilledList, unfilledStatic, unfilledStaticOf } from './unfilled';

/** Most triangles one part draws: keeps numIndices (u16) in range and the planning bounded on degenerate input. */
const MAX_PART_TRIANGLES: i32 = 1024;
/** Completed triangles above this count tie (the key's field is 10 bits). */
const MAX_GAIN: i32 = 1023;

// The state is in StaticArrays (here and in the planner's other steps): their elements start at the reference,
// so reading one is one load, where a typed array's read first loads its data pointer from the header, again
// at every read, as a store in between may have changed it. Over the 55 examples' objects the planner ran 6%
// fewer instructions (callgrind).
let tris: StaticArray<i32> = new StaticArray<i32>(0);
/** The triangles of each vertex (CSR: byVertex[start[v] .. start[v + 1]) ), in triangle order. */
let start: StaticArray<i32> = new StaticArray<i32>(0);
let byVertex: StaticArray<i32> = new StaticArray<i32>(0);
let done: StaticArray<u8> = new StaticArray<u8>(0);
/** Triangles not yet taken, per vertex. */
let open: StaticArray<i32> = new StaticArray<i32>(0);
/** Per vertex, valid for the part `inPart`/`seenIn` name: in the part; the order it touched the part in; its gain. */
let inPart: StaticArray<i32> = new StaticArray<i32>(0);
let seenIn: StaticArray<i32> = new StaticArray<i32>(0);
let seenAt: StaticArray<i32> = new StaticArray<i32>(0);
let gain: StaticArray<i32> = new StaticArray<i32>(0);
/** The vertex that touched the current part n-th. */
let seenVertex: StaticArray<i32> = new StaticArray<i32>(0);
/** Per triangle, valid for the part `missingIn` names: how many distinct vertices it misses. */
let missingIn: StaticArray<i32> = new StaticArray<i32>(0);
let missing: StaticArray<i32> = new StaticArray<i32>(0);
let vertices: MinHeap = new MinHeap();
/**
 * The current part's triangles that missed two vertices when they touched it or lost their third, as
 * (first seen of the two) << 32 | triangle, in the order they came (`pairCount` of them; see bestPair).
 */
let pairs: StaticArray<i64> = new StaticArray<i64>(0);
let pairCount: i32 = 0;
let partId: i32 = 0;
let size: i32 = 0;
/** The current part's vertices, in the order they joined (`size` of them). */
let partVertices: StaticArray<i32> = new StaticArray<i32>(0);
/** The triangles with fewer than three distinct vertices, in order. */
let degenerate: StaticArray<i32> = new StaticArray<i32>(0);
let seen: i32 = 0;
/** Bits of the order field of a vertex key, and the clamp of its open count (which fills the bits above). */
let orderBits: i64 = 0;
let openBits: i64 = 0;
/**
 * The triangles the current part has taken, in order (`groupLength` of them; made by preparePartitions, as every
 * call begins on an emptied heap), copied out when the part is complete.
 */
let group: StaticArray<i32> = new StaticArray<i32>(0);
let groupLength: i32 = 0;

/** The heap key of vertex v: fewest -gain, then fewest triangles left open, then first seen. */
function vertexKey(v: i32): f64 {
  const g = <i64>min(gain[v], MAX_GAIN);
  const left = min(<i64>(open[v] - gain[v]), ((<i64>1) << openBits) - 1);
  return <f64>(((((<i64>MAX_GAIN - g) << openBits) | left) << orderBits) | <i64>seenAt[v]);
}

function see(v: i32): void {
  if (seenIn[v] === partId) return;
  seenIn[v] = partId;
  seenAt[v] = seen;
  seenVertex[seen++] = v;
  gain[v] = 0;
}

function take(t: i32): void {
  done[t] = 1;
  group[groupLength++] = t;
  // countOpen(t, -1), with each count checked as it falls (one call and one read of the corners less).
  const a = tris[t * 3];
  const b = tris[t * 3 + 1];
  const c = tris[t * 3 + 2];
  if (--open[a] === 0) openVertices--;
  if (b !== a && --open[b] === 0) openVertices--;
  if (c !== b && c !== a && --open[c] === 0) openVertices--;
}

/** Adds `by` to the open count of each distinct vertex of triangle t. */
function countOpen(t: i32, by: i32): void {
  const a = tris[t * 3];
  const b = tris[t * 3 + 1];
  const c = tris[t * 3 + 2];
  open[a] += by;
  if (b !== a) open[b] += by;
  if (c !== b && c !== a) open[c] += by;
}

/** Adds vertex u to the part: takes the triangles it completes, and updates its neighbours' keys. */
function addVertex(u: i32): void {
  const id = partId;
  inPart[u] = id;
  partVertices[size++] = u;
  const from = start[u];
  const to = start[u + 1];
  let previous = -1;
  for (let e = from; e < to; e++) {
    const t = byVertex[e];
    // A triangle using u twice is listed twice in a row: u is one vertex less to bring, once.
    if (t === previous) continue;
    previous = t;
    if (done[t] !== 0) continue;
    const a = tris[t * 3];
    const b = tris[t * 3 + 1];
    const c = tris[t * 3 + 2];
    // Whether each corner is outside the part, read once (the stores below may alias, so the compiler cannot).
    const outA = inPart[a] !== id;
    const outB = inPart[b] !== id;
    const outC = inPart[c] !== id;
    let m: i32;
    if (missingIn[t] !== id) {
      // First touch: count its distinct vertices outside the part (u is in it now).
      missingIn[t] = id;
      m = <i32>outA + <i32>(outB && b !== a) + <i32>(outC && c !== b && c !== a);
    } else m = missing[t] - 1;
    missing[t] = m;
    if (m === 0) {
      if (groupLength < MAX_PART_TRIANGLES) take(t);
      continue;
    }
    // The vertices it still misses have touched the part.
    if (outA) see(a);
    if (outB) see(b);
    if (outC) see(c);
    if (m === 1) {
      const w = outA ? a : outB ? b : c;
      gain[w]++;
      vertices.push(vertexKey(w));
    } else if (m === 2) {
      let first = 0x7fffffff;
      if (outA) first = min(first, seenAt[a]);
      if (outB) first = min(first, seenAt[b]);
      if (outC) first = min(first, seenAt[c]);
      pairs[pairCount++] = ((<i64>first) << 32) | <i64>t;
    }
  }
}

/** Adds the vertices triangle t misses, in its order. */
function addTriangle(t: i32): void {
  for (let k = 0; k < 3; k++) {
    const v = tris[t * 3 + k];
    if (inPart[v] !== partId) addVertex(v);
  }
}

/** The vertex completing the most triangles (see vertexKey), or -1. */
function bestVertex(): i32 {
  const orderMask = ((<i64>1) << orderBits) - 1;
  while (vertices.length > 0) {
    const key = vertices.top();
    const v = seenVertex[<i32>(<i64>key & orderMask)];
    if (inPart[v] !== partId && gain[v] > 0 && vertexKey(v) === key) return v;
    vertices.pop();
  }
  return -1;
}

/**
 * The triangle touching the part that misses two vertices (see the top comment), or -1: the smallest entry of
 * `pairs` still missing two, found by a scan that also drops the entries that no longer do (a triangle's
 * missing count only falls, and a taken one stays taken, so those never count again). Over the 55 examples'
 * objects a triangle was listed about five times as often as a pick looked: a heap spent a logarithm on each of
 * them, the scan passes over a short list (four entries on average) once per pick.
 */
function bestPair(): i32 {
  let best = i64.MAX_VALUE;
  let kept = 0;
  for (let i = 0; i < pairCount; i++) {
    const entry = pairs[i];
    const t = <i32>(entry & 0xffffffff);
    if (done[t] !== 0 || missing[t] !== 2) continue;
    pairs[kept++] = entry;
    if (entry < best) best = entry;
  }
  pairCount = kept;
  return kept === 0 ? -1 : <i32>(best & 0xffffffff);
}

/** Distinct vertices of triangle t. */
function distinct(t: i32): i32 {
  const a = tris[t * 3];
  const b = tris[t * 3 + 1];
  const c = tris[t * 3 + 2];
  return 1 + (b !== a ? 1 : 0) + (c !== b && c !== a ? 1 : 0);
}

/** Past this many triangles left, lowestFitting looks only at the triangles that can fit. */
const SCAN_LIMIT: i32 = 256;

/**
 * The lowest-numbered triangle not taken, from `first` (the first not taken) on, that brings at most `room`
 * vertices into the part, or -1. Any triangle brings at most three; one that brings fewer either touches the
 * part (it is among the triangles of the part's vertices) or has fewer than three distinct vertices, so on a
 * large object only those are looked at, instead of every triangle left.
 */
function lowestFitting(first: i32, room: i32): i32 {
  if (first >= triCount) return -1;
  if (room >= 3) return first;
  if (triCount - first <= SCAN_LIMIT || degenerate.length > SCAN_LIMIT) {
    for (let u = first; u < triCount; u++) if (done[u] === 0 && outside(u) <= room) return u;
    return -1;
  }
  let best = i32.MAX_VALUE;
  for (let i = 0; i < size; i++) {
    const v = partVertices[i];
    for (let e = start[v]; e < start[v + 1]; e++) {
      const t = byVertex[e];
      if (t < best && done[t] === 0 && outside(t) <= room) best = t;
    }
  }
  for (let i = 0; i < degenerate.length; i++) {
    const t = degenerate[i];
    if (t >= best) break;
    if (done[t] === 0 && outside(t) <= room) {
      best = t;
      break;
    }
  }
  return best === i32.MAX_VALUE ? -1 : best;
}

/** Distinct vertices of triangle t outside the current part. */
function outside(t: i32): i32 {
  const a = tris[t * 3];
  const b = tris[t * 3 + 1];
  const c = tris[t * 3 + 2];
  let n = 0;
  if (inPart[a] !== partId) n++;
  if (inPart[b] !== partId && b !== a) n++;
  if (inPart[c] !== partId && c !== b && c !== a) n++;
  return n;
}

/** Each vertex's open count before any part is taken; the number of triangles. */
let openAtStart: StaticArray<i32> = new StaticArray<i32>(0);
/** Vertices with triangles not taken yet (now, and before any part is taken). */
let openVertices: i32 = 0;
let openVerticesAtStart: i32 = 0;
let triCount: i32 = 0;

/**
 * Sets up the partitions of `triangles` (vertex ids below `vertexCount`): the triangles of each vertex and their
 * open counts, which every capacity's partition (partitionFor) starts from. Part numbers keep counting across
 * the partitions, so the per-vertex and per-triangle marks need no clearing between them.
 */
export function preparePartitions(triangles: Int32Array, vertexCount: i32): void {
  // Copied, to be read as the other state is.
  tris = unfilledStatic(triangles.length);
  memory.copy(changetype<usize>(tris), triangles.dataStart, (<usize>triangles.length) << 2);
  triCount = triangles.length / 3;
  start = new StaticArray<i32>(vertexCount + 1);
  for (let i = 0; i < triCount * 3; i++) start[tris[i] + 1]++;
  for (let v = 0; v < vertexCount; v++) start[v + 1] += start[v];
  const fill = StaticArray.slice<i32>(start, 0, vertexCount);
  byVertex = unfilledStatic(triCount * 3);
  open = new StaticArray<i32>(vertexCount);
  for (let t = 0; t < triCount; t++) {
    for (let k = 0; k < 3; k++) byVertex[fill[tris[t * 3 + k]]++] = t;
    countOpen(t, 1);
  }
  openAtStart = StaticArray.slice<i32>(open);
  openVerticesAtStart = 0;
  for (let v = 0; v < vertexCount; v++) if (open[v] > 0) openVerticesAtStart++;
  let degenerateCount = 0;
  for (let t = 0; t < triCount; t++) if (distinct(t) < 3) degenerateCount++;
  degenerate = new StaticArray<i32>(degenerateCount);
  degenerateCount = 0;
  for (let t = 0; t < triCount; t++) if (distinct(t) < 3) degenerate[degenerateCount++] = t;
  // Not zeroed where every entry is written before it is read (unfilled.ts): `done` is cleared by each
  // partitionFor, the marks are filled with -1, seenAt and gain are set when a vertex is seen, missing on a
  // triangle's first touch.
  partVertices = unfilledStatic(vertexCount);
  group = unfilledStatic(MAX_PART_TRIANGLES);
  done = unfilledStaticOf<u8>(triCount);
  inPart = unfilledStatic(vertexCount);
  inPart.fill(-1);
  seenIn = unfilledStatic(vertexCount);
  seenIn.fill(-1);
  seenAt = unfilledStatic(vertexCount);
  gain = unfilledStatic(vertexCount);
  seenVertex = unfilledStatic(vertexCount);
  missingIn = unfilledStatic(triCount);
  missingIn.fill(-1);
  missing = unfilledStatic(triCount);
  orderBits = 1;
  while ((<i64>1) << orderBits < <i64>vertexCount) orderBits++;
  // The key's three fields fill 52 bits: 10 for the gain, `orderBits` for the order, the rest for the open count.
  openBits = 52 - 10 - orderBits;
  vertices = new MinHeap();
  // A triangle is listed at most once a part: when its missing count becomes two.
  pairs = unfilledStaticOf<i64>(triCount);
  // A part holds at most `vertexCount` vertices, so at most as many bones.
  loadBones = unfilledStatic(vertexCount);
  loadCounts = unfilledStatic(vertexCount);
  partId = 0;
}

/** Groups of triangle numbers of `triangles` (vertex ids below `vertexCount`), one per part. */
export function partition(triangles: Int32Array, vertexCount: i32, capacity: i32): Array<Array<i32>> {
  preparePartitions(triangles, vertexCount);
  return partitionFor(capacity, null, i32.MAX_VALUE)!;
}

/** Vertices the parts of the last partitionFor load in all (see its `bones`). */
export let partitionLoads: i32 = 0;
/**
 * The most vertices a part of the last partitionFor took (of the parts it made before it returned). A capacity
 * only ever changes what a part does by stopping it, or by refusing a step that would pass it: so a capacity of
 * at least this many takes the same steps, part after part, and gives the same partition (or gives up at the
 * same part).
 */
export let largestPart: i32 = 0;

/**
 * The partition of the prepared triangles for parts of at most `capacity` vertices. With `bones` (each vertex's
 * bone), partitionLoads counts the vertices its parts load (per part and bone, its distinct vertices rounded up
 * to even), and a partition is given up (null) as soon as it must load more than `loadLimit`: the loads so far
 * and, at least, each vertex of the triangles not taken yet.
 */
export function partitionFor(capacity: i32, bones: Int32Array | null, loadLimit: i32): Array<Array<i32>> | null {
  memory.copy(changetype<usize>(open), changetype<usize>(openAtStart), (<usize>open.length) << 2);
  openVertices = openVerticesAtStart;
  done.fill(0);
  partitionLoads = 0;
  largestPart = 0;
  const groups: Array<i32>[] = [];
  let scan = 0;
  for (; ; partId++) {
    while (scan < triCount && done[scan] !== 0) scan++;
    if (scan >= triCount) break;
    groupLength = 0;
    size = 0;
    seen = 0;
    vertices.clear();
    pairCount = 0;
    addTriangle(scan);
    let first = scan;
    while (groupLength < MAX_PART_TRIANGLES && size < capacity) {
      const v = bestVertex();
      if (v >= 0) {
        addVertex(v);
        continue;
      }
      let t = size + 2 <= capacity ? bestPair() : -1;
      if (t < 0) {
        // Triangles before `first` are all taken (taken ones stay taken), so the scan may start there.
        while (first < triCount && done[first] !== 0) first++;
        t = lowestFitting(first, capacity - size);
      }
      if (t < 0) break;
      addTriangle(t);
    }
    if (size > largestPart) largestPart = size;
    const taken = unfilledList(groupLength);
    memory.copy(taken.dataStart, changetype<usize>(group), (<usize>groupLength) << 2);
    groups.push(taken);
    if (bones !== null) {
      partitionLoads += groupLoads(taken, bones);
      // Every vertex of a triangle not taken yet is loaded again by a later part.
      if (partitionLoads + openVertices > loadLimit) {
        partId++;
        return null;
      }
    }
  }
  partId++;
  return groups;
}

/** Bones of the group being counted and how many of its vertices each holds (made by preparePartitions). */
let loadBones: StaticArray<i32> = new StaticArray<i32>(0);
let loadCounts: StaticArray<i32> = new StaticArray<i32>(0);
/** Entries of loadBones and loadCounts in use. */
let boneKinds: i32 = 0;

/**
 * The vertices a part drawing `group` (the part just made) loads: per bone, its distinct vertices on that bone,
 * rounded up to even. Those are the part's own vertices (each joined the part with a triangle it completed, and
 * a triangle is taken as it completes), unless the part stopped at MAX_PART_TRIANGLES: then the last vertices
 * may have joined without one of their triangles, and the triangles' corners are counted instead.
 */
function groupLoads(group: i32[], bones: Int32Array): i32 {
  boneKinds = 0;
  if (group.length < MAX_PART_TRIANGLES) {
    for (let i = 0; i < size; i++) countLoad(bones[partVertices[i]]);
  } else {
    // seenIn is free here: the part is complete, and the next one marks with a new part number.
    for (let i = 0; i < group.length; i++) {
      const t = group[i];
      for (let k = 0; k < 3; k++) {
        const v = tris[t * 3 + k];
        if (seenIn[v] === -2 - partId) continue;
        seenIn[v] = -2 - partId;
        countLoad(bones[v]);
      }
    }
  }
  let total = 0;
  for (let b = 0; b < boneKinds; b++) total += loadCounts[b] + (loadCounts[b] & 1);
  return total;
}

/** Counts one more vertex of the part on `bone` (a part's vertices are mostly on one bone or a few). */
function countLoad(bone: i32): void {
  for (let b = 0; b < boneKinds; b++) {
    if (loadBones[b] === bone) {
      loadCounts[b]++;
      return;
    }
  }
  loadBones[boneKinds] = bone;
  loadCounts[boneKinds++] = 1;
}

/*
 * One object's parts (spec §4, §13; src/from-scene/build-parts.ts explains the choice and reads the result):
 * the object's triangles are partitioned for several cache capacities (partition.ts), the partitions loading
 * the fewest vertices are planned part by part (plan-part-draw.ts), and the one drawn in the fewest RSP
 * commands is kept (the first of them on a tie). The trials share their work and stop as soon as they cannot
 * win: the partitions share the triangles of each vertex; a partition is given up once its vertex loads so
 * far, plus one load of each vertex of the triangles left, pass the fewest of a finished one; capacities of at
 * least the most vertices a part of the last partition took give that partition again (no part of it ever
 * reached them), and are left out; an equal group of triangles gets the part planned for it before; and the
 * tied partitions are planned a part at a time, best first (cheapestTied), so a partition that cannot win is
 * planned only as far as its commands show it.
 *
 * A part comes out as one record of i32: its RSP commands, its loads (count, then bone, first slot, vertex
 * count and the object's vertex ids of each: an odd count gets its last vertex twice), its u8 triangles (count,
 * slots), its sequence (base, count) and its strip commands (count, then each as a list).
 */

import { put } from './list-store';
import { largestPart, partitionFor, partitionLoads, preparePartitions } from './partition';
import { planPart } from './plan-part-draw';
import { unfilledList, unfilledView } from './unfilled';

/** Vertex slots in the RSP cache. */
const CACHE_SLOTS: i32 = 70;

/** The part records planned so far for one object, by the object vertex ids of their triangles. */
class PlannedParts {
  byHash: Map<u32, i32> = new Map<u32, i32>();
  tris: Array<i32[]> = [];
  records: Array<i32[]> = [];
  next: i32[] = [];

  find(local: i32[], hash: u32): i32[] | null {
    if (!this.byHash.has(hash)) return null;
    for (let e = this.byHash.get(hash); e >= 0; e = this.next[e])
      if (sameList(this.tris[e], local)) return this.records[e];
    return null;
  }

  add(local: i32[], hash: u32, record: i32[]): void {
    this.next.push(this.byHash.has(hash) ? this.byHash.get(hash) : -1);
    this.byHash.set(hash, this.tris.length);
    this.tris.push(local);
    this.records.push(record);
  }
}

function sameList(a: i32[], b: i32[]): bool {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

let tris: Int32Array = new Int32Array(0);
let bones: Int32Array = new Int32Array(0);
/** Dense id + 1 of each object vertex in the part being planned (0: not in it). */
let denseOf: StaticArray<i32> = new StaticArray<i32>(0);

/**
 * The part records of the object whose triangles are `triangles` (vertex ids below `vertexCount`, whose bones
 * are `vertexBones`, -1 for none), in draw order. Without strips one partition fills the whole cache and every
 * part draws u8 triangles.
 */
export function buildParts(triangles: Int32Array, vertexBones: Int32Array, vertexCount: i32, useStrips: bool): i32[][] {
  tris = triangles;
  bones = vertexBones;
  denseOf = new StaticArray<i32>(vertexCount);
  const planned = new PlannedParts();
  preparePartitions(triangles, vertexCount);
  if (!useStrips) {
    const groups = partitionFor(CACHE_SLOTS, null, i32.MAX_VALUE)!;
    const parts: i32[][] = [];
    for (let g = 0; g < groups.length; g++) parts.push(partRecord(groups[g], false, planned));
    return parts;
  }
  // An object the cache holds whole is first tried as one part (one load of each vertex).
  const capacities: i32[] = [CACHE_SLOTS - 2, CACHE_SLOTS - 4, CACHE_SLOTS - 6, CACHE_SLOTS - 8];
  if (vertexCount <= CACHE_SLOTS) capacities.unshift(CACHE_SLOTS);
  const partitions: Array<Array<i32[]> | null> = [];
  const loads: i32[] = [];
  let fewest = i32.MAX_VALUE;
  // The smallest capacity known to give the last partition worked out (largestPart): a smaller capacity in the
  // list that is at least as large gives it again, and the later of two equal partitions never draws in fewer
  // commands, so it is left out. (An object's capacities at or above its vertex count all give one partition.)
  let same = i32.MAX_VALUE;
  for (let i = 0; i < capacities.length; i++) {
    if (capacities[i] >= same) {
      partitions.push(null);
      loads.push(i32.MAX_VALUE);
      continue;
    }
    const groups = partitionFor(capacities[i], bones, fewest);
    same = largestPart;
    partitions.push(groups);
    loads.push(groups === null ? i32.MAX_VALUE : partitionLoads);
    if (groups !== null && partitionLoads < fewest) fewest = partitionLoads;
  }
  return cheapestTied(partitions, loads, fewest, planned);
}

/**
 * The parts of the first partition loading `fewest` vertices that draws in the fewest RSP commands. The tied
 * partitions are planned best first: the one whose commands so far, plus three for each part left (a load, a
 * draw and the sync: the least a part costs), are the fewest (the first of them on a tie) gets its next part
 * planned, until the one picked is complete. As that bound never falls when a part is planned, the one picked
 * complete draws in no more commands than any other can, and in fewer than any before it: the partition
 * planning them one after another chooses. Over the 55 examples' objects this plans 2,011 parts, not 2,414.
 */
function cheapestTied(
  partitions: Array<Array<i32[]> | null>,
  loads: i32[],
  fewest: i32,
  planned: PlannedParts,
): i32[][] {
  const tied: Array<i32[]>[] = [];
  for (let i = 0; i < partitions.length; i++) if (loads[i] === fewest) tied.push(partitions[i]!);
  const n = tied.length;
  const parts: i32[][][] = [];
  for (let k = 0; k < n; k++) parts.push([]);
  const commands = new StaticArray<i32>(n);
  let pick = 0;
  for (;;) {
    pick = 0;
    let pickBound = i32.MAX_VALUE;
    for (let k = 0; k < n; k++) {
      const bound = commands[k] + 3 * (tied[k].length - parts[k].length);
      if (bound < pickBound) {
        pick = k;
        pickBound = bound;
      }
    }
    const groups = tied[pick];
    const done = parts[pick];
    if (done.length === groups.length) break;
    const record = partRecord(groups[done.length], true, planned);
    done.push(record);
    commands[pick] += record[0];
  }
  return parts[pick];
}

/** The record of the part drawing the triangles `group`, planned once for equal groups (`planned` keeps them). */
function partRecord(group: i32[], useStrips: bool, planned: PlannedParts): i32[] {
  const local = unfilledList(group.length * 3);
  // FNV-1a over the group's vertex ids, and whether one bone holds them all.
  let hash: u32 = 0x811c9dc5;
  const bone0 = bones[tris[group[0] * 3]];
  let singleBone = true;
  for (let i = 0; i < group.length; i++) {
    const t = group[i];
    for (let k = 0; k < 3; k++) {
      const v = tris[t * 3 + k];
      put(local, i * 3 + k, v);
      hash = (hash ^ <u32>v) * 0x01000193;
      if (bones[v] !== bone0) singleBone = false;
    }
  }
  let record = planned.find(local, hash);
  if (record === null) {
    record = plannedPart(local, useStrips, singleBone);
    planned.add(local, hash, record);
  }
  return record;
}

/** The record of the part drawing `local` (object vertex ids, flat triples), all on one bone when `singleBone`. */
function plannedPart(local: i32[], useStrips: bool, singleBone: bool): i32[] {
  // Dense ids in first use, which is the slot order of a plain u8 list.
  // At most one new vertex per corner: made at that length and cut to the vertices found.
  const ids = unfilledList(local.length);
  let n = 0;
  const dense = unfilledView<Int32Array>(local.length);
  for (let i = 0; i < local.length; i++) {
    const v = local[i];
    let d = denseOf[v] - 1;
    if (d < 0) {
      d = n++;
      denseOf[v] = d + 1;
      put(ids, d, v);
    }
    dense[i] = d;
  }
  ids.length = n;
  for (let d = 0; d < n; d++) denseOf[ids[d]] = 0;
  let order: i32[];
  let list: i32[];
  let sequenceBase: i32 = 0;
  let sequenceCount: i32 = 0;
  let strips: i32[][] = [];
  if (!useStrips) {
    order = ids;
    list = unfilledList(dense.length);
    for (let i = 0; i < dense.length; i++) put(list, i, dense[i]);
  } else {
    let groups: Int32Array | null = null;
    if (!singleBone) {
      groups = unfilledView<Int32Array>(n);
      for (let d = 0; d < n; d++) groups[d] = bones[ids[d]];
    }
    const plan = planPart(dense, n, groups);
    order = plan.order;
    for (let i = 0; i < order.length; i++) put(order, i, ids[order[i]]);
    list = plan.list;
    sequenceBase = plan.sequenceBase;
    sequenceCount = plan.sequenceCount;
    strips = plan.strips;
  }
  // One load per run of vertices on one bone; an odd count loads its last vertex twice (the next load
  // overwrites the pad). The record is made at its full length (growing it entry by entry copied it).
  let loadCount = 0;
  let length = 2 + 1 + list.length + 2 + 1;
  for (let dest = 0; dest < order.length; ) {
    const bone = bones[order[dest]];
    let end = dest;
    while (end < order.length && bones[order[end]] === bone) end++;
    const count = end - dest;
    length += 3 + count + (count & 1);
    loadCount++;
    dest = end;
  }
  for (let s = 0; s < strips.length; s++) length += 1 + strips[s].length;
  const record = unfilledList(length);
  put(record, 0, loadCount + list.length / 3 + (sequenceCount > 0 ? 1 : 0) + strips.length + 1);
  put(record, 1, loadCount);
  let at = 2;
  for (let dest = 0; dest < order.length; ) {
    const bone = bones[order[dest]];
    let end = dest;
    while (end < order.length && bones[order[end]] === bone) end++;
    const count = end - dest;
    put(record, at++, bone);
    put(record, at++, dest);
    put(record, at++, count + (count & 1));
    for (let i = dest; i < end; i++) put(record, at++, order[i]);
    if (count & 1) put(record, at++, order[end - 1]);
    dest = end;
  }
  put(record, at++, list.length);
  for (let i = 0; i < list.length; i++) put(record, at++, list[i]);
  put(record, at++, sequenceBase);
  put(record, at++, sequenceCount);
  put(record, at++, strips.length);
  for (let s = 0; s < strips.length; s++) {
    put(record, at++, strips[s].length);
    for (let i = 0; i < strips[s].length; i++) put(record, at++, strips[s][i]);
  }
  return record;
}

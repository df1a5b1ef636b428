/*
 * A bounding-volume hierarchy over the objects' AABBs for the `B` chunk (spec §10): node 0 is the root, the two
 * children of an inner node are adjacent, inner `value` = (child offset relative to the node) << 4 with a zero
 * count, leaf `value` = (first data index << 4) | object count (1..8). Nodes are split where the surface-area
 * heuristic says a ray or frustum test pays least (a sweep over the objects sorted by centre on each axis, as
 * tiny3d's converter builds it): a node stays a leaf when testing its objects costs no more than descending, and
 * never holds more than 8 objects. Nodes are laid out breadth-first; data entries are object chunk indices.
 */
import type { S16Vec3, T3dmBvh, T3dmBvhNode } from '../t3dm-file.js';

/** Most objects a leaf holds (the count is 4 bits, 1..8). */
const MAX_LEAF = 8;
/** Cost of visiting a node, in units of testing one object's box. */
const TRAVERSAL_COST = 1;

type Box = { min: S16Vec3; max: S16Vec3 };

/** Half the surface area of a box (the SAH only compares areas). */
function halfArea(b: Box): number {
  return halfAreaOf(b.min[0], b.min[1], b.min[2], b.max[0], b.max[1], b.max[2]);
}

/** {@link halfArea} of the box from (x0, y0, z0) to (x1, y1, z1). */
function halfAreaOf(x0: number, y0: number, z0: number, x1: number, y1: number, z1: number): number {
  const x = Math.max(0, x1 - x0);
  const y = Math.max(0, y1 - y0);
  const z = Math.max(0, z1 - z0);
  return x * y + y * z + z * x;
}

/**
 * Sweeps the boxes of `sorted` from index `from` by `step` (+1 or -1) for `count` boxes, growing one box
 * around them, and sets `areas[k]` to its half area after adding the box at index k.
 */
function sweep(sorted: number[], boxes: Box[], from: number, step: number, count: number, areas: Float64Array) {
  let x0 = 32767;
  let y0 = 32767;
  let z0 = 32767;
  let x1 = -32768;
  let y1 = -32768;
  let z1 = -32768;
  for (let i = 0, k = from; i < count; i++, k += step) {
    const b = boxes[sorted[k]!]!;
    x0 = Math.min(x0, b.min[0]);
    y0 = Math.min(y0, b.min[1]);
    z0 = Math.min(z0, b.min[2]);
    x1 = Math.max(x1, b.max[0]);
    y1 = Math.max(y1, b.max[1]);
    z1 = Math.max(z1, b.max[2]);
    areas[k] = halfAreaOf(x0, y0, z0, x1, y1, z1);
  }
}

/** The sweep-SAH split of `ids`: the axis-sorted order and how many go left, or undefined when a leaf is cheaper. */
function sahSplit(ids: number[], boxes: Box[], parent: Box): { sorted: number[]; left: number } | undefined {
  const n = ids.length;
  const parentArea = halfArea(parent);
  let best: { sorted: number[]; left: number; cost: number } | undefined;
  for (let axis = 0; axis < 3; axis++) {
    const centre = (i: number) => boxes[i]!.min[axis]! + boxes[i]!.max[axis]!;
    const sorted = [...ids].sort((x, y) => centre(x) - centre(y) || x - y);
    // Areas of the boxes around the last n - k objects (rightArea[k]) and the first k + 1 (leftArea[k]).
    const rightArea = new Float64Array(n);
    sweep(sorted, boxes, n - 1, -1, n - 1, rightArea);
    const leftArea = new Float64Array(n);
    sweep(sorted, boxes, 0, 1, n - 1, leftArea);
    for (let k = 1; k < n; k++) {
      const cost = TRAVERSAL_COST * parentArea + leftArea[k - 1]! * k + rightArea[k]! * (n - k);
      if (!best || cost < best.cost) best = { sorted, left: k, cost };
    }
  }
  if (!best) return undefined;
  if (n <= MAX_LEAF && parentArea * n <= best.cost) return undefined;
  return best;
}

function emptyBox(): Box {
  return { min: [32767, 32767, 32767], max: [-32768, -32768, -32768] };
}

function union(a: Box, b: Box): Box {
  return {
    min: [Math.min(a.min[0], b.min[0]), Math.min(a.min[1], b.min[1]), Math.min(a.min[2], b.min[2])],
    max: [Math.max(a.max[0], b.max[0]), Math.max(a.max[1], b.max[1]), Math.max(a.max[2], b.max[2])],
  };
}

/** The B chunk for objects with these bounding boxes (object i = chunk index i). */
export function buildBvh(boxes: { min: S16Vec3; max: S16Vec3 }[]): T3dmBvh {
  const nodes: T3dmBvhNode[] = [];
  const data: number[] = [];
  const bounds = (ids: number[]): Box => ids.reduce((b, i) => union(b, boxes[i]!), emptyBox());
  const queue: [number, number[]][] = [];
  const fill = (at: number, ids: number[]) => {
    const { min, max } = bounds(ids);
    const split = sahSplit(ids, boxes, { min, max });
    if (!split) {
      nodes[at] = { min, max, value: ((data.length << 4) | ids.length) & 0xffff };
      data.push(...ids);
      return;
    }
    const child = nodes.length;
    nodes.push({ min, max, value: 0 }, { min, max, value: 0 });
    nodes[at] = { min, max, value: ((child - at) << 4) & 0xfff0 };
    queue.push([child, split.sorted.slice(0, split.left)], [child + 1, split.sorted.slice(split.left)]);
  };
  if (boxes.length > 0) {
    nodes.push({ min: [0, 0, 0], max: [0, 0, 0], value: 0 });
    queue.push([0, boxes.map((_, i) => i)]);
  }
  // Breadth-first, so a node's children stay within the 12-bit signed offset for all but huge object counts.
  for (let head = 0; head < queue.length; head++) fill(queue[head]![0], queue[head]![1]);
  return { kind: 'bvh', nodes, data: new Uint16Array(data) };
}

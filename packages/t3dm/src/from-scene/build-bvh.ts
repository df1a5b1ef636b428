/*
 * A bounding-volume hierarchy over the objects' AABBs for the `B` chunk (spec §10): node 0 is the root, the two
 * children of an inner node are adjacent, inner `value` = (child offset relative to the node) << 4 with a zero
 * count, leaf `value` = (first data index << 4) | object count (1..8). Objects are split at the median of the
 * longest axis of their centres (breadth-first); a leaf holds at most 4 objects. Data entries are object chunk indices.
 */
import type { S16Vec3, T3dmBvh, T3dmBvhNode } from '../t3dm-file.js';

const LEAF_SIZE = 4;

/** The B chunk for objects with these bounding boxes (object i = chunk index i). */
export function buildBvh(boxes: { min: S16Vec3; max: S16Vec3 }[]): T3dmBvh {
  const nodes: T3dmBvhNode[] = [];
  const data: number[] = [];
  const bounds = (ids: number[]): { min: S16Vec3; max: S16Vec3 } => {
    const min: S16Vec3 = [32767, 32767, 32767];
    const max: S16Vec3 = [-32768, -32768, -32768];
    for (const i of ids) {
      for (let a = 0; a < 3; a++) {
        min[a] = Math.min(min[a]!, boxes[i]!.min[a]!);
        max[a] = Math.max(max[a]!, boxes[i]!.max[a]!);
      }
    }
    return { min, max };
  };
  const queue: [number, number[]][] = [];
  const fill = (at: number, ids: number[]) => {
    const { min, max } = bounds(ids);
    if (ids.length <= LEAF_SIZE) {
      nodes[at] = { min, max, value: ((data.length << 4) | ids.length) & 0xffff };
      data.push(...ids);
      return;
    }
    const centre = (i: number, a: number) => boxes[i]!.min[a]! + boxes[i]!.max[a]!;
    const extent = [0, 1, 2].map((a) => max[a]! - min[a]!);
    const axis = extent.indexOf(Math.max(...extent));
    const sorted = [...ids].sort((x, y) => centre(x, axis) - centre(y, axis) || x - y);
    const half = sorted.length >> 1;
    const child = nodes.length;
    nodes.push({ min, max, value: 0 }, { min, max, value: 0 });
    nodes[at] = { min, max, value: ((child - at) << 4) & 0xfff0 };
    queue.push([child, sorted.slice(0, half)], [child + 1, sorted.slice(half)]);
  };
  if (boxes.length > 0) {
    nodes.push({ min: [0, 0, 0], max: [0, 0, 0], value: 0 });
    queue.push([0, boxes.map((_, i) => i)]);
  }
  // Breadth-first, so a node's children stay within the 12-bit signed offset for all but huge object counts.
  for (let next = queue.shift(); next; next = queue.shift()) fill(next[0], next[1]);
  return { kind: 'bvh', nodes, data: Uint16Array.from(data) };
}

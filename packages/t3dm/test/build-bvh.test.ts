/*
 * The B chunk's tree (spec §10) over seeded random object boxes: every object sits in exactly one leaf, leaves
 * hold 1..8 objects, inner nodes point at two adjacent children inside the node array, and every node's box
 * contains its children's (and a leaf's box its objects').
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { buildBvh } from '../src/from-scene/build-bvh.js';
import type { S16Vec3 } from '../src/index.js';

type Box = { min: S16Vec3; max: S16Vec3 };

function randomBoxes(count: number, seed: number): Box[] {
  const rnd = seededRandom(seed);
  return Array.from({ length: count }, () => {
    const min = [0, 1, 2].map(() => Math.floor(rnd() * 60000) - 30000) as S16Vec3;
    const max = min.map((v) => Math.min(32767, v + Math.floor(rnd() * 2000))) as S16Vec3;
    return { min, max };
  });
}

const contains = (outer: Box, inner: Box) =>
  [0, 1, 2].every((a) => outer.min[a]! <= inner.min[a]! && outer.max[a]! >= inner.max[a]!);

describe('buildBvh', () => {
  it.each([1, 2, 3, 9, 40, 257, 1000])('%i objects make a well-formed tree', (count) => {
    const boxes = randomBoxes(count, count);
    const bvh = buildBvh(boxes);
    const seen = new Array<number>(count).fill(0);
    const visit = (at: number) => {
      const node = bvh.nodes[at]!;
      const leafCount = node.value & 0xf;
      if (leafCount > 0) {
        expect(leafCount).toBeLessThanOrEqual(8);
        const first = node.value >> 4;
        for (const i of bvh.data.subarray(first, first + leafCount)) {
          seen[i]!++;
          expect(contains(node, boxes[i]!)).toBe(true);
        }
        return;
      }
      const child = at + ((node.value << 16) >> 20);
      expect(child).toBeGreaterThan(at);
      expect(child + 1).toBeLessThan(bvh.nodes.length);
      for (const c of [child, child + 1]) {
        expect(contains(node, bvh.nodes[c]!)).toBe(true);
        visit(c);
      }
    };
    visit(0);
    expect(seen.every((n) => n === 1)).toBe(true);
  });
});

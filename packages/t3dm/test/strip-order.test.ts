/*
 * The strip order of the planner (assembly/strip-order.ts: a heap by new-vertex count and rank) against the plain
 * definition written out here: repeatedly take, among the strips not taken, the one bringing the fewest vertices
 * not yet loaded by the strips taken before it, ties going to the longer strip, then to the first in the list.
 * Seeded random strips over few vertices (so they share many), with repeated vertices and equal lengths.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { byNewVertices } from '../src/from-scene/planner-module.js';

function referenceOrder(strips: number[][]): number[][] {
  const loaded = new Set<number>();
  const left = strips.map((s, i) => ({ s, i }));
  const out: number[][] = [];
  while (left.length > 0) {
    const fresh = (s: number[]) => new Set(s.filter((v) => !loaded.has(v))).size;
    let best = 0;
    for (let k = 1; k < left.length; k++) {
      const a = left[k]!.s;
      const b = left[best]!.s;
      if (fresh(a) < fresh(b) || (fresh(a) === fresh(b) && a.length > b.length)) best = k;
    }
    const [{ s }] = left.splice(best, 1) as [{ s: number[] }];
    for (const v of s) loaded.add(v);
    out.push(s);
  }
  return out;
}

describe('byNewVertices', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('matches the plain definition on random strips (seed %i)', (seed) => {
    const rnd = seededRandom(seed);
    for (let round = 0; round < 20; round++) {
      const n = 3 + Math.floor(rnd() * 70);
      const strips: number[][] = [];
      const count = Math.floor(rnd() * 40);
      for (let i = 0; i < count; i++) {
        const length = 3 + Math.floor(rnd() * (rnd() < 0.5 ? 3 : 20));
        const base = Math.floor(rnd() * n);
        strips.push(Array.from({ length }, () => Math.min(n - 1, base + Math.floor(rnd() * 8))));
      }
      expect(byNewVertices(strips, n)).toEqual(referenceOrder(strips));
    }
  });
});

/*
 * The order a batch starts its jobs in: a permutation of the jobs; with a pool, largest first (the models of one
 * archive together, where the largest of them would start); in one thread the eight smallest first (so the JIT
 * warms up on them), then every other job in input order. Ties keep input order.
 */
import { describe, expect, it } from 'vitest';
import { startOrder as orderOf } from '../../packages/cli/src/batch/run-batch.js';

/** The start order of jobs of these sizes, none in a group. */
const startOrder = (sizes: number[], count: number, pooled: boolean) =>
  orderOf(
    sizes.map((size) => ({ size })),
    count,
    pooled,
  );

/** A deterministic pseudo-random size list (sizes repeat, so ties occur). */
function sizesOf(count: number, seed: number): number[] {
  let x = seed;
  return Array.from({ length: count }, () => {
    x = (Math.imul(x, 1103515245) + 12345) >>> 0;
    return (x >>> 16) % 50;
  });
}

describe('startOrder', () => {
  it('starts a pool largest first, equal sizes in input order', () => {
    expect(startOrder([5, 9, 1, 9, 5], 5, true)).toEqual([1, 3, 0, 4, 2]);
  });

  it('starts the jobs of one archive one after another, where its largest job would start', () => {
    const a = 'a.szs';
    const b = 'b.szs';
    const sizes = [
      { size: 5, group: a },
      { size: 50 },
      { size: 9, group: b },
      { size: 60, group: a },
      { size: 1, group: b },
    ];
    // Largest first: 3 (60, with the rest of a: 0), 1 (50), 2 (9, with the rest of b: 4).
    expect(orderOf(sizes, 5, true)).toEqual([3, 0, 1, 2, 4]);
  });

  it('starts one thread with the eight smallest, then the rest in input order', () => {
    const sizes = [90, 3, 80, 7, 1, 70, 60, 2, 50, 5, 40, 4, 6, 30, 8];
    // Smallest eight: 4 (1), 7 (2), 1 (3), 11 (4), 9 (5), 12 (6), 3 (7), 14 (8).
    expect(startOrder(sizes, sizes.length, false)).toEqual([4, 7, 1, 11, 9, 12, 3, 14, 0, 2, 5, 6, 8, 10, 13]);
  });

  it('sorts a short batch in one thread smallest first', () => {
    expect(startOrder([3, 1, 2, 1], 4, false)).toEqual([1, 3, 2, 0]);
  });

  it('gives every job exactly once, for any sizes', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const count = seed % 40;
      const sizes = sizesOf(count, seed);
      for (const pooled of [false, true]) {
        const order = startOrder(sizes, count, pooled);
        expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: count }, (_, i) => i));
        if (pooled) {
          for (let i = 1; i < count; i++) {
            const [a, b] = [order[i - 1]!, order[i]!];
            expect(sizes[a]! > sizes[b]! || (sizes[a] === sizes[b] && a < b)).toBe(true);
          }
        } else {
          const warm = Math.min(8, count);
          const head = order.slice(0, warm);
          const tail = order.slice(warm);
          // No job left for later is smaller than a warm-up job, and the rest keep input order.
          for (const t of tail) for (const h of head) expect(sizes[t]! >= sizes[h]!).toBe(true);
          expect(tail).toEqual([...tail].sort((a, b) => a - b));
        }
      }
    }
  });
});

/*
 * The triangle matcher the example tests rely on: it must pair as many triangles as can be paired within the
 * tolerance (a greedy closest-first pass can leave one unpaired next to near duplicates), never pair a triangle
 * twice, and respect winding.
 */
import { describe, expect, it } from 'vitest';
import { unmatchedTriangles } from './scene-compare.js';

/** A triangle with its first corner at (x, 0, 0). */
const at = (x: number) => [x, 0, 0, x + 10, 0, 0, x, 10, 0];

describe('unmatchedTriangles', () => {
  it('pairs every triangle where a greedy closest-first pass would strand one', () => {
    // a0 is nearest b0 but may also take b1; a1 can only take b0.
    const a = [at(0), at(-3)];
    const b = [at(0), at(3)];
    expect(unmatchedTriangles(a, b, 3)).toBe(0);
  });

  it('counts triangles without a partner, each partner used once', () => {
    expect(unmatchedTriangles([at(0), at(0), at(100)], [at(0), at(1)], 1)).toBe(1);
    expect(unmatchedTriangles([at(0), at(0)], [at(0)], 4)).toBe(1);
  });

  it('takes the corners in any rotation but not in the other winding', () => {
    const t = at(0);
    const rotated = [...t.slice(3), ...t.slice(0, 3)];
    const reversed = [...t.slice(0, 3), ...t.slice(6, 9), ...t.slice(3, 6)];
    expect(unmatchedTriangles([rotated], [t], 0)).toBe(0);
    expect(unmatchedTriangles([reversed], [t], 0)).toBe(1);
  });

  it('finds a long augmenting path', () => {
    // a_k may take b_k or b_{k+1} and is nearest b_{k+1}; the last a can take only b_n. Greedy in order
    // strands the last; the matching pairs a_k with b_k.
    const n = 50;
    const a = Array.from({ length: n }, (_, k) => at(k * 4 + 2.5));
    const b = Array.from({ length: n }, (_, k) => at(k * 4));
    a.push(at(n * 4 + 2));
    b.push(at(n * 4));
    expect(unmatchedTriangles(a, b, 2.5)).toBe(0);
  });
});

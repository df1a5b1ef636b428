/*
 * The fast paths of tev-poly against their plain definitions: evaluatePoly is the constant substitutePoly leaves
 * when every atom gets a number (`constantOf(substitutePoly(p, value)) ?? 0`), and mulPoly's monomial keys are
 * their atoms sorted and joined by '*' (the two-single-atoms case included).
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  addPoly,
  atomPoly,
  constantOf,
  constPoly,
  evaluatePoly,
  mulPoly,
  type Poly,
  scalePoly,
  substitutePoly,
} from '../../src/gx/tev/tev-poly.js';

const ATOMS = ['t0/0.0', 't0/0.3', 't1/1.2', 'v0.0', 'v0.3', 'v1.1', 'l0c', 's1a', 'k'];

function randomPoly(rnd: () => number, depth: number): Poly {
  const r = rnd();
  if (depth === 0 || r < 0.25)
    return rnd() < 0.5 ? atomPoly(ATOMS[Math.floor(rnd() * ATOMS.length)]!) : constPoly(rnd() * 2 - 1);
  const a = randomPoly(rnd, depth - 1);
  const b = randomPoly(rnd, depth - 1);
  if (r < 0.5) return addPoly(a, b);
  if (r < 0.75) return mulPoly(a, b);
  // A sum that cancels to almost nothing: exercises the EPSILON rule of the running sum.
  return addPoly(a, scalePoly(a, -(1 + (rnd() < 0.5 ? 1e-12 : 0))));
}

describe('tev-poly fast paths', () => {
  it('evaluatePoly equals constantOf(substitutePoly(…)) on 3,000 random polynomials', () => {
    const rnd = seededRandom(16);
    for (let i = 0; i < 3000; i++) {
      const p = randomPoly(rnd, 4);
      const values = new Map(ATOMS.map((a) => [a, [0, 0.5, 1, rnd()][Math.floor(rnd() * 4)]!]));
      const value = (atom: string) => values.get(atom)!;
      const calls: string[] = [];
      const fast = evaluatePoly(p, (a) => {
        calls.push(a);
        return value(a);
      });
      const slowCalls: string[] = [];
      const slow =
        constantOf(
          substitutePoly(p, (a) => {
            slowCalls.push(a);
            return value(a);
          }),
        ) ?? 0;
      expect(Object.is(fast, slow) || fast === slow).toBe(true);
      // The same atoms are asked for in the same order (textureMean behind them may decode a texture).
      expect(calls).toEqual(slowCalls);
    }
  });

  it("mulPoly's keys are their atoms sorted and joined by '*'", () => {
    const rnd = seededRandom(17);
    for (let i = 0; i < 2000; i++) {
      const p = mulPoly(randomPoly(rnd, 3), randomPoly(rnd, 3));
      for (const key of p.keys()) {
        const atoms = key === '' ? [] : key.split('*');
        expect(key).toBe([...atoms].sort().join('*'));
      }
    }
    expect([...mulPoly(atomPoly('v0.0'), atomPoly('t0/0.0')).keys()]).toEqual(['t0/0.0*v0.0']);
    expect([...mulPoly(atomPoly('k'), atomPoly('k')).keys()]).toEqual(['k*k']);
  });
});

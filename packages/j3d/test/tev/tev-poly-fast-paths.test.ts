/*
 * The fast paths of tev-poly against their plain definitions: evaluatePoly is the constant substitutePoly leaves
 * when every atom gets a number (`constantOf(substitutePoly(p, value)) ?? 0`); mulPoly's monomial keys are
 * their atoms sorted and joined by '*' (the two-single-atoms case included); adding 0, multiplying by 0 or
 * 1 and scaling 0 or by 1, which return an operand, give the entries, in the order, the full operations give; and the
 * shortcuts the reduction takes with them: a substitution that replaces no atom gives the polynomial's entries in
 * order, sumPoly is successive addPoly calls of one-term polynomials, someAtom asks every atom until one passes.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  addPoly,
  atomPoly,
  atomsOf,
  constantOf,
  constPoly,
  evaluatePoly,
  mulPoly,
  type Poly,
  scalePoly,
  someAtom,
  substitutePoly,
  sumPoly,
} from '../../src/gx/tev/tev-poly.js';

const EPSILON = 1e-9;

/** The full operations, as written without the shortcuts: every entry through a running sum into a new map. */
function put(out: Map<string, number>, key: string, value: number): void {
  const sum = (out.get(key) ?? 0) + value;
  if (Math.abs(sum) < EPSILON) out.delete(key);
  else out.set(key, sum);
}
const plainAdd = (a: Poly, b: Poly) => {
  const out = new Map(a);
  for (const [k, v] of b) put(out, k, v);
  return out;
};
const plainScale = (a: Poly, s: number) => {
  const out = new Map<string, number>();
  for (const [k, v] of a) put(out, k, v * s);
  return out;
};
const plainMul = (a: Poly, b: Poly) => {
  const out = new Map<string, number>();
  for (const [ka, va] of a)
    for (const [kb, vb] of b) put(out, [...atomsOf(ka), ...atomsOf(kb)].sort().join('*'), va * vb);
  return out;
};

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

  it('adding 0, multiplying by 0 or 1 and scaling 0 or by 1 give what the full operations give', () => {
    const rnd = seededRandom(18);
    const special = [constPoly(0), constPoly(1), constPoly(-1), constPoly(2)];
    for (let i = 0; i < 3000; i++) {
      const pick = () => (rnd() < 0.4 ? special[Math.floor(rnd() * special.length)]! : randomPoly(rnd, 3));
      const a = pick();
      const b = pick();
      const s = [1, -1, 0.5, 2][Math.floor(rnd() * 4)]!;
      expect([...addPoly(a, b)]).toEqual([...plainAdd(a, b)]);
      expect([...mulPoly(a, b)]).toEqual([...plainMul(a, b)]);
      expect([...scalePoly(a, s)]).toEqual([...plainScale(a, s)]);
    }
  });

  it('a substitution of no atom, sumPoly and someAtom against their definitions', () => {
    const rnd = seededRandom(19);
    for (let i = 0; i < 3000; i++) {
      const p = randomPoly(rnd, 4);
      const kept = ATOMS.filter(() => rnd() < 0.5);
      // Replaces only atoms p does not have: the entries of p, in order.
      const absent = ATOMS.filter((a) => ![...p.keys()].some((k) => atomsOf(k).includes(a)));
      expect([...substitutePoly(p, (a) => (absent.includes(a) ? rnd() : undefined))]).toEqual([...p]);
      const terms = [...p, ...randomPoly(rnd, 3)].map(([k, v]) => [k, rnd() < 0.3 ? -v : v] as const);
      expect([...sumPoly(terms)]).toEqual([
        ...terms.reduce<Poly>((sum, [k, v]) => addPoly(sum, new Map([[k, v]])), new Map()),
      ]);
      const atoms = [...p.keys()].flatMap((k) => atomsOf(k));
      expect(someAtom(p, (a) => kept.includes(a))).toBe(atoms.some((a) => kept.includes(a)));
    }
  });
});

/*
 * tev-poly against the plain definition of its operations: polynomials as maps from the monomial's name (its atoms'
 * names sorted and joined by '*') to the coefficient, every term put through a running sum into a new map that drops
 * it when the sum is within EPSILON of 0. The numeric terms must come out as those maps, in the same order,
 * shortcuts (adding 0, multiplying by 0 or 1, scaling 0 or by 1) included; subPoly(b, a) is b plus a scaled by −1.
 * Also: evaluatePoly is the constant substitutePoly leaves when every atom gets a number
 * (`constantOf(substitutePoly(p, value)) ?? 0`); a substitution that replaces no atom gives the polynomial's terms
 * in order; sumPoly is successive addPoly calls of one-term polynomials; someAtom asks every atom until one passes.
 * exactRange contains every value the polynomial takes, and for a multilinear one (no atom twice in a monomial) is
 * the least and greatest of its values at the corners of the box (evaluatePoly at every 0/1 choice of its atoms).
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import {
  type Atom,
  atomName,
  lightAtom,
  specularAtom,
  textureAtom,
  textureKey,
  vertexAtom,
} from '../../src/gx/tev/tev-atoms.js';
import {
  addPoly,
  atomPoly,
  constantOf,
  constPoly,
  evaluatePoly,
  exactRange,
  type Monomial,
  mulPoly,
  type Poly,
  scalePoly,
  someAtom,
  subPoly,
  substitutePoly,
  sumPoly,
} from '../../src/gx/tev/tev-poly.js';
import { monomialName, polyTerms } from './poly-terms.js';

const EPSILON = 1e-9;

type PlainPoly = Map<string, number>;

function put(out: PlainPoly, key: string, value: number): void {
  const sum = (out.get(key) ?? 0) + value;
  if (Math.abs(sum) < EPSILON) out.delete(key);
  else out.set(key, sum);
}
const plainAdd = (a: PlainPoly, b: PlainPoly) => {
  const out = new Map(a);
  for (const [k, v] of b) put(out, k, v);
  return out;
};
const plainScale = (a: PlainPoly, s: number) => {
  const out: PlainPoly = new Map();
  for (const [k, v] of a) put(out, k, v * s);
  return out;
};
const atomsOfName = (key: string) => (key === '' ? [] : key.split('*'));
const plainMul = (a: PlainPoly, b: PlainPoly) => {
  const out: PlainPoly = new Map();
  for (const [ka, va] of a)
    for (const [kb, vb] of b) put(out, [...atomsOfName(ka), ...atomsOfName(kb)].sort().join('*'), va * vb);
  return out;
};

const ATOMS: Atom[] = [
  textureAtom(textureKey(0, 0), 0),
  textureAtom(textureKey(0, 0), 3),
  textureAtom(textureKey(1, 1), 2),
  textureAtom(textureKey(2, 0xff), 1),
  vertexAtom(0, 0),
  vertexAtom(0, 3),
  vertexAtom(1, 1),
  lightAtom(0, false),
  specularAtom(1, true),
];

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

const entries = (p: Poly) => [...polyTerms(p)];

describe('tev-poly', () => {
  it('atoms have distinct names', () => {
    const all = [
      ...[0, 1].flatMap((pair) => [0, 1, 2, 3].map((c) => vertexAtom(pair, c))),
      ...[0, 1].flatMap((pair) =>
        [false, true].flatMap((alpha) => [lightAtom(pair, alpha), specularAtom(pair, alpha)]),
      ),
      ...[textureKey(0, 0), textureKey(7, 7), textureKey(3, 0xff)].flatMap((key) =>
        [0, 1, 2, 3].map((c) => textureAtom(key, c)),
      ),
    ];
    expect(new Set(all.map(atomName)).size).toBe(all.length);
    expect(all.map(atomName).slice(0, 2)).toEqual(['v0.0', 'v0.1']);
    expect(atomName(textureAtom(textureKey(3, 0xff), 2))).toBe('t3/x.2');
    expect(atomName(lightAtom(1, false))).toBe('l1c');
    expect(atomName(specularAtom(0, true))).toBe('s0a');
  });

  it('add, multiply and scale give the terms, in order, of the map-based definitions (shortcuts included)', () => {
    const rnd = seededRandom(18);
    const special = [constPoly(0), constPoly(1), constPoly(-1), constPoly(2)];
    for (let i = 0; i < 3000; i++) {
      const pick = () => (rnd() < 0.4 ? special[Math.floor(rnd() * special.length)]! : randomPoly(rnd, 3));
      const a = pick();
      const b = pick();
      const s = [1, -1, 0.5, 2, 1e-10][Math.floor(rnd() * 5)]!;
      expect(entries(addPoly(a, b))).toEqual([...plainAdd(polyTerms(a), polyTerms(b))]);
      expect(entries(mulPoly(a, b))).toEqual([...plainMul(polyTerms(a), polyTerms(b))]);
      expect(entries(scalePoly(a, s))).toEqual([...plainScale(polyTerms(a), s)]);
      expect(entries(subPoly(b, a))).toEqual([...plainAdd(polyTerms(b), plainScale(polyTerms(a), -1))]);
    }
  });

  it("a product's monomials hold their atoms in ascending order", () => {
    const rnd = seededRandom(17);
    const ascending = (m: Monomial) => m.every((a, k) => k === 0 || m[k - 1]! <= a);
    for (let i = 0; i < 2000; i++) expect(mulPoly(randomPoly(rnd, 3), randomPoly(rnd, 3)).monomials.every(ascending));
    const [t, v] = [ATOMS[0]!, ATOMS[4]!];
    expect(mulPoly(atomPoly(t), atomPoly(v)).monomials).toEqual([[v, t].sort((x, y) => x - y)]);
    expect(mulPoly(atomPoly(t), atomPoly(t)).monomials).toEqual([[t, t]]);
  });

  it('evaluatePoly equals constantOf(substitutePoly(…)) on 3,000 random polynomials', () => {
    const rnd = seededRandom(16);
    for (let i = 0; i < 3000; i++) {
      const p = randomPoly(rnd, 4);
      const values = new Map(ATOMS.map((a) => [a, [0, 0.5, 1, rnd()][Math.floor(rnd() * 4)]!]));
      const value = (atom: Atom) => values.get(atom)!;
      const calls: Atom[] = [];
      const fast = evaluatePoly(p, (a) => {
        calls.push(a);
        return value(a);
      });
      const slowCalls: Atom[] = [];
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

  it('a substitution against the map-based definition; of no atom, the terms as they are', () => {
    const rnd = seededRandom(20);
    for (let i = 0; i < 3000; i++) {
      const p = randomPoly(rnd, 4);
      const values = new Map(ATOMS.filter(() => rnd() < 0.4).map((a) => [a, rnd()]));
      const plain: PlainPoly = new Map();
      for (const [m, i] of p.monomials.map((m, i) => [m, i] as const)) {
        const kept = m.filter((a) => !values.has(a));
        const coefficient = m.reduce((c, a) => c * (values.get(a) ?? 1), p.coefficients[i]!);
        put(plain, monomialName(kept), coefficient);
      }
      expect(entries(substitutePoly(p, (a) => values.get(a)))).toEqual([...plain]);
      const absent = ATOMS.filter((a) => !p.monomials.some((m) => m.includes(a)));
      expect(entries(substitutePoly(p, (a) => (absent.includes(a) ? rnd() : undefined)))).toEqual(entries(p));
    }
  });

  it('sumPoly and someAtom against their definitions', () => {
    const rnd = seededRandom(19);
    for (let i = 0; i < 3000; i++) {
      const p = randomPoly(rnd, 4);
      const q = randomPoly(rnd, 3);
      const kept = ATOMS.filter(() => rnd() < 0.5);
      const terms = [...p.monomials, ...q.monomials].map(
        (m, k) => [m, [...p.coefficients, ...q.coefficients][k]! * (rnd() < 0.3 ? -1 : 1)] as const,
      );
      const successive = terms.reduce(
        (sum, [m, v]) => addPoly(sum, { monomials: [m], coefficients: [v] }),
        constPoly(0),
      );
      expect(entries(sumPoly(terms))).toEqual(entries(successive));
      const atoms = p.monomials.flat();
      expect(someAtom(p, (a) => kept.includes(a))).toBe(atoms.some((a) => kept.includes(a)));
    }
  });

  it('exactRange: the extremes over the corners for multilinear polynomials, bounds that hold for every other', () => {
    const rnd = seededRandom(23);
    let multilinear = 0;
    for (let i = 0; i < 3000; i++) {
      const p = randomPoly(rnd, 4);
      const [lo, hi] = exactRange(p);
      const atoms = [...new Set(p.monomials.flat())];
      for (let k = 0; k < 20; k++) {
        const at = new Map(atoms.map((a) => [a, rnd()]));
        const v = evaluatePoly(p, (a) => at.get(a)!);
        expect(v).toBeGreaterThanOrEqual(lo - 1e-9);
        expect(v).toBeLessThanOrEqual(hi + 1e-9);
      }
      if (p.monomials.some((m) => new Set(m).size < m.length)) continue;
      multilinear++;
      const corners = Array.from({ length: 2 ** atoms.length }, (_, corner) =>
        evaluatePoly(p, (a) => (corner >> atoms.indexOf(a)) & 1),
      );
      expect(lo).toBeCloseTo(Math.min(...corners), 9);
      expect(hi).toBeCloseTo(Math.max(...corners), 9);
    }
    expect(multilinear).toBeGreaterThan(1000);
  });

  it('exactRange of a lerp of two inputs is 0..1, where adding the terms apart gives −1..2', () => {
    const [a, b, c] = [ATOMS[0]!, ATOMS[4]!, ATOMS[2]!].map(atomPoly) as [Poly, Poly, Poly];
    const lerp = addPoly(a, mulPoly(c, addPoly(b, scalePoly(a, -1))));
    expect(exactRange(lerp)).toEqual([0, 1]);
  });
});

/*
 * exactRange of a multilinear polynomial (no atom twice in a monomial) is, to the bit, the least and greatest
 * of its sums at the corners of the box: each corner's sum made here independently, adding in term order the
 * coefficients of the monomials whose atoms are all 1 there. Polynomials whose varying terms all have one sign
 * (the range then comes from the bounds alone) and of both signs, with and without a constant.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { type Atom, textureAtom, vertexAtom } from '../../src/gx/tev/tev-atoms.js';
import { exactRange, type Monomial, type Poly, sumPoly } from '../../src/gx/tev/tev-poly.js';

const ATOMS: Atom[] = [0, 1, 2, 3].flatMap((c) => [vertexAtom(0, c), textureAtom(0, c), textureAtom(257, c)]);

/** Least and greatest sum over every corner (atoms at 0 or 1). */
function cornerSums(p: Poly): [number, number] {
  const atoms = [...new Set(p.monomials.flat())];
  let lo = Infinity;
  let hi = -Infinity;
  for (let corner = 0; corner < 2 ** atoms.length; corner++) {
    let sum = 0;
    p.monomials.forEach((m, i) => {
      if (m.every((a) => (corner >> atoms.indexOf(a)) & 1)) sum += p.coefficients[i]!;
    });
    lo = Math.min(lo, sum);
    hi = Math.max(hi, sum);
  }
  return [lo, hi];
}

describe('exactRange against the corners', () => {
  it('equals the least and greatest corner sum exactly, for terms of one sign and of both', () => {
    const rnd = seededRandom(4141);
    const signs = { rising: 0, falling: 0, both: 0 };
    for (let i = 0; i < 4000; i++) {
      const kind = (['rising', 'falling', 'both'] as const)[i % 3]!;
      const terms: [Monomial, number][] = [];
      if (rnd() < 0.5) terms.push([[], rnd() * 4 - 2]);
      const count = 1 + Math.floor(rnd() * 6);
      for (let t = 0; t < count; t++) {
        const degree = 1 + Math.floor(rnd() * 3);
        const atoms = new Set<Atom>();
        while (atoms.size < degree) atoms.add(ATOMS[Math.floor(rnd() * ATOMS.length)]!);
        // Coefficients of every size, 0.1 and 1/3 among them, whose sums round.
        const size = [0.1, 1 / 3, 255 / 255, rnd() * 3, 1e-3 * rnd()][Math.floor(rnd() * 5)]!;
        const sign = kind === 'rising' ? 1 : kind === 'falling' ? -1 : rnd() < 0.5 ? 1 : -1;
        terms.push([[...atoms].sort((a, b) => a - b), sign * (size + 1e-6)]);
      }
      const p = sumPoly(terms);
      if (new Set(p.monomials.flat()).size > 10) continue;
      const varying = p.coefficients.filter((_, k) => p.monomials[k]!.length > 0);
      if (varying.some((v) => v > 0) && varying.some((v) => v < 0)) signs.both++;
      else if (varying.some((v) => v < 0)) signs.falling++;
      else signs.rising++;
      const [lo, hi] = exactRange(p);
      const [clo, chi] = cornerSums(p);
      expect(Object.is(lo, clo) && Object.is(hi, chi), `${JSON.stringify(p)}: ${lo}..${hi} vs ${clo}..${chi}`).toBe(
        true,
      );
    }
    expect(Math.min(signs.rising, signs.falling, signs.both)).toBeGreaterThan(500);
  });
});

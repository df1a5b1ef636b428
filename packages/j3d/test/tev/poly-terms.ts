/*
 * Polynomials in readable form for tests: each monomial named by its atoms' names (tev-atoms.ts), sorted and
 * joined by '*' ('' for the constant).
 */
import { atomName } from '../../src/gx/tev/tev-atoms.js';
import type { Poly } from '../../src/gx/tev/tev-poly.js';

/** The monomial name of a list of atoms. */
export const monomialName = (atoms: readonly number[]) => atoms.map(atomName).sort().join('*');

/** The terms of `p`, in order, by monomial name. */
export function polyTerms(p: Poly): Map<string, number> {
  return new Map(p.monomials.map((m, i) => [monomialName(m), p.coefficients[i]!]));
}

/*
 * Symbolic values for TEV evaluation: one colour component is a polynomial, a sum of monomials
 * `coefficient × atom × atom …`, where an atom is an input in 0..1 the material cannot know in advance
 * (tev-atoms.ts). Constants are in GX display units divided by 255 (1 = 255).
 * A monomial is its atoms in ascending order (a power repeats its atom), [] for the constant. A polynomial
 * lists its monomials with their coefficients in the order they first appeared, as a map would keep them;
 * zero coefficients are dropped, so equal values have equal terms.
 */
import { type Atom, atomName, isTextureAtom, textureKeyOf } from './tev-atoms.js';

/** A product of atoms, ascending ([] for the constant term). */
export type Monomial = readonly Atom[];

/** A symbolic colour component: `coefficients[i]` × `monomials[i]`, summed. Never changed once made. */
export interface Poly {
  readonly monomials: readonly Monomial[];
  readonly coefficients: readonly number[];
}

const EPSILON = 1e-9;

const sameMonomial = (a: Monomial, b: Monomial) => {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
};

/** A polynomial being built. */
interface Building {
  monomials: Monomial[];
  coefficients: number[];
}

/**
 * A polynomial to build, starting with the terms of `from`. They are pushed onto empty lists, not copied with
 * slice: a copy is made at its exact length, so the first term `put` adds grew it again (two stores made for
 * each list where one does; an empty list's first push makes room for 17).
 */
function building(from?: Poly): Building {
  const monomials: Monomial[] = [];
  const coefficients: number[] = [];
  if (from)
    for (let i = 0; i < from.monomials.length; i++) {
      monomials.push(from.monomials[i]!);
      coefficients.push(from.coefficients[i]!);
    }
  return { monomials, coefficients };
}

/** Adds a term as a map from monomial to coefficient would (a sum within EPSILON of 0 drops the term). */
function put(out: Building, m: Monomial, value: number): void {
  const { monomials, coefficients } = out;
  let i = 0;
  while (i < monomials.length && !sameMonomial(monomials[i]!, m)) i++;
  const found = i < monomials.length;
  const sum = (found ? coefficients[i]! : 0) + value;
  if (Math.abs(sum) >= EPSILON) {
    // A new term is pushed: storing it at the list's length took V8's slow growing store (a third of reduceTev's
    // time in a CPU profile of the bomb model's materials).
    if (!found) {
      monomials.push(m);
      coefficients.push(sum);
    } else coefficients[i] = sum;
  } else if (found) {
    monomials.splice(i, 1);
    coefficients.splice(i, 1);
  }
}

const CONSTANT: Monomial = [];

/*
 * Polynomials are never changed once made, so the constants 0 and 1 are shared, and an operation whose result
 * equals an operand returns the operand itself: adding 0 (no terms), multiplying by 0 or 1, scaling 0 or
 * scaling by 1. Each shortcut gives the same terms in the same order as the full operation would (every stored
 * coefficient is at least EPSILON, so nothing is dropped), and most TEV stages add and multiply such constants.
 */
const ZERO: Poly = { monomials: [], coefficients: [] };
const ONE: Poly = { monomials: [CONSTANT], coefficients: [1] };
const isOne = (p: Poly) => p.monomials.length === 1 && p.monomials[0]!.length === 0 && p.coefficients[0] === 1;

/*
 * Monomials and terms are walked by index, not with for…of: where V8 does not inline the iterator away, a loop
 * makes an iterator and a result object per element (textureSensitivity's garbage in a heap profile of the bomb
 * model's conversion fell from 1.3 to 0.4 KB so).
 */

/** The number of terms. */
export const termCount = (p: Poly) => p.monomials.length;

/** The constant `c`. */
export function constPoly(c: number): Poly {
  if (Math.abs(c) < EPSILON) return ZERO;
  return c === 1 ? ONE : { monomials: [CONSTANT], coefficients: [c] };
}

/** The single atom `a`. */
export function atomPoly(a: Atom): Poly {
  return { monomials: [[a]], coefficients: [1] };
}

/** a + b. */
export function addPoly(a: Poly, b: Poly): Poly {
  if (b.monomials.length === 0) return a;
  if (a.monomials.length === 0) return b;
  if (a.monomials.length === 1 && b.monomials.length === 1)
    return twoTerms(a.monomials[0]!, a.coefficients[0]!, b.monomials[0]!, b.coefficients[0]!);
  const out = building(a);
  for (let i = 0; i < b.monomials.length; i++) put(out, b.monomials[i]!, b.coefficients[i]!);
  return out;
}

/**
 * b − a: the terms `addPoly(b, scalePoly(a, -1))` gives, in the same order, without making −a (negating drops no
 * term, as every stored coefficient is at least EPSILON, and is exact).
 */
export function subPoly(b: Poly, a: Poly): Poly {
  if (a.monomials.length === 0) return b;
  if (b.monomials.length === 0) return scalePoly(a, -1);
  if (a.monomials.length === 1 && b.monomials.length === 1)
    return twoTerms(b.monomials[0]!, b.coefficients[0]!, a.monomials[0]!, a.coefficients[0]! * -1);
  const out = building(b);
  for (let i = 0; i < a.monomials.length; i++) put(out, a.monomials[i]!, a.coefficients[i]! * -1);
  return out;
}

/**
 * The sum of one term and another, as `put` makes it: the second added to the first when their monomials are the
 * same (nothing when the sum is within EPSILON of 0), else both in order. (Most TEV values are one term: this
 * spares building lists to grow.)
 */
function twoTerms(m: Monomial, v: number, n: Monomial, w: number): Poly {
  if (!sameMonomial(m, n)) return { monomials: [m, n], coefficients: [v, w] };
  const sum = v + w;
  return Math.abs(sum) >= EPSILON ? { monomials: [m], coefficients: [sum] } : ZERO;
}

/** a × s for a number s. */
export function scalePoly(a: Poly, s: number): Poly {
  if (s === 1 || a.monomials.length === 0) return a;
  // The monomials of `a` are distinct, so a term is only dropped (when it scales below EPSILON).
  const monomials: Monomial[] = [];
  const coefficients: number[] = [];
  for (let i = 0; i < a.monomials.length; i++) {
    const v = a.coefficients[i]! * s;
    if (Math.abs(v) < EPSILON) continue;
    monomials.push(a.monomials[i]!);
    coefficients.push(v);
  }
  return { monomials, coefficients };
}

/** The product of two monomials (their atoms merged in order). */
function mulMonomial(a: Monomial, b: Monomial): Monomial {
  if (a.length === 0) return b;
  if (b.length === 0) return a;
  const out = new Array<Atom>(a.length + b.length);
  let i = 0;
  let j = 0;
  for (let k = 0; k < out.length; k++) out[k] = j >= b.length || (i < a.length && a[i]! <= b[j]!) ? a[i++]! : b[j++]!;
  return out;
}

/** a × b. */
export function mulPoly(a: Poly, b: Poly): Poly {
  if (a.monomials.length === 0 || b.monomials.length === 0) return ZERO;
  if (isOne(b)) return a;
  if (isOne(a)) return b;
  if (a.monomials.length === 1 && b.monomials.length === 1) {
    // One term each (most TEV values): the one product `put` would add to nothing.
    const v = a.coefficients[0]! * b.coefficients[0]!;
    if (Math.abs(v) < EPSILON) return ZERO;
    return { monomials: [mulMonomial(a.monomials[0]!, b.monomials[0]!)], coefficients: [v] };
  }
  const out = building();
  for (let i = 0; i < a.monomials.length; i++)
    for (let j = 0; j < b.monomials.length; j++)
      put(out, mulMonomial(a.monomials[i]!, b.monomials[j]!), a.coefficients[i]! * b.coefficients[j]!);
  return out;
}

/** The highest number of atoms in a monomial (0 for a constant). */
export function degreeOf(p: Poly): number {
  const { monomials } = p;
  if (monomials.length === 1) return monomials[0]!.length;
  let degree = 0;
  for (let i = 0; i < monomials.length; i++) if (monomials[i]!.length > degree) degree = monomials[i]!.length;
  return degree;
}

/** The constant value when the polynomial has no atoms, else undefined. */
export function constantOf(p: Poly): number | undefined {
  if (p.monomials.length === 0) return 0;
  return p.monomials.length === 1 && p.monomials[0]!.length === 0 ? p.coefficients[0] : undefined;
}

/** Corner evaluations `exactRange` makes at most (2^atoms × terms). */
const CORNER_BUDGET = 1 << 16;

/**
 * The least and greatest value of the polynomial over atoms in 0..1, exactly when it is multilinear (no atom
 * twice in a monomial, as TEV values are unless a stage multiplies an input by itself): such a polynomial is
 * linear in each atom, so its extremes lie at corners of the box, and all corners are evaluated while there are
 * few enough. Otherwise bounds that contain the range (each monomial between 0 and its coefficient).
 */
export function exactRange(p: Poly): readonly [number, number] {
  // A stage reads one value as several inputs (an alpha as r, g and b): the last answer is kept for it.
  if (p !== lastRanged) {
    cornerRange(p, range);
    lastRanged = p;
  }
  return range;
}

/**
 * exactRange's answer: one list, written over by each call with another polynomial (its callers read it at once;
 * a new pair per call was a ninth of a stage map's conversion garbage, in a heap profile of its materials).
 */
const range: [number, number] = [0, 0];
let lastRanged: Poly | undefined;
/**
 * The atoms and monomial masks of the polynomial `cornerRange` works on: scratch lists, reused (setting a list's
 * length to 0 would drop its storage), their used length counted apart.
 */
const rangeAtoms: Atom[] = [];
const rangeMasks: number[] = [];

/** Writes the range of `p` into `out` (see exactRange). */
function cornerRange(p: Poly, out: [number, number]): void {
  const { monomials, coefficients } = p;
  // Bounds over atoms in 0..1: each monomial lies between 0 and its coefficient.
  let lower = 0;
  let upper = 0;
  let falling = false;
  let rising = false;
  for (let i = 0; i < monomials.length; i++) {
    const v = coefficients[i]!;
    if (monomials[i]!.length === 0) {
      lower += v;
      upper += v;
    } else if (v < 0) {
      lower += v;
      falling = true;
    } else {
      upper += v;
      rising = true;
    }
  }
  // When no term falls (or none rises), the bounds are the corners with every atom at 0 and at 1, summed in the
  // same order as the corners are below; and no other corner's sum is beyond them, as adding a term of one sign
  // can only move a rounded sum that way. So they are the range itself, found without walking the corners.
  if (lower === upper || !(falling && rising)) {
    put2(out, lower, upper);
    return;
  }
  const atoms = rangeAtoms;
  let atomCount = 0;
  for (let i = 0; i < monomials.length; i++) {
    const m = monomials[i]!;
    for (let k = 0; k < m.length; k++) {
      const atom = m[k]!;
      // (Never reading m[-1]: an index outside an array takes V8's slow path.)
      if (k > 0 && atom === m[k - 1]) {
        put2(out, lower, upper);
        return;
      }
      let known = false;
      for (let n = 0; n < atomCount && !known; n++) known = atoms[n] === atom;
      if (!known) atoms[atomCount++] = atom;
    }
  }
  const corners = 2 ** atomCount;
  if (corners * monomials.length > CORNER_BUDGET) {
    put2(out, lower, upper);
    return;
  }
  // Each monomial as a bit mask of its atoms: it counts at a corner that sets all of them.
  const masks = rangeMasks;
  for (let i = 0; i < monomials.length; i++) {
    let mask = 0;
    const m = monomials[i]!;
    for (let k = 0; k < m.length; k++) {
      const a = m[k]!;
      let n = 0;
      while (atoms[n] !== a) n++;
      mask |= 1 << n;
    }
    masks[i] = mask;
  }
  let lo = Infinity;
  let hi = -Infinity;
  for (let corner = 0; corner < corners; corner++) {
    let v = 0;
    for (let i = 0; i < monomials.length; i++) if ((masks[i]! & corner) === masks[i]) v += coefficients[i]!;
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  put2(out, lo, hi);
}

function put2(out: [number, number], lo: number, hi: number): void {
  out[0] = lo;
  out[1] = hi;
}

/**
 * Replaces every atom for which `value` returns a number by that number. When it replaces none, the result has
 * the terms of `p` in their order (a caller that knows so may keep `p`).
 */
export function substitutePoly(p: Poly, value: (atom: Atom) => number | undefined): Poly {
  const out = building();
  for (let i = 0; i < p.monomials.length; i++) {
    const m = p.monomials[i]!;
    let coefficient = p.coefficients[i]!;
    let kept: Atom[] | undefined;
    for (let k = 0; k < m.length; k++) {
      const x = value(m[k]!);
      if (x === undefined) kept?.push(m[k]!);
      else {
        kept ??= m.slice(0, k);
        coefficient *= x;
      }
    }
    put(out, kept ?? m, coefficient);
  }
  return out;
}

/** Some atom of some monomial of `p` passes `test`. */
export function someAtom(p: Poly, test: (atom: Atom) => boolean): boolean {
  for (let i = 0; i < p.monomials.length; i++) {
    const m = p.monomials[i]!;
    for (let k = 0; k < m.length; k++) if (test(m[k]!)) return true;
  }
  return false;
}

/** The sum of `terms` (monomial, coefficient), added in order as successive addPoly calls would. */
export function sumPoly(terms: Iterable<readonly [Monomial, number]>): Poly {
  const out = building();
  for (const [m, v] of terms) put(out, m, v);
  return out;
}

/**
 * `p` without the terms whose monomial holds an atom passing `test`: the sum of the others in their order, as
 * sumPoly makes it (a polynomial's monomials are distinct and its coefficients at least EPSILON, so the sum is
 * those terms as they are).
 */
export function termsWithout(p: Poly, test: (atom: Atom) => boolean): Poly {
  const monomials: Monomial[] = [];
  const coefficients: number[] = [];
  for (let i = 0; i < p.monomials.length; i++) {
    const m = p.monomials[i]!;
    let k = 0;
    while (k < m.length && !test(m[k]!)) k++;
    if (k < m.length) continue;
    monomials.push(m);
    coefficients.push(p.coefficients[i]!);
  }
  return { monomials, coefficients };
}

/**
 * The constant `substitutePoly(p, value)` leaves when `value` gives a number for every atom, i.e.
 * `constantOf(substitutePoly(p, value)) ?? 0`, computed without building the polynomial: the same products in
 * the same order, summed as `put` sums them (a running sum that drops to 0 whenever it is within EPSILON of 0).
 */
export function evaluatePoly(p: Poly, value: (atom: Atom) => number): number {
  let sum = 0;
  for (let i = 0; i < p.monomials.length; i++) {
    let coefficient = p.coefficients[i]!;
    const m = p.monomials[i]!;
    for (let k = 0; k < m.length; k++) coefficient *= value(m[k]!);
    sum += coefficient;
    if (Math.abs(sum) < EPSILON) sum = 0;
  }
  return sum;
}

/**
 * How much `p` changes with texture `key`: |p₁ − p₀|, where p₁ and p₀ are `evaluatePoly(p, value)` with that
 * texture's atoms at 1 and at 0, every other texture atom at `other(atom)` and every other atom at ½. Both sums
 * are made in one pass, each exactly as evaluatePoly makes it.
 */
export function textureSensitivity(p: Poly, key: number, other: (atom: Atom) => number): number {
  let one = 0;
  let zero = 0;
  for (let i = 0; i < p.monomials.length; i++) {
    let c1 = p.coefficients[i]!;
    let c0 = c1;
    const m = p.monomials[i]!;
    for (let k = 0; k < m.length; k++) {
      const atom = m[k]!;
      if (!isTextureAtom(atom)) {
        c1 *= 0.5;
        c0 *= 0.5;
      } else if (textureKeyOf(atom) === key) {
        // × 1 leaves c1 as it is.
        c0 *= 0;
      } else {
        const v = other(atom);
        c1 *= v;
        c0 *= v;
      }
    }
    one += c1;
    if (Math.abs(one) < EPSILON) one = 0;
    zero += c0;
    if (Math.abs(zero) < EPSILON) zero = 0;
  }
  return Math.abs(one - zero);
}

/** A readable form for messages, e.g. `0.5 + 2·t0/0.0·v0.0`. */
export function formatPoly(p: Poly): string {
  if (p.monomials.length === 0) return '0';
  return p.monomials
    .map((m, i) => {
      const v = +p.coefficients[i]!.toFixed(4);
      return m.length === 0 ? String(v) : `${v}·${m.map(atomName).join('·')}`;
    })
    .join(' + ');
}

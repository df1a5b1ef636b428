/*
 * Symbolic values for TEV evaluation: one colour component is a polynomial, a sum of monomials
 * `coefficient × atom × atom …`, where an atom is an input the material cannot know in advance and that lies
 * in 0..1: a texture component (`t<map>/<coord>.<c>`), a rasterised vertex-colour component (`v<chan>.<c>`),
 * c = 0 r, 1 g, 2 b, 3 a, or the lighting of a lit channel (`l<pair>c` / `l<pair>a` diffuse, `s<pair>c` /
 * `s<pair>a` specular). Constants are in GX display units divided by 255 (1 = 255).
 * A polynomial is a map from the monomial key (its atoms sorted, joined by '*'; '' for the constant) to the
 * coefficient; zero coefficients are dropped, so equal values have equal maps.
 */

/** A symbolic colour component. */
export type Poly = ReadonlyMap<string, number>;

const EPSILON = 1e-9;

function put(out: Map<string, number>, key: string, value: number): void {
  const sum = (out.get(key) ?? 0) + value;
  if (Math.abs(sum) < EPSILON) out.delete(key);
  else out.set(key, sum);
}

/*
 * Polynomials are never changed once made, so the constants 0 and 1 are shared, and an operation whose result
 * equals an operand returns the operand itself: adding 0 (the empty map), multiplying by 0 or 1, scaling 0 or
 * scaling by 1.
 * Each shortcut gives the same entries in the same order as the full operation would (every stored coefficient
 * is at least EPSILON, so nothing is dropped), and most TEV stages add and multiply such constants.
 */
const EMPTY: Poly = new Map();
const ONE: Poly = new Map([['', 1]]);
const isOne = (p: Poly) => p.size === 1 && p.get('') === 1;

/** The constant `c`. */
export function constPoly(c: number): Poly {
  if (Math.abs(c) < EPSILON) return EMPTY;
  return c === 1 ? ONE : new Map([['', c]]);
}

/** The single atom `id`. */
export function atomPoly(id: string): Poly {
  return new Map([[id, 1]]);
}

/** a + b. */
export function addPoly(a: Poly, b: Poly): Poly {
  if (b.size === 0) return a;
  if (a.size === 0) return b;
  const out = new Map(a);
  for (const [k, v] of b) put(out, k, v);
  return out;
}

/** a × s for a number s. */
export function scalePoly(a: Poly, s: number): Poly {
  if (s === 1 || a.size === 0) return a;
  const out = new Map<string, number>();
  for (const [k, v] of a) put(out, k, v * s);
  return out;
}

function joinKeys(a: string, b: string): string {
  if (a === '') return b;
  if (b === '') return a;
  // Two single atoms (the common case): sorting them is one comparison.
  if (!a.includes('*') && !b.includes('*')) return a <= b ? `${a}*${b}` : `${b}*${a}`;
  return [...a.split('*'), ...b.split('*')].sort().join('*');
}

/** a × b. */
export function mulPoly(a: Poly, b: Poly): Poly {
  if (a.size === 0 || b.size === 0) return EMPTY;
  if (isOne(b)) return a;
  if (isOne(a)) return b;
  const out = new Map<string, number>();
  for (const [ka, va] of a) for (const [kb, vb] of b) put(out, joinKeys(ka, kb), va * vb);
  return out;
}

const NO_ATOMS: readonly string[] = [];

/**
 * Monomial keys already split: the same few keys are taken apart again and again while a material is reduced.
 * Emptied when it grows past MAX_SPLIT_KEYS (the keys of one model's materials fit many times over).
 */
const splitKeys = new Map<string, readonly string[]>();
const MAX_SPLIT_KEYS = 4096;

/** The atoms of a monomial key (a shared array: do not change it). */
export function atomsOf(key: string): readonly string[] {
  if (key === '') return NO_ATOMS;
  let atoms = splitKeys.get(key);
  if (!atoms) {
    if (splitKeys.size >= MAX_SPLIT_KEYS) splitKeys.clear();
    atoms = key.split('*');
    splitKeys.set(key, atoms);
  }
  return atoms;
}

/** The constant value when the polynomial has no atoms, else undefined. */
export function constantOf(p: Poly): number | undefined {
  for (const k of p.keys()) if (k !== '') return undefined;
  return p.get('') ?? 0;
}

/** Bounds of the polynomial over atoms in 0..1 (each monomial lies between 0 and its coefficient). */
export function polyRange(p: Poly): [number, number] {
  let lo = 0;
  let hi = 0;
  for (const [k, v] of p) {
    if (k === '') {
      lo += v;
      hi += v;
    } else if (v < 0) lo += v;
    else hi += v;
  }
  return [lo, hi];
}

/**
 * Replaces every atom for which `value` returns a number by that number. When it replaces none, the result has
 * the entries of `p` in their order (a caller that knows so may keep `p`).
 */
export function substitutePoly(p: Poly, value: (atom: string) => number | undefined): Poly {
  const out = new Map<string, number>();
  for (const [k, v] of p) {
    let coefficient = v;
    const kept: string[] = [];
    for (const atom of atomsOf(k)) {
      const x = value(atom);
      if (x === undefined) kept.push(atom);
      else coefficient *= x;
    }
    put(out, kept.join('*'), coefficient);
  }
  return out;
}

/** Some atom of some monomial of `p` passes `test`. */
export function someAtom(p: Poly, test: (atom: string) => boolean): boolean {
  for (const k of p.keys()) for (const atom of atomsOf(k)) if (test(atom)) return true;
  return false;
}

/** The sum of `terms` (monomial key, coefficient), added in order as successive addPoly calls would. */
export function sumPoly(terms: Iterable<readonly [string, number]>): Poly {
  const out = new Map<string, number>();
  for (const [k, v] of terms) put(out, k, v);
  return out;
}

/**
 * The constant `substitutePoly(p, value)` leaves when `value` gives a number for every atom, i.e.
 * `constantOf(substitutePoly(p, value)) ?? 0`, computed without building the polynomial: the same products in
 * the same order, summed as `put` sums them (a running sum that drops to 0 whenever it is within EPSILON of 0).
 */
export function evaluatePoly(p: Poly, value: (atom: string) => number): number {
  let sum = 0;
  for (const [k, v] of p) {
    let coefficient = v;
    if (k !== '') for (const atom of atomsOf(k)) coefficient *= value(atom);
    sum += coefficient;
    if (Math.abs(sum) < EPSILON) sum = 0;
  }
  return sum;
}

/** A readable form for messages, e.g. `0.5 + 2·t0/0.0·v0.0`. */
export function formatPoly(p: Poly): string {
  if (p.size === 0) return '0';
  return [...p]
    .map(([k, v]) => (k === '' ? String(+v.toFixed(4)) : `${+v.toFixed(4)}·${atomsOf(k).join('·')}`))
    .join(' + ');
}

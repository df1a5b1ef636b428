/*
 * Seeded randomness for the bad-input tests and the fuzz harness: a small deterministic PRNG (mulberry32), so
 * every case reproduces from its seed, and a string hash that derives one seed per (run seed, target, case).
 */

/** A small deterministic PRNG (mulberry32) so failures reproduce from the seed. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed from any mix of numbers and strings (FNV-1a over their text). */
export function seedOf(...parts: (string | number)[]): number {
  let h = 0x811c9dc5;
  for (const ch of parts.join('\u0000')) {
    h ^= ch.codePointAt(0)!;
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** An integer in [0, n) from `rnd`. */
export function randomInt(rnd: () => number, n: number): number {
  return Math.floor(rnd() * n);
}

/** One element of a non-empty list, picked with `rnd`. */
export function randomPick<T>(rnd: () => number, list: readonly T[]): T {
  return list[randomInt(rnd, list.length)]!;
}

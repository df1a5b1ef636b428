/*
 * Truncation and mutation helpers for the bad-input tests: every reader must end in a ParseError or a clean
 * result on these, never another exception or a hang.
 */
import { ParseError } from '@retromodel/binary';
import { expect } from 'vitest';

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

/** Truncation lengths: every 1/steps of the file, plus the edges. */
export function truncationLengths(length: number, steps = 64): number[] {
  const set = new Set<number>([0, 1, length - 1]);
  for (let i = 0; i < steps; i++) set.add(Math.floor((length * i) / steps));
  return [...set].filter((n) => n >= 0 && n < length).sort((a, b) => a - b);
}

/** Copies of `bytes` with 1 to 4 bytes changed each (random values, or 0x00/0xFF extremes). */
export function* mutations(
  bytes: Uint8Array,
  count: number,
  seed = 1,
): Generator<{ index: number; bytes: Uint8Array }> {
  const rnd = seededRandom(seed);
  for (let i = 0; i < count; i++) {
    const copy = bytes.slice();
    const changes = 1 + Math.floor(rnd() * 4);
    for (let c = 0; c < changes; c++) {
      const at = Math.floor(rnd() * copy.length);
      const pick = rnd();
      copy[at] = pick < 0.15 ? 0 : pick < 0.3 ? 0xff : Math.floor(rnd() * 256);
    }
    yield { index: i, bytes: copy };
  }
}

/**
 * Runs `parse` and accepts either a clean return or a ParseError; anything else fails the test with the
 * case's description. Returns 'ok' or 'error'.
 */
export async function expectCleanOutcome(parse: () => unknown, what: string): Promise<'ok' | 'error'> {
  try {
    await parse();
    return 'ok';
  } catch (e) {
    if (e instanceof ParseError) return 'error';
    expect.fail(
      `${what}: threw ${e instanceof Error ? `${e.name}: ${e.message}\n${e.stack}` : String(e)} instead of a ParseError`,
    );
  }
}

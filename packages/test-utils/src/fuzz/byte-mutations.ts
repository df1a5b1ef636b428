/*
 * Format-blind damage to a file: truncation lengths (each 1/steps of the file plus the edges) and random byte
 * changes (1 to 4 bytes, random values or the 0x00/0xFF extremes). The field-aware mutations that know where
 * a format keeps its counts and offsets are in case-mutation.ts and plan-cases.ts.
 */
import { randomInt, seededRandom } from './seeded-random.js';

/** Truncation lengths: every 1/steps of the file, plus the edges. */
export function truncationLengths(length: number, steps = 64): number[] {
  const set = new Set<number>([0, 1, length - 1]);
  for (let i = 0; i < steps; i++) set.add(Math.floor((length * i) / steps));
  return [...set].filter((n) => n >= 0 && n < length).sort((a, b) => a - b);
}

/** 1 to 4 `[offset, value]` byte changes inside `length` bytes: random values, or 0x00/0xFF extremes. */
export function randomByteChanges(length: number, rnd: () => number): [number, number][] {
  const changes: [number, number][] = [];
  const count = 1 + randomInt(rnd, 4);
  for (let c = 0; c < count; c++) {
    const at = randomInt(rnd, length);
    const pick = rnd();
    changes.push([at, pick < 0.15 ? 0 : pick < 0.3 ? 0xff : randomInt(rnd, 256)]);
  }
  return changes;
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
    for (const [at, value] of randomByteChanges(copy.length, rnd)) copy[at] = value;
    yield { index: i, bytes: copy };
  }
}

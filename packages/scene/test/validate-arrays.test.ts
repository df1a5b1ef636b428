import { describe, expect, it } from 'vitest';
import { firstNotIncreasing, firstUnnormalizedWeights, weightSum } from '../src/validate-arrays.js';
import { firstIndexAtLeast, firstNonFinite } from '../src/value-checks.js';

/** validateScene's finite check: no value of the array is NaN or an infinity. */
const allFinite = (values: Float32Array) => firstNonFinite(values) < 0;

let seed = 11;
const random = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;

// The checks' definitions, element by element.
const definedAllFinite = (a: Float32Array) => Array.from(a).every(Number.isFinite);
const definedFirstAtLeast = (a: ArrayLike<number>, limit: number) => Array.from(a).findIndex((x) => x >= limit);
const definedFirstNotIncreasing = (t: Float32Array) => {
  for (let k = 1; k < t.length; k++) if (!(t[k]! > t[k - 1]!)) return k;
  return -1;
};
const definedFirstUnnormalized = (w: ArrayLike<number>, count: number) => {
  for (let v = 0; v < count; v++) {
    const sum = [0, 1, 2, 3].reduce((s, k) => s + (w[v * 4 + k] as number), 0);
    if (Math.abs(sum - 1) > 2e-3) return v;
  }
  return -1;
};

describe('validateScene array checks', () => {
  it('allFinite agrees with Number.isFinite on every length up to 40, any position of a bad value, and the largest floats', () => {
    const special = [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
    const big = 3.4028234663852886e38; // the largest float32: sums of many stay finite in float64
    for (let n = 0; n <= 40; n++) {
      const values = new Float32Array(n).map(() => pick([big, -big, random() * 100 - 50, 0]));
      expect(allFinite(values)).toBe(definedAllFinite(values));
      expect(allFinite(values)).toBe(true);
      for (let at = 0; at < n; at++) {
        for (const bad of special) {
          const copy = values.slice();
          copy[at] = bad;
          expect(allFinite(copy)).toBe(definedAllFinite(copy));
        }
      }
    }
    // +Infinity and -Infinity together (their sum is NaN).
    expect(allFinite(new Float32Array([1, Number.POSITIVE_INFINITY, 2, Number.NEGATIVE_INFINITY, 3]))).toBe(false);
    expect(allFinite(new Float32Array(100_000).fill(big))).toBe(true);
  });

  it('firstIndexAtLeast finds the first index out of range in both index kinds', () => {
    for (let trial = 0; trial < 300; trial++) {
      const n = Math.floor(random() * 30);
      const limit = Math.floor(random() * 70_000);
      const kind = pick([Uint16Array, Uint32Array]);
      const top = kind === Uint16Array ? 0x10000 : 0x20000;
      const indices = new kind(n).map(() => Math.floor(random() * (random() < 0.9 ? limit : top)));
      expect(firstIndexAtLeast(indices, limit)).toBe(definedFirstAtLeast(indices, limit));
    }
    expect(firstIndexAtLeast(new Uint16Array([0, 0xffff]), 0xffff)).toBe(1);
    expect(firstIndexAtLeast(new Uint16Array([0, 0xffff]), 0x10000)).toBe(-1);
    expect(firstIndexAtLeast(new Uint32Array([0, 0x10000]), 0x10000)).toBe(1);
    expect(firstIndexAtLeast(new Uint32Array([5]), Number.NaN)).toBe(-1);
  });

  it('firstNotIncreasing finds the first key time not above the one before', () => {
    for (let trial = 0; trial < 300; trial++) {
      const n = Math.floor(random() * 12);
      let time = random();
      const times = new Float32Array(n).map(() => (time += pick([0.1, 0.1, 0.1, 0, -0.05, Number.NaN])));
      expect(firstNotIncreasing(times)).toBe(definedFirstNotIncreasing(times));
    }
    expect(firstNotIncreasing(new Float32Array([Number.NaN, 1]))).toBe(1);
  });

  it('firstUnnormalizedWeights finds the first vertex whose weights do not sum to 1; one the array lacks is not reported', () => {
    for (let trial = 0; trial < 300; trial++) {
      const count = Math.floor(random() * 8);
      const stored = pick([count, count, count - 1, count + 1]);
      const weights = new Float32Array(Math.max(0, stored) * 4);
      for (let v = 0; v < stored; v++) {
        const a = random();
        weights.set(
          pick([
            [1, 0, 0, 0],
            [a, 1 - a, 0, 0],
            [0.5, 0.25, 0.25, 0.01],
            [0.25, 0.25, 0.25, 0.25],
          ]),
          v * 4,
        );
      }
      expect(firstUnnormalizedWeights(weights, count)).toBe(definedFirstUnnormalized(weights, count));
    }
    const w = new Float32Array([1, 0, 0, 0, 0.5, 0.25, 0, 0]);
    expect(firstUnnormalizedWeights(w, 2)).toBe(1);
    expect(weightSum(w, 1)).toBe(0.75);
    expect(weightSum(w, 2)).toBeNaN();
  });
});

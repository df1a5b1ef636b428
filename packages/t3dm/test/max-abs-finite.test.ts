/*
 * The base scale comes from the largest finite position magnitude, found in WebAssembly (assembly/max-abs.ts,
 * through quantise-module.ts): checked against its definition, the largest |v| over the values Number.isFinite
 * accepts (0 when none), with NaN, infinities, signed zeros and the largest doubles among random values.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { maxAbsFinite } from '../src/from-scene/quantise-module.js';

function defined(values: Float64Array): number {
  let max = 0;
  for (const v of values) if (Number.isFinite(v)) max = Math.max(max, Math.abs(v));
  return max;
}

describe('maxAbsFinite', () => {
  const random = seededRandom(41);
  const specials = [
    Number.NaN,
    Number.POSITIVE_INFINITY,
    Number.NEGATIVE_INFINITY,
    -0,
    0,
    Number.MAX_VALUE,
    -Number.MAX_VALUE,
    Number.MIN_VALUE,
  ];

  it('is the largest finite magnitude of random values with NaN, infinities and extremes mixed in', () => {
    for (let trial = 0; trial < 300; trial++) {
      const length = Math.floor(random() * 40);
      const values = Float64Array.from({ length }, () =>
        random() < 0.2 ? specials[Math.floor(random() * specials.length)]! : (random() - 0.5) * 10 ** (random() * 12),
      );
      expect(maxAbsFinite(values)).toBe(defined(values));
    }
  });

  it('is 0 for no values, only non-finite ones, or only zeros', () => {
    expect(maxAbsFinite(new Float64Array(0))).toBe(0);
    expect(maxAbsFinite(new Float64Array([Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]))).toBe(0);
    expect(maxAbsFinite(new Float64Array([-0, 0, -0]))).toBe(0);
  });

  it('finds a largest magnitude that is negative, first or last, among many values', () => {
    const values = Float64Array.from({ length: 10_000 }, () => random() * 100 - 50);
    values[0] = -1234.5;
    expect(maxAbsFinite(values)).toBe(1234.5);
    values[0] = 0;
    values[9_999] = Number.NEGATIVE_INFINITY;
    values[9_998] = 777;
    expect(maxAbsFinite(values)).toBe(defined(values));
    expect(maxAbsFinite(values)).toBe(777);
  });
});

/*
 * refIndex names what JavaScript's property lookup finds in a list (as glTF-Transform resolved references):
 * checked here for numbers, the references files hold, against the lookup itself.
 */
import { describe, expect, it } from 'vitest';
import { refIndex } from '../src/scene-build/json-refs.js';

describe('refIndex on numbers', () => {
  it('gives the item list[value] finds, or none', () => {
    const values = [
      0,
      -0,
      1,
      2,
      2.0,
      2.5,
      3,
      4,
      7,
      -1,
      -2.5,
      0.1,
      1e21,
      1.5e21,
      2 ** 53,
      2 ** 53 + 2,
      2 ** 31,
      2 ** 32,
    ];
    values.push(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.MAX_VALUE, Number.MIN_VALUE);
    for (const length of [0, 1, 3, 4, 8])
      for (const value of values) {
        const items = Array.from({ length }, (_, i) => i);
        const key = String(value);
        const found = Object.hasOwn(items, key) ? (items as unknown as Record<string, number>)[key] : undefined;
        expect(Object.is(refIndex(length, value), found), `${length} ${key} (${value})`).toBe(true);
      }
  });
});

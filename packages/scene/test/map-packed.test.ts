import { describe, expect, it } from 'vitest';
import { mapPacked } from '../src/index.js';

describe('mapPacked', () => {
  it('gives what Array.prototype.map gives: each value and its index, in order, for numbers, objects and none', () => {
    const f = (v: number, i: number) => ({ v: v * 2, i });
    for (const input of [[], [7], [3, 1, 4, 1, 5, 9, 2, 6]]) {
      expect(mapPacked(input, f)).toEqual(input.map(f));
      expect(mapPacked(input, (v, i) => v + i)).toEqual(input.map((v, i) => v + i));
    }
  });

  it('makes an array with every index present, and leaves its input alone', () => {
    const input = ['a', 'b', 'c'];
    const out = mapPacked(input, (s) => s.toUpperCase());
    expect(Object.keys(out)).toEqual(['0', '1', '2']);
    expect(out).not.toBe(input);
    expect(input).toEqual(['a', 'b', 'c']);
  });
});

/*
 * KeptByBytes: a value is found again only for exactly the same bytes under the same key, the bytes and values
 * it holds stay within its limit (the oldest let go first), and what is over a quarter of it is never kept.
 */
import { describe, expect, it } from 'vitest';
import { KeptByBytes } from '../src/index.js';

const bytesOf = (length: number, fill: number) => new Uint8Array(length).fill(fill);

describe('KeptByBytes', () => {
  it('finds a value for the same bytes under the same key only', () => {
    const kept = new KeptByBytes<string>(1000);
    const a = bytesOf(10, 1);
    kept.set(kept.keyOf('k', a), a.slice(), 'a');
    expect(kept.get(kept.keyOf('k', a), a)).toBe('a');
    expect(kept.get(kept.keyOf('other', a), a)).toBeUndefined();
    const b = bytesOf(10, 2);
    expect(kept.get(kept.keyOf('k', b), b)).toBeUndefined();
    // Filed under a's key but other bytes (as a hash collision would be): not a's value.
    expect(kept.get(kept.keyOf('k', a), b)).toBeUndefined();
  });

  it('lets the oldest go past its limit, counting the values, and keeps nothing over a quarter of it', () => {
    const kept = new KeptByBytes<number>(100);
    const strings = [1, 2, 3, 4].map((n) => bytesOf(10, n));
    for (const [n, s] of strings.entries()) kept.set(kept.keyOf('k', s), s.slice(), n, 20);
    // Four entries of 30 bytes in 100: the first is let go.
    expect(strings.map((s) => kept.get(kept.keyOf('k', s), s))).toEqual([undefined, 1, 2, 3]);
    const big = bytesOf(30, 9);
    expect(kept.keyOf('k', big)).toBeUndefined();
    const small = bytesOf(5, 9);
    kept.set(kept.keyOf('k', small), small.slice(), 9, 30);
    expect(kept.get(kept.keyOf('k', small), small)).toBeUndefined();
    expect(kept.get(kept.keyOf('k', strings[3]!), strings[3]!)).toBe(3);
  });
});

/*
 * KeptByBytes: a value is found again only for exactly the same bytes under the same key, the bytes and values
 * it holds stay within its limit (the oldest let go first), and what is over a quarter of it is never kept. Its
 * filing hash (fileHash) reads every byte of a string of up to 1 KB and sampled runs of a longer one: strings
 * that differ only between the runs share a slot and never get each other's value.
 */
import { describe, expect, it } from 'vitest';
import { fileHash, KeptByBytes } from '../src/index.js';

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

  it('files strings of up to 1 KB by every byte, and longer ones by sampled runs, never mixing their values', () => {
    // FNV-1a steps are one-to-one, so one byte changed anywhere in a short string changes its hash.
    const short = Uint8Array.from({ length: 1024 }, (_, i) => (i * 37) & 0xff);
    const base = fileHash(short);
    for (let i = 0; i < short.length; i++) {
      const changed = short.slice();
      changed[i] ^= 0x5a;
      expect(fileHash(changed), `byte ${i}`).not.toBe(base);
    }
    expect(fileHash(short.subarray(0, 1023))).not.toBe(base);
    // A long string: its first and last bytes are sampled; a byte between two runs is not.
    const long = Uint8Array.from({ length: 100_000 }, (_, i) => (i * 91) & 0xff);
    for (const i of [0, long.length - 1]) {
      const changed = long.slice();
      changed[i] ^= 1;
      expect(fileHash(changed)).not.toBe(fileHash(long));
    }
    const between = long.slice();
    between[400] ^= 1;
    expect(fileHash(between)).toBe(fileHash(long));
    // The two share a slot: each is found only while it is the one kept there.
    const kept = new KeptByBytes<string>(1_000_000);
    kept.set(kept.keyOf('k', long), long.slice(), 'long');
    expect(kept.get(kept.keyOf('k', between), between)).toBeUndefined();
    kept.set(kept.keyOf('k', between), between.slice(), 'between');
    expect(kept.get(kept.keyOf('k', between), between)).toBe('between');
    expect(kept.get(kept.keyOf('k', long), long)).toBeUndefined();
  });
});

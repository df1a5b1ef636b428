/*
 * VertexRecords against a reference filing: a Map keyed by the record's words as text. Records are numbered in
 * the order first met, equal ones (bit for bit: 0 and -0 differ, as do two NaNs of different payloads) find the
 * number given before, and the table keeps them all as it grows far past its first size.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { RECORD_WORDS, VertexRecords } from '../src/from-scene/vertex-records.js';

describe('VertexRecords', () => {
  it('numbers records as a Map of their words does, across growth', () => {
    const random = seededRandom(7);
    const records = new VertexRecords();
    const reference = new Map<string, number>();
    const record = new Int32Array(RECORD_WORDS);
    // 20,000 records drawn from 6,000 distinct ones, so most repeat and the table grows several times.
    const pool = Array.from({ length: 6000 }, () =>
      Int32Array.from({ length: RECORD_WORDS }, () => Math.floor(random() * 2 ** 32) | 0),
    );
    for (let i = 0; i < 20_000; i++) {
      record.set(pool[Math.floor(random() * pool.length)]!);
      const key = record.join(',');
      const expected = reference.get(key) ?? reference.size;
      reference.set(key, expected);
      expect(records.indexOf(record)).toBe(expected);
    }
    expect(records.count).toBe(reference.size);
  });

  it('tells records apart by their bits: 0 from -0, and NaNs of different payloads', () => {
    const records = new VertexRecords();
    const floats = new Float32Array(RECORD_WORDS);
    const words = new Int32Array(floats.buffer);
    const numberOf = (set: (f: Float32Array, w: Int32Array) => void) => {
      floats.fill(0);
      set(floats, words);
      return records.indexOf(words);
    };
    expect(numberOf(() => {})).toBe(0);
    expect(numberOf((f) => f.fill(-0, 3, 4))).toBe(1);
    expect(numberOf((_, w) => w.fill(0x7fc00000, 5, 6))).toBe(2);
    expect(numberOf((_, w) => w.fill(0x7fc00001, 5, 6))).toBe(3);
    expect(numberOf((_, w) => w.fill(0x7fc00000, 5, 6))).toBe(2);
    // The first and the last word alone (a position's x; the weight bytes).
    expect(numberOf((_, w) => w.fill(1, 0, 1))).toBe(4);
    expect(numberOf((_, w) => w.fill(1, RECORD_WORDS - 1))).toBe(5);
    expect(numberOf(() => {})).toBe(0);
  });

  it('tells apart records that differ in one word only, whichever word, when they meet in the slots', () => {
    // Forty records a word apart fill a table of 64 or 128 slots, so their probes pass over each other.
    for (let word = 0; word < RECORD_WORDS; word++) {
      const records = new VertexRecords();
      const record = new Int32Array(RECORD_WORDS).fill(7);
      for (let round = 0; round < 2; round++)
        for (let n = 0; n < 40; n++) {
          record[word] = n;
          expect(records.indexOf(record), `word ${word}, value ${n}`).toBe(n);
        }
    }
  });
});

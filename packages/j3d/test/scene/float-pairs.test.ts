/*
 * float-pairs.ts: a pair view is given only where a float64 copy of two float32 values keeps their bits (the
 * array's bytes start at a multiple of 8, every pair's second value is finite), and a copy through it gives
 * the float32 values' own bits (compared as 32-bit words), -0, subnormals and NaN first values included,
 * in a loop run often enough for V8 to optimise it.
 */
import { describe, expect, it } from 'vitest';
import { pairsOf } from '../../src/scene/float-pairs.js';

/** Float32 bit patterns a pair's first value may hold, and the finite ones a second value may. */
const FIRST = [0, 0x80000000, 1, 0x807fffff, 0x3f800000, 0x7f7fffff, 0x7fc00001, 0xffbfffff, 0x7f800001, 0xff800000];
const SECOND = [0, 0x80000000, 1, 0x807fffff, 0x3f800000, 0xff7fffff, 0x00800000, 0x12345678];

function wordsOf(values: number[]): Float32Array {
  return new Float32Array(Uint32Array.from(values).buffer);
}

describe('pairsOf', () => {
  it('copies pairs bit for bit', () => {
    const words: number[] = [];
    for (const a of FIRST) for (const b of SECOND) words.push(a, b);
    const data = wordsOf(words);
    const pairs = pairsOf(data)!;
    expect(pairs.length).toBe(words.length / 2);
    const out = new Float32Array(data.length);
    const outPairs = new Float64Array(out.buffer);
    for (let round = 0; round < 2000; round++) for (let i = 0; i < pairs.length; i++) outPairs[i] = pairs[i]!;
    expect(Array.from(new Uint32Array(out.buffer))).toEqual(words.map((w) => w >>> 0));
  });

  it('gives none where a second value is not finite', () => {
    for (const bad of [0x7f800000, 0xff800000, 0x7fc00000, 0x7f800001])
      expect(pairsOf(wordsOf([0, 0, 0x3f800000, bad])), bad.toString(16)).toBeUndefined();
    // A first value that is not finite does not matter, nor a last value without a pair.
    expect(pairsOf(wordsOf([0x7fc00000, 0, 0x7f800000]))).toBeDefined();
  });

  it('gives none for bytes that do not start at a multiple of 8', () => {
    expect(pairsOf(new Float32Array(new ArrayBuffer(24), 4, 4))).toBeUndefined();
    expect(pairsOf(new Float32Array(new ArrayBuffer(24), 8, 4))).toBeDefined();
  });

  it('works an array out once', () => {
    const data = new Float32Array(4);
    expect(pairsOf(data)).toBe(pairsOf(data));
  });
});

/* sameBytes: equal lengths and every byte equal, over views at any offset. */
import { describe, expect, it } from 'vitest';
import { sameBytes } from '../src/index.js';

describe('sameBytes', () => {
  it('compares length and every byte', () => {
    const a = new Uint8Array([1, 2, 3, 4]);
    expect(sameBytes(a, a)).toBe(true);
    expect(sameBytes(a, new Uint8Array([1, 2, 3, 4]))).toBe(true);
    expect(sameBytes(a, new Uint8Array([1, 2, 3]))).toBe(false);
    expect(sameBytes(a, new Uint8Array([1, 2, 3, 4, 0]))).toBe(false);
    expect(sameBytes(a, new Uint8Array([1, 2, 3, 5]))).toBe(false);
    expect(sameBytes(a, new Uint8Array([0, 2, 3, 4]))).toBe(false);
    expect(sameBytes(new Uint8Array(0), new Uint8Array(0))).toBe(true);
  });

  it('reads views from their own offset', () => {
    const buffer = new Uint8Array([9, 1, 2, 3, 9, 1, 2, 3]);
    expect(sameBytes(buffer.subarray(1, 4), buffer.subarray(5, 8))).toBe(true);
    expect(sameBytes(buffer.subarray(0, 3), buffer.subarray(1, 4))).toBe(false);
  });
});

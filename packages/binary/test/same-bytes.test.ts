/*
 * sameBytes: equal lengths and every byte equal, over views at any offset; with Node's Buffer (from 256 bytes) and,
 * as in a browser, without it.
 */
import { afterEach, describe, expect, it } from 'vitest';
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

  const buffer = globalThis.Buffer;
  afterEach(() => {
    globalThis.Buffer = buffer;
  });

  for (const withBuffer of [true, false])
    it(`finds any one byte changed in arrays long and short, ${withBuffer ? 'with' : 'without'} Node's Buffer`, () => {
      if (!withBuffer) (globalThis as { Buffer?: unknown }).Buffer = undefined;
      for (const length of [1, 255, 256, 257, 4099]) {
        // Both at odd offsets of larger buffers, so only the views' own bytes are compared.
        const a = Uint8Array.from({ length: length + 3 }, (_, i) => (i * 31) & 0xff).subarray(1, length + 1);
        const copy = new Uint8Array(length + 8);
        copy.set(a, 5);
        const b = copy.subarray(5, length + 5);
        expect(sameBytes(a, b), `${length}`).toBe(true);
        for (const at of new Set([0, length >> 1, length - 1])) {
          b[at] ^= 0x80;
          expect(sameBytes(a, b), `${length} at ${at}`).toBe(false);
          b[at] ^= 0x80;
        }
        expect(sameBytes(a, copy.subarray(4, length + 4))).toBe(false);
      }
    });
});

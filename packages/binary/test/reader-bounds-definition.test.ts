/*
 * The reader's in-bounds fast paths against the plain definition: a read of `size` bytes at `offset` succeeds
 * exactly when 0 ≤ offset and offset + size ≤ length (then it gives DataView's value in the reader's byte order),
 * and otherwise throws a ParseError at that offset. Typed-array copies are compared with DataView element reads,
 * at every alignment, in both byte orders. decodeText's direct path is compared with the platform's TextDecoder.
 */
import { describe, expect, it } from 'vitest';
import { BinaryReader, decodeText, ParseError } from '../src/index.js';

// Fixed pseudo-random bytes (a multiplicative hash of the index), with sign bits and NaN patterns among them.
const bytes = new Uint8Array(37).map((_, i) => (Math.imul(i + 1, 0x9e3779b1) >>> 24) & 0xff);
const view = new DataView(bytes.buffer);

type Read = 'u8At' | 'u16At' | 's16At' | 'u32At' | 's32At' | 'f32At';
const reads: [Read, number, (at: number, le: boolean) => number][] = [
  ['u8At', 1, (at) => view.getUint8(at)],
  ['u16At', 2, (at, le) => view.getUint16(at, le)],
  ['s16At', 2, (at, le) => view.getInt16(at, le)],
  ['u32At', 4, (at, le) => view.getUint32(at, le)],
  ['s32At', 4, (at, le) => view.getInt32(at, le)],
  ['f32At', 4, (at, le) => view.getFloat32(at, le)],
];

function outcome(fn: () => number): number | string {
  try {
    return fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ParseError);
    return `error at ${(e as ParseError).offset}`;
  }
}

describe('BinaryReader bounds against their definition', () => {
  for (const littleEndian of [false, true]) {
    it(`reads at every offset from -5 to past the end (${littleEndian ? 'little' : 'big'}-endian)`, () => {
      const r = new BinaryReader(bytes, { format: 'test', littleEndian, base: 0x40 });
      for (const [name, size, read] of reads) {
        for (let at = -5; at <= bytes.length + 5; at++) {
          const fits = at >= 0 && at + size <= bytes.length;
          expect(outcome(() => r[name](at))).toEqual(fits ? read(at, littleEndian) : `error at ${0x40 + at}`);
        }
      }
    });

    it(`reads cursor values and typed arrays at every start (${littleEndian ? 'little' : 'big'}-endian)`, () => {
      const arrays = [
        ['u16Array', 2, (at: number) => view.getUint16(at, littleEndian)],
        ['s16Array', 2, (at: number) => view.getInt16(at, littleEndian)],
        ['u32Array', 4, (at: number) => view.getUint32(at, littleEndian)],
        ['s32Array', 4, (at: number) => view.getInt32(at, littleEndian)],
        ['f32Array', 4, (at: number) => view.getFloat32(at, littleEndian)],
      ] as const;
      for (let start = 0; start <= bytes.length; start++) {
        for (const [name, size, read] of arrays) {
          for (const count of [0, 1, 3, Math.floor((bytes.length - start) / size) + 1]) {
            const r = new BinaryReader(bytes, { format: 'test', littleEndian }).seek(start);
            const fits = start + count * size <= bytes.length;
            const got = outcome(() => {
              const a = r[name](count);
              expect(Array.from(a)).toEqual(Array.from({ length: count }, (_, i) => read(start + i * size)));
              return r.offset;
            });
            expect(got).toEqual(fits ? start + count * size : `error at ${start}`);
          }
        }
        const r = new BinaryReader(bytes, { format: 'test', littleEndian }).seek(start);
        const fits = start + 4 <= bytes.length;
        expect(outcome(() => r.u32())).toEqual(fits ? view.getUint32(start, littleEndian) : `error at ${start}`);
        expect(r.offset).toBe(fits ? start + 4 : start);
      }
    });
  }

  it('refuses byte views of a negative or fractional length, as before the fast path', () => {
    const r = new BinaryReader(bytes, { format: 'test' });
    expect(() => r.bytesView(-1)).toThrow(ParseError);
    expect(() => r.bytesView(1.5)).toThrow(ParseError);
    expect(r.offset).toBe(0);
  });
});

describe('decodeText against the TextDecoder', () => {
  it('gives what the platform decoder gives for every byte in short and long latin1 and ascii text', () => {
    // Both read as windows-1252, the platform's 'latin1'; 0x80..0x9F are the bytes it maps elsewhere.
    const decoder = new TextDecoder('latin1');
    for (const encoding of ['latin1', 'ascii'] as const) {
      for (let b = 0; b < 256; b++) {
        for (const text of [[b], [0x53, 0x56, 0x52, 0x33, b, 0xff, 0xff], Array(70).fill(b)]) {
          const bytes = Uint8Array.from(text);
          expect(decodeText(bytes, encoding)).toBe(decoder.decode(bytes));
        }
      }
    }
  });
});

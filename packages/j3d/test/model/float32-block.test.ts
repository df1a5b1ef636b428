/*
 * float32BlockOf makes a big-endian chunk's f32 values from its bytes, and goes through the reader's f32At for any
 * other byte order or a range past the chunk's end: the same values as f32At in every case, and f32At's error.
 */
import { BinaryReader, BinaryWriter, ParseError } from '@retromodel/binary';
import { describe, expect, it } from 'vitest';
import { float32BlockOf } from '../../src/chunks/small-blocks.js';

const values = [1.5, -0, 1e-45, -3.4028235e38, 0.1, Number.NaN, Number.POSITIVE_INFINITY, 7];

function chunk(littleEndian: boolean): BinaryReader {
  const w = new BinaryWriter({ littleEndian });
  w.u8(0xaa);
  for (const v of values) w.f32(v);
  return new BinaryReader(w.finish(), { format: 'j3d', section: 'EVP1', littleEndian, base: 0x100 });
}

describe('float32BlockOf', () => {
  for (const littleEndian of [false, true])
    it(`reads what f32At reads (${littleEndian ? 'little' : 'big'}-endian, unaligned)`, () => {
      const r = chunk(littleEndian);
      const out = float32BlockOf(r, 1, values.length);
      const expected = new Float32Array(values.length);
      for (let i = 0; i < values.length; i++) expected[i] = r.f32At(1 + i * 4);
      expect(new Uint32Array(out.slice().buffer)).toEqual(new Uint32Array(expected.buffer));
    });

  it('throws f32At’s error for a range past the end', () => {
    const r = chunk(false);
    const read = () => float32BlockOf(r, 5, values.length);
    expect(read).toThrow(ParseError);
    let expected: unknown;
    try {
      r.f32At(5 + (values.length - 1) * 4);
    } catch (e) {
      expected = e;
    }
    expect(read).toThrow((expected as Error).message);
  });
});

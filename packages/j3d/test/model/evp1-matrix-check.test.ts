/*
 * EVP1's inverse bind matrices are copied as bits, 4-byte aligned or not; a matrix that an envelope uses must hold
 * finite numbers (a ParseError at the first bad value, as before the copy learned whether all are finite), and a
 * bad value in a matrix no envelope uses is kept as stored.
 */
import { BinaryReader, BinaryWriter, ParseError } from '@retromodel/binary';
import { describe, expect, it } from 'vitest';
import { readEvp1 } from '../../src/chunks/read-evp1.js';

/**
 * An EVP1 chunk with one envelope over joints 0 and 1 (half each) and three matrices (joint 2's unused), `lead` bytes before it in
 * the file bytes (the chunk reader views it there), the value at matrix `bad.matrix` index `bad.index` replaced.
 */
function evp1(lead: number, bad?: { matrix: number; index: number; value: number }): BinaryReader {
  const w = new BinaryWriter({});
  for (let i = 0; i < lead; i++) w.u8(0);
  const start = w.offset;
  w.string('EVP1', { terminate: false }).u32(0xc0);
  w.u16(1).u16(0xffff);
  w.u32(0x1c).u32(0x1d).u32(0x24).u32(0x2c);
  w.u8(2);
  w.u16(0).u16(1);
  w.u8(0).u8(0).u8(0);
  w.f32(0.5).f32(0.5);
  for (let m = 0; m < 3; m++)
    for (let k = 0; k < 12; k++) w.f32(bad && bad.matrix === m && bad.index === k ? bad.value : m * 100 + k + 0.25);
  while (w.offset - start < 0xc0) w.u8(0);
  const bytes = w.finish();
  return new BinaryReader(bytes.subarray(start, start + 0xc0), { format: 'j3d', section: 'EVP1', base: start });
}

describe('EVP1 inverse bind matrices', () => {
  for (const lead of [0, 1, 2, 4])
    it(`are read as stored (chunk ${lead} bytes into the file)`, () => {
      const e = readEvp1(evp1(lead));
      expect(e.inverseBindCount).toBe(3);
      expect(Array.from(e.inverseBinds)).toEqual(
        Array.from({ length: 36 }, (_, i) => Math.floor(i / 12) * 100 + (i % 12) + 0.25),
      );
      expect(e.envelopes).toEqual([{ joints: [0, 1], weights: [0.5, 0.5] }]);
    });

  for (const lead of [0, 1])
    for (const value of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY])
      it(`refuse ${value} in a matrix an envelope uses (chunk ${lead} bytes in)`, () => {
        const read = () => readEvp1(evp1(lead, { matrix: 1, index: 5, value }));
        expect(read).toThrow(ParseError);
        expect(read).toThrow(
          `j3d EVP1 @0x${(lead + 0x2c + 0x30 + 5 * 4).toString(16)}: inverse bind matrix of joint 1 holds ${value}`,
        );
      });

  for (const lead of [0, 1])
    it(`keep a bad value in a matrix no envelope uses as stored (chunk ${lead} bytes in)`, () => {
      const e = readEvp1(evp1(lead, { matrix: 2, index: 3, value: Number.NEGATIVE_INFINITY }));
      expect(e.inverseBinds[2 * 12 + 3]).toBe(Number.NEGATIVE_INFINITY);
      expect(e.inverseBinds[2 * 12 + 4]).toBe(204.25);
    });

  it('report the first bad value of the first envelope joint whose matrix has one', () => {
    expect(() => readEvp1(evp1(0, { matrix: 0, index: 0, value: Number.NaN }))).toThrow(
      'j3d EVP1 @0x2c: inverse bind matrix of joint 0 holds NaN',
    );
  });
});

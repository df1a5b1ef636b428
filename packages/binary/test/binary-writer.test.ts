import { describe, expect, it } from 'vitest';
import { BinaryReader, BinaryWriter } from '../src/index.js';

describe('BinaryWriter', () => {
  it('writes what BinaryReader reads back, in both byte orders', () => {
    for (const littleEndian of [false, true]) {
      const w = new BinaryWriter({ littleEndian, initialSize: 4 });
      w.u8(0xfe)
        .s8(-3)
        .u16(0xbeef)
        .s16(-2)
        .u24(0x123456)
        .u32(0xdeadbeef)
        .s32(-5)
        .u64(0x0102030405060708n)
        .f32(1.25)
        .f64(-0.5);
      const r = new BinaryReader(w.finish(), { format: 't', littleEndian });
      expect([r.u8(), r.s8(), r.u16(), r.s16(), r.u24(), r.u32(), r.s32(), r.u64(), r.f32(), r.f64()]).toEqual([
        0xfe,
        -3,
        0xbeef,
        -2,
        0x123456,
        0xdeadbeef,
        -5,
        0x0102030405060708n,
        1.25,
        -0.5,
      ]);
      expect(r.remaining).toBe(0);
    }
  });

  it('grows itself past its initial size', () => {
    const w = new BinaryWriter({ initialSize: 16 });
    for (let i = 0; i < 1000; i++) w.u32(i);
    const out = w.finish();
    expect(out.length).toBe(4000);
    expect(new DataView(out.buffer).getUint32(3996)).toBe(999);
  });

  it('back-patches offsets and sizes', () => {
    const w = new BinaryWriter();
    const sizeAt = w.reserveU32();
    w.string('abc');
    w.patchU32(sizeAt, w.length);
    w.patchU16(4, 0x4142);
    w.patchU8(6, 0x43);
    expect(Array.from(w.finish())).toEqual([0, 0, 0, 8, 0x41, 0x42, 0x43, 0]);
    expect(() => w.patchU32(6, 1)).toThrow(RangeError);
  });

  it('seeks back and forward, filling gaps with zeros', () => {
    const w = new BinaryWriter();
    w.seek(4).u8(1).seek(0).u8(2);
    expect(Array.from(w.finish())).toEqual([2, 0, 0, 0, 1]);
  });

  it('aligns with zeros or a padding pattern', () => {
    const w = new BinaryWriter();
    w.u8(1).align(4).u8(2).align(8, [0x50, 0x41]);
    expect(Array.from(w.finish())).toEqual([1, 0, 0, 0, 2, 0x50, 0x41, 0x50]);
  });

  it('writes fixed-length and terminated strings', () => {
    const w = new BinaryWriter();
    w.string('abcdef', { length: 4 }).string('x', { length: 3 }).string('yz').string('q', { terminate: false });
    expect(new TextDecoder().decode(w.finish())).toBe('abcdx\0\0yz\0q');
  });

  it('writes byte arrays and fills', () => {
    const w = new BinaryWriter();
    w.bytes([1, 2]).fill(2, 9);
    expect(Array.from(w.finish())).toEqual([1, 2, 9, 9]);
  });
});

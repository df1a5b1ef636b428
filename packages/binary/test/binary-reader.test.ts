import { describe, expect, it } from 'vitest';
import { BinaryReader, decodeText, ParseError } from '../src/index.js';

const bytes = new Uint8Array([0x12, 0x34, 0x56, 0x78, 0x9a, 0xbc, 0xde, 0xf0, 0x3f, 0x80, 0x00, 0x00]);
const be = () => new BinaryReader(bytes, { format: 'test', section: 'HEAD', base: 0x100 });
const le = () => new BinaryReader(bytes, { format: 'test', littleEndian: true });

function expectParseError(fn: () => unknown, offset: number, section = 'HEAD'): ParseError {
  let caught: unknown;
  try {
    fn();
  } catch (e) {
    caught = e;
  }
  expect(caught).toBeInstanceOf(ParseError);
  const err = caught as ParseError;
  expect(err.format).toBe('test');
  expect(err.section).toBe(section);
  expect(err.offset).toBe(offset);
  expect(err.message).toMatch(new RegExp(`^test ${section} @0x${offset.toString(16)}: `));
  return err;
}

// Each scalar reader: [name, size, big-endian value at 0, little-endian value at 0]
const scalars: [keyof BinaryReader & string, number, number | bigint, number | bigint][] = [
  ['u8', 1, 0x12, 0x12],
  ['s8', 1, 0x12, 0x12],
  ['u16', 2, 0x1234, 0x3412],
  ['s16', 2, 0x1234, 0x3412],
  ['u24', 3, 0x123456, 0x563412],
  ['u32', 4, 0x12345678, 0x78563412],
  ['s32', 4, 0x12345678, 0x78563412],
  ['u64', 8, 0x123456789abcdef0n, 0xf0debc9a78563412n],
];

describe('BinaryReader scalars', () => {
  for (const [name, size, big, little] of scalars) {
    it(`${name} reads both byte orders and stops at the last valid byte`, () => {
      expect((be()[name] as () => unknown)()).toBe(big);
      expect((le()[name] as () => unknown)()).toBe(little);
      // last valid position: exactly `size` bytes left
      const r = be();
      r.seek(bytes.length - size);
      expect(() => (r[name] as () => unknown).call(r)).not.toThrow();
      expect(r.remaining).toBe(0);
      // one past: size-1 bytes left
      const r2 = be();
      r2.seek(bytes.length - size + 1);
      const err = expectParseError(() => (r2[name] as () => unknown).call(r2), 0x100 + bytes.length - size + 1);
      expect(err.detail).toContain(`needs 0x${size.toString(16)} bytes, 0x${(size - 1).toString(16)} left`);
    });
  }

  it('reads signed values and floats', () => {
    const r = new BinaryReader(new Uint8Array([0xff, 0xfe, 0xff, 0xff, 0xff, 0xfd, 0x3f, 0x80, 0, 0]), {
      format: 'test',
    });
    expect(r.s8()).toBe(-1);
    expect(r.s8()).toBe(-2);
    expect(r.s32()).toBe(-3);
    expect(r.f32()).toBe(1);
  });

  it('f32 and f64 read IEEE values at their bounds', () => {
    const buf = new Uint8Array(12);
    const dv = new DataView(buf.buffer);
    dv.setFloat32(0, 1.5);
    dv.setFloat64(4, -2.25);
    const r = new BinaryReader(buf, { format: 'test' });
    expect(r.f32()).toBe(1.5);
    expect(r.f64()).toBe(-2.25);
    expect(() => r.f32()).toThrow(ParseError);
    expect(() => r.f64()).toThrow(ParseError);
  });

  it('random-access readers check bounds without moving the cursor', () => {
    const r = be();
    expect(r.u8At(11)).toBe(0);
    expect(r.u16At(10)).toBe(0);
    expect(r.s16At(0)).toBe(0x1234);
    expect(r.u32At(8)).toBe(0x3f800000);
    expect(r.s32At(8)).toBe(0x3f800000);
    expect(r.f32At(8)).toBe(1);
    expect(r.offset).toBe(0);
    expectParseError(() => r.u8At(12), 0x10c);
    expectParseError(() => r.u16At(11), 0x10b);
    expectParseError(() => r.u32At(9), 0x109);
    expectParseError(() => r.u32At(-1), 0xff);
  });
});

describe('BinaryReader cursor', () => {
  it('seek accepts the end and rejects one past', () => {
    const r = be();
    r.seek(12);
    expect(r.remaining).toBe(0);
    expectParseError(() => r.seek(13), 0x10c);
    expectParseError(() => r.seek(-1), 0x10c);
  });

  it('skip and align', () => {
    const r = be();
    r.skip(1).align(4);
    expect(r.offset).toBe(4);
    r.align(4);
    expect(r.offset).toBe(4);
    r.skip(8);
    expectParseError(() => r.skip(1), 0x10c);
    const r2 = be().seek(9);
    expectParseError(() => r2.align(16), 0x109);
  });

  it('absolute offsets include the base', () => {
    const r = be().skip(3);
    expect(r.absolute).toBe(0x103);
  });

  it('sub-readers keep absolute offsets and their own section name', () => {
    const r = be();
    const sub = r.sub(4, 4, 'BODY');
    expect(sub.base).toBe(0x104);
    expect(sub.u32()).toBe(0x9abcdef0);
    expectParseError(() => sub.u8(), 0x108, 'BODY');
    expectParseError(() => r.sub(8, 5, 'TAIL'), 0x108);
    expect(r.sub(8, 4).length).toBe(4);
    expect(r.withSection('X').section).toBe('X');
  });

  it('checkCount refuses counts that cannot fit before anything is allocated', () => {
    const r = be();
    expect(r.checkCount(3, 4, 'items')).toBe(3);
    const err = expectParseError(() => r.checkCount(4, 4, 'items'), 0x100);
    expect(err.detail).toContain('items');
    expectParseError(() => r.checkCount(0xffffffff, 4, 'items'), 0x100);
    expectParseError(() => r.checkCount(-1, 1, 'items'), 0x100);
    expectParseError(() => r.ensure(1.5), 0x100);
  });
});

describe('decodeText', () => {
  it("gives TextDecoder's text for every encoding, on short and long, ASCII and non-ASCII bytes", () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31);
    const encodings = [
      ['ascii', 'latin1'],
      ['latin1', 'latin1'],
      ['utf-8', 'utf-8'],
      ['shift_jis', 'shift_jis'],
    ] as const;
    for (let n = 0; n < 400; n++) {
      const length = next() % 100;
      const top = n % 2 === 0 ? 0x80 : 0x100;
      const bytes = Uint8Array.from({ length }, () => next() % top);
      for (const [ours, decoder] of encodings)
        expect(decodeText(bytes, ours), `${ours} ${bytes.join(',')}`).toBe(new TextDecoder(decoder).decode(bytes));
    }
  });
});

describe('BinaryReader strings', () => {
  const text = new Uint8Array([0x41, 0x42, 0, 0x43, 0x44, 0x45]);
  it('fixed-length strings cut at NUL and check bounds', () => {
    const r = new BinaryReader(text, { format: 'test', section: 'HEAD' });
    expect(r.fixedString(4)).toBe('AB');
    expect(r.offset).toBe(4);
    expect(r.fixedString(2)).toBe('DE');
    expectParseError(() => r.fixedString(1), 6);
  });

  it('NUL-terminated strings, with and without a terminator', () => {
    const r = new BinaryReader(text, { format: 'test', section: 'HEAD' });
    expect(r.cString()).toBe('AB');
    expect(r.offset).toBe(3);
    expectParseError(() => r.cString(), 3);
    expect(r.cStringAt(0)).toBe('AB');
    expect(r.offset).toBe(3);
    expectParseError(() => r.cString('ascii', 1), 3);
  });

  it('decodes Shift-JIS', () => {
    // "テスト" in Shift-JIS
    const sjis = new Uint8Array([0x83, 0x65, 0x83, 0x58, 0x83, 0x67, 0]);
    const r = new BinaryReader(sjis, { format: 'test' });
    expect(r.cString('shift_jis')).toBe('テスト');
  });
});

describe('BinaryReader typed arrays', () => {
  it('returns views without copying when aligned and in platform order', () => {
    const buf = new Uint8Array(16);
    new Float32Array(buf.buffer).set([1, 2, 3, 4]);
    const r = new BinaryReader(buf, { format: 'test', littleEndian: true });
    const f = r.f32Array(4);
    expect(Array.from(f)).toEqual([1, 2, 3, 4]);
    expect(f.buffer).toBe(buf.buffer);
    expect(() => r.f32Array(1)).toThrow(ParseError);
  });

  it('copies and swaps big-endian or unaligned data', () => {
    const r = be();
    const a = r.u16Array(2);
    expect(Array.from(a)).toEqual([0x1234, 0x5678]);
    expect(a.buffer).not.toBe(bytes.buffer);
    const r2 = le().skip(1);
    expect(Array.from(r2.u16Array(1))).toEqual([0x5634]);
  });

  it('reads every element type at its bounds', () => {
    const cases: [keyof BinaryReader & string, number][] = [
      ['u8Array', 1],
      ['s8Array', 1],
      ['u16Array', 2],
      ['s16Array', 2],
      ['u32Array', 4],
      ['s32Array', 4],
      ['f32Array', 4],
    ];
    for (const [name, size] of cases) {
      const r = be();
      const fn = r[name] as (n: number) => ArrayLike<number>;
      expect(fn.call(r, 12 / size).length).toBe(12 / size);
      const r2 = be().skip(1);
      expect(() => (r2[name] as (n: number) => unknown).call(r2, 12 / size)).toThrow(ParseError);
    }
    expect(be().s16Array(1)[0]).toBe(0x1234);
    expect(be().skip(4).s8Array(1)[0]).toBe(-102);
    expect(be().skip(4).s32Array(1)[0]).toBe(0x9abcdef0 | 0);
    expect(be().skip(4).u32Array(1)[0]).toBe(0x9abcdef0);
  });

  it('bytesView is a view into the file', () => {
    const r = be();
    const v = r.bytesView(4);
    expect(v.buffer).toBe(bytes.buffer);
    expect(v[3]).toBe(0x78);
    expect(() => r.bytesView(9)).toThrow(ParseError);
  });
});

/*
 * Yaz0 and Yay0 codecs: hand-made streams, round trips of random and edge-case data, the references the encoder
 * emits (walked here independently of the decoder), and hostile streams that must end in ParseError.
 */
import { ParseError } from '@retromodel/binary';
import { haveFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { decodeYay0, decodeYaz0, encodeYay0, encodeYaz0 } from '../src/index.js';

const header = (magic: string, size: number, words: number[] = [0, 0]) => {
  const h = new Uint8Array(16);
  const v = new DataView(h.buffer);
  for (let i = 0; i < 4; i++) h[i] = magic.charCodeAt(i);
  v.setUint32(4, size);
  v.setUint32(8, words[0]!);
  v.setUint32(12, words[1]!);
  return [...h];
};

/** Walks a Yaz0 stream without decoding: the longest reference and the farthest distance it uses. */
function scanYaz0(bytes: Uint8Array): { maxLength: number; maxDistance: number; refs: number } {
  const size = new DataView(bytes.buffer, bytes.byteOffset).getUint32(4);
  let src = 16;
  let out = 0;
  let maxLength = 0;
  let maxDistance = 0;
  let refs = 0;
  while (out < size) {
    const flags = bytes[src++]!;
    for (let bit = 7; bit >= 0 && out < size; bit--) {
      if ((flags >> bit) & 1) {
        src++;
        out++;
        continue;
      }
      const b0 = bytes[src]!;
      const distance = (((b0 & 15) << 8) | bytes[src + 1]!) + 1;
      const length = b0 >> 4 ? (b0 >> 4) + 2 : bytes[src + 2]! + 0x12;
      src += b0 >> 4 ? 2 : 3;
      out += length;
      refs++;
      maxLength = Math.max(maxLength, length);
      maxDistance = Math.max(maxDistance, distance);
    }
  }
  return { maxLength, maxDistance, refs };
}

function random(length: number, seed: number, alphabet = 256): Uint8Array {
  const rnd = seededRandom(seed);
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = Math.floor(rnd() * alphabet);
  return out;
}

const block = random(0x1000, 7);
const cases: [string, Uint8Array][] = [
  ['empty', new Uint8Array(0)],
  ['one byte', new Uint8Array([0x42])],
  ['two bytes', new Uint8Array([1, 2])],
  ['all the same byte', new Uint8Array(5000).fill(0xaa)],
  ['runs of varying lengths', Uint8Array.from({ length: 3000 }, (_, i) => Math.floor(Math.sqrt(i)) & 0xff)],
  ['random bytes', random(20000, 1)],
  ['random text over 4 letters', random(20000, 2, 4)],
  ['a 4 KiB block repeated (distance 0x1000)', Uint8Array.from([...block, ...block])],
  ['a repeat at distance 0x1001 (out of reach)', Uint8Array.from([...block, 9, ...block])],
  ['exactly 0x111 + 1 equal bytes', new Uint8Array(0x112).fill(3)],
  [
    '17 and 18 byte matches',
    Uint8Array.from([...random(40, 3), ...random(40, 3).subarray(0, 17), 1, 2, ...random(40, 3).subarray(0, 18)]),
  ],
];

describe('Yaz0 and Yay0 round trips', () => {
  for (const [name, data] of cases) {
    it(`${name}: decode(encode(x)) = x for both codecs`, () => {
      const yaz0 = encodeYaz0(data);
      expect(yaz0.length % 0x20).toBe(0);
      expect(decodeYaz0(yaz0)).toEqual(data);
      const yay0 = encodeYay0(data);
      expect(yay0.length % 0x20).toBe(0);
      expect(decodeYay0(yay0)).toEqual(data);
      expect(decodeYaz0(encodeYaz0(data, { alignment: 1, maxChain: 1 }))).toEqual(data);
    });
  }

  it('uses maximal-length references on a run and distance 0x1000 on a repeated 4 KiB block', () => {
    const run = scanYaz0(encodeYaz0(new Uint8Array(5000).fill(0xaa), { alignment: 1 }));
    expect(run.maxLength).toBe(0x111);
    expect(run.maxDistance).toBe(1);
    const repeat = scanYaz0(encodeYaz0(cases[7]![1], { alignment: 1 }));
    expect(repeat.maxDistance).toBe(0x1000);
    expect(repeat.maxLength).toBe(0x111);
    const far = scanYaz0(encodeYaz0(cases[8]![1], { alignment: 1 }));
    expect(far.maxDistance).toBeLessThanOrEqual(0x1000);
  });

  it('writes no trailing flag byte when the stream ends on a group boundary', () => {
    // 8 distinct literals: one flag byte and 8 literals, nothing after.
    expect(encodeYaz0(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]), { alignment: 1 }).length).toBe(16 + 9);
  });
});

describe('hand-made streams', () => {
  it.skipIf(!haveFixtures)('decodes the MeltyTool text files (Yaz0 and Yay0) to the known text', () => {
    const text = 'The quick brown fox jumps over the lazy dog.';
    expect(new TextDecoder().decode(decodeYaz0(readFixture('archives', 'community_meltytool_text_file.yaz0')))).toBe(
      text,
    );
    expect(new TextDecoder().decode(decodeYay0(readFixture('archives', 'community_meltytool_text_file.yay0')))).toBe(
      text,
    );
  });

  it('decodes overlapping references and long-form lengths', () => {
    // "ab", then length 6 at distance 2 -> "abababab"; then the 3-byte form: length 0x12 at distance 1.
    const stream = [0b1100_0000, 0x61, 0x62, 0x40, 0x01, 0x00, 0x00, 0x00];
    const out = decodeYaz0(new Uint8Array([...header('Yaz0', 8 + 0x12), ...stream]));
    expect(new TextDecoder().decode(out)).toBe(`abababab${'b'.repeat(0x12)}`);
    // Yay0: masks 0b11000..., link (6-2)<<12 | 1, chunks "ab".
    const yay0 = [...header('Yay0', 8, [0x14, 0x16]), 0xc0, 0, 0, 0, 0x40, 0x01, 0x61, 0x62];
    expect(new TextDecoder().decode(decodeYay0(new Uint8Array(yay0)))).toBe('abababab');
  });

  it('stops at the declared size in the middle of a reference', () => {
    const out = decodeYaz0(new Uint8Array([...header('Yaz0', 5), 0b1000_0000, 0x61, 0xf0, 0x00]));
    expect(new TextDecoder().decode(out)).toBe('aaaaa');
  });
});

describe('hostile streams give ParseError', () => {
  const bad: [string, () => unknown][] = [
    ['Yaz0 shorter than its header', () => decodeYaz0(new Uint8Array(8))],
    ['Yaz0 wrong magic', () => decodeYaz0(new Uint8Array(header('Yaz1', 0)))],
    ['Yaz0 reference before the output start', () => decodeYaz0(new Uint8Array([...header('Yaz0', 3), 0, 0x10, 0]))],
    ['Yaz0 stream ends early', () => decodeYaz0(new Uint8Array([...header('Yaz0', 3), 0xe0, 0x61]))],
    ['Yaz0 stream ends inside a reference', () => decodeYaz0(new Uint8Array([...header('Yaz0', 9), 0x80, 0x61, 0x00]))],
    [
      'Yaz0 size beyond what the stream can give',
      () => decodeYaz0(new Uint8Array([...header('Yaz0', 0x58), 0, 0, 0, 0])),
    ],
    ['Yaz0 4 GiB declared', () => decodeYaz0(new Uint8Array([...header('Yaz0', 0xffffffff), 0xff]))],
    [
      'Yay0 link table outside the file',
      () => decodeYay0(new Uint8Array([...header('Yay0', 1, [0x1000, 0x14]), 0x80, 0, 0, 0])),
    ],
    [
      'Yay0 chunk stream before the header end',
      () => decodeYay0(new Uint8Array([...header('Yay0', 1, [0x14, 4]), 0x80, 0, 0, 0])),
    ],
    [
      'Yay0 reference before the output start',
      () => decodeYay0(new Uint8Array([...header('Yay0', 3, [0x14, 0x16]), 0, 0, 0, 0, 0x10, 0])),
    ],
    [
      'Yay0 chunk stream runs out',
      () =>
        decodeYay0(
          new Uint8Array([
            ...header('Yay0', 40, [0x14, 0x14]),
            0xff,
            0xff,
            0xff,
            0xff,
            ...new Uint8Array(32).fill(0xff),
          ]),
        ),
    ],
    ['Yay0 4 GiB declared', () => decodeYay0(new Uint8Array([...header('Yay0', 0xffffffff, [0x10, 0x10])]))],
  ];
  for (const [name, run] of bad) {
    it(name, () => {
      expect(run).toThrow(ParseError);
    });
  }

  it('the size bound is exact for a stream of nothing but 3-byte references', () => {
    // "a", then 7 references of 273 bytes at distance 1; then full groups of 8: the bound allows exactly this.
    const groups = [
      [0x80, 0x61, ...Array(7).fill([0, 0, 0xff]).flat()],
      ...Array(3).fill([0, ...Array(8).fill([0, 0, 0xff]).flat()]),
    ];
    const stream = groups.flat();
    const size = 1 + 7 * 273 + 3 * 8 * 273;
    expect(decodeYaz0(new Uint8Array([...header('Yaz0', size), ...stream])).length).toBe(size);
    expect(() => decodeYaz0(new Uint8Array([...header('Yaz0', size + 1), ...stream]))).toThrow(/exceeds/);
  });
});

import { ParseError } from '@retromodel/binary';
import { describe, expect, it } from 'vitest';
import { haveFixtures, readFixture } from '../../../test/helpers/fixtures.js';
import { decodeYaz0 } from '../src/index.js';

describe('decodeYaz0', () => {
  it.skipIf(!haveFixtures)('decodes the MeltyTool text file to its known plain text', () => {
    const out = decodeYaz0(readFixture('archives', 'community_meltytool_text_file.yaz0'));
    expect(new TextDecoder().decode(out)).toMatch(/^The quick/);
    expect(out.length).toBe(44);
  });

  it('decodes a hand-made stream with literals and an overlapping run', () => {
    // "ab" then a reference of length 6 at distance 2 -> "abababab"
    const stream = [0b1100_0000, 0x61, 0x62, 0x40, 0x01];
    const bytes = new Uint8Array([0x59, 0x61, 0x7a, 0x30, 0, 0, 0, 8, 0, 0, 0, 0, 0, 0, 0, 0, ...stream]);
    expect(new TextDecoder().decode(decodeYaz0(bytes))).toBe('abababab');
  });

  it('rejects a reference before the output start, a truncated stream and a size the stream cannot reach', () => {
    const header = (size: number) => [0x59, 0x61, 0x7a, 0x30, 0, 0, size >> 8, size & 0xff, 0, 0, 0, 0, 0, 0, 0, 0];
    expect(() => decodeYaz0(new Uint8Array([...header(3), 0x00, 0x10, 0x00]))).toThrow(ParseError);
    expect(() => decodeYaz0(new Uint8Array([...header(3), 0xe0, 0x61]))).toThrow(ParseError);
    expect(() => decodeYaz0(new Uint8Array([...header(0xffff), 0x00]))).toThrow(/exceeds/);
    expect(() => decodeYaz0(new Uint8Array(8))).toThrow(ParseError);
  });
});

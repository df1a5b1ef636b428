/*
 * readJ3d warns about a TEX1 texture header the game would misread (spec j3d.md §11.2): a colour-indexed
 * texture (C4 8, C8 9, C14X2 10) whose palette flag (0x08) is off, and a mip count (0x18) of 0. The headers of a
 * shared model with colour-indexed textures are patched byte by byte here, and each warning must name the
 * texture; the model as stored has neither.
 */
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/index.js';

/** Where the TEX1 chunk's header array starts in the file, and its texture count (header 0x08, 0x0C). */
function tex1Headers(bytes: Uint8Array): { at: number; count: number } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0x20; at + 8 <= bytes.length; at += view.getUint32(at + 4)) {
    if (String.fromCharCode(...bytes.subarray(at, at + 4)) === 'TEX1')
      return { at: at + view.getUint32(at + 0x0c), count: view.getUint16(at + 0x08) };
  }
  throw new Error('no TEX1 chunk');
}

describe.skipIf(!haveFixtures)('TEX1 header warnings', () => {
  const name = 'nintendo_tww_shms_skinned_C4_C8.bdl';

  it('the model as stored has none', () => {
    const codes = readJ3d(readFixture('j3d', name)).diagnostics.map((d) => d.code);
    expect(codes).not.toContain('j3d/mip-count-zero');
    expect(codes).not.toContain('j3d/palette-flag-off');
  });

  it('a mip count of 0 is reported for the texture that has it', () => {
    const bytes = readFixture('j3d', name).slice();
    const { at, count } = tex1Headers(bytes);
    expect(count).toBeGreaterThan(1);
    bytes[at + 0x20 + 0x18] = 0;
    const file = readJ3d(bytes);
    const texture = file.TEX1.textures[1]!.name;
    expect(file.diagnostics.filter((d) => d.code === 'j3d/mip-count-zero')).toEqual([
      {
        code: 'j3d/mip-count-zero',
        message: `TEX1 texture "${texture}": mip count is 0; read as 1 level`,
        severity: 'warning',
      },
    ]);
  });

  it('a colour-indexed texture with its palette flag off is reported, another format is not', () => {
    const bytes = readFixture('j3d', name).slice();
    const { at, count } = tex1Headers(bytes);
    const indexed: number[] = [];
    for (let i = 0; i < count; i++) {
      const format = bytes[at + i * 0x20]!;
      if (format >= 8 && format <= 10) indexed.push(i);
      bytes[at + i * 0x20 + 0x08] = 0;
    }
    expect(indexed.length).toBeGreaterThan(0);
    const file = readJ3d(bytes);
    expect(file.diagnostics.filter((d) => d.code === 'j3d/palette-flag-off').map((d) => d.message)).toEqual(
      indexed.map((i) => expect.stringContaining(`TEX1 texture "${file.TEX1.textures[i]!.name}": `)),
    );
  });
});

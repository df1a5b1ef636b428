/*
 * BPK (PAK1): no real file is at hand, so a file is built by hand from the JSystem layout (J3DAnmColorKeyData:
 * duration at 0x0C, one colour-table set, 0x18-byte entries) and every field read back; bounds as for BRK.
 */
import { ParseError } from '@retromodel/binary';
import { describe, expect, it } from 'vitest';
import { readBpk } from '../../src/anim/read-bpk.js';
import { type BpkEntryTracks, buildBpk } from './build-anim.js';

const constant = (value: number) => ({ tangentMode: 0, keys: [{ time: 0, value, tangentIn: 0, tangentOut: 0 }] });

describe('BPK layout', () => {
  // R: [255], G: keys (0, 0, 5) (10, 200, −5) in mode 0, B: keys (0, 10, 1, 2) (20, 30, 3, 4) in mode 1, A: [128].
  const tables = [[255], [0, 0, 5, 10, 200, -5], [0, 10, 1, 2, 20, 30, 3, 4], [7, 128]];
  const file = buildBpk(
    30,
    [
      [
        [1, 0, 0],
        [2, 0, 0],
        [2, 0, 1],
        [1, 1, 0],
      ],
      [
        [1, 0, 0],
        [1, 4, 0],
        [1, 1, 0],
        [1, 0, 0],
      ],
    ],
    tables,
    ['body', 'eye'],
  );

  it('reads the duration at 0x0C, entries of four colour tracks, remap values and names', () => {
    const bpk = readBpk(file);
    expect(bpk.kind).toBe('bpk1');
    expect(bpk.loopMode).toBe(4);
    expect(bpk.duration).toBe(30);
    expect(bpk.diagnostics).toEqual([]);
    expect(bpk.entries).toEqual([
      {
        materialName: 'body',
        remapIndex: 0,
        r: constant(255),
        g: {
          tangentMode: 0,
          keys: [
            { time: 0, value: 0, tangentIn: 5, tangentOut: 5 },
            { time: 10, value: 200, tangentIn: -5, tangentOut: -5 },
          ],
        },
        b: {
          tangentMode: 1,
          keys: [
            { time: 0, value: 10, tangentIn: 1, tangentOut: 2 },
            { time: 20, value: 30, tangentIn: 3, tangentOut: 4 },
          ],
        },
        a: constant(128),
      },
      { materialName: 'eye', remapIndex: 1, r: constant(255), g: constant(200), b: constant(10), a: constant(7) },
    ]);
  });

  it('rejects tracks past their table, entry tables past the chunk and endless key sharing', () => {
    const past = buildBpk(
      1,
      [
        [
          [1, 0, 0],
          [3, 0, 0],
          [1, 0, 0],
          [1, 0, 0],
        ],
      ],
      tables,
      ['m'],
    );
    expect(() => readBpk(past)).toThrow(/entry 0 G track needs values 0\.\.8/);
    const many = new Uint8Array(file);
    new DataView(many.buffer).setUint16(0x20 + 0x0e, 0x1000);
    expect(() => readBpk(many)).toThrow(ParseError);
    // 20 entries whose G track asks for 0xFFFF keys each: far more keys than the file's bytes could mean.
    const greedy: BpkEntryTracks[] = Array.from({ length: 20 }, () => [
      [1, 0, 0],
      [0xffff, 0, 0],
      [1, 0, 0],
      [1, 0, 0],
    ]);
    expect(() => readBpk(buildBpk(1, greedy, tables, ['m']))).toThrow(/keys, over 4 per chunk byte/);
  });
});

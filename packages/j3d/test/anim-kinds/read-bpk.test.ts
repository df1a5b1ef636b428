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
    // 300 materials whose G tracks name 500-key runs of one 900-key table: shared runs are read once, but runs
    // that overlap at distinct starts would ask for far more keys than the file's bytes could mean.
    const keys = Array.from({ length: 900 }, (_, k) => [k, k % 256, 0]).flat();
    const big = [tables[0]!, keys, tables[2]!, tables[3]!];
    const names = Array.from({ length: 300 }, (_, i) => `m${i}`);
    const entry = (start: number): BpkEntryTracks => [
      [1, 0, 0],
      [500, start, 0],
      [1, 0, 0],
      [1, 0, 0],
    ];
    const shared = readBpk(
      buildBpk(
        1,
        names.map(() => entry(0)),
        big,
        names,
      ),
    );
    expect(shared.entries[299]!.g).toBe(shared.entries[0]!.g);
    expect(shared.entries[0]!.g.keys).toHaveLength(500);
    const overlapping = buildBpk(
      1,
      names.map((_, i) => entry(3 * i)),
      big,
      names,
    );
    expect(() => readBpk(overlapping)).toThrow(/more than 4 keys per byte of the chunk/);
  });
});

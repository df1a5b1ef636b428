/*
 * EVP1 writer on changed chunks: without its layout, with an envelope removed (and the DRW1 entries that named
 * it pointed elsewhere), and with an influence removed, the written chunk spliced into the file reads back
 * (through readJ3d) to exactly the envelopes and matrices written; envelopes readers reject are refused.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { Evp1 } from '../../src/chunks/read-evp1.js';
import { writeDrw1 } from '../../src/chunks/write-drw1.js';
import { writeEvp1 } from '../../src/chunks/write-evp1.js';
import { readJ3d } from '../../src/index.js';
import { chunkBytes, replaceChunk } from '../write-materials/chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

const dataOf = (e: Evp1) => ({
  envelopes: e.envelopes,
  inverseBinds: Array.from(e.inverseBinds.subarray(0, e.inverseBindCount * 12)),
  inverseBindCount: e.inverseBindCount,
});

describe.skipIf(!haveFixtures)('EVP1 writer on changed chunks', () => {
  for (const name of models) {
    it(`${name}: without its layout, reads back to the same envelopes and matrices`, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      const chunk = writeEvp1({ ...file.EVP1, layout: undefined });
      const back = readJ3d(replaceChunk(bytes, file, 'EVP1', chunk)).EVP1;
      expect(dataOf(back)).toEqual(dataOf(file.EVP1));
      if (file.EVP1.envelopes.length === 0) {
        // The empty chunk: count 0, all four offsets 0, 0x20 bytes (spec §5).
        expect(chunk.length).toBe(0x20);
        expect(Array.from(chunk.subarray(0x0c, 0x1c))).toEqual(new Array(16).fill(0));
      }
    });
  }

  it('an envelope removed (DRW1 pointed at another one first) comes back', () => {
    const bytes = readFixture('j3d', 'nintendo_tww_swa_skinned.bdl');
    const file = readJ3d(bytes);
    expect(file.EVP1.envelopes.length).toBe(3);
    const entries = file.DRW1.entries.map((d) => (d.weighted && d.index === 2 ? { ...d, index: 1 } : d));
    const withDrw1 = replaceChunk(bytes, file, 'DRW1', writeDrw1({ ...file.DRW1, entries }));
    const written: Evp1 = { ...file.EVP1, envelopes: file.EVP1.envelopes.slice(0, 2) };
    const back = readJ3d(replaceChunk(withDrw1, readJ3d(withDrw1), 'EVP1', writeEvp1(written)));
    expect(dataOf(back.EVP1)).toEqual(dataOf(written));
    expect(back.DRW1.entries).toEqual(entries);
  });

  it('an influence removed from an envelope comes back, the tables laid out anew', () => {
    const bytes = readFixture('j3d', 'nintendo_tww_shms_skinned_C4_C8.bdl');
    const file = readJ3d(bytes);
    const k = file.EVP1.envelopes.findIndex((e) => e.joints.length > 2);
    expect(k).toBeGreaterThanOrEqual(0);
    const env = file.EVP1.envelopes[k]!;
    const sum = env.weights.slice(1).reduce((a, b) => a + b, 0);
    const shorter = { joints: env.joints.slice(1), weights: env.weights.slice(1).map((w) => Math.fround(w / sum)) };
    const written: Evp1 = { ...file.EVP1, envelopes: file.EVP1.envelopes.map((e, i) => (i === k ? shorter : e)) };
    const chunk = writeEvp1(written);
    expect(chunk.length).toBeLessThanOrEqual(chunkBytes(bytes, file, 'EVP1').length);
    const back = readJ3d(replaceChunk(bytes, file, 'EVP1', chunk)).EVP1;
    expect(dataOf(back)).toEqual(dataOf(written));
  });

  it('refuses an envelope without influences and one with more joints than weights', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_tww_swa_skinned.bdl'));
    const empty = { ...file.EVP1, envelopes: [{ joints: [], weights: [] }] };
    expect(() => writeEvp1(empty)).toThrow(/0 influences/);
    const uneven = { ...file.EVP1, envelopes: [{ joints: [0, 1], weights: [1] }] };
    expect(() => writeEvp1(uneven)).toThrow(/2 joints but 1 weights/);
  });
});

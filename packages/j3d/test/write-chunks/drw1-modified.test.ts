/*
 * DRW1 writer on changed chunks: without its layout, with Nintendo's duplicated envelope entries dropped
 * (a SuperBMD-style table), and with an entry added, the written chunk spliced into the file reads back (through
 * readJ3d) to exactly the entries written, with the indices at an even offset.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { Drw1 } from '../../src/chunks/read-drw1.js';
import { writeDrw1 } from '../../src/chunks/write-drw1.js';
import { readJ3d } from '../../src/index.js';
import { replaceChunk } from '../write-materials/chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

function roundTrip(name: string, change: (drw1: Drw1) => Drw1): { written: Drw1; back: Drw1 } {
  const bytes = readFixture('j3d', name);
  const file = readJ3d(bytes);
  const written = change(file.DRW1);
  const back = readJ3d(replaceChunk(bytes, file, 'DRW1', writeDrw1(written))).DRW1;
  return { written, back };
}

describe.skipIf(!haveFixtures)('DRW1 writer on changed chunks', () => {
  for (const name of models) {
    it(`${name}: without its layout, reads back to the same entries`, () => {
      const { written, back } = roundTrip(name, (drw1) => ({ ...drw1, layout: undefined }));
      expect(back.entries).toEqual(written.entries);
      expect(back.layout?.offsets[0]).toBe(0x14);
      expect(back.layout!.offsets[1] % 2).toBe(0);
    });
  }

  it("Nintendo's duplicated envelope entries dropped: the shorter table comes back", () => {
    const { written, back } = roundTrip('nintendo_tww_swa_skinned.bdl', (drw1) => {
      expect(drw1.entries.length).toBe(8);
      return { ...drw1, entries: drw1.entries.slice(0, 5) };
    });
    expect(back.entries).toEqual(written.entries);
    expect(back.layout?.offsets).toEqual([0x14, 0x1a]);
  });

  it('an added entry comes back', () => {
    const { written, back } = roundTrip('community_mkdd_dstestcircle_course.bmd', (drw1) => ({
      ...drw1,
      entries: [...drw1.entries, { weighted: false, index: 0 }],
    }));
    expect(back.entries).toEqual(written.entries);
  });
});

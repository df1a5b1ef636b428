/*
 * INF1 writer on changed chunks: without its layout, and with a changed matrix calculation, counts and
 * hierarchy, the written chunk spliced into the file reads back (through readJ3d) to exactly the data written;
 * a hierarchy readers would reject is refused.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { Inf1 } from '../../src/chunks/read-inf1.js';
import { writeInf1 } from '../../src/chunks/write-inf1.js';
import { readJ3d } from '../../src/index.js';
import { replaceChunk } from '../write-materials/chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

/** The INF1 data (what the layout does not hold). */
const dataOf = ({ layout: _, hierarchyOffset: __, ...data }: Inf1) => data;

function roundTrip(name: string, change: (inf1: Inf1) => Inf1): { written: Inf1; back: Inf1 } {
  const bytes = readFixture('j3d', name);
  const file = readJ3d(bytes);
  const written = change(file.INF1);
  const back = readJ3d(replaceChunk(bytes, file, 'INF1', writeInf1(written))).INF1;
  return { written, back };
}

describe.skipIf(!haveFixtures)('INF1 writer on changed chunks', () => {
  for (const name of models) {
    it(`${name}: without its layout, reads back to the same data at offset 0x18`, () => {
      const { written, back } = roundTrip(name, (inf1) => ({ ...inf1, layout: undefined }));
      expect(dataOf(back)).toEqual(dataOf(written));
      expect(back.hierarchyOffset).toBe(0x18);
      expect(back.layout?.headerPad).toBe(0xffff);
    });
  }

  it('a new matrix calculation, counts and a shorter hierarchy come back', () => {
    const { written, back } = roundTrip('nintendo_tww_swa_skinned.bdl', (inf1) => {
      expect(inf1.matrixCalc).toBe('Maya');
      // An empty child level at the end: the hierarchy grows past the chunk's 0x20 boundary.
      const hierarchy = [...inf1.hierarchy, { type: 0x01, index: 0 }, { type: 0x02, index: 0 }];
      return { ...inf1, matrixCalc: 'Basic', loadFlags: 2, mtxGroupCount: 5, vertexCount: 7, hierarchy };
    });
    expect(back.matrixCalc).toBe('Basic');
    expect(back.loadFlags).toBe(0);
    expect(back.mtxGroupCount).toBe(5);
    expect(back.vertexCount).toBe(7);
    expect(back.hierarchy).toEqual(written.hierarchy);
  });

  it('refuses a hierarchy that closes a level never opened, and an unknown node type', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl'));
    const close = { ...file.INF1, hierarchy: [{ type: 0x02, index: 0 }] };
    expect(() => writeInf1(close)).toThrow(/never opened/);
    const unknown = { ...file.INF1, hierarchy: [{ type: 0x13, index: 0 }] };
    expect(() => writeInf1(unknown)).toThrow(/type 0x13/);
  });
});

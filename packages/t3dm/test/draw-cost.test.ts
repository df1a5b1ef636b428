/*
 * drawCost counts what the runtime's draw loop issues per part (spec §4): one vertex load, then for a part that
 * draws one command per u8 triangle, one for the sequence, one per strip command and one sync. Checked on the
 * spec's annotated file (§18) and on a hand-built file model whose counts follow from that rule.
 */
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { drawCost, readT3dm, type T3dmFile } from '../src/index.js';
import { handObject, handPart } from './hand-built.js';

describe('drawCost', () => {
  it.skipIf(!haveFixtures)("counts the spec's annotated file: one load, two u8 triangles, one sync", () => {
    const file = readT3dm(readFixture('t3dm/failing-inputs/filesystem/plain_indexed_ignoremat.t3dm'));
    expect(drawCost(file)).toEqual({
      commands: 4,
      loads: 1,
      verticesLoaded: 4,
      listTriangles: 2,
      sequenceTriangles: 0,
      stripTriangles: 0,
      stripCommands: 0,
      syncs: 1,
    });
  });

  it('counts load-only sub-loads, sequences and strip commands', () => {
    const parts = [
      handPart({ vertLoadCount: 10, matrixIdx: 0 }),
      handPart({
        vertLoadCount: 20,
        vertDestOffset: 10,
        numIndices: 6,
        numStripIndices: [10, 5, 0, 0],
        idxSeqCount: 3,
      }),
    ];
    // 2 u8 + 3 in the sequence + 11 from the strips.
    const object = handObject(parts, { triCount: 16, isVisible: 0 });
    const file = { chunks: [object] } as unknown as T3dmFile;
    expect(drawCost(file)).toEqual({
      commands: 2 + 2 + 1 + 2 + 1,
      loads: 2,
      verticesLoaded: 30,
      listTriangles: 2,
      sequenceTriangles: 3,
      stripTriangles: 11,
      stripCommands: 2,
      syncs: 1,
    });
  });
});

/*
 * drawCost counts what the runtime's draw loop issues per part (spec §4): one vertex load, then for a part that
 * draws one command per u8 triangle, one for the sequence, one per strip command and one sync. Checked on the
 * spec's annotated file (§18) and on a hand-built file model whose counts follow from that rule.
 */
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { drawCost, readT3dm, type T3dmFile, type T3dmObject, type T3dmPart } from '../src/index.js';

const part = (p: Partial<T3dmPart>): T3dmPart => ({
  vert: 0,
  vertLoadCount: 0,
  vertDestOffset: 0,
  indices: 0,
  numIndices: 0,
  matrixIdx: 0xffff,
  numStripIndices: [0, 0, 0, 0],
  idxSeqBase: 0,
  idxSeqCount: 0,
  ...p,
});

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
    const object: T3dmObject = {
      kind: 'object',
      name: 0,
      // 2 u8 + 3 in the sequence + 11 from the strips.
      triCount: 16,
      material: 0,
      userBlock: 0,
      isVisible: 0,
      userValue0: 0,
      userValue1: 0,
      aabbMin: [0, 0, 0],
      aabbMax: [0, 0, 0],
      parts: [
        part({ vertLoadCount: 10, matrixIdx: 0 }),
        part({ vertLoadCount: 20, vertDestOffset: 10, numIndices: 6, numStripIndices: [10, 5, 0, 0], idxSeqCount: 3 }),
      ],
    };
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

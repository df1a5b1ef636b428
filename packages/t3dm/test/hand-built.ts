/*
 * Hand-built T3DM objects and parts for tests that work out a file's triangles or draw cost from the spec: every
 * field zero (no bone for a part), visible, overridden by what the test names.
 */
import type { T3dmObject, T3dmPart } from '../src/t3dm-file.js';

export function handPart(fields: Partial<T3dmPart>): T3dmPart {
  return {
    vert: 0,
    vertLoadCount: 0,
    vertDestOffset: 0,
    indices: 0,
    numIndices: 0,
    matrixIdx: 0xffff,
    numStripIndices: [0, 0, 0, 0],
    idxSeqBase: 0,
    idxSeqCount: 0,
    ...fields,
  };
}

export function handObject(parts: T3dmPart[], fields: Partial<T3dmObject> = {}): T3dmObject {
  return {
    kind: 'object',
    name: 0,
    triCount: 0,
    material: 0,
    userBlock: 0,
    isVisible: 1,
    userValue0: 0,
    userValue1: 0,
    aabbMin: [0, 0, 0],
    aabbMax: [0, 0, 0],
    parts,
    ...fields,
  };
}

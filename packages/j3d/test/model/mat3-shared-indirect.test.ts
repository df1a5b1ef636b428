/*
 * A MAT3 indirect record (spec j3d.md §9) whose 0x138 bytes are those Nintendo's and SuperBMD's tools write for a
 * material without indirect texturing is read as one shared object, frozen through, so that no file's change can
 * reach another's. Checked against the record's fields written out here from the spec, against the writer (the
 * shared record writes as the writer's record for "no indirect texturing"), and against the test builder's own
 * records (its models' materials all get the shared one); a record one byte off is read as a record of its own.
 */
import { BinaryWriter } from '@retromodel/binary';
import { buildSkinnedCharacterBmd } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { disabledIndirectRecord } from '../../src/chunks/read-mat3-tables.js';
import { disabledIndirect, writeIndirect } from '../../src/chunks/write-mat3-tables.js';
import { readJ3d, writeJ3d } from '../../src/index.js';

/** Off, no stages; orders 0xFF; matrices [0.5 0 0; 0 0.5 0] with scale exponent 1; scales and stages all 0. */
const expected = {
  enabled: false,
  stageCount: 0,
  orders: Array.from({ length: 4 }, () => ({ texCoord: 0xff, texMap: 0xff })),
  matrices: Array.from({ length: 3 }, () => ({ matrix: [0.5, 0, 0, 0, 0.5, 0], scaleExponent: 1 })),
  coordScales: Array.from({ length: 4 }, () => ({ scaleS: 0, scaleT: 0 })),
  tevStages: Array.from({ length: 16 }, () => ({
    indStage: 0,
    format: 0,
    biasSel: 0,
    matrixId: 0,
    wrapS: 0,
    wrapT: 0,
    addPrev: false,
    useOrigLod: false,
    alphaSel: 0,
  })),
};

/** Every object reachable from `value` (itself included). */
function objectsIn(value: unknown, out: object[] = []): object[] {
  if (typeof value === 'object' && value !== null) {
    out.push(value);
    for (const x of Object.values(value)) objectsIn(x, out);
  }
  return out;
}

/** Where MAT3's indirect table starts in `bytes` (the chunk's offset plus the table offset at MAT3 + 0x18). */
function indirectTableAt(bytes: Uint8Array): number {
  const file = readJ3d(bytes);
  const mat3 = file.chunks.find((c) => c.tag === 'MAT3')!;
  return mat3.offset + new DataView(bytes.buffer, bytes.byteOffset).getUint32(mat3.offset + 0x18);
}

describe('the shared record of a material without indirect texturing', () => {
  it('holds the fields of the makers’ record and is frozen through', () => {
    expect(disabledIndirectRecord).toEqual(expected);
    const objects = objectsIn(disabledIndirectRecord);
    // The record, and each list with its elements (a matrix entry is an object and its list of six).
    expect(objects.length).toBe(1 + (1 + 4) + (1 + 3 * 2) + (1 + 4) + (1 + 16));
    for (const o of objects) expect(Object.isFrozen(o)).toBe(true);
  });

  it('writes as the writer writes a material without indirect texturing', () => {
    const ours = new BinaryWriter();
    writeIndirect(ours, disabledIndirectRecord);
    const writers = new BinaryWriter();
    writeIndirect(writers, disabledIndirect);
    expect(ours.finish()).toEqual(writers.finish());
  });

  it('is every material’s record in a model whose records are the makers’, and one byte off is a record of its own', () => {
    const bytes = buildSkinnedCharacterBmd();
    const file = readJ3d(bytes);
    expect(file.MAT3.materials.length).toBeGreaterThan(1);
    for (const m of file.MAT3.materials) expect(m.indirect).toBe(disabledIndirectRecord);
    for (const record of file.MAT3.indirect) expect(record).toBe(disabledIndirectRecord);

    // The second material's first matrix starts with -0.5 (f32 0xBF000000) instead of 0.5.
    const changed = bytes.slice();
    changed[indirectTableAt(bytes) + 0x138 + 0x14] = 0xbf;
    const other = readJ3d(changed);
    const [first, second] = other.MAT3.materials;
    expect(first!.indirect).toBe(disabledIndirectRecord);
    expect(second!.indirect).not.toBe(disabledIndirectRecord);
    expect(Object.isFrozen(second!.indirect)).toBe(false);
    const matrices = expected.matrices.map((m, i) => (i === 0 ? { ...m, matrix: [-0.5, 0, 0, 0, 0.5, 0] } : m));
    expect(second!.indirect).toEqual({ ...expected, matrices });
    // Written back and read again (the builder's padding is not the writer's, so the bytes are not compared).
    const again = readJ3d(writeJ3d(other)).MAT3.materials;
    expect(again[0]!.indirect).toBe(disabledIndirectRecord);
    expect(again[1]!.indirect).toEqual({ ...expected, matrices });
  });
});

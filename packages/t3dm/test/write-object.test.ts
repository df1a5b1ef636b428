/*
 * writeObject lays an O chunk out in one array (chunks/chunk-object.ts). Its bytes must be those of the v4 layout
 * written field by field, as the header comment of chunk-object.ts gives it, here with the writer's own calls:
 * in both byte orders, after other bytes, with values past each field's range (the writer keeps the low bits)
 * and a part whose strip counts are not four.
 */
import { BinaryWriter } from '@retromodel/binary';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeObject } from '../src/chunks/chunk-object.js';
import type { T3dmObject, T3dmPart } from '../src/t3dm-file.js';

function fieldByField(w: BinaryWriter, o: T3dmObject): void {
  w.u32(o.name).u16(o.parts.length).u16(o.triCount).u32(o.material).u32(o.userBlock);
  w.u8(o.isVisible).u8(0).u8(o.userValue0).u8(o.userValue1);
  for (const v of [o.aabbMin, o.aabbMax]) w.s16(v[0]).s16(v[1]).s16(v[2]);
  for (const p of o.parts) {
    w.u32(p.vert).u16(p.vertLoadCount).u16(p.vertDestOffset).u32(p.indices).u16(p.numIndices).u16(p.matrixIdx);
    for (const n of p.numStripIndices) w.u8(n);
    w.u8(p.idxSeqBase).u8(p.idxSeqCount).u16(0);
  }
}

describe('writeObject', () => {
  const random = seededRandom(5);
  const int = (bits: number) => Math.floor(random() * 2 ** bits) - (random() < 0.1 ? 2 ** (bits - 1) : 0);

  function object(): T3dmObject {
    const parts: T3dmPart[] = Array.from({ length: Math.floor(random() * 6) }, () => ({
      vert: int(34),
      vertLoadCount: int(17),
      vertDestOffset: int(16),
      indices: int(32),
      numIndices: int(16),
      matrixIdx: int(16),
      numStripIndices: [int(9), int(8), int(8), int(8)],
      idxSeqBase: int(9),
      idxSeqCount: int(8),
    }));
    return {
      kind: 'object',
      name: int(33),
      triCount: int(17),
      material: int(32),
      userBlock: int(32),
      isVisible: int(8),
      userValue0: int(9),
      userValue1: int(8),
      aabbMin: [int(17), int(16), int(16)],
      aabbMax: [int(16), int(16), int(17)],
      parts,
    };
  }

  it('writes the bytes of the v4 layout written field by field', () => {
    for (let run = 0; run < 200; run++) {
      const o = object();
      if (run % 10 === 0 && o.parts[0]) o.parts[0].numStripIndices = [3, 4] as unknown as T3dmPart['numStripIndices'];
      const littleEndian = run % 2 === 1;
      const laid = new BinaryWriter({ littleEndian, initialSize: 16 });
      const fields = new BinaryWriter({ littleEndian, initialSize: 16 });
      laid.u8(7);
      fields.u8(7);
      writeObject(laid, o);
      fieldByField(fields, o);
      expect(laid.finish()).toEqual(fields.finish());
    }
  });
});

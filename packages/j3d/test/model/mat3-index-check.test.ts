/*
 * readJ3d resolves every MAT3 material, and a material index past the end of its table is its ParseError (the
 * index is checked once, as the material is resolved). Checked against the spec (j3d.md §9.1,
 * §9.2): for every index field of an init entry, the file is edited so that material 0 names the element just
 * past its table's end (a table runs to the next higher non-zero offset, of two at one offset the earlier slot
 * being empty, or to the chunk end; 0xFF/0xFFFF and any index into an empty table mean none), and readJ3d must
 * throw the error naming that material, field, index and table length; "none" reads as null. The materials
 * are the table elements their entries' indices name, field by field; and a table starting past the
 * chunk is an error of readJ3d too.
 */
import { ParseError } from '@retromodel/binary';
import { buildSampleBmd, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { GxMaterial } from '../../src/gx/material-types.js';
import { type Mat3Tables, readJ3d } from '../../src/index.js';

/** Element size of each MAT3 table slot (§9.1; the header's offset of slot s is 0x0C + 4·s). */
const elementSize = [
  0x14c, 2, 0, 0x138, 4, 4, 1, 8, 4, 0x34, 1, 4, 4, 0x64, 0x64, 2, 4, 8, 4, 1, 0x14, 4, 4, 0x2c, 8, 4, 4, 1, 1, 0x10,
];

/** An init-entry index field (§9.2): entry offset, indices, u8 or u16, table slot, the error's word, where it lands. */
interface Field {
  at: number;
  n: number;
  u8: boolean;
  slot: number;
  what: string;
  material: keyof GxMaterial;
  table: keyof Mat3Tables;
}

const f = (
  at: number,
  n: number,
  u8: boolean,
  slot: number,
  what: string,
  material: keyof GxMaterial,
  table: keyof Mat3Tables,
): Field => ({ at, n, u8, slot, what, material, table });

const fields: Field[] = [
  f(0x001, 1, true, 4, 'cull mode', 'cullMode', 'cullModes'),
  f(0x002, 1, true, 6, 'channel count', 'colorChannelCount', 'colorChanCounts'),
  f(0x003, 1, true, 10, 'texgen count', 'texGenCount', 'texGenCounts'),
  f(0x004, 1, true, 19, 'TEV stage count', 'tevStageCount', 'tevStageCounts'),
  f(0x005, 1, true, 27, 'z-comp-loc', 'zCompLoc', 'zCompLocs'),
  f(0x006, 1, true, 26, 'z mode', 'zMode', 'zModes'),
  f(0x007, 1, true, 28, 'dither', 'dither', 'dithers'),
  f(0x008, 2, false, 5, 'material colour', 'materialColors', 'materialColors'),
  f(0x00c, 4, false, 7, 'channel control', 'channelControls', 'channelControls'),
  f(0x014, 2, false, 8, 'ambient colour', 'ambientColors', 'ambientColors'),
  f(0x018, 8, false, 9, 'light', 'lights', 'lights'),
  f(0x028, 8, false, 11, 'texgen', 'texGens', 'texGens'),
  f(0x038, 8, false, 12, 'post texgen', 'postTexGens', 'postTexGens'),
  f(0x048, 10, false, 13, 'texture matrix', 'texMatrices', 'texMatrices'),
  f(0x05c, 20, false, 14, 'post texture matrix', 'postTexMatrices', 'postTexMatrices'),
  f(0x084, 8, false, 15, 'texture number', 'textures', 'textureNumbers'),
  f(0x094, 4, false, 18, 'konst colour', 'konstColors', 'konstColors'),
  f(0x0bc, 16, false, 16, 'TEV order', 'tevOrders', 'tevOrders'),
  f(0x0dc, 4, false, 17, 'TEV colour', 'tevColors', 'tevColors'),
  f(0x0e4, 16, false, 20, 'TEV stage', 'tevStages', 'tevStages'),
  f(0x104, 16, false, 21, 'swap mode', 'tevSwapModes', 'swapModes'),
  f(0x124, 4, false, 22, 'swap table', 'tevSwapTables', 'swapTables'),
  f(0x144, 1, false, 23, 'fog', 'fog', 'fogs'),
  f(0x146, 1, false, 24, 'alpha compare', 'alphaCompare', 'alphaCompares'),
  f(0x148, 1, false, 25, 'blend mode', 'blend', 'blends'),
  f(0x14a, 1, false, 29, 'NBT scale', 'nbtScale', 'nbtScales'),
];

/** The MAT3 chunk of a model (§2: chunks from 0x20, tag and u32 size each): its offset, size and table offsets. */
function mat3Of(bytes: Uint8Array) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  for (let at = 0x20; at + 8 <= bytes.length; at += view.getUint32(at + 4)) {
    if (String.fromCharCode(...bytes.subarray(at, at + 4)) !== 'MAT3') continue;
    const offsets = Array.from({ length: 30 }, (_, s) => view.getUint32(at + 0x0c + s * 4));
    return { at, size: view.getUint32(at + 4), view, offsets };
  }
  throw new Error('no MAT3');
}

/** The element count of table `slot` (§9.1): it runs to the next table's start or the chunk end. */
function tableLength(offsets: number[], size: number, slot: number): number {
  const present = (s: number) => offsets[s] !== 0 && !(s === 3 && offsets[3] === offsets[2]);
  if (!present(slot)) return 0;
  const start = offsets[slot]!;
  let end = size;
  for (let s = 0; s < 30; s++)
    if (s !== slot && present(s) && (offsets[s]! > start || (offsets[s] === start && s > slot)))
      end = Math.min(end, offsets[s]!);
  return Math.floor((end - start) / elementSize[slot]!);
}

/** The models to edit: the builder's sample and the shared fixtures. */
const models: [string, () => Uint8Array][] = [['sample.bmd (builder)', buildSampleBmd]];
if (haveFixtures)
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/)) {
    const name = path.split('/').pop()!;
    models.push([name, () => readFixture('j3d', name)]);
  }

describe('MAT3 material indices are checked by readJ3d', () => {
  for (const [name, load] of models) {
    it(`${name}: an index past its table's end is readJ3d's ParseError; none is null`, () => {
      const bytes = load();
      const { at, size, view, offsets } = mat3Of(bytes);
      const material0 = readJ3d(bytes).MAT3.names[0]!;
      // Material 0's init entry (remap table, slot 1).
      const entry = at + offsets[0]! + view.getUint16(at + offsets[1]!) * 0x14c;
      let tried = 0;
      for (const field of fields) {
        const length = tableLength(offsets, size, field.slot);
        const none = field.u8 ? 0xff : 0xffff;
        // The field's first index, and of a list its second too (the reader loads indices two at a time).
        for (let k = 0; k < Math.min(field.n, 2); k++) {
          const edited = (index: number) => {
            const copy = bytes.slice();
            const v = new DataView(copy.buffer);
            if (field.u8) copy[entry + field.at] = index;
            else v.setUint16(entry + field.at + k * 2, index);
            return copy;
          };
          if (length > 0 && length < none) {
            tried++;
            const bad = edited(length);
            expect(() => readJ3d(bad), field.what).toThrow(ParseError);
            expect(() => readJ3d(bad), field.what).toThrow(
              `material "${material0}" uses ${field.what} ${length}, but that table has ${length} entries`,
            );
          }
          const value = readJ3d(edited(none)).MAT3.materials[0]![field.material];
          expect(Array.isArray(value) ? value[k] : value, field.what).toBeNull();
        }
      }
      expect(tried).toBeGreaterThan(5);
    });

    it(`${name}: materials are the elements their entries' indices name`, () => {
      const bytes = load();
      const { at, size, view, offsets } = mat3Of(bytes);
      const mat3 = readJ3d(bytes).MAT3;
      mat3.materials.forEach((m, i) => {
        const entry = at + offsets[0]! + view.getUint16(at + offsets[1]! + i * 2) * 0x14c;
        expect(m.name).toBe(mat3.names[i]);
        for (const field of fields) {
          const length = tableLength(offsets, size, field.slot);
          const table = mat3.tables[field.table] as unknown[];
          expect(table.length, field.table).toBe(length);
          const want = Array.from({ length: field.n }, (_, k) => {
            const index = field.u8 ? bytes[entry + field.at + k]! : view.getUint16(entry + field.at + k * 2);
            const element = index === (field.u8 ? 0xff : 0xffff) || length === 0 ? null : table[index];
            // z-comp-loc and dither are flags (§9.1: u8 bool).
            return element !== null && (field.slot === 27 || field.slot === 28) ? element !== 0 : element;
          });
          const got = m[field.material];
          expect(Array.isArray(got) ? got : [got], `${m.name} ${field.what}`).toEqual(want);
        }
      });
    });
  }

  it('a table starting past the chunk end is readJ3d’s ParseError', () => {
    const bytes = buildSampleBmd();
    const { at, size } = mat3Of(bytes);
    for (const slot of [4, 15, 29]) {
      const copy = bytes.slice();
      new DataView(copy.buffer).setUint32(at + 0x0c + slot * 4, size + 4);
      expect(() => readJ3d(copy)).toThrow(`table ${slot} starts outside the chunk (0x${(size + 4).toString(16)})`);
    }
  });
});

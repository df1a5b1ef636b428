/*
 * BTP (TPT1) and BVA (VAF1) against the Super Mario Galaxy 2 Power Star archive, whose BDL they animate: header
 * fields equal the bytes, every texture index names one of the BDL's TEX1 textures, the animated material is
 * one of its MAT3 materials, and the BVA has one visibility run per SHP1 shape. Hand-built files check the
 * layouts field by field and the bounds.
 */
import { ParseError } from '@retromodel/binary';
import { haveFixtures } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readBtp } from '../../src/anim/read-btp.js';
import { readBva } from '../../src/anim/read-bva.js';
import { readJ3d } from '../../src/internal.js';
import { archiveFile, archivePaths, chunkU16, POWER_STAR } from './archive-files.js';
import { newChunk, wrapAnimation, writeNameTable } from './build-anim.js';

describe.skipIf(!haveFixtures)('BTP and BVA of the Power Star archive', () => {
  it('holds one BTP and one BVA beside its BDL', () => {
    expect(archivePaths(POWER_STAR, '.btp')).toEqual(['PowerStarColor.btp']);
    expect(archivePaths(POWER_STAR, '.bva')).toEqual(['PowerStarColor.bva']);
    expect(archivePaths(POWER_STAR, '.bdl')).toEqual(['PowerStar.bdl']);
  });

  it('the BTP shows textures of the BDL on one of its materials', () => {
    const bytes = archiveFile(POWER_STAR, 'PowerStarColor.btp');
    const model = readJ3d(archiveFile(POWER_STAR, 'PowerStar.bdl'));
    const btp = readBtp(bytes);
    expect(btp.kind).toBe('btp1');
    expect(btp.loopMode).toBe(bytes[0x28]);
    expect(btp.duration).toBe(chunkU16(bytes, 0x0a));
    expect(btp.entries.length).toBe(chunkU16(bytes, 0x0c));
    expect(btp.entries.length).toBeGreaterThan(0);
    expect(btp.diagnostics).toEqual([]);
    for (const entry of btp.entries) {
      expect(model.MAT3.names).toContain(entry.materialName);
      expect(entry.texMapIndex).toBeLessThan(8);
      const run = entry.textureIndices;
      expect(run.length === 1 || run.length >= btp.duration).toBe(true);
      for (const index of run) expect(index).toBeLessThan(model.TEX1.textures.length);
    }
    // The sequence switches textures (it is not one index repeated).
    expect(new Set(btp.entries[0]!.textureIndices).size).toBeGreaterThan(1);
  });

  it('the BVA has one visibility run per SHP1 shape of the BDL', () => {
    const bytes = archiveFile(POWER_STAR, 'PowerStarColor.bva');
    const model = readJ3d(archiveFile(POWER_STAR, 'PowerStar.bdl'));
    const bva = readBva(bytes);
    expect(bva.kind).toBe('bva1');
    expect(bva.loopMode).toBe(bytes[0x28]);
    expect(bva.duration).toBe(chunkU16(bytes, 0x0a));
    expect(bva.shapes.length).toBe(chunkU16(bytes, 0x0c));
    expect(bva.shapes.length).toBe(model.SHP1.shapes.length);
    for (const run of bva.shapes) expect(run.length === 1 || run.length >= bva.duration).toBe(true);
    // Both states occur: shapes are shown and hidden over time.
    expect(bva.shapes.flat()).toContain(true);
    expect(bva.shapes.flat()).toContain(false);
  });
});

/** A TPT1 file: entries [count, first, slot], u16 texture indices, names. */
function buildBtp(duration: number, entries: [number, number, number][], indices: number[], names: string[]) {
  const entriesAt = 0x20;
  const indicesAt = entriesAt + entries.length * 8;
  const remapAt = (indicesAt + indices.length * 2 + 3) & ~3;
  const namesAt = (remapAt + entries.length * 2 + 3) & ~3;
  const { chunk, v } = newChunk('TPT1', 0x200);
  v.setUint8(8, 2);
  v.setUint8(9, 0xff);
  v.setUint16(0x0a, duration);
  v.setUint16(0x0c, entries.length);
  v.setUint16(0x0e, indices.length);
  [entriesAt, indicesAt, remapAt, namesAt].forEach((o, i) => {
    v.setUint32(0x10 + i * 4, o);
  });
  entries.forEach(([count, first, slot], e) => {
    v.setUint16(entriesAt + e * 8, count);
    v.setUint16(entriesAt + e * 8 + 2, first);
    v.setUint8(entriesAt + e * 8 + 4, slot);
    v.setUint16(remapAt + e * 2, 10 + e);
  });
  for (const [i, index] of indices.entries()) v.setUint16(indicesAt + i * 2, index);
  writeNameTable(v, namesAt, names);
  return wrapAnimation('btp1', chunk);
}

/** A VAF1 file: shape runs [count, first] over u8 values. */
function buildBva(duration: number, runs: [number, number][], values: number[]) {
  const runsAt = 0x18;
  const valuesAt = runsAt + runs.length * 4;
  const { chunk, v } = newChunk('VAF1', (valuesAt + values.length + 3) & ~3);
  v.setUint16(0x0a, duration);
  v.setUint16(0x0c, runs.length);
  v.setUint16(0x0e, values.length);
  v.setUint32(0x10, runsAt);
  v.setUint32(0x14, valuesAt);
  runs.forEach(([count, first], s) => {
    v.setUint16(runsAt + s * 4, count);
    v.setUint16(runsAt + s * 4 + 2, first);
  });
  chunk.set(values, valuesAt);
  return wrapAnimation('bva1', chunk);
}

describe('BTP layout and bounds', () => {
  it('reads entries, slots, remap values, names and u16 indices (above 0x7FFF too)', () => {
    const btp = readBtp(
      buildBtp(
        4,
        [
          [4, 0, 1],
          [1, 3, 7],
        ],
        [0, 0x8001, 2, 5],
        ['eye', 'mouth'],
      ),
    );
    expect(btp.loopMode).toBe(2);
    expect(btp.duration).toBe(4);
    expect(btp.entries).toEqual([
      { materialName: 'eye', remapIndex: 10, texMapIndex: 1, textureIndices: [0, 0x8001, 2, 5] },
      { materialName: 'mouth', remapIndex: 11, texMapIndex: 7, textureIndices: [5] },
    ]);
  });

  it('rejects slots past 7, runs past the table and entry tables past the chunk', () => {
    expect(() => readBtp(buildBtp(2, [[1, 0, 8]], [0], ['m']))).toThrow(/texture-map slot 8/);
    expect(() => readBtp(buildBtp(2, [[2, 1, 0]], [0, 1], ['m']))).toThrow(/texture-index values 1\.\.2/);
    const bytes = buildBtp(2, [[1, 0, 0]], [0], ['m']);
    new DataView(bytes.buffer).setUint16(0x20 + 0x0c, 0x4000);
    expect(() => readBtp(bytes)).toThrow(ParseError);
  });
});

describe('BVA layout and bounds', () => {
  it('reads one boolean run per shape, any non-zero byte shown, shared runs allowed', () => {
    const bva = readBva(
      buildBva(
        3,
        [
          [3, 0],
          [1, 2],
          [3, 0],
        ],
        [1, 0, 0x80],
      ),
    );
    expect(bva.duration).toBe(3);
    expect(bva.shapes).toEqual([[true, false, true], [true], [true, false, true]]);
  });

  it('a huge duration with few values reads; empty runs and runs past the table are ParseErrors', () => {
    expect(readBva(buildBva(0xffff, [[2, 0]], [1, 0])).shapes).toEqual([[true, false]]);
    expect(() => readBva(buildBva(2, [[0, 0]], [1]))).toThrow(/shape 0 has no frame values/);
    expect(() => readBva(buildBva(2, [[2, 1]], [1, 0]))).toThrow(/visibility values 1\.\.2/);
  });
});

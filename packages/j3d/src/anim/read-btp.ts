/*
 * BTP texture-pattern animation (`J3D1btp1`, chunk TPT1; spec j3d.md §12; JSystem J3DAnmTexPattern).
 *   0x08 u8 loop mode  0x09 u8 unused (0xFF)  0x0A u16 duration  0x0C u16 entry count
 *   0x0E u16 texture-index table count  0x10 u32 entry table  0x14 u32 texture-index table (u16)
 *   0x18 u32 remap table (u16 material index per entry)  0x1C u32 material-name table
 * Entry (8 bytes): u16 count, u16 firstIndex (a frame run into the texture-index table), u8 texture-map slot of
 * the material (0..7), 3 bytes padding. Frame f shows TEX1 texture min(f, count − 1) of the run.
 */
import type { Diagnostic } from '@retromodel/scene';
import { nameTableEnd } from '../chunks/read-mat3-layout.js';
import { readNameTable } from '../name-table.js';
import { readAnimationLayout } from './animation-layout.js';
import { type J3dAnimationHeader, readAnimationChunk, readValueTable, tableSpan } from './animation-track.js';
import { frameRunReader } from './read-bca.js';

/** The texture sequence of one texture-map slot of a material. */
export interface BtpEntry {
  materialName: string;
  /**
   * The remap-table value as stored (the PowerStar BTP holds 0 for material 2): JSystem binds an animation to
   * materials by `materialName` (searchUpdateMaterialID), so this is not a reliable MAT3 index.
   */
  remapIndex: number;
  /** Texture-map slot of the material (0..7). */
  texMapIndex: number;
  /** TEX1 texture index per frame from frame 0; the last one holds after the run ends. */
  textureIndices: number[];
}

/** A `.btp` file. */
export interface BtpFile extends J3dAnimationHeader {
  entries: BtpEntry[];
  diagnostics: Diagnostic[];
}

/** Reads a `.btp` file. */
export function readBtp(bytes: Uint8Array): BtpFile {
  const { header, chunk } = readAnimationChunk(bytes, 'btp1', 'TPT1');
  const diagnostics: Diagnostic[] = [];
  const count = chunk.u16At(0x0c);
  const entriesAt = chunk.u32At(0x10);
  const remapAt = chunk.u32At(0x18);
  chunk.checkCount(count, 8, 'texture-pattern entries', entriesAt);
  chunk.checkCount(count, 2, 'remap table', remapAt);
  const indices = readValueTable(chunk, chunk.u32At(0x14), chunk.u16At(0x0e), 's16', 'texture-index table').map(
    (v) => v & 0xffff,
  );
  const namesAt = chunk.u32At(0x1c);
  const names = count > 0 ? readNameTable(chunk, namesAt, diagnostics) : [];
  const firsts: number[] = [];
  const run = frameRunReader(chunk, indices, 'texture-index', firsts);
  const entries: BtpEntry[] = [];
  for (let e = 0; e < count; e++) {
    const at = entriesAt + e * 8;
    const texMapIndex = chunk.u8At(at + 4);
    if (texMapIndex > 7)
      throw chunk.error(`entry ${e} animates texture-map slot ${texMapIndex}; a material has 8`, at + 4);
    entries.push({
      materialName: names[e] ?? `material${e}`,
      remapIndex: chunk.u16At(remapAt + e * 2),
      texMapIndex,
      textureIndices: run(at, `entry ${e}`),
    });
  }
  const layout = readAnimationLayout(
    bytes,
    [
      { start: 0, end: 0x20 },
      tableSpan(entriesAt, count, 8),
      tableSpan(chunk.u32At(0x14), indices.length, 2),
      tableSpan(remapAt, count, 2),
      count > 0 ? { start: namesAt, end: nameTableEnd(chunk, namesAt) } : undefined,
    ],
    [indices],
    firsts,
  );
  return { ...header, entries, diagnostics, ...(layout ? { layout } : {}) };
}

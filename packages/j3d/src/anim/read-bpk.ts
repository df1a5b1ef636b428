/*
 * BPK material-colour animation (`J3D1bpk1`, chunk PAK1; JSystem J3DAnmColorKey). Unlike the other animation
 * chunks the duration is at 0x0C:
 *   0x08 u8 loop mode  0x09..0x0B padding  0x0C u16 duration  0x0E u16 entry count
 *   0x10/0x12/0x14/0x16 u16 R/G/B/A table counts  0x18 u32 entry table  0x1C u32 remap table (u16 per entry)
 *   0x20 u32 material-name table  0x24/0x28/0x2C/0x30 u32 R/G/B/A tables (s16)
 * Entry (0x18 bytes): tracks R, G, B, A of 6 bytes each, keyed as in BRK (spec j3d.md §12), values in colour
 * units 0..255. The colour is the material's first material colour (the channel-0 colour register).
 */
import type { Diagnostic } from '@retromodel/scene';
import { nameTableEnd } from '../chunks/read-mat3-layout.js';
import { readNameTable } from '../name-table.js';
import { readAnimationLayout } from './animation-layout.js';
import {
  ChunkTracks,
  type J3dAnimationHeader,
  type J3dTrack,
  readAnimationChunk,
  readTrack,
  readValueTable,
  tableSpan,
} from './animation-track.js';

/** The animated material colour of one material. */
export interface BpkEntry {
  materialName: string;
  /**
   * The remap-table value as stored: JSystem binds an animation to materials by `materialName`
   * (searchUpdateMaterialID), so this need not be a MAT3 index.
   */
  remapIndex: number;
  r: J3dTrack;
  g: J3dTrack;
  b: J3dTrack;
  a: J3dTrack;
}

/** A `.bpk` file. `angleScaleExponent` is the padding byte at 0x09 (PAK1 has no rotations). */
export interface BpkFile extends J3dAnimationHeader {
  entries: BpkEntry[];
  diagnostics: Diagnostic[];
}

/** Reads a `.bpk` file. */
export function readBpk(bytes: Uint8Array): BpkFile {
  const { header, chunk } = readAnimationChunk(bytes, 'bpk1', 'PAK1');
  const diagnostics: Diagnostic[] = [];
  const duration = chunk.u16At(0x0c);
  const count = chunk.u16At(0x0e);
  const entriesAt = chunk.u32At(0x18);
  const remapAt = chunk.u32At(0x1c);
  chunk.checkCount(count, 0x18, 'material colour entries', entriesAt);
  chunk.checkCount(count, 2, 'remap table', remapAt);
  const tables = [0, 1, 2, 3].map((c) =>
    readValueTable(chunk, chunk.u32At(0x24 + c * 4), chunk.u16At(0x10 + c * 2), 's16', `${'RGBA'[c]} table`),
  );
  const names = count > 0 ? readNameTable(chunk, chunk.u32At(0x20), diagnostics) : [];
  const entries: BpkEntry[] = [];
  const tracks = new ChunkTracks(chunk);
  for (let e = 0; e < count; e++) {
    const at = entriesAt + e * 0x18;
    const track = (c: number) => readTrack(chunk, at + c * 6, tables[c]!, 1, `entry ${e} ${'RGBA'[c]}`, tracks);
    entries.push({
      materialName: names[e] ?? `material${e}`,
      remapIndex: chunk.u16At(remapAt + e * 2),
      r: track(0),
      g: track(1),
      b: track(2),
      a: track(3),
    });
  }
  const namesAt = chunk.u32At(0x20);
  const layout = readAnimationLayout(
    bytes,
    [
      { start: 0, end: 0x34 },
      tableSpan(entriesAt, count, 0x18),
      ...tables.map((t, c) => tableSpan(chunk.u32At(0x24 + c * 4), t.length, 2)),
      tableSpan(remapAt, count, 2),
      count > 0 ? { start: namesAt, end: nameTableEnd(chunk, namesAt) } : undefined,
    ],
    tables,
    tracks.firsts,
  );
  return { ...header, duration, entries, diagnostics, ...(layout ? { layout } : {}) };
}

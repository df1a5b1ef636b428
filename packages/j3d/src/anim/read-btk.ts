/*
 * BTK texture-SRT animation (`J3D1btk1`, chunk TTK1; spec j3d.md §12; Nintendo files state a chunk size 4 bytes
 * too large). 0x08 u8 loop mode, 0x09 s8 angle-scale exponent, 0x0A u16 duration, 0x0C u16 track-group count
 * (3 per animated texture matrix), 0x0E/0x10/0x12 u16 scale/rotation/translation table counts, 0x14 u32 track
 * table (per entry 9 tracks: scaleS, rotationS, translationS, then T, then Q), 0x18 u32 remap (u16 per entry),
 * 0x1C u32 material-name table, 0x20 u32 texgen index (u8 per entry), 0x24 u32 centres (f32 × 3 per entry),
 * 0x28/0x2C/0x30 u32 scale (f32) / rotation (s16) / translation (f32) tables, 0x5C u32 1 = Maya SRT maths.
 */
import type { Diagnostic, Vec3 } from '@retromodel/scene';
import { nameTableEnd } from '../chunks/read-mat3-layout.js';
import { readNameTable } from '../name-table.js';
import { readAnimationLayout } from './animation-layout.js';
import {
  ChunkTracks,
  type J3dAnimationHeader,
  type J3dTrack,
  readAnimationChunk,
  readSrtTables,
  readTrack,
  tableSpan,
} from './animation-track.js';

/** S, T and Q tracks of one component. */
export type BtkAxes = [J3dTrack, J3dTrack, J3dTrack];

/** One animated texture matrix of a material. */
export interface BtkEntry {
  materialName: string;
  remapIndex: number;
  /** Texture-matrix (texgen) index within the material. */
  texMatrixIndex: number;
  center: Vec3;
  scale: BtkAxes;
  /** Radians. */
  rotation: BtkAxes;
  translation: BtkAxes;
}

/** A `.btk` file. */
export interface BtkFile extends J3dAnimationHeader {
  maya: boolean;
  entries: BtkEntry[];
  diagnostics: Diagnostic[];
}

/** Bytes Nintendo's TTK1 size fields count past the end of the file. */
export const TTK1_SIZE_OVERCOUNT = 4;

/** Reads a `.btk` file. */
export function readBtk(bytes: Uint8Array): BtkFile {
  const { header, chunk } = readAnimationChunk(bytes, 'btk1', 'TTK1', TTK1_SIZE_OVERCOUNT);
  const diagnostics: Diagnostic[] = [];
  const groups = chunk.u16At(0x0c);
  const count = Math.floor(groups / 3);
  const tableAt = chunk.u32At(0x14);
  chunk.checkCount(count, 54, 'texture-matrix tracks', tableAt);
  chunk.checkCount(count, 2, 'remap table', chunk.u32At(0x18));
  chunk.checkCount(count, 1, 'texgen index table', chunk.u32At(0x20));
  chunk.checkCount(count, 12, 'centre table', chunk.u32At(0x24));
  const names = readNameTable(chunk, chunk.u32At(0x1c), diagnostics);
  const { scales, rotations, translations, angle, spans } = readSrtTables(chunk, header, 0x28);
  const entries: BtkEntry[] = [];
  const tracks = new ChunkTracks(chunk);
  const parts = [0, 1, 2] as const;
  for (let e = 0; e < count; e++) {
    const at = tableAt + e * 54;
    // Tracks in file order: per axis S, T, Q, the scale, rotation and translation.
    const read = parts.flatMap((a) => [
      readTrack(chunk, at + a * 18, scales, 1, `entry ${e} scale`, tracks),
      readTrack(chunk, at + a * 18 + 6, rotations, angle, `entry ${e} rotation`, tracks),
      readTrack(chunk, at + a * 18 + 12, translations, 1, `entry ${e} translation`, tracks),
    ]);
    const axes = (k: number): BtkAxes => [read[k]!, read[3 + k]!, read[6 + k]!];
    const c = chunk.u32At(0x24) + e * 12;
    entries.push({
      materialName: names[e] ?? `material${e}`,
      remapIndex: chunk.u16At(chunk.u32At(0x18) + e * 2),
      texMatrixIndex: chunk.u8At(chunk.u32At(0x20) + e),
      center: [chunk.f32At(c), chunk.f32At(c + 4), chunk.f32At(c + 8)],
      scale: axes(0),
      rotation: axes(1),
      translation: axes(2),
    });
  }
  const maya = chunk.length >= 0x60 && chunk.u32At(0x5c) === 1;
  const layout = readAnimationLayout(
    bytes,
    [
      { start: 0, end: 0x60 },
      tableSpan(tableAt, count, 54),
      tableSpan(chunk.u32At(0x18), count, 2),
      { start: chunk.u32At(0x1c), end: nameTableEnd(chunk, chunk.u32At(0x1c)) },
      tableSpan(chunk.u32At(0x20), count, 1),
      tableSpan(chunk.u32At(0x24), count, 12),
      ...spans,
    ],
    [scales, rotations, translations],
    tracks.firsts,
  );
  return { ...header, maya, entries, diagnostics, ...(layout ? { layout } : {}) };
}

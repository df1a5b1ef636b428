/*
 * Tracks out, the mirror of readTrack (animation-track.ts; spec j3d.md §12): a track is a 6-byte descriptor
 * { u16 count; u16 firstIndex; u16 tangentMode } over one value table, whose run is the one value of a constant
 * or the key tuples (time, value, tangent) in tangent mode 0 and (time, value, tangentIn, tangentOut) in mode 1.
 * Runs are collected first and the tables laid out after (share-value-tables.ts), since a layout read from a file
 * holds only if every run of a table still stands where it says.
 */
import type { BinaryWriter } from '@retromodel/binary';
import type { J3dTrack } from './animation-track.js';
import type { TableRun } from './share-value-tables.js';

/** The tangent mode a track is written with: its own, or 1 when any key's two tangents differ. */
export function tangentModeOf(track: J3dTrack): number {
  if (track.keys.length === 1) return track.tangentMode;
  return track.tangentMode === 1 || track.keys.some((k) => k.tangentIn !== k.tangentOut) ? 1 : 0;
}

/** A track as a descriptor over a run of table `table` (values and tangents turned into stored numbers). */
export interface TrackDescriptor extends TableRun {
  count: number;
  mode: number;
}

/**
 * The descriptor of `track` over table `table`: `toStored` turns a value or tangent into the table's number
 * (e.g. radians into s16 steps, an f32 rounding), `storeTime` a key time (whole frames in an s16 table).
 */
export function trackDescriptor(
  track: J3dTrack,
  table: number,
  toStored: (v: number) => number,
  storeTime: (t: number) => number,
): TrackDescriptor {
  const keys = track.keys;
  if (keys.length > 0xffff) throw new Error(`a track has ${keys.length} keys; a J3D track holds at most 65535`);
  const mode = tangentModeOf(track);
  if (keys.length === 1) return { table, values: [toStored(keys[0]!.value)], count: 1, mode };
  const values: number[] = [];
  for (const k of keys) {
    values.push(storeTime(k.time), toStored(k.value), toStored(k.tangentIn));
    if (mode === 1) values.push(toStored(k.tangentOut));
  }
  return { table, values, count: keys.length, mode };
}

/** Writes a track's 6-byte descriptor with its first table index. */
export function writeTrackDescriptor(w: BinaryWriter, d: TrackDescriptor, first: number): void {
  w.u16(d.count).u16(first).u16(d.mode);
}

/** Writes a frame run's 4-byte descriptor { u16 count; u16 firstIndex } (BCA, BTP, BVA). */
export function writeFrameRun(w: BinaryWriter, run: TableRun, first: number): void {
  w.u16(run.values.length).u16(first);
}

/** A frame run over table `table` as a file model holds it (read runs keep their stored length). */
export function frameRun(table: number, frames: readonly number[], what: string): TableRun {
  if (frames.length === 0 || frames.length > 0xffff)
    throw new Error(`${what} has ${frames.length} frame values; a run holds 1 to 65535`);
  return { table, values: [...frames] };
}

/*
 * Writing J3D animation files, the mirror of animation-track.ts (spec j3d.md §12): the "J3D1" + kind header with
 * one chunk at 0x20, value tables that share runs of values, and tracks over them.
 * Nintendo's tools build each value table track by track: a track whose values (one for a constant, else the key
 * tuples) already occur as a run in the table points there, otherwise they are appended. Every part of the chunk
 * (the header, the track table, each value table) starts on 0x20 and the gaps hold the prefix of
 * "This is padding data to alignment.", as the shared files have it.
 */
import { BinaryWriter } from '@retromodel/binary';
import { ChunkWriter } from '../chunks/chunk-padding.js';
import type { J3dAnimationHeader, J3dTrack } from './animation-track.js';

/** A value table that reuses a run of values already in it. */
export class ValueTable {
  readonly values: number[] = [];
  /** A table's count and the descriptors' indices are u16: it holds at most 65535 values. */
  static readonly MAX_VALUES = 0xffff;
  /** Positions of each value, to find runs without scanning the whole table. */
  private readonly at = new Map<number, number[]>();

  /** Index of `run` in the table, appending it when it is not there. */
  add(run: number[]): number {
    for (const start of this.at.get(run[0]!) ?? []) {
      if (start + run.length <= this.values.length && run.every((v, i) => Object.is(this.values[start + i], v)))
        return start;
    }
    const start = this.values.length;
    for (const v of run) {
      const list = this.at.get(v);
      if (list) list.push(this.values.length);
      else this.at.set(v, [this.values.length]);
      this.values.push(v);
    }
    return start;
  }
}

/** The tangent mode a track is written with: 1 when any key's two tangents differ. */
export function tangentModeOf(track: J3dTrack): number {
  if (track.keys.length === 1) return track.tangentMode;
  return track.tangentMode === 1 || track.keys.some((k) => k.tangentIn !== k.tangentOut) ? 1 : 0;
}

/**
 * Adds a track to `table` and writes its 6-byte descriptor. `toStored` turns a value or tangent into the table's
 * number (e.g. radians into s16 steps); key times are stored as they are.
 */
export function writeTrack(w: BinaryWriter, track: J3dTrack, table: ValueTable, toStored: (v: number) => number): void {
  const mode = tangentModeOf(track);
  const keys = track.keys;
  let run: number[];
  if (keys.length === 1) run = [toStored(keys[0]!.value)];
  else {
    run = [];
    for (const k of keys) {
      run.push(k.time, toStored(k.value), toStored(k.tangentIn));
      if (mode === 1) run.push(toStored(k.tangentOut));
    }
  }
  if (keys.length > 0xffff) throw new Error(`a track has ${keys.length} keys; a J3D track holds at most 65535`);
  w.u16(keys.length).u16(table.add(run)).u16(mode);
}

/**
 * The whole file: header, then the chunk that `writeBody` fills from offset 0x08 of the chunk (after the tag and
 * size, starting with the loop mode, exponent and duration). The chunk is padded to 0x20 and its size patched.
 */
export function writeAnimationFile(
  header: J3dAnimationHeader,
  tag: string,
  writeBody: (chunk: ChunkWriter) => void,
): Uint8Array {
  const chunk = new ChunkWriter(tag, undefined, 0x400);
  chunk.w.u8(header.loopMode).s8(header.angleScaleExponent).u16(header.duration);
  writeBody(chunk);
  const body = chunk.finish();
  const w = new BinaryWriter({ initialSize: 0x20 + body.length });
  w.string(`J3D1${header.kind}`, { terminate: false })
    .u32(0x20 + body.length)
    .u32(1);
  w.bytes(Array.from(header.subVersion.padEnd(16, '\xff').slice(0, 16), (c) => c.charCodeAt(0) & 0xff));
  w.bytes(body);
  return w.finish();
}

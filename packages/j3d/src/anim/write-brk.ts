/*
 * BRK writer, the mirror of read-brk.ts (spec j3d.md §12; packages/j3d/docs/animation-tables.md): TRK1 with its
 * 0x58-byte header, then the register and the konst colour entries (0x1C each: R, G, B, A tracks, the colour
 * index, 3 bytes 0xFF) from 0x60, and on 4-byte boundaries the register R, G, B, A tables, the konst ones (s16),
 * the register and konst remap tables and the register and konst name tables. A kind without entries has no
 * entry, value or remap table (offsets and counts 0) but an empty name table, as in Nintendo's files. The tables
 * are shared as Nintendo's tools share them (no seed values), unless the file's own layout still holds.
 */
import { writeNames } from '../write-name-table.js';
import type { BrkEntry, BrkFile } from './read-brk.js';
import { shareValueTables } from './share-value-tables.js';
import { AnimationChunkWriter, animationFile, type ChunkPart } from './write-animation-chunk.js';
import { type TrackDescriptor, trackDescriptor, writeTrackDescriptor } from './write-animation-track.js';

/** A colour track's stored value: whole colour units in an s16. */
export function colourUnits(v: number): number {
  const units = Math.round(v);
  if (!(units >= -32768 && units <= 32767)) throw new Error(`colour value ${v} does not fit the s16 colour table`);
  return units;
}

/** The four colour tracks of an entry over tables `base`..`base + 3`. */
export function colourDescriptors(
  e: { r: BrkEntry['r']; g: BrkEntry['g']; b: BrkEntry['b']; a: BrkEntry['a'] },
  base: number,
): TrackDescriptor[] {
  return [e.r, e.g, e.b, e.a].map((track, c) => trackDescriptor(track, base + c, colourUnits, (t) => Math.fround(t)));
}

/** Writes a `.brk` file. */
export function writeBrk(file: BrkFile): Uint8Array {
  const kinds = [file.entries.filter((e) => e.kind === 'register'), file.entries.filter((e) => e.kind === 'konst')];
  for (const list of kinds)
    if (list.length > 0xffff) throw new Error(`${list.length} colour entries of one kind; a BRK holds at most 65535`);
  const descriptors = kinds.flatMap((list, k) => list.flatMap((e) => colourDescriptors(e, k * 4)));
  const { tables, firsts } = shareValueTables(descriptors, 8, file.layout, {}, [
    ...['R', 'G', 'B', 'A'].map((c) => `register ${c}`),
    ...['R', 'G', 'B', 'A'].map((c) => `konst ${c}`),
  ]);
  const chunk = new AnimationChunkWriter('TRK1', file.layout);
  const { w } = chunk;
  w.u8(file.loopMode).s8(file.angleScaleExponent).u16(file.duration);
  w.u16(kinds[0]!.length).u16(kinds[1]!.length);
  for (const t of tables) w.u16(t.length);
  const offsetsAt = w.offset;
  w.fill(0x58 - w.offset);
  // A kind without entries has no entry, value or remap table, but an (empty) name table.
  const parts: ChunkPart[] = [];
  let d = 0;
  kinds.forEach((list, k) => {
    if (list.length === 0) return;
    const write = () => {
      for (const e of list) {
        for (let c = 0; c < 4; c++, d++) writeTrackDescriptor(w, descriptors[d]!, firsts[d]!);
        w.u8(e.colorIndex).u8(0xff).u16(0xffff);
      }
    };
    parts.push({ slot: 1 + k, align: 4, write });
  });
  tables.forEach((table, t) => {
    if (kinds[t >> 2]!.length > 0)
      parts.push({
        slot: 3 + t,
        align: 4,
        write: () => {
          for (const v of table) w.s16(v);
        },
      });
  });
  kinds.forEach((list, k) => {
    if (list.length > 0)
      parts.push({
        slot: 11 + k,
        align: 4,
        write: () => {
          for (const e of list) w.u16(e.remapIndex);
        },
      });
  });
  kinds.forEach((list, k) => {
    const names = list.map((e) => e.materialName);
    parts.push({
      slot: 13 + k,
      align: 4,
      write: () => {
        writeNames(w, names);
      },
    });
  });
  // The first part after the header is on 0x20.
  parts[0]!.align = 0x20;
  const offsets = chunk.writeParts(parts);
  // Header order: entries, remap tables, name tables, register tables, konst tables.
  [1, 2, 11, 12, 13, 14, 3, 4, 5, 6, 7, 8, 9, 10].forEach((slot, i) => {
    w.patchU32(offsetsAt + i * 4, offsets[slot]!);
  });
  return animationFile(file, chunk.finish());
}

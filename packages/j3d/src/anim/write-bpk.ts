/*
 * BPK writer, the mirror of read-bpk.ts (JSystem J3DAnmColorKey; packages/j3d/docs/animation-tables.md): PAK1
 * with its 0x34-byte header (loop mode, the byte at 0x09, two bytes kept as read or 0xFF, the duration at 0x0C),
 * then the entries (0x18 each: R, G, B, A tracks) from 0x40 and on 4-byte boundaries the R, G, B, A tables (s16),
 * the remap table and the material-name table, in the order of TRK1. The tables are shared as Nintendo's tools
 * share them (no seed values), unless the file's own layout still holds.
 */
import { writeNames } from '../write-name-table.js';
import type { BpkFile } from './read-bpk.js';
import { shareValueTables } from './share-value-tables.js';
import { AnimationChunkWriter, animationFile } from './write-animation-chunk.js';
import { writeTrackDescriptor } from './write-animation-track.js';
import { colourDescriptors } from './write-brk.js';

/** Writes a `.bpk` file. */
export function writeBpk(file: BpkFile): Uint8Array {
  const count = file.entries.length;
  if (count > 0xffff) throw new Error(`${count} colour entries; a BPK holds at most 65535`);
  const descriptors = file.entries.flatMap((e) => colourDescriptors(e, 0));
  const { tables, firsts } = shareValueTables(descriptors, 4, file.layout, {}, ['R', 'G', 'B', 'A']);
  const chunk = new AnimationChunkWriter('PAK1', file.layout);
  const { w } = chunk;
  w.u8(file.loopMode).s8(file.angleScaleExponent);
  chunk.reserved(2, 0xff);
  w.u16(file.duration).u16(count);
  for (const t of tables) w.u16(t.length);
  const offsetsAt = w.offset;
  w.fill(0x34 - w.offset);
  const names = file.entries.map((e) => e.materialName);
  const offsets = chunk.writeParts([
    {
      slot: 1,
      align: 0x20,
      write: () => {
        for (const [i, d] of descriptors.entries()) writeTrackDescriptor(w, d, firsts[i]!);
      },
    },
    ...tables.map((table, t) => ({
      slot: 2 + t,
      align: 4,
      write: () => {
        for (const v of table) w.s16(v);
      },
    })),
    {
      slot: 6,
      align: 4,
      write: () => {
        for (const e of file.entries) w.u16(e.remapIndex);
      },
    },
    {
      slot: 7,
      align: 4,
      write: () => {
        writeNames(w, names);
      },
    },
  ]);
  // Header order: entries, remap table, name table, R, G, B, A tables.
  [1, 6, 7, 2, 3, 4, 5].forEach((slot, i) => {
    w.patchU32(offsetsAt + i * 4, offsets[slot]!);
  });
  return animationFile(file, chunk.finish());
}

/*
 * BTP writer, the mirror of read-btp.ts (spec j3d.md §12; packages/j3d/docs/animation-tables.md): TPT1 with its
 * 0x20-byte header (0x09 as read, 0xFF in Nintendo's files), then on 4-byte boundaries the entries (8 each: a
 * frame run { u16 count; u16 firstIndex } into the texture-index table, the u8 texture-map slot, 3 bytes 0xFF),
 * the texture-index table (u16), the remap table and the material-name table. Runs are written as the file model
 * holds them; the table is shared as Nintendo's tools share it (no seed values), unless the file's own layout
 * still holds.
 */
import { writeNames } from '../write-name-table.js';
import type { BtpFile } from './read-btp.js';
import { shareValueTables } from './share-value-tables.js';
import { AnimationChunkWriter, animationFile } from './write-animation-chunk.js';
import { frameRun, writeFrameRun } from './write-animation-track.js';

/** Writes a `.btp` file. */
export function writeBtp(file: BtpFile): Uint8Array {
  const count = file.entries.length;
  if (count > 0xffff) throw new Error(`${count} texture-pattern entries; a BTP holds at most 65535`);
  const runs = file.entries.map((e, i) => {
    for (const t of e.textureIndices)
      if (!Number.isInteger(t) || t < 0 || t > 0xffff) throw new Error(`entry ${i}: texture index ${t} is not a u16`);
    if (!Number.isInteger(e.texMapIndex) || e.texMapIndex < 0 || e.texMapIndex > 7)
      throw new Error(`entry ${i}: texture-map slot ${e.texMapIndex}; a material has 8`);
    return frameRun(0, e.textureIndices, `entry ${i}`);
  });
  const { tables, firsts } = shareValueTables(runs, 1, file.layout, {}, ['texture-index']);
  const chunk = new AnimationChunkWriter('TPT1', file.layout);
  const { w } = chunk;
  w.u8(file.loopMode).s8(file.angleScaleExponent).u16(file.duration).u16(count).u16(tables[0]!.length);
  const offsetsAt = w.offset;
  w.fill(16);
  const names = file.entries.map((e) => e.materialName);
  const offsets = chunk.writeParts([
    {
      slot: 1,
      align: 0x20,
      write: () =>
        file.entries.forEach((e, i) => {
          writeFrameRun(w, runs[i]!, firsts[i]!);
          w.u8(e.texMapIndex).u8(0xff).u16(0xffff);
        }),
    },
    {
      slot: 2,
      align: 4,
      write: () => {
        for (const v of tables[0]!) w.u16(v);
      },
    },
    {
      slot: 3,
      align: 4,
      write: () => {
        for (const e of file.entries) w.u16(e.remapIndex);
      },
    },
    {
      slot: 4,
      align: 4,
      write: () => {
        writeNames(w, names);
      },
    },
  ]);
  offsets.slice(1).forEach((o, i) => {
    w.patchU32(offsetsAt + i * 4, o);
  });
  return animationFile(file, chunk.finish());
}

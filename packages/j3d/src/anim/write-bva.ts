/*
 * BVA writer, the mirror of read-bva.ts (spec j3d.md §12; packages/j3d/docs/animation-tables.md): VAF1 with its
 * 0x18-byte header (0x09 as read, 0xFF in Nintendo's files), then from 0x20 the shape table (a frame run
 * { u16 count; u16 firstIndex } per SHP1 shape) and the visibility table (u8: 1 shown, 0 hidden), which is
 * padded to 4 before the chunk is padded to 0x20. Runs are written as the file model holds them; the table is
 * shared as Nintendo's tools share it (no seed values), unless the file's own layout still holds (its stored
 * bytes, where any non-zero value means shown).
 */
import type { BvaFile } from './read-bva.js';
import { shareValueTables } from './share-value-tables.js';
import { AnimationChunkWriter, animationFile } from './write-animation-chunk.js';
import { frameRun, writeFrameRun } from './write-animation-track.js';

/** Writes a `.bva` file. */
export function writeBva(file: BvaFile): Uint8Array {
  const count = file.shapes.length;
  if (count > 0xffff) throw new Error(`${count} shapes; a BVA holds at most 65535`);
  const runs = file.shapes.map((shown, s) =>
    frameRun(
      0,
      shown.map((v) => (v ? 1 : 0)),
      `shape ${s}`,
    ),
  );
  const rule = { canonical: [(stored: number) => (stored !== 0 ? 1 : 0)] };
  const { tables, firsts } = shareValueTables(runs, 1, file.layout, rule, ['visibility']);
  const chunk = new AnimationChunkWriter('VAF1', file.layout);
  const { w } = chunk;
  w.u8(file.loopMode).s8(file.angleScaleExponent).u16(file.duration).u16(count).u16(tables[0]!.length);
  const offsetsAt = w.offset;
  w.fill(8);
  const offsets = chunk.writeParts([
    {
      slot: 1,
      align: 0x20,
      write: () => {
        for (const [i, run] of runs.entries()) writeFrameRun(w, run, firsts[i]!);
      },
    },
    {
      slot: 2,
      align: 4,
      write: () => {
        for (const v of tables[0]!) w.u8(v);
      },
    },
  ]);
  offsets.slice(1).forEach((o, i) => {
    w.patchU32(offsetsAt + i * 4, o);
  });
  return animationFile(file, chunk.finish({ align: 4 }));
}

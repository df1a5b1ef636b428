/*
 * BTK writer, the mirror of read-btk.ts (spec j3d.md §12; packages/j3d/docs/animation-tables.md): TTK1 with its
 * 0x60-byte header, then on 4-byte boundaries the track table (9 tracks per texture matrix: per axis S, T, Q the
 * scale, rotation and translation), the remap table, the material-name table, the texgen indices, the centres and
 * the scale (f32), rotation (s16) and translation (f32) tables, and after them an empty name table (u16 0,
 * u16 0xFFFF) that the chunk size counts but the header does not point at, as in Nintendo's files. Rotations use the file's exponent unless a value does not fit (then the smallest that
 * does); the tables are shared as Nintendo's tools share them (no seed values), unless the file's own layout
 * still holds. The post-texture-matrix fields (0x34..0x5B) are written back as read, else zero.
 */
import { writeNames } from '../write-name-table.js';
import type { BtkFile } from './read-btk.js';
import { shareValueTables } from './share-value-tables.js';
import { AnimationChunkWriter, animationFile } from './write-animation-chunk.js';
import { type TrackDescriptor, trackDescriptor, writeTrackDescriptor } from './write-animation-track.js';
import { angleStep, checkRotationTimes, rotationExponent } from './write-bck.js';

/** Writes a `.btk` file. */
export function writeBtk(file: BtkFile): Uint8Array {
  const count = file.entries.length;
  if (count * 3 > 0xffff) throw new Error(`${count} texture matrices; a BTK holds at most 21845`);
  file.entries.forEach((e, i) => {
    for (const [a, t] of e.rotation.entries()) checkRotationTimes(t, `entry ${i} rotation ${'STQ'[a]}`);
  });
  const exp = rotationExponent(
    file.entries.flatMap((e) => e.rotation),
    file.angleScaleExponent,
  );
  const step = angleStep(exp);
  const descriptors: TrackDescriptor[] = [];
  for (const e of file.entries) {
    for (let a = 0; a < 3; a++) {
      descriptors.push(trackDescriptor(e.scale[a]!, 0, Math.fround, Math.fround));
      descriptors.push(
        trackDescriptor(
          e.rotation[a]!,
          1,
          (v) => Math.round(v / step),
          (t) => t,
        ),
      );
      descriptors.push(trackDescriptor(e.translation[a]!, 2, Math.fround, Math.fround));
    }
  }
  const { tables, firsts } = shareValueTables(descriptors, 3, file.layout, {}, ['scale', 'rotation', 'translation']);
  const chunk = new AnimationChunkWriter('TTK1', file.layout);
  const { w } = chunk;
  w.u8(file.loopMode)
    .s8(exp)
    .u16(file.duration)
    .u16(count * 3);
  for (const t of tables) w.u16(t.length);
  const offsetsAt = w.offset;
  w.fill(0x34 - w.offset);
  chunk.reserved(0x5c - 0x34, 0);
  const storedWord = chunk.storedHeaderU32(0x5c);
  w.u32(storedWord !== undefined && (storedWord === 1) === file.maya ? storedWord : file.maya ? 1 : 0);
  const offsets = chunk.writeParts([
    {
      slot: 1,
      align: 0x20,
      write: () => {
        for (const [i, d] of descriptors.entries()) writeTrackDescriptor(w, d, firsts[i]!);
      },
    },
    {
      slot: 2,
      align: 4,
      write: () => {
        for (const e of file.entries) w.u16(e.remapIndex);
      },
    },
    {
      slot: 3,
      align: 4,
      write: () =>
        writeNames(
          w,
          file.entries.map((e) => e.materialName),
        ),
    },
    {
      slot: 4,
      align: 4,
      write: () => {
        for (const e of file.entries) w.u8(e.texMatrixIndex);
      },
    },
    {
      slot: 5,
      align: 4,
      write: () => {
        for (const e of file.entries) for (const c of e.center) w.f32(c);
      },
    },
    ...tables.map((table, t) => ({
      slot: 6 + t,
      align: 4,
      write: () => {
        for (const v of table) {
          if (t === 1) w.s16(v);
          else w.f32(v);
        }
      },
    })),
  ]);
  offsets.slice(1).forEach((o, i) => {
    w.patchU32(offsetsAt + i * 4, o);
  });
  return animationFile(file, chunk.finish({ trailer: [0, 0, 0xff, 0xff], sizeToData: true }));
}

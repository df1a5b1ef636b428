/*
 * BCK writer, the mirror of read-bck.ts (spec j3d.md §12): ANK1 with the joint-track table at 0x40, then the
 * scale (f32), rotation (s16) and translation (f32) tables, each on 0x20. Rotation values and tangents are
 * stored in steps of 2^exp · π / 32768 radians; rotation key times share the s16 table, so they must be whole
 * frames. The file's exponent is kept unless a rotation does not fit in s16 steps with it, then the smallest
 * exponent that fits is used.
 */
import type { BinaryWriter } from '@retromodel/binary';
import type { J3dTrack } from './animation-track.js';
import type { BckFile } from './read-bck.js';
import { ValueTable, writeAnimationFile, writeTrack } from './write-animation-track.js';

/** Radians per s16 step at exponent `exp`. */
const angleStep = (exp: number) => (2 ** exp * Math.PI) / 32768;

/** The smallest exponent ≥ `preferred` with which every rotation value and tangent fits in s16 steps. */
export function rotationExponent(tracks: J3dTrack[], preferred: number): number {
  let max = 0;
  for (const t of tracks)
    for (const k of t.keys) max = Math.max(max, Math.abs(k.value), Math.abs(k.tangentIn), Math.abs(k.tangentOut));
  let exp = preferred;
  while (exp < 127 && Math.round(max / angleStep(exp)) > 32767) exp++;
  return exp;
}

function checkRotationTimes(track: J3dTrack, what: string): void {
  if (track.keys.length === 1) return;
  for (const [k, key] of track.keys.entries()) {
    if (!Number.isInteger(key.time) || key.time < -32768 || key.time > 32767)
      throw new Error(`${what}: key ${k} is at frame ${key.time}; BCK stores rotation key times as whole frames (s16)`);
  }
}

/** Writes a `.bck` file. */
export function writeBck(file: BckFile): Uint8Array {
  if (file.joints.length > 0xffff) throw new Error(`${file.joints.length} joints; a BCK holds at most 65535`);
  const rotations = file.joints.flatMap((j) => j.rotation);
  file.joints.forEach((j, i) => {
    for (const [a, t] of j.rotation.entries()) checkRotationTimes(t, `joint ${i} rotation ${'XYZ'[a]}`);
  });
  const exp = rotationExponent(rotations, file.angleScaleExponent);
  const step = angleStep(exp);
  const header = { ...file, angleScaleExponent: exp };
  return writeAnimationFile(header, 'ANK1', (chunk) => {
    const { w } = chunk;
    const scales = new ValueTable();
    const angles = new ValueTable();
    const translations = new ValueTable();
    w.u16(file.joints.length);
    const countsAt = w.offset;
    w.u16(0).u16(0).u16(0);
    const offsetsAt = w.offset;
    w.fill(16);
    const tracksAt = chunk.startPart(undefined, 0x20);
    for (const j of file.joints) {
      for (let a = 0; a < 3; a++) {
        writeTrack(w, j.scale[a]!, scales, (v) => v);
        writeTrack(w, j.rotation[a]!, angles, (v) => Math.round(v / step));
        writeTrack(w, j.translation[a]!, translations, (v) => v);
      }
    }
    const tables: [ValueTable, (w: BinaryWriter, v: number) => void][] = [
      [scales, (w, v) => w.f32(v)],
      [angles, (w, v) => w.s16(v)],
      [translations, (w, v) => w.f32(v)],
    ];
    const offsets = [tracksAt];
    for (const [table, put] of tables) {
      offsets.push(chunk.startPart(undefined, 0x20));
      for (const v of table.values) put(w, v);
    }
    tables.forEach(([table], i) => {
      if (table.values.length > ValueTable.MAX_VALUES)
        throw new Error(
          `the ${['scale', 'rotation', 'translation'][i]} table needs ${table.values.length} values; a BCK table holds ${ValueTable.MAX_VALUES}`,
        );
      w.patchU16(countsAt + i * 2, table.values.length);
    });
    offsets.forEach((o, i) => {
      w.patchU32(offsetsAt + i * 4, o);
    });
  });
}

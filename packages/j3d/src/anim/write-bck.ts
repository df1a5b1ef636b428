/*
 * BCK writer, the mirror of read-bck.ts (spec j3d.md §12; packages/j3d/docs/animation-tables.md): ANK1 with the
 * joint-track table at 0x40, then the scale (f32), rotation (s16) and translation (f32) tables, each on 0x20.
 * Rotation values and tangents are stored in steps of 2^exp · π / 32768 radians; rotation key times share the
 * s16 table, so they must be whole frames. The file's exponent is kept unless a rotation does not fit in s16
 * steps with it, then the smallest exponent that fits is used. The tables are shared as Nintendo's tools share
 * them, starting with the rest values 1, 0 and 0, unless the file's own layout still holds.
 */
import type { BinaryWriter } from '@retromodel/binary';
import type { J3dAnimationHeader, J3dTrack } from './animation-track.js';
import type { BckFile } from './read-bck.js';
import { shareValueTables, type TableRun } from './share-value-tables.js';
import { AnimationChunkWriter, animationFile } from './write-animation-chunk.js';
import { type TrackDescriptor, trackDescriptor, writeTrackDescriptor } from './write-animation-track.js';

/** Radians per s16 step at exponent `exp`. */
export const angleStep = (exp: number) => (2 ** exp * Math.PI) / 32768;

/** Whether `steps` (a rounded number of angle steps) fits an s16. */
const fitsS16 = (steps: number) => steps >= -32768 && steps <= 32767;

/** The smallest exponent ≥ `preferred` with which every rotation value and tangent fits in s16 steps. */
export function rotationExponent(tracks: J3dTrack[], preferred: number): number {
  let exp = preferred;
  const fits = (e: number) =>
    tracks.every((t) =>
      t.keys.every((k) => [k.value, k.tangentIn, k.tangentOut].every((v) => fitsS16(Math.round(v / angleStep(e))))),
    );
  while (exp < 127 && !fits(exp)) exp++;
  return exp;
}

/** Throws when a rotation track's key times are not whole s16 frames (they share the s16 table). */
export function checkRotationTimes(track: J3dTrack, what: string): void {
  if (track.keys.length === 1) return;
  for (const [k, key] of track.keys.entries()) {
    if (!Number.isInteger(key.time) || !fitsS16(key.time))
      throw new Error(`${what}: key ${k} is at frame ${key.time}; rotation key times are stored as whole frames (s16)`);
  }
}

/** The rest values the scale, rotation and translation tables start with in Nintendo's BCK and BCA files. */
export const SRT_SEEDS = [[1], [0], [0]] as const;

/**
 * The chunk of a BCK (ANK1) or BCA (ANF1): the header fields, the joint table of `runs` (each written by
 * `writeRun` with its first table index) at 0x40, then the scale, rotation and translation tables on 0x20.
 */
export function writeSrtAnimation<R extends TableRun>(
  tag: 'ANK1' | 'ANF1',
  file: J3dAnimationHeader & { joints: unknown[] },
  exponent: number,
  runs: R[],
  writeRun: (w: BinaryWriter, run: R, first: number) => void,
): Uint8Array {
  const { tables, firsts } = shareValueTables(runs, 3, file.layout, { seeds: SRT_SEEDS }, [
    'scale',
    'rotation',
    'translation',
  ]);
  const chunk = new AnimationChunkWriter(tag, file.layout);
  const { w } = chunk;
  w.u8(file.loopMode).s8(exponent).u16(file.duration).u16(file.joints.length);
  for (const t of tables) w.u16(t.length);
  const offsetsAt = w.offset;
  w.fill(16);
  const offsets = chunk.writeParts([
    {
      slot: 1,
      align: 0x20,
      write: () => {
        for (const [i, run] of runs.entries()) writeRun(w, run, firsts[i]!);
      },
    },
    ...tables.map((table, t) => ({
      slot: 2 + t,
      align: 0x20,
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
  return animationFile(file, chunk.finish());
}

/** Writes a `.bck` file. */
export function writeBck(file: BckFile): Uint8Array {
  if (file.joints.length > 0xffff) throw new Error(`${file.joints.length} joints; a BCK holds at most 65535`);
  file.joints.forEach((j, i) => {
    for (const [a, t] of j.rotation.entries()) checkRotationTimes(t, `joint ${i} rotation ${'XYZ'[a]}`);
  });
  const exp = rotationExponent(
    file.joints.flatMap((j) => j.rotation),
    file.angleScaleExponent,
  );
  const step = angleStep(exp);
  const descriptors: TrackDescriptor[] = [];
  for (const j of file.joints) {
    for (let a = 0; a < 3; a++) {
      descriptors.push(trackDescriptor(j.scale[a]!, 0, Math.fround, Math.fround));
      descriptors.push(
        trackDescriptor(
          j.rotation[a]!,
          1,
          (v) => Math.round(v / step),
          (t) => t,
        ),
      );
      descriptors.push(trackDescriptor(j.translation[a]!, 2, Math.fround, Math.fround));
    }
  }
  return writeSrtAnimation('ANK1', file, exp, descriptors, writeTrackDescriptor);
}

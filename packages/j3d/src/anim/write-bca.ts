/*
 * BCA writer, the mirror of read-bca.ts (spec j3d.md §12; packages/j3d/docs/animation-tables.md): ANF1 with the
 * joint table at 0x40 (per joint, per axis X, Y, Z, a frame run { u16 count; u16 firstIndex } of scale, rotation
 * and translation), then the scale (f32), rotation (s16, π / 32768 radians a step, no exponent) and translation
 * (f32) tables, each on 0x20. Runs are written as the file model holds them; the tables are shared as Nintendo's
 * tools share them, starting with the rest values 1, 0 and 0, unless the file's own layout still holds.
 */
import type { BcaFile } from './read-bca.js';
import type { TableRun } from './share-value-tables.js';
import { frameRun, writeFrameRun } from './write-animation-track.js';
import { writeSrtAnimation } from './write-bck.js';

/** Radians per stored rotation step of a full-frame animation. */
const FULL_FRAME_ANGLE = Math.PI / 32768;

/** The s16 step of a rotation in radians (throws when it leaves the s16 range). */
function rotationSteps(radians: number, what: string): number {
  const steps = Math.round(radians / FULL_FRAME_ANGLE);
  if (!(steps >= -32768 && steps <= 32767))
    throw new Error(`${what}: rotation ${radians} is outside ±π, which a BCA cannot store`);
  return steps;
}

/** Writes a `.bca` file. */
export function writeBca(file: BcaFile): Uint8Array {
  if (file.joints.length > 0xffff) throw new Error(`${file.joints.length} joints; a BCA holds at most 65535`);
  const runs: TableRun[] = [];
  file.joints.forEach((j, i) => {
    for (let a = 0; a < 3; a++) {
      const what = (part: string) => `joint ${i} ${part} ${'XYZ'[a]}`;
      runs.push(frameRun(0, j.scale[a]!.map(Math.fround), what('scale')));
      runs.push(
        frameRun(
          1,
          j.rotation[a]!.map((v) => rotationSteps(v, what('rotation'))),
          what('rotation'),
        ),
      );
      runs.push(frameRun(2, j.translation[a]!.map(Math.fround), what('translation')));
    }
  });
  return writeSrtAnimation('ANF1', file, file.angleScaleExponent, runs, writeFrameRun);
}

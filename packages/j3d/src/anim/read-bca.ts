/*
 * BCA full-frame joint animation (`J3D1bca1`, chunk ANF1; spec j3d.md §12; JSystem J3DAnmTransformFull).
 *   0x08 u8 loop mode  0x09 s8 (0xFF in every known file; the runtime does not scale full-frame rotations)
 *   0x0A u16 duration  0x0C u16 joint count  0x0E/0x10/0x12 u16 scale / rotation / translation table counts
 *   0x14 u32 joint table  0x18/0x1C/0x20 u32 scale (f32) / rotation (s16) / translation (f32) tables
 * Per joint 36 bytes: for X, then Y, then Z, three runs { u16 count; u16 firstIndex } (scale, rotation,
 * translation) into their tables, one value per frame from frame 0. Frame f plays value min(f, count − 1), so a
 * run of 1 is a constant. Rotations are s16 · π / 32768 radians (0x8000 = half a turn).
 * Packers store BCAs without the 0x20 padding their size fields count (Pikmin 2, MKDD archives): up to 0x1F
 * bytes of chunk may be missing; every run is still checked against the bytes present.
 */
import type { BinaryReader } from '@retromodel/binary';
import { readAnimationLayout } from './animation-layout.js';
import { type J3dAnimationHeader, readAnimationChunk, readValueTable, tableSpan } from './animation-track.js';

/** Chunk bytes a size field may count beyond the stored file (unstored padding to 0x20). */
export const UNSTORED_PADDING = 0x1f;

/**
 * Distinct runs may overlap in a table; together they may hold at most this many times the table's own values,
 * so a crafted file cannot multiply memory (real files stay under 1.2).
 */
const RUN_EXPANSION_LIMIT = 16;

/** Per-frame values of X, Y and Z. */
export type BcaAxes = [number[], number[], number[]];

/** The per-frame values of one joint. Rotation values are radians. */
export interface BcaJointFrames {
  scale: BcaAxes;
  rotation: BcaAxes;
  translation: BcaAxes;
}

/**
 * A `.bca` file. Joints are in JNT1 joint order. `angleScaleExponent` is the byte at 0x09 as stored (−1 in every
 * known file); full-frame rotations do not use it.
 */
export interface BcaFile extends J3dAnimationHeader {
  joints: BcaJointFrames[];
}

/**
 * Returns a reader of `{ u16 count; u16 firstIndex }` frame runs over `table`, as used by the full-frame
 * animations (ANF1, TPT1, VAF1). Identical runs share one array; a run past the table, an empty run, or runs
 * that together would copy more than {@link RUN_EXPANSION_LIMIT} times the table are a ParseError. The first
 * index of every run read is appended to `firsts` (for the layout).
 */
export function frameRunReader<T>(
  chunk: BinaryReader,
  table: readonly T[],
  what: string,
  firsts: number[],
): (at: number, label: string) => T[] {
  const runs = new Map<number, T[]>();
  let copied = 0;
  return (at, label) => {
    const count = chunk.u16At(at);
    const first = chunk.u16At(at + 2);
    if (count === 0) throw chunk.error(`${label} has no frame values`, at);
    firsts.push(first);
    if (first + count > table.length)
      throw chunk.error(
        `${label} uses ${what} values ${first}..${first + count - 1}, the table has ${table.length}`,
        at,
      );
    const key = first * 0x10000 + count;
    let run = runs.get(key);
    if (run === undefined) {
      copied += count;
      if (copied > RUN_EXPANSION_LIMIT * table.length)
        throw chunk.error(
          `${what} runs overlap so much that they would copy over ${copied} values from a table of ${table.length}`,
          at,
        );
      run = table.slice(first, first + count);
      runs.set(key, run);
    }
    return run;
  };
}

/** Reads a `.bca` file. */
export function readBca(bytes: Uint8Array): BcaFile {
  const { header, chunk } = readAnimationChunk(bytes, 'bca1', 'ANF1', UNSTORED_PADDING);
  const jointCount = chunk.u16At(0x0c);
  const tableAt = chunk.u32At(0x14);
  chunk.checkCount(jointCount, 36, 'joint frame runs', tableAt);
  const unit = Math.PI / 32768;
  const scales = readValueTable(chunk, chunk.u32At(0x18), chunk.u16At(0x0e), 'f32', 'scale table');
  const rotations = readValueTable(chunk, chunk.u32At(0x1c), chunk.u16At(0x10), 's16', 'rotation table');
  const translations = readValueTable(chunk, chunk.u32At(0x20), chunk.u16At(0x12), 'f32', 'translation table');
  const finite = (values: number[], what: string, at: number) => {
    const bad = values.findIndex((v) => !Number.isFinite(v));
    if (bad >= 0) throw chunk.error(`${what} value ${bad} is not finite (${values[bad]})`, at);
  };
  finite(scales, 'scale table', chunk.u32At(0x18));
  finite(translations, 'translation table', chunk.u32At(0x20));
  const firsts: number[] = [];
  const scaleRun = frameRunReader(chunk, scales, 'scale', firsts);
  const rotationRun = frameRunReader(
    chunk,
    rotations.map((v) => v * unit),
    'rotation',
    firsts,
  );
  const translationRun = frameRunReader(chunk, translations, 'translation', firsts);
  const joints: BcaJointFrames[] = [];
  for (let j = 0; j < jointCount; j++) {
    const at = tableAt + j * 36;
    // Runs in file order: per axis, scale, rotation and translation.
    const runs = [0, 1, 2].flatMap((a) => [
      scaleRun(at + a * 12, `joint ${j} scale ${'XYZ'[a]}`),
      rotationRun(at + a * 12 + 4, `joint ${j} rotation ${'XYZ'[a]}`),
      translationRun(at + a * 12 + 8, `joint ${j} translation ${'XYZ'[a]}`),
    ]);
    const axes = (k: number): BcaAxes => [runs[k]!, runs[3 + k]!, runs[6 + k]!];
    joints.push({ scale: axes(0), rotation: axes(1), translation: axes(2) });
  }
  const parts = [
    { start: 0, end: 0x24 },
    { start: tableAt, end: tableAt + jointCount * 36 },
    tableSpan(chunk.u32At(0x18), scales.length, 4),
    tableSpan(chunk.u32At(0x1c), rotations.length, 2),
    tableSpan(chunk.u32At(0x20), translations.length, 4),
  ];
  const layout = readAnimationLayout(bytes, parts, [scales, rotations, translations], firsts);
  return { ...header, joints, ...(layout ? { layout } : {}) };
}

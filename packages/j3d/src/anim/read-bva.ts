/*
 * BVA shape-visibility animation (`J3D1bva1`, chunk VAF1; spec j3d.md §12; JSystem J3DAnmVisibilityFull).
 *   0x08 u8 loop mode  0x09 u8 unused (0xFF)  0x0A u16 duration  0x0C u16 shape count
 *   0x0E u16 visibility table count  0x10 u32 shape table  0x14 u32 visibility table (u8, 0 hidden, else shown)
 * Shape entry (4 bytes, SHP1 shape order): u16 count, u16 firstIndex, a frame run into the visibility table.
 * Frame f uses value min(f, count − 1) of the run.
 */
import { readAnimationLayout } from './animation-layout.js';
import { type J3dAnimationHeader, readAnimationChunk, tableSpan } from './animation-track.js';
import { frameRunReader } from './read-bca.js';

/** A `.bva` file. */
export interface BvaFile extends J3dAnimationHeader {
  /** Per SHP1 shape, whether it is shown at each frame from frame 0; the last value holds after the run ends. */
  shapes: boolean[][];
}

/** Reads a `.bva` file. */
export function readBva(bytes: Uint8Array): BvaFile {
  const { header, chunk } = readAnimationChunk(bytes, 'bva1', 'VAF1');
  const count = chunk.u16At(0x0c);
  const shapesAt = chunk.u32At(0x10);
  chunk.checkCount(count, 4, 'shape visibility runs', shapesAt);
  const valueCount = chunk.u16At(0x0e);
  const valuesAt = chunk.u32At(0x14);
  if (valueCount > 0) chunk.checkCount(valueCount, 1, 'visibility table', valuesAt);
  const stored = valueCount > 0 ? Array.from(chunk.bytes.subarray(valuesAt, valuesAt + valueCount)) : [];
  const firsts: number[] = [];
  const run = frameRunReader(
    chunk,
    stored.map((v) => v !== 0),
    'visibility',
    firsts,
  );
  const shapes: boolean[][] = [];
  for (let s = 0; s < count; s++) shapes.push(run(shapesAt + s * 4, `shape ${s}`));
  const layout = readAnimationLayout(
    bytes,
    [{ start: 0, end: 0x18 }, tableSpan(shapesAt, count, 4), tableSpan(valuesAt, valueCount, 1)],
    [stored],
    firsts,
  );
  return { ...header, shapes, ...(layout ? { layout } : {}) };
}

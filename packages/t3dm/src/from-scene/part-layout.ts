/*
 * Where a part's index data lies in the I chunk: `numIndices` u8 triangle-list indices at `Part.indices`, then
 * for each non-empty strip command (up to 4, ending at the first 0): align to 8 bytes (relative to the I chunk,
 * which tiny3d always places 16-aligned), then `numStripIndices[s]` big-endian u16 entries.
 */
import type { T3dmPart } from '../t3dm-file.js';

/** One strip command's position: byte offset in the I chunk and entry count. */
export interface StripRange {
  offset: number;
  count: number;
}

/** Where a strip command whose data would start at byte `at` of the I chunk starts: the next multiple of 8. */
export function stripCommandOffset(at: number): number {
  return Math.ceil(at / 8) * 8;
}

/** The strip commands of a part, in order. */
export function stripRanges(part: T3dmPart): StripRange[] {
  const out: StripRange[] = [];
  let p = part.indices + part.numIndices;
  for (const count of part.numStripIndices) {
    if (count === 0) break;
    p = stripCommandOffset(p);
    out.push({ offset: p, count });
    p += count * 2;
  }
  return out;
}

/** Byte offset just past the last index byte the part uses. */
export function partIndexEnd(part: T3dmPart): number {
  const strips = stripRanges(part);
  const last = strips[strips.length - 1];
  return last ? last.offset + last.count * 2 : part.indices + part.numIndices;
}

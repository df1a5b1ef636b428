/*
 * BTP (TPT1) and BVA (VAF1) read straight from their bytes for the tests, without the readers under test (spec
 * j3d.md §12; chunk at file offset 0x20, offsets relative to it, big-endian), and hand-built files of both kinds.
 *   TPT1: 0x0A u16 duration, 0x0C u16 entries, 0x10 u32 entry table (8 bytes: u16 count, u16 first, u8 slot),
 *         0x14 u32 u16 texture indices, 0x1C u32 name table (u16 count, u16 pad, {u16 hash, u16 offset}…).
 *   VAF1: 0x0A u16 duration, 0x0C u16 shapes, 0x10 u32 runs (u16 count, u16 first), 0x14 u32 u8 values.
 * What a frame shows, as the J3D runtime computes it: BTP truncates the frame (J3DAnmTexPattern::getTexNo), BVA
 * rounds it (J3DAnmVisibilityFull::getVisibility adds ½), both clamp to the run.
 */
import { newChunk, wrapAnimation, writeNameTable } from '../anim-kinds/build-anim.js';

const u16 = (b: Uint8Array, at: number) => (b[0x20 + at]! << 8) | b[0x21 + at]!;
const u32 = (b: Uint8Array, at: number) => ((u16(b, at) << 16) | u16(b, at + 2)) >>> 0;

function name(b: Uint8Array, table: number, i: number): string {
  let at = 0x20 + table + u16(b, table + 4 + i * 4 + 2);
  let out = '';
  while (b[at] !== 0) out += String.fromCharCode(b[at++]!);
  return out;
}

/** The entries of a BTP: material, slot, and the texture index run. */
export function rawBtp(b: Uint8Array): {
  duration: number;
  entries: { material: string; slot: number; run: number[] }[];
} {
  const entries = Array.from({ length: u16(b, 0x0c) }, (_, e) => {
    const at = u32(b, 0x10) + e * 8;
    const first = u16(b, at + 2);
    const run = Array.from({ length: u16(b, at) }, (_, k) => u16(b, u32(b, 0x14) + (first + k) * 2));
    return { material: name(b, u32(b, 0x1c), e), slot: b[0x20 + at + 4]!, run };
  });
  return { duration: u16(b, 0x0a), entries };
}

/** The visibility runs of a BVA, one per shape. */
export function rawBva(b: Uint8Array): { duration: number; shapes: boolean[][] } {
  const shapes = Array.from({ length: u16(b, 0x0c) }, (_, s) => {
    const at = u32(b, 0x10) + s * 4;
    const first = u16(b, at + 2);
    return Array.from({ length: u16(b, at) }, (_, k) => b[0x20 + u32(b, 0x14) + first + k] !== 0);
  });
  return { duration: u16(b, 0x0a), shapes };
}

/** The texture index a BTP run shows at (possibly fractional) frame `f`. */
export const patternAt = (run: number[], f: number) => run[Math.max(0, Math.min(Math.trunc(f), run.length - 1))]!;

/** Whether a BVA run shows its shape at (possibly fractional) frame `f`. */
export const shownAt = (run: boolean[], f: number) => run[Math.max(0, Math.min(Math.trunc(f + 0.5), run.length - 1))]!;

/** A TPT1 file: entries {material, slot, run}, each run stored on its own in the index table. */
export function buildBtp(duration: number, entries: { material: string; slot: number; run: number[] }[]): Uint8Array {
  const indices = entries.flatMap((e) => e.run);
  const entriesAt = 0x20;
  const indicesAt = entriesAt + entries.length * 8;
  const remapAt = (indicesAt + indices.length * 2 + 3) & ~3;
  const namesAt = (remapAt + entries.length * 2 + 3) & ~3;
  const { chunk, v } = newChunk('TPT1', (namesAt + 4 + entries.length * 4 + entries.length * 16 + 31) & ~31);
  v.setUint8(8, 0);
  v.setUint8(9, 0xff);
  v.setUint16(0x0a, duration);
  v.setUint16(0x0c, entries.length);
  v.setUint16(0x0e, indices.length);
  [entriesAt, indicesAt, remapAt, namesAt].forEach((o, i) => {
    v.setUint32(0x10 + i * 4, o);
  });
  let first = 0;
  entries.forEach((e, i) => {
    v.setUint16(entriesAt + i * 8, e.run.length);
    v.setUint16(entriesAt + i * 8 + 2, first);
    v.setUint8(entriesAt + i * 8 + 4, e.slot);
    v.setUint16(remapAt + i * 2, i);
    first += e.run.length;
  });
  indices.forEach((t, i) => {
    v.setUint16(indicesAt + i * 2, t);
  });
  writeNameTable(
    v,
    namesAt,
    entries.map((e) => e.material),
  );
  return wrapAnimation('btp1', chunk);
}

/** A VAF1 file: one run of u8 values per shape. */
export function buildBva(duration: number, runs: number[][]): Uint8Array {
  const values = runs.flat();
  const runsAt = 0x18;
  const valuesAt = runsAt + runs.length * 4;
  const { chunk, v } = newChunk('VAF1', (valuesAt + values.length + 31) & ~31);
  v.setUint8(9, 0xff);
  v.setUint16(0x0a, duration);
  v.setUint16(0x0c, runs.length);
  v.setUint16(0x0e, values.length);
  v.setUint32(0x10, runsAt);
  v.setUint32(0x14, valuesAt);
  let first = 0;
  runs.forEach((run, s) => {
    v.setUint16(runsAt + s * 4, run.length);
    v.setUint16(runsAt + s * 4 + 2, first);
    first += run.length;
  });
  chunk.set(values, valuesAt);
  return wrapAnimation('bva1', chunk);
}

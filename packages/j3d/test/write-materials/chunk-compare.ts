/*
 * Test helpers for the chunk writers: a chunk's bytes cut from a file by readJ3d's chunk list, and a byte
 * comparison that names the first differing offset with a hex window of both sides.
 */
import type { J3dFile } from '../../src/index.js';

/** The bytes of chunk `tag` as stored in `bytes` (the file `file` was read from). */
export function chunkBytes(bytes: Uint8Array, file: J3dFile, tag: string): Uint8Array {
  const c = file.chunks.find((x) => x.tag === tag);
  if (!c) throw new Error(`no ${tag} chunk`);
  return bytes.subarray(c.offset, c.offset + c.size);
}

const hex = (b: Uint8Array, from: number, to: number) =>
  Array.from(b.subarray(Math.max(0, from), to), (x) => x.toString(16).padStart(2, '0')).join(' ');

/** "" when equal, else the first differing offset, the lengths and a hex window of both. */
export function describeDifference(actual: Uint8Array, expected: Uint8Array): string {
  const n = Math.min(actual.length, expected.length);
  let i = 0;
  while (i < n && actual[i] === expected[i]) i++;
  if (i === n && actual.length === expected.length) return '';
  const from = Math.max(0, i - 8);
  return [
    `first difference at 0x${i.toString(16)} (lengths: written 0x${actual.length.toString(16)}, stored 0x${expected.length.toString(16)})`,
    `written @0x${from.toString(16)}: ${hex(actual, from, i + 24)}`,
    `stored  @0x${from.toString(16)}: ${hex(expected, from, i + 24)}`,
  ].join('\n');
}

/** The file with chunk `tag` replaced by `chunk` (chunks are walked by size, so nothing else moves). */
export function replaceChunk(bytes: Uint8Array, file: J3dFile, tag: string, chunk: Uint8Array): Uint8Array {
  const c = file.chunks.find((x) => x.tag === tag);
  if (!c) throw new Error(`no ${tag} chunk`);
  const out = new Uint8Array(bytes.length - c.size + chunk.length);
  out.set(bytes.subarray(0, c.offset));
  out.set(chunk, c.offset);
  out.set(bytes.subarray(c.offset + c.size), c.offset + chunk.length);
  new DataView(out.buffer).setUint32(8, out.length);
  return out;
}

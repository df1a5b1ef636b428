/*
 * How far a reader looks for the NUL that ends a name in a string table (J3D name tables, U8 and RARC string
 * pools, T3DM string tables). Every entry of a table names an offset, and entries may share bytes: a table of n
 * entries pointing into one long run without a NUL would have each read scan the run to its end and decode it,
 * n times the table's size in work and memory (a 1.3 MB U8 of 20,000 nodes took 4 GB and crashed). Within this
 * bound, n names cost at most n × MAX_NAME_BYTES, whatever the bytes are. Names in real files are tens of bytes;
 * a file name is at most 255 (a longer archive entry is still read, and reported as no file name).
 */

/** Most bytes a name of a string table may have before its NUL. */
export const MAX_NAME_BYTES = 1023;

/**
 * Where the NUL ending the name at `at` lies in `bytes`: within MAX_NAME_BYTES bytes of `at` (and before
 * `bytes.length`), else -1.
 */
export function nameEnd(bytes: Uint8Array, at: number): number {
  const stop = Math.min(bytes.length, at + MAX_NAME_BYTES + 1);
  for (let i = at; i < stop; i++) if (bytes[i] === 0) return i;
  return -1;
}

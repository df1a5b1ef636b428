/*
 * Where an archive keeps its fields, for field-aware mutations (../shared/specs/archives.md). Archives have no
 * `info` codec, so their sections are found here from the headers, without the archive package:
 * - RARC: header 0x20 (file size, data offset/size), info block 0x20 at 0x20 (node count/offset, entry
 *   count/offset, string table size/offset, all relative to 0x20), nodes 0x10 bytes, directory entries 0x14
 *   bytes (file ID, hash, flags, name offset, data offset, size), string table, data.
 * - U8: header 0x20 (root offset, node table + names size, data offset), nodes 12 bytes (type + u24 name
 *   offset, data offset or parent, size or next), the root's "next" being the node count.
 * - Yaz0/Yay0: header 0x10 (decompressed size; Yay0 link and chunk offsets), then the streams.
 * Every table is clipped to the file; the first entries of each get a section of their own.
 */
import type { FuzzSection } from './case-mutation.js';

const view = (bytes: Uint8Array) => new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

/** Adds `section` clipped to the file when any of it lies inside. */
function pushClipped(out: FuzzSection[], length: number, name: string, offset: number, size: number): void {
  if (offset < 0 || offset >= length || size <= 0) return;
  out.push({ name, offset, size: Math.min(size, length - offset) });
}

/** One section per table entry for the first `limit` entries. */
function pushEntries(
  out: FuzzSection[],
  length: number,
  table: { name: string; at: number; count: number; size: number; limit: number },
): void {
  for (let i = 0; i < Math.min(table.count, table.limit); i++)
    pushClipped(out, length, `${table.name} ${i}`, table.at + i * table.size, table.size);
}

function rarcSections(bytes: Uint8Array): FuzzSection[] {
  const d = view(bytes);
  const n = bytes.length;
  const out: FuzzSection[] = [];
  pushClipped(out, n, 'RARC header', 0, 0x20);
  if (n < 0x40) return out;
  pushClipped(out, n, 'RARC info', 0x20, 0x20);
  pushEntries(out, n, {
    name: 'RARC node',
    at: 0x20 + d.getUint32(0x24),
    count: d.getUint32(0x20),
    size: 0x10,
    limit: 16,
  });
  pushEntries(out, n, {
    name: 'RARC entry',
    at: 0x20 + d.getUint32(0x2c),
    count: d.getUint32(0x28),
    size: 0x14,
    limit: 48,
  });
  pushClipped(out, n, 'RARC strings', 0x20 + d.getUint32(0x34), d.getUint32(0x30));
  pushClipped(out, n, 'RARC data', 0x20 + d.getUint32(0x0c), d.getUint32(0x10));
  return out;
}

function u8Sections(bytes: Uint8Array): FuzzSection[] {
  const d = view(bytes);
  const n = bytes.length;
  const out: FuzzSection[] = [];
  pushClipped(out, n, 'U8 header', 0, 0x20);
  const root = n >= 0x20 ? d.getUint32(4) : n;
  if (root + 12 > n) return out;
  const count = d.getUint32(root + 8);
  pushEntries(out, n, { name: 'U8 node', at: root, count, size: 12, limit: 48 });
  pushClipped(out, n, 'U8 names', root + count * 12, d.getUint32(8) - count * 12);
  pushClipped(out, n, 'U8 data', d.getUint32(12), n - d.getUint32(12));
  return out;
}

function compressedSections(bytes: Uint8Array, magic: string): FuzzSection[] {
  const n = bytes.length;
  const out: FuzzSection[] = [];
  pushClipped(out, n, `${magic} header`, 0, 0x10);
  if (magic === 'Yay0' && n >= 0x10) {
    const d = view(bytes);
    const links = d.getUint32(8);
    const chunks = d.getUint32(12);
    pushClipped(out, n, 'Yay0 masks', 0x10, links - 0x10);
    pushClipped(out, n, 'Yay0 links', links, chunks - links);
    pushClipped(out, n, 'Yay0 chunks', chunks, n - chunks);
  } else pushClipped(out, n, `${magic} stream`, 0x10, n - 0x10);
  return out;
}

/** The sections of an archive or compressed stream (empty when the magic is none of them). */
export function archiveSections(bytes: Uint8Array): FuzzSection[] {
  const magic = String.fromCharCode(...bytes.subarray(0, 4));
  if (magic === 'RARC') return rarcSections(bytes);
  if (magic === 'Yaz0' || magic === 'Yay0') return compressedSections(bytes, magic);
  if (bytes.length >= 4 && view(bytes).getUint32(0) === 0x55aa382d) return u8Sections(bytes);
  return [];
}

/*
 * RARC reading (spec §2). Header 0x20 bytes ("RARC", file size, header size 0x20, data offset and size, MRAM,
 * ARAM and DVD sizes); info block at 0x20 (node count and offset, entry count and offset, string table size and
 * offset, next file ID u16, sync byte u8) — every offset after the header is relative to 0x20. Nodes are 16
 * bytes, entries 20 (u16 id, u16 hash, u8 flags + u24 name offset, u32 data, u32 size, u32 zero). Names are read
 * byte for byte (latin1) so their hashes and bytes survive a rewrite, and taken as they are, even those no file
 * can have (a file named `..`, `a/b`): they are data, which entry-names.ts judges for whoever writes files. Only
 * folder entries named `.` and `..` are the node's own dot entries.
 *
 * The tree is rebuilt from the root by following folder entries; a node reached twice (a cycle or a shared
 * subtree) or folders nested deeper than 512 levels are errors. Nothing reads the padding: the layout keeps the bytes no structure covers.
 */
import { BinaryReader, hex, MAX_NAME_BYTES, nameEnd, ParseError } from '@retromodel/binary';
import type { FileSection } from '@retromodel/scene';
import type { RarcEntry, RarcFile, RarcLayout } from './rarc-file.js';
import { RarcFlags } from './rarc-file.js';

const latin1 = new TextDecoder('latin1');

/** Deepest folder nesting accepted (real archives nest a handful of levels; tree code may recurse this deep). */
export const MAX_RARC_DEPTH = 512;

/**
 * Reads a RARC archive; file bytes are views into `bytes`. Throws {@link ParseError} (format `rarc`). Each part
 * read (header, info block, the four tables, each file's data as `file "<name>"`) is added to `read`, so that
 * `info` on a damaged archive shows what came before the damage (the header as soon as its size is read, as a
 * cut archive is told by it).
 */
export function readRarc(input: Uint8Array, read: FileSection[] = []): RarcFile {
  const head = new BinaryReader(input, { format: 'rarc', section: 'header' });
  head.ensure(0x40, 'RARC header and info block', 0);
  if (head.fixedString(4) !== 'RARC') throw head.error('magic is not "RARC"', 0);
  const fileSize = head.u32();
  read.push({ name: 'header', offset: 0, size: 0x20, detail: `${hex(fileSize)} bytes declared` });
  if (fileSize < 0x40 || fileSize > input.length) {
    throw head.error(`file size ${hex(fileSize)} is not within 0x40…${hex(input.length)} (the bytes given)`, 4);
  }
  // Bytes after the declared size are not part of the archive.
  const bytes = input.subarray(0, fileSize);
  const r = new BinaryReader(bytes, { format: 'rarc', section: 'header' });
  r.seek(8);
  const headerSize = r.u32();
  const dataOffset = r.u32();
  const dataSize = r.u32();
  const mramSize = r.u32();
  const aramSize = r.u32();
  const dvdSize = r.u32();
  if (headerSize !== 0x20) throw r.error(`header size is ${hex(headerSize)}, not 0x20`, 8);
  const info = r.withSection('info');
  info.seek(0x20);
  const nodeCount = info.u32();
  const nodeOffset = info.u32();
  const entryCount = info.u32();
  const entryOffset = info.u32();
  const stringTableSize = info.u32();
  const stringTableOffset = info.u32();
  const nextFileId = info.u16();
  const sync = info.u8();
  const infoByte1B = info.u8();
  const infoReserved = info.u32();
  read.push({ name: 'info block', offset: 0x20, size: 0x20, detail: `${nodeCount} nodes, ${entryCount} entries` });

  const nodesR = sectionOf(r, 0x20 + nodeOffset, nodeCount, 0x10, 'nodes', 0x20, read);
  const entriesR = sectionOf(r, 0x20 + entryOffset, entryCount, 0x14, 'entries', 0x28, read);
  const strings = sectionOf(r, 0x20 + stringTableOffset, stringTableSize, 1, 'strings', 0x30, read);
  const data = sectionOf(r, 0x20 + dataOffset, dataSize, 1, 'data', 0x0c, read);
  if (nodeCount === 0) throw info.error('archive has no root node', 0x20);

  const nameAt = (offset: number, at: number, where: BinaryReader): string => {
    if (offset >= stringTableSize) {
      throw where.error(`name offset ${hex(offset)} lies outside the ${hex(stringTableSize)}-byte string table`, at);
    }
    const end = nameEnd(strings.bytes, offset);
    if (end < 0)
      throw where.error(
        `name at string offset ${hex(offset)} has no terminating NUL within ${MAX_NAME_BYTES} bytes`,
        at,
      );
    return latin1.decode(strings.bytes.subarray(offset, end));
  };

  const layout: RarcLayout = {
    nodes: [],
    entries: [],
    firstEntries: [],
    nodeNames: [],
    nodeNameOffsets: [],
    nodeHashes: [],
    entryNames: [],
    entryNameOffsets: [],
    entryHashes: [],
    entryData: [],
    entryFlags: [],
    entryCounts: [],
    entryDataOffsets: [],
    entrySizes: [],
    entryPointers: [],
    fileSize,
    dataOffset,
    dataSize,
    mramSize,
    aramSize,
    dvdSize,
    nodeOffset,
    entryOffset,
    stringTableOffset,
    stringTable: strings.bytes,
    syncByte: sync,
    infoByte1B,
    infoReserved,
    padding: [],
  };

  let entrySum = 0;
  for (let i = 0; i < nodeCount; i++) {
    const at = i * 0x10;
    const type = latin1.decode(nodesR.bytes.subarray(at, at + 4));
    nodesR.seek(at + 4);
    const nameOffset = nodesR.u32();
    const hash = nodesR.u16();
    const count = nodesR.u16();
    const first = nodesR.u32();
    if (first > entryCount || count > entryCount - first) {
      throw nodesR.error(`entries ${first}…${first + count} lie outside the ${entryCount}-entry table`, at + 0x0a);
    }
    entrySum += count;
    if (entrySum > entryCount) throw nodesR.error('node entry counts add up to more than the entry table', at);
    const name = nameAt(nameOffset, at + 4, nodesR);
    layout.nodes.push({ type, name, entries: [] });
    layout.firstEntries.push(first);
    layout.nodeNames.push(name);
    layout.nodeNameOffsets.push(nameOffset);
    layout.nodeHashes.push(hash);
    layout.entryCounts.push(count);
  }

  const folderTargets: number[] = [];
  for (let i = 0; i < entryCount; i++) {
    const at = i * 0x14;
    entriesR.seek(at);
    const id = entriesR.u16();
    const hash = entriesR.u16();
    const word = entriesR.u32();
    const target = entriesR.u32();
    const size = entriesR.u32();
    layout.entryPointers.push(entriesR.u32());
    const flags = word >>> 24;
    const nameOffset = word & 0xffffff;
    const name = nameAt(nameOffset, at + 4, entriesR);
    let entry: RarcEntry;
    folderTargets.push(-1);
    if ((flags & RarcFlags.DIR) !== 0 && (name === '.' || name === '..')) {
      entry = { kind: 'dot', name, id, flags };
    } else if ((flags & RarcFlags.DIR) !== 0) {
      if (target >= nodeCount)
        throw entriesR.error(`folder "${name}" points at node ${target} of ${nodeCount}`, at + 8);
      if (target === 0) throw entriesR.error(`folder "${name}" points at the root node (a cycle)`, at + 8);
      folderTargets[i] = target;
      entry = { kind: 'folder', name, id, flags, node: layout.nodes[target]! };
    } else {
      if (target > dataSize || size > dataSize - target) {
        throw entriesR.error(`file "${name}" data ${hex(target)}+${hex(size)} runs past the data section`, at + 8);
      }
      entry = { kind: 'file', name, id, flags, data: data.bytes.subarray(target, target + size) };
      layout.entryData[i] = entry.data;
      const compressed = (flags & RarcFlags.COMPRESSED) !== 0;
      const how = (flags & RarcFlags.YAZ0) !== 0 ? 'Yaz0' : 'Yay0';
      read.push({
        name: `file "${name}"`,
        offset: 0x20 + dataOffset + target,
        size,
        ...(compressed ? { detail: `${how}-compressed: ${size} bytes stored` } : {}),
      });
    }
    layout.entries.push(entry);
    layout.entryNames.push(name);
    layout.entryNameOffsets.push(nameOffset);
    layout.entryHashes.push(hash);
    layout.entryFlags.push(flags);
    layout.entryDataOffsets.push(target);
    layout.entrySizes.push(size);
  }

  for (let i = 0; i < nodeCount; i++) {
    const first = layout.firstEntries[i]!;
    layout.nodes[i]!.entries = layout.entries.slice(first, first + layout.entryCounts[i]!);
  }
  checkTree(layout, folderTargets, nodesR);
  layout.padding = findPadding(bytes, fileSize, layout, nodeCount, entryCount, stringTableSize);
  return { root: layout.nodes[0]!, nextFileId, syncFileIds: sync !== 0, layout };
}

/**
 * A checked sub-reader over `count` × `size` bytes at `offset`, the error naming the header field at `field`;
 * the section is added to `read`.
 */
function sectionOf(
  r: BinaryReader,
  offset: number,
  count: number,
  size: number,
  name: string,
  field: number,
  read: FileSection[],
) {
  if (offset > r.length || count * size > r.length - offset) {
    throw new ParseError(
      { format: 'rarc', section: name === 'data' ? 'header' : 'info', offset: field },
      `${name} section ${hex(offset)}+${hex(count * size)} runs past the end of the ${hex(r.length)}-byte archive`,
    );
  }
  read.push({ name, offset, size: count * size });
  return r.sub(offset, count * size, name);
}

/** Walks the tree from the root: every node is reached at most once (no cycles, no shared subtrees). */
function checkTree(layout: RarcLayout, folderTargets: number[], nodesR: BinaryReader): void {
  const seen = new Uint8Array(layout.nodes.length);
  seen[0] = 1;
  const stack = [0];
  const depth = new Uint16Array(layout.nodes.length);
  while (stack.length > 0) {
    const index = stack.pop()!;
    if (depth[index]! >= MAX_RARC_DEPTH) {
      throw nodesR.error(`folders nest deeper than ${MAX_RARC_DEPTH} levels`, index * 0x10);
    }
    const first = layout.firstEntries[index]!;
    const count = layout.nodes[index]!.entries.length;
    for (let e = first; e < first + count; e++) {
      const target = folderTargets[e]!;
      if (target < 0) continue;
      if (seen[target] === 1) {
        throw nodesR.error(`node ${target} is reached twice from the root (a cycle or a shared folder)`, target * 0x10);
      }
      seen[target] = 1;
      depth[target] = depth[index]! + 1;
      stack.push(target);
    }
  }
}

/** The byte ranges of the archive that no table, string table or file covers, with their bytes. */
function findPadding(
  bytes: Uint8Array,
  fileSize: number,
  layout: RarcLayout,
  nodeCount: number,
  entryCount: number,
  stringTableSize: number,
): { offset: number; bytes: Uint8Array }[] {
  const ranges: [number, number][] = [
    [0, 0x40],
    [0x20 + layout.nodeOffset, 0x20 + layout.nodeOffset + nodeCount * 0x10],
    [0x20 + layout.entryOffset, 0x20 + layout.entryOffset + entryCount * 0x14],
    [0x20 + layout.stringTableOffset, 0x20 + layout.stringTableOffset + stringTableSize],
  ];
  const base = 0x20 + layout.dataOffset;
  for (let i = 0; i < layout.entries.length; i++) {
    const data = layout.entryData[i];
    if (data) ranges.push([base + layout.entryDataOffsets[i]!, base + layout.entryDataOffsets[i]! + data.length]);
  }
  ranges.sort((a, b) => a[0] - b[0]);
  const padding: { offset: number; bytes: Uint8Array }[] = [];
  let at = 0;
  for (const [start, end] of ranges) {
    if (start > at) padding.push({ offset: at, bytes: bytes.subarray(at, start) });
    if (end > at) at = end;
  }
  if (fileSize > at) padding.push({ offset: at, bytes: bytes.subarray(at, fileSize) });
  return padding;
}

/*
 * RARC writing, the mirror of read-rarc.ts (spec §2.11). While the model still matches its as-read layout
 * (same nodes and entries in the same places, same names, flags and file bytes) the archive is written at the
 * offsets it was read from, with its name offsets, stored hashes and padding bytes, so an unchanged model
 * rewrites byte for byte. Otherwise it is laid out fresh the way games expect: nodes at 0x40 (root, then each
 * folder's subfolders group by group, unless the caller places them), entry blocks in node order (or the order
 * the caller gives) with `.` and `..` last, string table starting
 * `.\0..\0` and padded to 0x20, file data grouped MRAM → ARAM → DVD, every file 0x20-aligned and zero-padded,
 * identical byte views stored once.
 */
import { BinaryWriter } from '@retromodel/binary';
import type { RarcDotEntry, RarcEntry, RarcFile, RarcLayout, RarcNode } from './rarc-file.js';
import { hashRarcName, RarcFlags } from './rarc-file.js';

/** Where a fresh layout puts the nodes and their entry blocks (each list: every node the root reaches, once). */
export interface RarcPlacement {
  /** The node table's order; default: root, then each folder's subfolders group by group (breadth-first). */
  nodes?: RarcNode[];
  /** The order of the nodes' entry blocks in the entry table; default: the node table's order. */
  blocks?: RarcNode[];
}

/**
 * Writes a RARC archive (uncompressed). An edited model is laid out fresh, its nodes and entry blocks in the
 * order `placement` gives (an editor that keeps them where an archive had them keeps its entries' indexes).
 */
export function writeRarc(file: RarcFile, placement: RarcPlacement = {}): Uint8Array {
  const reached = collectNodes(file.root);
  if (file.layout && layoutHolds(file.layout, reached)) return writeAsRead(file, file.layout);
  const nodes = placement.nodes ? samePermutation(placement.nodes, reached, 'nodes') : reached;
  const blocks = placement.blocks ? samePermutation(placement.blocks, reached, 'blocks') : nodes;
  return writeFresh(file, nodes, blocks);
}

/** `order`, when it holds each of `nodes` exactly once. */
function samePermutation(order: RarcNode[], nodes: RarcNode[], what: string): RarcNode[] {
  const want = new Set(nodes);
  if (order.length !== nodes.length || new Set(order).size !== order.length || !order.every((n) => want.has(n)))
    throw new Error(`RARC placement: the ${what} order does not list every node of the tree once`);
  return order;
}

/** Root, then each folder's subfolders as a group, group by group (breadth-first). */
function collectNodes(root: RarcNode): RarcNode[] {
  const nodes = [root];
  const seen = new Set(nodes);
  for (let i = 0; i < nodes.length; i++) {
    for (const entry of nodes[i]!.entries) {
      if (entry.kind !== 'folder') continue;
      if (seen.has(entry.node)) throw new Error(`RARC model: folder "${entry.name}" reuses a node (cycle or shared)`);
      seen.add(entry.node);
      nodes.push(entry.node);
    }
  }
  return nodes;
}

function layoutHolds(layout: RarcLayout, nodes: RarcNode[]): boolean {
  // Nodes no folder reaches (only in damaged files) stay in the table as read; every reachable one must be there.
  const index = new Map(layout.nodes.map((node, i) => [node, i]));
  for (const node of nodes) if (!index.has(node)) return false;
  for (let i = 0; i < layout.nodes.length; i++) {
    const node = layout.nodes[i]!;
    const first = layout.firstEntries[i]!;
    if (node.name !== layout.nodeNames[i] || node.entries.length !== layout.entryCounts[i]) return false;
    for (let e = 0; e < node.entries.length; e++) if (node.entries[e] !== layout.entries[first + e]) return false;
  }
  for (let i = 0; i < layout.entries.length; i++) {
    const entry = layout.entries[i]!;
    if (entry.name !== layout.entryNames[i] || entry.flags !== layout.entryFlags[i]) return false;
    if (entry.kind === 'file' && entry.data !== layout.entryData[i]) return false;
    if (entry.kind === 'folder' && index.get(entry.node) !== layout.entryDataOffsets[i]) return false;
  }
  return true;
}

function writeHeader(w: BinaryWriter, fields: number[]): void {
  w.seek(0).bytes(new Uint8Array([0x52, 0x41, 0x52, 0x43]));
  for (const v of fields) w.u32(v);
}

function writeInfo(w: BinaryWriter, file: RarcFile, counts: number[], layout?: RarcLayout): void {
  const asRead = layout !== undefined && (layout.syncByte !== 0) === file.syncFileIds;
  const syncByte = asRead ? layout.syncByte : file.syncFileIds ? 1 : 0;
  w.seek(0x20);
  for (const v of counts) w.u32(v);
  w.u16(file.nextFileId)
    .u8(syncByte)
    .u8(layout?.infoByte1B ?? 0)
    .u32(layout?.infoReserved ?? 0);
}

function typeBytes(type: string): Uint8Array {
  const out = new Uint8Array(4).fill(0x20);
  for (let i = 0; i < 4 && i < type.length; i++) out[i] = type.charCodeAt(i) & 0xff;
  return out;
}

function writeAsRead(file: RarcFile, layout: RarcLayout): Uint8Array {
  const w = new BinaryWriter({ initialSize: layout.fileSize });
  for (const gap of layout.padding) w.seek(gap.offset).bytes(gap.bytes);
  writeHeader(w, [
    layout.fileSize,
    0x20,
    layout.dataOffset,
    layout.dataSize,
    layout.mramSize,
    layout.aramSize,
    layout.dvdSize,
  ]);
  const counts = [layout.nodes.length, layout.nodeOffset, layout.entries.length, layout.entryOffset];
  writeInfo(w, file, [...counts, layout.stringTable.length, layout.stringTableOffset], layout);
  w.seek(0x20 + layout.nodeOffset);
  layout.nodes.forEach((node, i) => {
    w.bytes(typeBytes(node.type)).u32(layout.nodeNameOffsets[i]!).u16(layout.nodeHashes[i]!);
    w.u16(layout.entryCounts[i]!).u32(layout.firstEntries[i]!);
  });
  w.seek(0x20 + layout.entryOffset);
  layout.entries.forEach((entry, i) => {
    w.u16(entry.id).u16(layout.entryHashes[i]!);
    w.u32(((entry.flags & 0xff) << 24) | layout.entryNameOffsets[i]!);
    w.u32(layout.entryDataOffsets[i]!);
    w.u32(entry.kind === 'file' ? entry.data.length : layout.entrySizes[i]!).u32(layout.entryPointers[i]!);
  });
  w.seek(0x20 + layout.stringTableOffset).bytes(layout.stringTable);
  const base = 0x20 + layout.dataOffset;
  layout.entries.forEach((entry, i) => {
    if (entry.kind === 'file') w.seek(base + layout.entryDataOffsets[i]!).bytes(entry.data);
  });
  return w.finish();
}

const align32 = (n: number) => (n + 31) & ~31;

/** The string table: `.` and `..` first, then each name once, in order of first use. */
class StringTable {
  readonly offsets = new Map<string, number>();
  private readonly parts: string[] = [];
  size = 0;
  constructor() {
    this.add('.');
    this.add('..');
  }
  add(name: string): number {
    const known = this.offsets.get(name);
    if (known !== undefined) return known;
    for (let i = 0; i < name.length; i++) {
      const c = name.charCodeAt(i);
      if (c === 0 || c > 0xff) throw new Error(`RARC model: name "${name}" has a character that is not one byte`);
    }
    const at = this.size;
    this.offsets.set(name, at);
    this.parts.push(name);
    this.size += name.length + 1;
    return at;
  }
  bytes(): Uint8Array {
    const out = new Uint8Array(align32(this.size));
    let at = 0;
    for (const name of this.parts) {
      for (let i = 0; i < name.length; i++) out[at++] = name.charCodeAt(i);
      at++;
    }
    return out;
  }
}

function withDots(node: RarcNode): RarcEntry[] {
  const entries = node.entries.slice();
  const has = (name: string) => entries.some((e) => e.kind === 'dot' && e.name === name);
  const dot = (name: '.' | '..'): RarcDotEntry => ({ kind: 'dot', name, id: 0xffff, flags: RarcFlags.DIR });
  if (!has('.')) entries.push(dot('.'));
  if (!has('..')) entries.push(dot('..'));
  return entries;
}

function writeFresh(file: RarcFile, nodes: RarcNode[], blockOrder: RarcNode[]): Uint8Array {
  const nodeIndex = new Map(nodes.map((node, i) => [node, i]));
  const parents = new Map<RarcNode, number>([[file.root, -1]]);
  const folderNames = new Map<RarcNode, string>([[file.root, file.root.name]]);
  // Each node's entries with `.` and `..`, in the entry table's order of blocks.
  const blockEntries = new Map(blockOrder.map((node) => [node, withDots(node)]));
  const blocks = blockOrder.map((node) => blockEntries.get(node)!);
  blockOrder.forEach((node) => {
    for (const e of blockEntries.get(node)!) {
      if (e.kind === 'folder') {
        parents.set(e.node, nodeIndex.get(node)!);
        folderNames.set(e.node, e.name);
      }
    }
  });
  const firstEntries = new Map<RarcNode, number>();
  let count = 0;
  for (const node of blockOrder) {
    firstEntries.set(node, count);
    count += blockEntries.get(node)!.length;
  }
  const strings = new StringTable();
  strings.add(file.root.name);
  for (const entries of blocks) for (const e of entries) strings.add(e.name);

  // File data: MRAM group, then ARAM, then DVD; identical views stored once.
  const groupOf = (flags: number) => ((flags & RarcFlags.ARAM) !== 0 ? 1 : (flags & RarcFlags.DVD) !== 0 ? 2 : 0);
  const groupSizes = [0, 0, 0];
  const placed = new Map<ArrayBufferLike, Map<string, number>>();
  const dataOffsets = new Map<RarcEntry, number>();
  const chunks: { offset: number; data: Uint8Array }[] = [];
  let dataSize = 0;
  for (let group = 0; group < 3; group++) {
    for (const entries of blocks) {
      for (const e of entries) {
        if (e.kind !== 'file' || groupOf(e.flags) !== group) continue;
        const key = `${e.data.byteOffset}:${e.data.length}`;
        let byBuffer = placed.get(e.data.buffer);
        if (!byBuffer) {
          byBuffer = new Map();
          placed.set(e.data.buffer, byBuffer);
        }
        const known = byBuffer.get(key);
        if (known !== undefined) {
          dataOffsets.set(e, known);
          continue;
        }
        byBuffer.set(key, dataSize);
        dataOffsets.set(e, dataSize);
        chunks.push({ offset: dataSize, data: e.data });
        dataSize += align32(e.data.length);
        groupSizes[group]! += align32(e.data.length);
      }
    }
  }

  const entryCount = count;
  const entryOffset = align32(0x40 + nodes.length * 0x10);
  const stringOffset = align32(entryOffset + entryCount * 0x14);
  const table = strings.bytes();
  const dataStart = stringOffset + table.length;
  const w = new BinaryWriter({ initialSize: dataStart + dataSize });
  writeHeader(w, [dataStart + dataSize, 0x20, dataStart - 0x20, dataSize, groupSizes[0]!, groupSizes[1]!, 0]);
  const counts = [nodes.length, 0x20, entryCount, entryOffset - 0x20, table.length, stringOffset - 0x20];
  writeInfo(w, file, counts);
  w.seek(0x40);
  for (const node of nodes) {
    const name = folderNames.get(node)!;
    w.bytes(typeBytes(node === file.root ? 'ROOT' : node.type))
      .u32(strings.add(name))
      .u16(hashRarcName(name));
    w.u16(blockEntries.get(node)!.length).u32(firstEntries.get(node)!);
  }
  w.fill(entryOffset - w.offset, 0);
  for (const node of blockOrder) {
    for (const e of blockEntries.get(node)!) {
      w.u16(e.id)
        .u16(hashRarcName(e.name))
        .u32(((e.flags & 0xff) << 24) | strings.add(e.name));
      if (e.kind === 'file') w.u32(dataOffsets.get(e)!).u32(e.data.length);
      else if (e.kind === 'folder') w.u32(nodeIndex.get(e.node)!).u32(0x10);
      else w.u32(e.name === '.' ? nodeIndex.get(node)! : parents.get(node)! >>> 0).u32(0x10);
      w.u32(0);
    }
  }
  w.fill(stringOffset - w.offset, 0).bytes(table);
  for (const chunk of chunks) w.seek(dataStart + chunk.offset).bytes(chunk.data);
  w.seek(dataStart + dataSize);
  return w.finish();
}

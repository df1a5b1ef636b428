/*
 * An archive's layout: everything a folder of its files cannot hold, as plain data (docs/layout.md describes it
 * field by field, as `retromodel extract` writes it to retromodel-layout.json). RARC: the header and info words,
 * the node table (type tags, name offsets, stored hashes, entry blocks), every directory entry in table order
 * (file IDs, flags, name offsets, stored hashes, data offsets, the words games leave zero), the string table's
 * bytes and every byte no table or file covers (padding, stale memory in some Nintendo files). U8: the header,
 * every node in table order with its name offset and data word, the name pool and the padding. Files and folders
 * are named by their path in the archive (`/`-separated names, root excluded); their bytes stay in the folder.
 * With this and the files, an archive is rebuilt byte for byte (write-with-layout.ts).
 */
import type { RarcEntry, RarcFile, RarcNode } from './rarc-file.js';
import type { U8File, U8Node } from './u8-file.js';

/** Bytes no table or file covers, at their offset in the (decompressed) archive. */
export interface LayoutGap {
  offset: number;
  bytes: Uint8Array;
}

/** A RARC node (16 bytes) as stored. */
export interface RarcNodeRecord {
  type: string;
  nameOffset: number;
  hash: number;
  firstEntry: number;
  entryCount: number;
}

/** What every RARC directory entry (20 bytes) stores besides its kind and name. */
interface RarcEntryFields {
  id: number;
  flags: number;
  nameOffset: number;
  hash: number;
  /** Word 0x10 (0 in every known archive). */
  pointer: number;
}

/**
 * A RARC file entry: `path` names it in the archive (undefined for an entry of a node no folder reaches, whose
 * bytes are then kept in `data`); `offset` is its data offset in the data section, `size` its stored size.
 */
export interface RarcFileRecord extends RarcEntryFields {
  kind: 'file';
  path?: string[];
  offset: number;
  size: number;
  data?: Uint8Array;
}

/** A RARC folder entry: its path and the index of its node; `size` as stored (0x10). */
export interface RarcFolderRecord extends RarcEntryFields {
  kind: 'folder';
  path?: string[];
  node: number;
  size: number;
}

/** A `.` or `..` entry: its data word (a node index, 0xFFFFFFFF for the root's `..`) and size word as stored. */
export interface RarcDotRecord extends RarcEntryFields {
  kind: 'dot';
  name: '.' | '..';
  node: number;
  size: number;
}

export type RarcEntryRecord = RarcFileRecord | RarcFolderRecord | RarcDotRecord;

/** A RARC archive's layout (offsets relative to 0x20 where the format has them so). */
export interface RarcLayoutRecord {
  fileSize: number;
  dataOffset: number;
  dataSize: number;
  mramSize: number;
  aramSize: number;
  dvdSize: number;
  nodeOffset: number;
  entryOffset: number;
  stringTableOffset: number;
  nextFileId: number;
  syncByte: number;
  infoByte1B: number;
  infoReserved: number;
  strings: Uint8Array;
  nodes: RarcNodeRecord[];
  entries: RarcEntryRecord[];
  padding: LayoutGap[];
}

/** A U8 node as stored: a folder's data word is its parent's index, a file's its absolute data offset. */
export type U8NodeRecord =
  | { kind: 'folder'; path: string[]; nameOffset: number; parent: number }
  | { kind: 'file'; path: string[]; nameOffset: number; offset: number; size: number };

/** A U8 archive's layout. */
export interface U8LayoutRecord {
  rootOffset: number;
  headerSize: number;
  dataOffset: number;
  size: number;
  reserved: Uint8Array;
  names: Uint8Array;
  nodes: U8NodeRecord[];
  padding: LayoutGap[];
}

/** The layout of an archive as read: its container format and compression, and the records of one of them. */
export type ArchiveLayout =
  | { format: 'rarc'; compression: 'none' | 'yaz0' | 'yay0'; rarc: RarcLayoutRecord }
  | { format: 'u8'; compression: 'none' | 'yaz0' | 'yay0'; u8: U8LayoutRecord };

/** The layout of a RARC archive read by readRarc (undefined for a model without its as-read layout). */
export function rarcLayoutRecord(file: RarcFile): RarcLayoutRecord | undefined {
  const layout = file.layout;
  if (!layout) return undefined;
  // Paths: the root has none; every folder entry names its node, reached from the root.
  const nodePaths = new Map<RarcNode, string[]>([[layout.nodes[0]!, []]]);
  const queue = [layout.nodes[0]!];
  for (let i = 0; i < queue.length; i++) {
    const node = queue[i]!;
    for (const e of node.entries)
      if (e.kind === 'folder' && !nodePaths.has(e.node)) {
        nodePaths.set(e.node, [...nodePaths.get(node)!, e.name]);
        queue.push(e.node);
      }
  }
  const pathOf = new Map<RarcEntry, string[]>();
  for (const [node, path] of nodePaths)
    for (const e of node.entries) if (e.kind !== 'dot') pathOf.set(e, [...path, e.name]);
  const entries = layout.entries.map((e, i): RarcEntryRecord => {
    const fields = {
      id: e.id,
      flags: e.flags,
      nameOffset: layout.entryNameOffsets[i]!,
      hash: layout.entryHashes[i]!,
      pointer: layout.entryPointers[i]!,
    };
    const path = pathOf.get(e);
    const word = layout.entryDataOffsets[i]!;
    if (e.kind === 'file')
      return path
        ? { kind: 'file', path, ...fields, offset: word, size: e.data.length }
        : { kind: 'file', ...fields, offset: word, size: e.data.length, data: e.data };
    if (e.kind === 'folder')
      return { kind: 'folder', ...(path ? { path } : {}), ...fields, node: word, size: layout.entrySizes[i]! };
    return { kind: 'dot', name: e.name, ...fields, node: word, size: layout.entrySizes[i]! };
  });
  return {
    fileSize: layout.fileSize,
    dataOffset: layout.dataOffset,
    dataSize: layout.dataSize,
    mramSize: layout.mramSize,
    aramSize: layout.aramSize,
    dvdSize: layout.dvdSize,
    nodeOffset: layout.nodeOffset,
    entryOffset: layout.entryOffset,
    stringTableOffset: layout.stringTableOffset,
    nextFileId: file.nextFileId,
    syncByte: layout.syncByte,
    infoByte1B: layout.infoByte1B,
    infoReserved: layout.infoReserved,
    strings: layout.stringTable,
    nodes: layout.nodes.map((node, i) => ({
      type: node.type,
      nameOffset: layout.nodeNameOffsets[i]!,
      hash: layout.nodeHashes[i]!,
      firstEntry: layout.firstEntries[i]!,
      entryCount: layout.entryCounts[i]!,
    })),
    entries,
    padding: layout.padding,
  };
}

/** The layout of a U8 archive read by readU8 (undefined for a model without its as-read layout). */
export function u8LayoutRecord(file: U8File): U8LayoutRecord | undefined {
  const layout = file.layout;
  if (!layout) return undefined;
  const paths = new Map<U8Node, string[]>([[file.root, []]]);
  const walk = (node: U8Node, path: string[]) => {
    paths.set(node, path);
    if (node.kind === 'folder') for (const c of node.children) walk(c, [...path, c.name]);
  };
  walk(file.root, []);
  return {
    rootOffset: layout.rootOffset,
    headerSize: layout.headerSize,
    dataOffset: layout.dataOffset,
    size: layout.size,
    reserved: layout.reserved,
    names: layout.stringPool,
    nodes: layout.nodes.map((node, i) =>
      node.kind === 'folder'
        ? { kind: 'folder', path: paths.get(node)!, nameOffset: layout.nameOffsets[i]!, parent: layout.dataWords[i]! }
        : {
            kind: 'file',
            path: paths.get(node)!,
            nameOffset: layout.nameOffsets[i]!,
            offset: layout.dataWords[i]!,
            size: node.data.length,
          },
    ),
    padding: layout.padding,
  };
}

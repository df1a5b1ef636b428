/*
 * The RARC (JSystem JKRArchive) file model: the node tree as the archive stores it, plus the as-read layout a
 * byte-exact rewrite needs.
 *
 * A node (16 bytes: 4-byte type tag, name offset, name hash, entry count, first entry) owns a contiguous range of
 * 20-byte directory entries: files (flag 0x01, data offset and size), folders (flag 0x02, data = node index) and
 * the `.`/`..` entries (flag 0x02, own and parent node index). Folder names come from the parent's entry; the
 * node's own name field is kept as stored (some shipped archives have wrong ones). File IDs, the ID-sync byte and
 * the next-ID field follow several schemes and are kept as read (spec §2.8).
 */

/** Entry flag bits (byte 0x04 of a directory entry). */
export const RarcFlags = {
  FILE: 0x01,
  DIR: 0x02,
  COMPRESSED: 0x04,
  MRAM: 0x10,
  ARAM: 0x20,
  DVD: 0x40,
  YAZ0: 0x80,
} as const;

/** A file entry: its bytes are a view into the archive it was read from. */
export interface RarcFileEntry {
  kind: 'file';
  name: string;
  /** File ID (u16) as stored. */
  id: number;
  /** Flags byte: 0x11 for an ordinary MRAM-preloaded file. */
  flags: number;
  data: Uint8Array;
}

/** A folder entry: `node` is the folder's node. */
export interface RarcFolderEntry {
  kind: 'folder';
  name: string;
  /** Usually 0xFFFF. */
  id: number;
  /** Usually 0x02. */
  flags: number;
  node: RarcNode;
}

/** The `.` or `..` entry of a node; the writer points it at the node itself or its parent. */
export interface RarcDotEntry {
  kind: 'dot';
  name: '.' | '..';
  /** 0xFFFF in most archives, 0 in some. */
  id: number;
  flags: number;
}

/** One 20-byte directory entry. */
export type RarcEntry = RarcFileEntry | RarcFolderEntry | RarcDotEntry;

/** A node: one per folder, the root first. */
export interface RarcNode {
  /** Four-character type tag: `ROOT`, or the folder name's first four characters upper-cased, space-padded. */
  type: string;
  /** Name as the node table stores it (the root's is the archive name); folders are named by their entry. */
  name: string;
  /** Entries in stored order, `.` and `..` included. */
  entries: RarcEntry[];
}

/** Header fields and offsets as read, used by the writer while the model is unchanged. */
export interface RarcLayout {
  /** Nodes in table order (object identity is how the writer sees the model is unchanged). */
  nodes: RarcNode[];
  /** Entries in table order. */
  entries: RarcEntry[];
  /** Index of each node's first entry and its entry count, in table order. */
  firstEntries: number[];
  entryCounts: number[];
  /** Names and hashes as stored: the writer reuses them only while every name is unchanged. */
  nodeNames: string[];
  nodeNameOffsets: number[];
  nodeHashes: number[];
  entryNames: string[];
  entryNameOffsets: number[];
  entryHashes: number[];
  /** Per entry: the file's bytes as read (to see replacements) and its flags. */
  entryData: (Uint8Array | undefined)[];
  entryFlags: number[];
  /** Per entry: the data word (file offset in the data section, or node index). */
  entryDataOffsets: number[];
  /** Folder entries' size word (0x10 on GC/Wii, 0 in Twilight Princess HD). */
  entrySizes: number[];
  /** Entry word 0x10 (0 in files; the game keeps its data pointer there once loaded). */
  entryPointers: number[];
  fileSize: number;
  dataOffset: number;
  dataSize: number;
  mramSize: number;
  aramSize: number;
  /** Header word 0x1C (0, or the DVD part's size as Hack.io writes it). */
  dvdSize: number;
  nodeOffset: number;
  entryOffset: number;
  stringTableOffset: number;
  stringTable: Uint8Array;
  /** Info byte 0x1A as stored (written while `syncFileIds` still agrees with it), byte 0x1B and word 0x1C. */
  syncByte: number;
  infoByte1B: number;
  infoReserved: number;
  /** Every byte range no table, name or file covers (padding, often non-zero), with its bytes. */
  padding: { offset: number; bytes: Uint8Array }[];
}

/** A RARC archive. */
export interface RarcFile {
  root: RarcNode;
  /** Info field 0x18: next free file ID. */
  nextFileId: number;
  /** Info byte 0x1A: IDs kept in sync with entry indexes. */
  syncFileIds: boolean;
  /** As read; the writer uses it only while nodes, entries, names and file bytes are all unchanged. */
  layout?: RarcLayout;
}

/** The 16-bit name hash JSystem stores: h = h × 3 + byte, over the name's bytes as stored. */
export function hashRarcName(name: string): number {
  let h = 0;
  for (let i = 0; i < name.length; i++) h = (h * 3 + (name.charCodeAt(i) & 0xff)) & 0xffff;
  return h;
}

/** The node type tag for a folder name: first four characters upper-cased, space-padded. */
export function rarcNodeType(name: string): string {
  return name.slice(0, 4).toUpperCase().padEnd(4, ' ');
}

/*
 * An archive tree written by the layout of the archive it came from (archive-layout.ts; docs/layout.md).
 *
 * Exact: when the tree holds the layout's files and no others, each as long as it was, with the IDs and flags
 * it had, the archive is rebuilt from the layout's records (header words, node and entry tables, name offsets,
 * stored hashes, string table, padding) and the tree's bytes at the recorded offsets: unedited, the same bytes as
 * the archive read. A file edited in place (same length) is written in its place. The result is read back and
 * must hold exactly the tree's files, so a layout that does not describe them (edited by hand, or made for
 * another folder) is refused with a ParseError rather than written.
 * Otherwise (files added, removed or of another length) the archive is laid out fresh (write-tree.ts), but every
 * entry the layout knows keeps its place among its folder's entries, its ID and flags, and (RARC) its folder's
 * node and entry block keep their places in the tables, so unchanged entries keep their order and indexes up to
 * the first change. New entries follow the rules of the editors modders use (gclib, the Wind Waker randomizer's
 * library): appended after their folder's entries, flags by kind, IDs by the archive's scheme (write-tree.ts).
 * A folder the layout lists as empty is kept when the tree lacks it (git and zip do not keep empty folders).
 */
import { MAX_NAME_BYTES, nameEnd, ParseError, sameBytes } from '@retromodel/binary';
import type {
  ArchiveLayout,
  RarcEntryRecord,
  RarcFileRecord,
  RarcLayoutRecord,
  U8LayoutRecord,
} from './archive-layout.js';
import type {
  ArchiveEntry,
  ArchiveFile,
  ArchiveFolder,
  ArchiveTree,
  RarcArchiveMeta,
  RarcFileMeta,
  RarcFolderMeta,
} from './archive-tree.js';
import { archiveFiles } from './archive-tree.js';
import { openArchive } from './open-archive.js';
import { type RarcEntry, RarcFlags, type RarcLayout, type RarcNode } from './rarc-file.js';
import type { U8Folder, U8Layout, U8Node } from './u8-file.js';
import { flattenU8 } from './u8-file.js';
import { writeRarc } from './write-rarc.js';
import { writeTreeContainer } from './write-tree.js';
import { writeU8 } from './write-u8.js';

/** What writing by a layout gave. */
export interface LayoutWrite {
  /** The archive, uncompressed. */
  bytes: Uint8Array;
  /** True when it was rebuilt exactly as the layout describes it (every entry and byte in its place). */
  exact: boolean;
  /** Paths (`/`-separated) the layout lists but the tree lacks, left out of the archive. */
  missing: string[];
  /** Paths of the tree the layout does not list, added as new entries. */
  added: string[];
  /** Paths of files whose length changed. */
  resized: string[];
}

const latin1 = new TextDecoder('latin1');

function layoutError(section: string, detail: string): ParseError {
  return new ParseError({ format: 'layout', section, offset: 0 }, detail);
}

/** The NUL-terminated name at `offset` of a string table, or a ParseError. */
function nameAt(table: Uint8Array, offset: number, section: string): string {
  const end = nameEnd(table, offset);
  if (offset >= table.length || end < 0)
    throw layoutError(
      section,
      `name offset ${offset} has no name of at most ${MAX_NAME_BYTES} bytes, NUL-terminated, in the ${table.length}-byte table`,
    );
  return latin1.decode(table.subarray(offset, end));
}

/** A file or folder the layout lists, with its place in the layout's table. */
interface Known {
  kind: 'file' | 'folder';
  index: number;
  /** Recorded length (files). */
  size: number;
  /** What the entry had (RARC). */
  meta?: RarcFileMeta | RarcFolderMeta;
  /** True for a folder under which the layout lists nothing. */
  empty: boolean;
}

/** Every file and folder the layout lists, by `/`-joined path. */
function knownPaths(layout: ArchiveLayout): Map<string, Known> {
  const known = new Map<string, Known>();
  if (layout.format === 'rarc') {
    const r = layout.rarc;
    r.entries.forEach((e, index) => {
      if (e.kind === 'dot' || !e.path) return;
      const empty = e.kind === 'folder' && (r.nodes[e.node]?.entryCount ?? 0) <= 2;
      const meta = e.kind === 'file' ? fileMeta(e) : folderMeta(r, e.node, e.id, e.flags);
      known.set(e.path.join('/'), { kind: e.kind, index, size: e.kind === 'file' ? e.size : 0, meta, empty });
    });
  } else {
    const nodes = layout.u8.nodes;
    nodes.forEach((n, index) => {
      if (index === 0) return;
      // Nodes are in depth-first order: a folder holds something when the next node lies deeper.
      const empty = n.kind === 'folder' && (nodes[index + 1]?.path.length ?? 0) <= n.path.length;
      known.set(n.path.join('/'), { kind: n.kind, index, size: n.kind === 'file' ? n.size : 0, empty });
    });
  }
  return known;
}

/** How many files and folders the layout lists with a path. */
function knownCount(layout: ArchiveLayout): number {
  return layout.format === 'rarc'
    ? layout.rarc.entries.filter((e) => e.kind !== 'dot' && e.path).length
    : layout.u8.nodes.length - 1;
}

function fileMeta(e: RarcFileRecord): RarcFileMeta {
  const compressed = (e.flags & RarcFlags.COMPRESSED) !== 0;
  const compression = (e.flags & RarcFlags.YAZ0) !== 0 ? 'yaz0' : 'yay0';
  return { format: 'rarc', id: e.id, flags: e.flags, ...(compressed ? { compression } : {}) };
}

function folderMeta(r: RarcLayoutRecord, node: number, id: number, flags: number): RarcFolderMeta | undefined {
  const n = r.nodes[node];
  if (!n) return undefined;
  const dotIds: [number, number] = [0xffff, 0xffff];
  for (const e of r.entries.slice(n.firstEntry, n.firstEntry + n.entryCount))
    if (e.kind === 'dot') dotIds[e.name === '.' ? 0 : 1] = e.id;
  return { format: 'rarc', type: n.type, id, flags, dotIds, node, firstEntry: n.firstEntry };
}

/** The ID scheme of the layout's archive, as openArchive sees it. */
function archiveMeta(r: RarcLayoutRecord): RarcArchiveMeta {
  const byIndex = r.entries.every((e, i) => e.kind !== 'file' || e.id === i);
  return {
    format: 'rarc',
    nextFileId: r.nextFileId,
    syncFileIds: r.syncByte !== 0,
    idScheme: byIndex ? 'index' : 'stored',
    entryCount: r.entries.length,
  };
}

/** Every folder of the tree by `/`-joined path (the root excluded). */
function treeFolders(tree: ArchiveTree): Map<string, ArchiveFolder> {
  const out = new Map<string, ArchiveFolder>();
  const walk = (folder: ArchiveFolder, names: string[]) => {
    for (const c of folder.children)
      if (c.kind === 'folder') {
        const at = [...names, c.name];
        out.set(at.join('/'), c);
        walk(c, at);
      }
  };
  walk(tree.root, []);
  return out;
}

/**
 * Writes `tree` by `layout` (see the top of this file). Throws ParseError (format `layout`) when the layout, used
 * exactly, does not give an archive of the tree's files.
 */
export function writeWithLayout(tree: ArchiveTree, layout: ArchiveLayout): LayoutWrite {
  if (tree.format !== layout.format)
    throw layoutError('format', `the layout is of a ${layout.format} archive, the tree a ${tree.format} one`);
  const listed = archiveFiles(tree);
  const files = new Map(listed.map(({ path, file }) => [path, file]));
  const folders = treeFolders(tree);
  const known = knownPaths(layout);
  // Two entries of one path (twins no file system can hold) are matched by name alone: never exactly.
  const unique = files.size === listed.length && known.size === knownCount(layout);
  const missing: string[] = [];
  const resized: string[] = [];
  let sameMeta = true;
  for (const [path, k] of known) {
    if (k.kind === 'folder') {
      if (!folders.has(path) && !k.empty) missing.push(path);
      continue;
    }
    const file = files.get(path);
    if (!file) missing.push(path);
    else if (file.bytes.length !== k.size) resized.push(path);
    else if (file.meta && !sameFileMeta(file.meta, k.meta as RarcFileMeta | undefined)) sameMeta = false;
  }
  const added = [
    ...[...folders.keys()].filter((p) => known.get(p)?.kind !== 'folder'),
    ...[...files.keys()].filter((p) => known.get(p)?.kind !== 'file'),
  ];
  const result = { missing, added, resized };
  if (missing.length + added.length + resized.length === 0 && unique && sameMeta && placedAlike(layout, files)) {
    const bytes = layout.format === 'rarc' ? exactRarc(layout.rarc, files) : exactU8(layout.u8, files);
    checkRebuilt(bytes, files);
    return { bytes, exact: true, ...result };
  }
  const ordered = orderedTree(tree, layout, known);
  return {
    bytes: writeTreeContainer(ordered, layout.format === 'u8' ? layout.u8.reserved : undefined),
    exact: false,
    ...result,
  };
}

function sameFileMeta(meta: RarcFileMeta, recorded: RarcFileMeta | undefined): boolean {
  return meta.id === recorded?.id && meta.flags === recorded.flags && meta.compression === undefined;
}

/** Files that share data in the layout still hold equal bytes, and no entry is stored compressed. */
function placedAlike(layout: ArchiveLayout, files: Map<string, ArchiveFile>): boolean {
  const at = new Map<number, Uint8Array>();
  const records =
    layout.format === 'rarc'
      ? layout.rarc.entries.flatMap((e) => (e.kind === 'file' && e.path ? [e] : []))
      : layout.u8.nodes.flatMap((n) => (n.kind === 'file' ? [n] : []));
  for (const r of records) {
    if ('flags' in r && (r.flags & RarcFlags.COMPRESSED) !== 0) return false;
    const bytes = files.get(r.path!.join('/'))!.bytes;
    const other = at.get(r.offset);
    if (other && other.length > 0 && bytes.length > 0 && !sameBytes(other, bytes)) return false;
    at.set(r.offset, bytes);
  }
  return true;
}

/** The archive as the RARC records describe it, with the files' bytes. */
function exactRarc(r: RarcLayoutRecord, files: Map<string, ArchiveFile>): Uint8Array {
  const name = (offset: number, section: string) => nameAt(r.strings, offset, section);
  if (r.nodes.length === 0) throw layoutError('nodes', 'the layout has no root node');
  const nodes: RarcNode[] = r.nodes.map((n, i) => ({
    type: n.type,
    name: name(n.nameOffset, `nodes[${i}]`),
    entries: [],
  }));
  const entries = r.entries.map((e, i): RarcEntry => {
    const section = `entries[${i}]`;
    if (e.kind === 'dot') return { kind: 'dot', name: e.name, id: e.id, flags: e.flags };
    const stored = name(e.nameOffset, section);
    if (e.path && e.path.at(-1) !== stored)
      throw layoutError(section, `its name in the string table is "${stored}", its path says "${e.path.join('/')}"`);
    if (e.kind === 'folder') {
      const node = nodes[e.node];
      if (!node || e.node === 0) throw layoutError(section, `folder points at node ${e.node} of ${nodes.length}`);
      return { kind: 'folder', name: stored, id: e.id, flags: e.flags, node };
    }
    const data = e.data ?? files.get(e.path!.join('/'))!.bytes;
    return { kind: 'file', name: stored, id: e.id, flags: e.flags, data };
  });
  r.nodes.forEach((n, i) => {
    if (n.firstEntry + n.entryCount > entries.length)
      throw layoutError(`nodes[${i}]`, `entries ${n.firstEntry}…${n.firstEntry + n.entryCount} lie outside the list`);
    nodes[i]!.entries = entries.slice(n.firstEntry, n.firstEntry + n.entryCount);
  });
  const layout: RarcLayout = {
    nodes,
    entries,
    firstEntries: r.nodes.map((n) => n.firstEntry),
    entryCounts: r.nodes.map((n) => n.entryCount),
    nodeNames: nodes.map((n) => n.name),
    nodeNameOffsets: r.nodes.map((n) => n.nameOffset),
    nodeHashes: r.nodes.map((n) => n.hash),
    entryNames: entries.map((e) => e.name),
    entryNameOffsets: r.entries.map((e) => e.nameOffset),
    entryHashes: r.entries.map((e) => e.hash),
    entryData: entries.map((e) => (e.kind === 'file' ? e.data : undefined)),
    entryFlags: r.entries.map((e) => e.flags),
    entryDataOffsets: r.entries.map((e: RarcEntryRecord) => (e.kind === 'file' ? e.offset : e.node)),
    entrySizes: r.entries.map((e) => e.size),
    entryPointers: r.entries.map((e) => e.pointer),
    fileSize: r.fileSize,
    dataOffset: r.dataOffset,
    dataSize: r.dataSize,
    mramSize: r.mramSize,
    aramSize: r.aramSize,
    dvdSize: r.dvdSize,
    nodeOffset: r.nodeOffset,
    entryOffset: r.entryOffset,
    stringTableOffset: r.stringTableOffset,
    stringTable: r.strings,
    syncByte: r.syncByte,
    infoByte1B: r.infoByte1B,
    infoReserved: r.infoReserved,
    padding: r.padding,
  };
  try {
    return writeRarc({ root: nodes[0]!, nextFileId: r.nextFileId, syncFileIds: r.syncByte !== 0, layout });
  } catch (e) {
    throw layoutError('nodes', (e as Error).message);
  }
}

/** The archive as the U8 records describe it, with the files' bytes. */
function exactU8(r: U8LayoutRecord, files: Map<string, ArchiveFile>): Uint8Array {
  const root = r.nodes[0];
  if (root?.kind !== 'folder' || root.path.length > 0) throw layoutError('nodes', 'the first node is not the root');
  if (r.names.length !== r.headerSize - 12 * r.nodes.length)
    throw layoutError(
      'u8',
      `the names take ${r.names.length} bytes, the header leaves them ${r.headerSize - 12 * r.nodes.length}`,
    );
  const folders = new Map<string, U8Folder>();
  const nodes = r.nodes.map((n, i): U8Node => {
    const section = `nodes[${i}]`;
    const name = nameAt(r.names, n.nameOffset, section);
    if (i > 0 && n.path.at(-1) !== name)
      throw layoutError(section, `its name in the name pool is "${name}", its path says "${n.path.join('/')}"`);
    const node: U8Node =
      n.kind === 'folder'
        ? { kind: 'folder', name, children: [] }
        : { kind: 'file', name, data: files.get(n.path.join('/'))!.bytes };
    if (i > 0) {
      const parent = folders.get(n.path.slice(0, -1).join('/'));
      if (!parent) throw layoutError(section, 'comes before its folder');
      parent.children.push(node);
    }
    if (node.kind === 'folder') folders.set(n.path.join('/'), node);
    return node;
  });
  const order = flattenU8(nodes[0] as U8Folder);
  if (order.some((n, i) => n !== nodes[i])) throw layoutError('nodes', 'the nodes are not in depth-first order');
  const layout: U8Layout = {
    nodes,
    names: nodes.map((n) => n.name),
    nameOffsets: r.nodes.map((n) => n.nameOffset),
    dataWords: r.nodes.map((n) => (n.kind === 'folder' ? n.parent : n.offset)),
    fileData: nodes.map((n) => (n.kind === 'file' ? n.data : undefined)),
    rootOffset: r.rootOffset,
    headerSize: r.headerSize,
    dataOffset: r.dataOffset,
    reserved: r.reserved,
    stringPool: r.names,
    size: r.size,
    padding: r.padding,
  };
  return writeU8({ root: nodes[0] as U8Folder, layout });
}

/** The rebuilt archive must open and hold exactly `files`, byte for byte. */
function checkRebuilt(bytes: Uint8Array, files: Map<string, ArchiveFile>): void {
  let back: ReturnType<typeof archiveFiles>;
  try {
    back = archiveFiles(openArchive(bytes));
  } catch (e) {
    throw layoutError('records', `the archive it describes does not open: ${(e as Error).message}`);
  }
  const seen = new Set<string>();
  for (const { path, file } of back) {
    const want = files.get(path);
    if (!want || !sameBytes(want.bytes, file.bytes))
      throw layoutError('records', `the archive it describes holds "${path}" where the folder has other bytes or none`);
    seen.add(path);
  }
  for (const path of files.keys())
    if (!seen.has(path)) throw layoutError('records', `the archive it describes has no "${path}"`);
}

/**
 * A copy of the tree for a fresh layout: each folder's known entries in the layout's order, new ones after them
 * in the tree's order; the layout's metadata on entries that carry none; empty folders of the layout restored.
 */
function orderedTree(tree: ArchiveTree, layout: ArchiveLayout, known: Map<string, Known>): ArchiveTree {
  const position = (path: string) => known.get(path)?.index;
  const build = (folder: ArchiveFolder, names: string[]): ArchiveFolder => {
    const children: ArchiveEntry[] = folder.children.map((c) => {
      const k = known.get([...names, c.name].join('/'));
      const meta = k?.kind === c.kind ? k.meta : undefined;
      if (c.kind === 'folder') {
        const copy = build(c, [...names, c.name]);
        const m = c.meta ?? (meta as RarcFolderMeta | undefined);
        return m ? { ...copy, meta: m } : copy;
      }
      const m = c.meta ?? (meta as RarcFileMeta | undefined);
      return m ? { ...c, meta: m } : { ...c };
    });
    const here = new Set(children.map((c) => c.name));
    for (const [path, k] of known) {
      const parts = path.split('/');
      const name = parts.at(-1)!;
      if (k.kind === 'folder' && k.empty && parts.slice(0, -1).join('/') === names.join('/') && !here.has(name))
        children.push({ kind: 'folder', name, children: [], ...(k.meta ? { meta: k.meta as RarcFolderMeta } : {}) });
    }
    const rank = (c: ArchiveEntry) => position([...names, c.name].join('/'));
    children.sort((a, b) => {
      const ra = rank(a);
      const rb = rank(b);
      if (ra === undefined) return rb === undefined ? 0 : 1;
      return rb === undefined ? -1 : ra - rb;
    });
    return { ...folder, children };
  };
  const root = build(tree.root, []);
  if (layout.format === 'u8') return { ...tree, root };
  const r = layout.rarc;
  const rootMeta = tree.root.meta ?? folderMeta(r, 0, 0xffff, RarcFlags.DIR);
  return {
    ...tree,
    root: rootMeta ? { ...root, meta: rootMeta } : root,
    meta: tree.meta ?? archiveMeta(r),
  };
}

/**
 * A folder read from disk as the tree of the layout's archive: its format and compression, the root name the
 * archive had (RARC), and the single top folder `.` of a U8 that has one (tools leave it out of paths).
 */
export function treeForLayout(folder: ArchiveFolder, layout: ArchiveLayout): ArchiveTree {
  const base = { compression: layout.compression, layout };
  if (layout.format === 'rarc') {
    const first = layout.rarc.nodes[0];
    const name = first ? nameAt(layout.rarc.strings, first.nameOffset, 'nodes[0]') : folder.name;
    return { format: 'rarc', ...base, root: { ...folder, name } };
  }
  const nodes = layout.u8.nodes;
  const name = nodes[0] ? nameAt(layout.u8.names, nodes[0].nameOffset, 'nodes[0]') : '';
  const top = nodes.filter((n) => n.path.length === 1);
  const dotTop = top.length === 1 && top[0]!.kind === 'folder' && top[0]!.path[0] === '.';
  const root: ArchiveFolder = dotTop
    ? { kind: 'folder', name, children: [{ kind: 'folder', name: '.', children: folder.children }] }
    : { ...folder, name };
  return { format: 'u8', ...base, root };
}

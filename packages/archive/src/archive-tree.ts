/*
 * One folder tree for RARC and U8 archives, whatever their compression: what a tool needs to list, extract and
 * pack archives. Folders hold files and folders in the archive's own order; RARC metadata (file IDs, flags,
 * node type tags, the ID scheme) rides along in `meta`, and the archive's whole layout in `layout`, so a rebuilt
 * archive keeps them.
 */
import type { ArchiveLayout } from './archive-layout.js';

/** RARC metadata of a file. */
export interface RarcFileMeta {
  format: 'rarc';
  /** File ID as stored (renumbered on write when the archive numbers files by entry index). */
  id: number;
  /** Entry flags (0x11: an MRAM-preloaded file). */
  flags: number;
  /** Set when the entry's data was Yaz0/Yay0-compressed in the archive; `bytes` holds it expanded. */
  compression?: 'yaz0' | 'yay0';
}

/** RARC metadata of a folder. */
export interface RarcFolderMeta {
  format: 'rarc';
  /** Node type tag (`ROOT`, `BDL `…). */
  type: string;
  /** ID and flags of the folder's entry in its parent (0xFFFF and 0x02 as a rule). */
  id: number;
  flags: number;
  /** IDs of the node's `.` and `..` entries (0xFFFF, or 0 in some archives). */
  dotIds: [number, number];
  /** Where its node and its entry block were in the archive read (kept by a fresh layout of an edited tree). */
  node?: number;
  firstEntry?: number;
}

/** RARC metadata of a whole archive: the ID scheme. */
export interface RarcArchiveMeta {
  format: 'rarc';
  nextFileId: number;
  syncFileIds: boolean;
  /** `index`: every file's ID is its entry index (renumbered on write); `stored`: IDs kept as they are. */
  idScheme: 'index' | 'stored';
  /** Entry count of the archive as read (a next-ID equal to it is kept equal to the new count). */
  entryCount: number;
}

/** A file of an opened archive; `bytes` is a view into the (decompressed) archive unless it was compressed. */
export interface ArchiveFile {
  kind: 'file';
  name: string;
  bytes: Uint8Array;
  meta?: RarcFileMeta;
  /** Where its record (U8 node, RARC directory entry) lies in the archive as read, after decompression. */
  offset?: number;
}

/** A folder of an opened archive; children in the archive's order. */
export interface ArchiveFolder {
  kind: 'folder';
  name: string;
  children: ArchiveEntry[];
  meta?: RarcFolderMeta;
  /** Where its record (U8 node, RARC directory entry) lies in the archive as read, after decompression. */
  offset?: number;
}

/** A file or a folder. */
export type ArchiveEntry = ArchiveFile | ArchiveFolder;

/** An opened archive. The root folder's name is the RARC root name (empty for U8). */
export interface ArchiveTree {
  format: 'rarc' | 'u8';
  /** Compression of the archive file itself (the outermost layer). */
  compression: 'none' | 'yaz0' | 'yay0';
  root: ArchiveFolder;
  meta?: RarcArchiveMeta;
  /**
   * The layout of the archive it was read from (openArchive), by which writeArchive writes it again: unchanged,
   * the same bytes; edited, its entries where they were. Remove it for a fresh layout.
   */
  layout?: ArchiveLayout;
}

/** A file of a tree with the names of the folders leading to it (root excluded) and its own name last. */
export interface ArchiveFileAt {
  names: string[];
  /** The names joined with `/` (ambiguous only for names that contain `/`, which entry-names.ts reports). */
  path: string;
  file: ArchiveFile;
}

/** Every file of the tree with its path, in tree order; entries in `skip` (files, or folders with all they hold) left out. */
export function archiveFiles(tree: ArchiveTree, skip?: ReadonlySet<ArchiveEntry>): ArchiveFileAt[] {
  const out: ArchiveFileAt[] = [];
  const walk = (folder: ArchiveFolder, names: string[]) => {
    for (const child of folder.children) {
      if (skip?.has(child)) continue;
      const at = [...names, child.name];
      if (child.kind === 'file') out.push({ names: at, path: at.join('/'), file: child });
      else walk(child, at);
    }
  };
  walk(tree.root, []);
  return out;
}

/** Every file of the tree with its path (`/`-separated, from the root, root name excluded) and size, in tree order. */
export function listArchive(tree: ArchiveTree): { path: string; size: number }[] {
  return archiveFiles(tree).map(({ path, file }) => ({ path, size: file.bytes.length }));
}

/**
 * Finds the children of `folder` by name: the child whose name is exactly the one asked, else the child whose
 * name differs only in case when exactly one does; undefined when none matches or two entries share the name.
 * Built once (two maps over the children), each lookup then takes constant time.
 */
export function folderLookup(folder: ArchiveFolder): (name: string) => ArchiveEntry | undefined {
  // An entry, or null for a name two entries answer to.
  const exact = new Map<string, ArchiveEntry | null>();
  const folded = new Map<string, ArchiveEntry | null>();
  for (const child of folder.children) {
    exact.set(child.name, exact.has(child.name) ? null : child);
    const key = child.name.toLowerCase();
    folded.set(key, folded.has(key) ? null : child);
  }
  return (name) => {
    if (exact.has(name)) return exact.get(name) ?? undefined;
    return folded.get(name.toLowerCase()) ?? undefined;
  };
}

/**
 * The file or folder at `path` (`/`-separated; empty segments ignored), each part found as {@link folderLookup}
 * finds it (exact case first, another case only when it is the one match), or undefined.
 */
export function findInArchive(tree: ArchiveTree, path: string): ArchiveEntry | undefined {
  let current: ArchiveEntry = tree.root;
  for (const part of path.split('/')) {
    if (part === '') continue;
    if (current.kind !== 'folder') return undefined;
    const next = folderLookup(current)(part);
    if (!next) return undefined;
    current = next;
  }
  return current;
}

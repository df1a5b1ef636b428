/*
 * writeArchive: the tree back to archive bytes, in the tree's format and compression. RARC archives are laid out
 * fresh by writeRarc (spec §2.11): `ROOT` tag for the root, other folders keep their tag or get their name's first
 * four characters upper-cased, `.`/`..` last in every node, files 0x11 unless their metadata says otherwise
 * (0x95 / 0x15 for new files whose bytes are Yaz0 / Yay0). File IDs follow the archive's scheme: entry indexes
 * (renumbered, next ID = entry count) when it numbered files by index or is new, stored IDs otherwise (new files
 * take the next free ID).
 */
import type { ArchiveFolder, ArchiveTree } from './archive-tree.js';
import type { RarcEntry, RarcFileEntry, RarcNode } from './rarc-file.js';
import { RarcFlags, rarcNodeType } from './rarc-file.js';
import type { U8Folder } from './u8-file.js';
import { writeRarc } from './write-rarc.js';
import { writeU8 } from './write-u8.js';
import { isYay0 } from './yay0-decode.js';
import { encodeYay0 } from './yay0-encode.js';
import { isYaz0 } from './yaz0-decode.js';
import { encodeYaz0 } from './yaz0-encode.js';

/** Builds the archive file for `tree`: RARC or U8, then Yaz0/Yay0 when the tree says so. */
export function writeArchive(tree: ArchiveTree): Uint8Array {
  const archive = tree.format === 'u8' ? writeU8({ root: toU8Folder(tree.root) }) : writeRarcTree(tree);
  if (tree.compression === 'yaz0') return encodeYaz0(archive);
  if (tree.compression === 'yay0') return encodeYay0(archive);
  return archive;
}

function toU8Folder(folder: ArchiveFolder): U8Folder {
  return {
    kind: 'folder',
    name: folder.name,
    children: folder.children.map((c) =>
      c.kind === 'file' ? { kind: 'file', name: c.name, data: c.bytes } : toU8Folder(c),
    ),
  };
}

function newFileFlags(bytes: Uint8Array): number {
  if (isYaz0(bytes)) return RarcFlags.FILE | RarcFlags.MRAM | RarcFlags.COMPRESSED | RarcFlags.YAZ0;
  if (isYay0(bytes)) return RarcFlags.FILE | RarcFlags.MRAM | RarcFlags.COMPRESSED;
  return RarcFlags.FILE | RarcFlags.MRAM;
}

function toRarcNode(folder: ArchiveFolder, isRoot: boolean, files: RarcFileEntry[], fresh: Set<RarcFileEntry>) {
  const node: RarcNode = {
    type: isRoot ? 'ROOT' : (folder.meta?.type ?? rarcNodeType(folder.name)),
    name: folder.name,
    entries: [],
  };
  for (const child of folder.children) {
    let entry: RarcEntry;
    if (child.kind === 'folder') {
      const sub = toRarcNode(child, false, files, fresh);
      entry = {
        kind: 'folder',
        name: child.name,
        id: child.meta?.id ?? 0xffff,
        flags: child.meta?.flags ?? RarcFlags.DIR,
        node: sub,
      };
    } else {
      const meta = child.meta;
      let data = child.bytes;
      if (meta?.compression === 'yaz0') data = encodeYaz0(data);
      else if (meta?.compression === 'yay0') data = encodeYay0(data);
      const file: RarcFileEntry = {
        kind: 'file',
        name: child.name,
        id: meta?.id ?? 0,
        flags: meta?.flags ?? newFileFlags(data),
        data,
      };
      if (!meta) fresh.add(file);
      files.push(file);
      entry = file;
    }
    node.entries.push(entry);
  }
  const dotIds = folder.meta?.dotIds ?? [0xffff, 0xffff];
  node.entries.push({ kind: 'dot', name: '.', id: dotIds[0], flags: RarcFlags.DIR });
  node.entries.push({ kind: 'dot', name: '..', id: dotIds[1], flags: RarcFlags.DIR });
  return node;
}

function writeRarcTree(tree: ArchiveTree): Uint8Array {
  const files: RarcFileEntry[] = [];
  const fresh = new Set<RarcFileEntry>();
  const root = toRarcNode(tree.root, true, files, fresh);
  const meta = tree.meta;
  // Entry indexes as writeRarc lays them out: node blocks breadth-first, entries in order.
  const order: RarcNode[] = [root];
  const index = new Map<RarcEntry, number>();
  let count = 0;
  for (let i = 0; i < order.length; i++) {
    for (const e of order[i]!.entries) {
      index.set(e, count++);
      if (e.kind === 'folder') order.push(e.node);
    }
  }
  if (!meta || meta.idScheme === 'index') {
    for (const f of files) f.id = index.get(f)!;
    return writeRarc({ root, nextFileId: count, syncFileIds: meta ? meta.syncFileIds : true });
  }
  let next = files.reduce((max, f) => (fresh.has(f) ? max : Math.max(max, f.id + 1)), 0);
  for (const f of files) if (fresh.has(f)) f.id = next++;
  const nextFileId =
    meta.nextFileId === meta.entryCount ? count : fresh.size > 0 ? Math.max(meta.nextFileId, next) : meta.nextFileId;
  return writeRarc({ root, nextFileId, syncFileIds: meta.syncFileIds });
}

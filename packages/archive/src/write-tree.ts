/*
 * An archive tree as a RARC or U8 container (uncompressed), laid out fresh (spec §2.11, §5.3). RARC: `ROOT` tag for
 * the root, other folders keep their tag or get their name's first four characters upper-cased, `.`/`..` last in
 * every node. A folder read from an archive keeps its node's place in the node table and its entry block's place
 * in the entry table (RarcFolderMeta `node`, `firstEntry`), so the entries of an edited archive keep their indexes
 * up to the first change; new folders follow, breadth-first. Files keep their flags; new files get them as gclib
 * gives them: 0x11 (MRAM preload), 0x21 for `.rel` code (ARAM), 0x95 / 0x15 when their bytes are Yaz0 / Yay0.
 * File IDs follow the archive's scheme: entry indexes (renumbered, next ID = entry count) when it numbered files by
 * index or is new, stored IDs otherwise (new files take the next free ID). U8: nodes in the tree's order.
 */
import type { ArchiveFolder, ArchiveTree, RarcFolderMeta } from './archive-tree.js';
import type { RarcEntry, RarcFileEntry, RarcNode } from './rarc-file.js';
import { RarcFlags, rarcNodeType } from './rarc-file.js';
import type { U8Folder } from './u8-file.js';
import { writeRarc } from './write-rarc.js';
import { writeU8 } from './write-u8.js';
import { isYay0 } from './yay0-decode.js';
import { encodeYay0 } from './yay0-encode.js';
import { isYaz0 } from './yaz0-decode.js';
import { encodeYaz0 } from './yaz0-encode.js';

/** The tree's container (RARC or U8, uncompressed), laid out fresh; `reserved`: U8 header bytes 0x10–0x1F. */
export function writeTreeContainer(tree: ArchiveTree, reserved?: Uint8Array): Uint8Array {
  return tree.format === 'u8' ? writeU8({ root: toU8Folder(tree.root) }, { reserved }) : writeRarcTree(tree);
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

function newFileFlags(name: string, bytes: Uint8Array): number {
  if (isYaz0(bytes)) return RarcFlags.FILE | RarcFlags.MRAM | RarcFlags.COMPRESSED | RarcFlags.YAZ0;
  if (isYay0(bytes)) return RarcFlags.FILE | RarcFlags.MRAM | RarcFlags.COMPRESSED;
  if (name.toLowerCase().endsWith('.rel')) return RarcFlags.FILE | RarcFlags.ARAM;
  return RarcFlags.FILE | RarcFlags.MRAM;
}

/** What building the nodes collects: every file entry, the new ones, and each node's folder metadata. */
interface NodeBuild {
  files: RarcFileEntry[];
  fresh: Set<RarcFileEntry>;
  metas: Map<RarcNode, RarcFolderMeta | undefined>;
}

function toRarcNode(folder: ArchiveFolder, isRoot: boolean, build: NodeBuild): RarcNode {
  const node: RarcNode = {
    type: isRoot ? 'ROOT' : (folder.meta?.type ?? rarcNodeType(folder.name)),
    name: folder.name,
    entries: [],
  };
  build.metas.set(node, folder.meta);
  for (const child of folder.children) {
    let entry: RarcEntry;
    if (child.kind === 'folder') {
      const sub = toRarcNode(child, false, build);
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
        flags: meta?.flags ?? newFileFlags(child.name, data),
        data,
      };
      if (!meta) build.fresh.add(file);
      build.files.push(file);
      entry = file;
    }
    node.entries.push(entry);
  }
  const dotIds = folder.meta?.dotIds ?? [0xffff, 0xffff];
  node.entries.push({ kind: 'dot', name: '.', id: dotIds[0], flags: RarcFlags.DIR });
  node.entries.push({ kind: 'dot', name: '..', id: dotIds[1], flags: RarcFlags.DIR });
  return node;
}

/** `nodes` sorted by a position read from an archive; nodes without one keep their order, after the others. */
function byPosition(nodes: RarcNode[], position: (node: RarcNode) => number | undefined): RarcNode[] {
  return [...nodes].sort((a, b) => {
    const pa = position(a);
    const pb = position(b);
    if (pa === undefined) return pb === undefined ? 0 : 1;
    return pb === undefined ? -1 : pa - pb;
  });
}

function writeRarcTree(tree: ArchiveTree): Uint8Array {
  const build: NodeBuild = { files: [], fresh: new Set(), metas: new Map() };
  const root = toRarcNode(tree.root, true, build);
  const reached: RarcNode[] = [root];
  for (let i = 0; i < reached.length; i++)
    for (const e of reached[i]!.entries) if (e.kind === 'folder') reached.push(e.node);
  const nodes = byPosition(reached, (n) => build.metas.get(n)?.node);
  const blocks = byPosition(nodes, (n) => build.metas.get(n)?.firstEntry);
  // Entry indexes as writeRarc lays them out: node blocks in block order, entries in order.
  const index = new Map<RarcEntry, number>();
  let count = 0;
  for (const node of blocks) for (const e of node.entries) index.set(e, count++);
  const { files, fresh } = build;
  const meta = tree.meta;
  const placement = { nodes, blocks };
  if (!meta || meta.idScheme === 'index') {
    for (const f of files) f.id = index.get(f)!;
    return writeRarc({ root, nextFileId: count, syncFileIds: meta ? meta.syncFileIds : true }, placement);
  }
  let next = files.reduce((max, f) => (fresh.has(f) ? max : Math.max(max, f.id + 1)), 0);
  for (const f of files) if (fresh.has(f)) f.id = next++;
  const nextFileId =
    meta.nextFileId === meta.entryCount ? count : fresh.size > 0 ? Math.max(meta.nextFileId, next) : meta.nextFileId;
  return writeRarc({ root, nextFileId, syncFileIds: meta.syncFileIds }, placement);
}

/*
 * Entry-name and folder-structure damage of an archive, as data: edits of its tree (an entry renamed to a name
 * no file may have, given a sibling's name or its name in another case, moved into another folder, or wrapped
 * in a new folder), after which the archive is built again by the test builders (build-archive.ts) in its own
 * format and compression (Yaz0 as literals, Yay0 by the archive package's encoder). Byte mutations rarely make
 * such archives, since a name's bytes and a folder's ranges must stay consistent; these are what an attacker
 * would hand-make. Entries are addressed by their child indexes from the root, so an edit is plain JSON.
 */
import { type ArchiveEntry, type ArchiveFolder, encodeYay0, openArchive } from '@retromodel/archive';
import { MAX_NAME_BYTES } from '@retromodel/binary';
import { type ArchiveBuildEntry, buildRarc, buildU8, yaz0Literals } from '../builders/build-archive.js';

/** One edit of an archive's tree; `at` and `into` are child indexes from the root. */
export type EntryEdit =
  | { op: 'rename'; at: number[]; name: string }
  | { op: 'duplicate'; at: number[] }
  | { op: 'twin'; at: number[] }
  | { op: 'move'; at: number[]; into: number[] }
  | { op: 'wrap'; at: number[]; name: string };

/**
 * Names no file can have on some system: what would leave the folder, control characters, over 255 bytes, and
 * what Windows takes for something else (a device, a stream of another file, a name it cuts short); and names a
 * file may have that a terminal would act on (a C1 CSI, a right-to-left override), which only printing escapes.
 */
export const hostileNames = [
  '..',
  '.',
  '',
  '/',
  'a/b',
  '../../../../evil.bmd',
  '\\',
  '..\\..\\evil.bmd',
  'C:',
  'c:evil.bmd',
  '\x01',
  'a\x1b[2Jb',
  'x'.repeat(256),
  'y'.repeat(MAX_NAME_BYTES + 1),
  'é'.repeat(128),
  'CON',
  'nul.bmd',
  'COM\u00b9',
  'mdl:stream.bmd',
  'what?.bti',
  ' ',
  'trailing.',
  'model.bmd ',
  'x\u009b2Jy.bmd',
  'gpj\u202e.bmd',
] as const;

/** The child-index paths of every entry below the root, depth first. */
export function entryPaths(root: ArchiveFolder): number[][] {
  const out: number[][] = [];
  const walk = (folder: ArchiveFolder, at: number[]) =>
    folder.children.forEach((child, i) => {
      out.push([...at, i]);
      if (child.kind === 'folder') walk(child, [...at, i]);
    });
  walk(root, []);
  return out;
}

/** The folder holding the entry at `at`, and the entry's index in it (undefined when the path leads nowhere). */
function parentOf(root: ArchiveFolder, at: number[]): { folder: ArchiveFolder; index: number } | undefined {
  let folder = root;
  for (const i of at.slice(0, -1)) {
    const next = folder.children[i];
    if (next?.kind !== 'folder') return undefined;
    folder = next;
  }
  const index = at.at(-1);
  return index !== undefined && index < folder.children.length ? { folder, index } : undefined;
}

const otherCase = (name: string) => (name.toUpperCase() !== name ? name.toUpperCase() : `${name.toLowerCase()}x`);

/**
 * A copy of an entry, a folder's whole tree copied: one sharing its children with the original would hold itself
 * once the original is moved into it (fuzz seed 2620: a folder twinned, then moved into its twin, built without end).
 */
function copyOf(entry: ArchiveEntry): ArchiveEntry {
  return entry.kind === 'file' ? { ...entry } : { ...entry, children: entry.children.map(copyOf) };
}

function applyEdit(root: ArchiveFolder, edit: EntryEdit): void {
  const place = parentOf(root, edit.at);
  if (!place) return;
  const { folder, index } = place;
  const entry = folder.children[index]!;
  switch (edit.op) {
    case 'rename':
      entry.name = edit.name;
      return;
    case 'duplicate':
      folder.children.splice(index + 1, 0, copyOf(entry));
      return;
    case 'twin':
      folder.children.splice(index + 1, 0, { ...copyOf(entry), name: otherCase(entry.name) });
      return;
    case 'wrap':
      folder.children[index] = { kind: 'folder', name: edit.name, children: [entry] };
      return;
    case 'move': {
      const target = edit.into.length === 0 ? { folder: root, index: -1 } : parentOf(root, edit.into);
      const into = target && (target.index < 0 ? root : target.folder.children[target.index]);
      // Not into a file, nor into the moved folder itself or below it.
      if (into?.kind !== 'folder' || edit.into.slice(0, edit.at.length).join() === edit.at.join()) return;
      folder.children.splice(index, 1);
      into.children.push(entry);
    }
  }
}

function toBuild(entry: ArchiveEntry): ArchiveBuildEntry {
  return entry.kind === 'file'
    ? { name: entry.name, bytes: entry.bytes }
    : { name: entry.name, children: entry.children.map(toBuild) };
}

/** The archive `bytes` with `edits` made to its tree, built again in its format and compression. */
export function applyEntryEdits(bytes: Uint8Array, edits: readonly EntryEdit[]): Uint8Array {
  const tree = openArchive(bytes);
  for (const edit of edits) applyEdit(tree.root, edit);
  const children = tree.root.children.map(toBuild);
  const plain = tree.format === 'u8' ? buildU8(children) : buildRarc(children, tree.root.name);
  if (tree.compression === 'yaz0') return yaz0Literals(plain);
  return tree.compression === 'yay0' ? encodeYay0(plain) : plain;
}

/** One line per edit, for a case's description. */
export function describeEntryEdits(edits: readonly EntryEdit[]): string {
  const path = (at: number[]) => `[${at.join(',')}]`;
  return edits
    .map((e) =>
      e.op === 'rename' || e.op === 'wrap'
        ? `${e.op} ${path(e.at)} ${JSON.stringify(e.name.length > 40 ? `${e.name.slice(0, 12)}…(${e.name.length})` : e.name)}`
        : e.op === 'move'
          ? `move ${path(e.at)} into ${path(e.into)}`
          : `${e.op} ${path(e.at)}`,
    )
    .join('; ');
}

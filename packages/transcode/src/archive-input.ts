/*
 * Models inside GameCube/Wii archives (RARC or U8, plain or Yaz0/Yay0-compressed), through
 * @retromodel/archive, which is loaded only when an archive is met. A model inside an archive finds its
 * sidecars the way games lay them out: first beside it in its own folder, then in the sibling folders named
 * after animation and texture kinds (`bck/`, `btk/`, `brk/`, `bca/`, `btp/`, `bva/`, `bpk/`, `bti/`, `timg/`).
 */
import type { ArchiveEntry, ArchiveFile, ArchiveFolder, ArchiveTree } from '@retromodel/archive';
import { type AnyFormatAdapter, type SidecarSource, startsWithAscii } from '@retromodel/scene';
import { extensionOf } from './detect-format.js';

/** Extensions archives are known by; the magic decides in the end. */
export const archiveExtensions = ['.arc', '.szs', '.carc', '.rarc', '.u8', '.szp', '.yaz0', '.yay0'];

/** True when the bytes start like an archive or a compressed stream (which may hold one). */
export function looksLikeArchive(bytes: Uint8Array): boolean {
  return (
    startsWithAscii(bytes, 'RARC') ||
    startsWithAscii(bytes, 'Yaz0') ||
    startsWithAscii(bytes, 'Yay0') ||
    (bytes[0] === 0x55 && bytes[1] === 0xaa && bytes[2] === 0x38 && bytes[3] === 0x2d)
  );
}

/** Opens an archive (ParseError for a damaged one). */
export async function openArchiveBytes(bytes: Uint8Array): Promise<ArchiveTree> {
  const { openArchive } = await import('@retromodel/archive');
  return openArchive(bytes);
}

/** Every file of the tree with its path, in tree order. */
export function archiveFiles(tree: ArchiveTree): { path: string; file: ArchiveFile }[] {
  const out: { path: string; file: ArchiveFile }[] = [];
  const walk = (folder: ArchiveFolder, prefix: string) => {
    for (const child of folder.children) {
      if (child.kind === 'file') out.push({ path: prefix + child.name, file: child });
      else walk(child, `${prefix}${child.name}/`);
    }
  };
  walk(tree.root, '');
  return out;
}

/** The paths of the files inside that an adapter in `list` reads into a scene (by magic, else extension). */
export function archiveModelPaths(tree: ArchiveTree, list: readonly AnyFormatAdapter[]): string[] {
  return archiveFiles(tree)
    .filter(({ path, file }) => {
      const adapter =
        list.find((a) => a.magic?.(file.bytes)) ?? list.find((a) => a.extensions.includes(extensionOf(path)));
      return adapter?.can.read === true && !adapter.imageOnly;
    })
    .map(({ path }) => path);
}

const sidecarFolders = new Set(['bck', 'btk', 'brk', 'bca', 'btp', 'bva', 'bpk', 'bti', 'timg']);

function folderAt(tree: ArchiveTree, parts: string[]): ArchiveFolder | undefined {
  let folder: ArchiveEntry = tree.root;
  for (const part of parts) {
    if (folder.kind !== 'folder') return undefined;
    const wanted = part.toLowerCase();
    const next: ArchiveEntry | undefined = folder.children.find((c) => c.name.toLowerCase() === wanted);
    if (!next) return undefined;
    folder = next;
  }
  return folder.kind === 'folder' ? folder : undefined;
}

/** Sidecars of the model at `path`: its own folder first, then the kind-named folders in it and beside it. */
export function archiveSidecars(tree: ArchiveTree, path: string): SidecarSource {
  const parts = path.split('/').filter(Boolean);
  const own = folderAt(tree, parts.slice(0, -1));
  const parent = parts.length > 1 ? folderAt(tree, parts.slice(0, -2)) : undefined;
  const kindFolders = (folder: ArchiveFolder | undefined) =>
    (folder?.children ?? []).filter(
      (c): c is ArchiveFolder => c.kind === 'folder' && c !== own && sidecarFolders.has(c.name.toLowerCase()),
    );
  const folders = [own, ...kindFolders(own), ...kindFolders(parent)];
  const files = new Map<string, ArchiveFile>();
  for (const folder of folders)
    for (const child of folder?.children ?? [])
      if (child.kind === 'file' && !files.has(child.name.toLowerCase())) files.set(child.name.toLowerCase(), child);
  return {
    list: () => [...files.values()].map((f) => f.name),
    read: (name) => files.get(name.toLowerCase())?.bytes,
  };
}

/** A model inside an archive as transcode's input: its bytes, its file name and sidecars inside the archive. */
export async function archiveInput(archive: Uint8Array, path: string) {
  const tree = await openArchiveBytes(archive);
  const { findInArchive } = await import('@retromodel/archive');
  const entry = findInArchive(tree, path);
  if (entry?.kind !== 'file') throw new Error(`the archive has no file ${path}`);
  return { bytes: entry.bytes, fileName: entry.name, sidecars: archiveSidecars(tree, path) };
}

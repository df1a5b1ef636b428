/*
 * Models inside GameCube/Wii archives (RARC or U8, plain or Yaz0/Yay0-compressed), through
 * @retromodel/archive, whose readers and codecs are loaded only when an archive is met (the tree helpers come
 * from its small `/tree` entry). A model inside an archive finds its sidecars the way games lay them out: first
 * beside it in its own folder, then in the sibling folders named after animation and texture kinds (`bck/`,
 * `btk/`, `brk/`, `bca/`, `btp/`, `bva/`, `bpk/`, `bti/`, `timg/`). Names are matched as the archive package's
 * folderLookup does: exact case first, another case only when it is the one match.
 * A model inside an archive also gets every animation file of the archive that fits it (fit-animations.ts), its
 * own folder and those kind-named folders being where it looks.
 * An archive given as the same bytes again (a batch converting many models of one archive) is opened, and its
 * folders indexed and its animations matched, once: converting all its models costs time linear in its bytes and
 * entries.
 */
import type { ArchiveEntry, ArchiveFile, ArchiveFileAt, ArchiveFolder, ArchiveTree } from '@retromodel/archive';
import { archiveFiles, folderLookup } from '@retromodel/archive/tree';
import { type AnyFormatAdapter, type Diagnostic, type SidecarSource, startsWithAscii } from '@retromodel/scene';
import { adapters as builtInAdapters } from './adapters.js';
import { extensionOf } from './detect-format.js';
import { type FitFile, fitAnimations, type ModelAnimations } from './fit-animations.js';

export { archiveFiles };

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

/**
 * Opens an archive (ParseError for a damaged one). The same bytes given again (the same array) give the same
 * tree without opening them again; the tree is shared, so it must not be changed.
 */
export async function openArchiveBytes(bytes: Uint8Array): Promise<ArchiveTree> {
  return (await openedArchive(bytes)).tree;
}

/**
 * The files inside that an adapter in `list` reads into a scene (by magic, else extension), in tree order;
 * entries in `skip` (files, or folders with all they hold) left out.
 */
export function archiveModels(
  tree: ArchiveTree,
  list: readonly AnyFormatAdapter[],
  skip?: ReadonlySet<ArchiveEntry>,
): ArchiveFileAt[] {
  return archiveFiles(tree, skip).filter(({ path, file }) => {
    const adapter = adapterOf(list, path, file.bytes);
    return adapter?.can.read === true && !adapter.imageOnly;
  });
}

/** The adapter in `list` for a file: by magic, else by extension. */
function adapterOf(list: readonly AnyFormatAdapter[], path: string, bytes: Uint8Array): AnyFormatAdapter | undefined {
  return list.find((a) => a.magic?.(bytes)) ?? list.find((a) => a.extensions.includes(extensionOf(path)));
}

/** The paths of the files inside that an adapter in `list` reads into a scene (see {@link archiveModels}). */
export function archiveModelPaths(tree: ArchiveTree, list: readonly AnyFormatAdapter[]): string[] {
  return archiveModels(tree, list).map(({ path }) => path);
}

const sidecarFolders = new Set(['bck', 'btk', 'brk', 'bca', 'btp', 'bva', 'bpk', 'bti', 'timg']);

/** A folder of an archive with its path (`/`-separated names from the root, root excluded). */
interface FolderAt {
  folder: ArchiveFolder;
  path: string;
}

/**
 * An archive opened for lookups: each folder's name lookup built at most once, and what the models of one folder
 * share (the folders they find sidecars in, those sidecars, the files they may take as animations) made once per
 * folder, not once per model; the animations matched once, and each file's path known from one walk of the tree.
 */
export class OpenedArchive {
  private readonly lookups = new Map<ArchiveFolder, ReturnType<typeof folderLookup>>();
  /** By the path of a model's folder: where its models look, what they find there and see as animations. */
  private readonly folders = new Map<string, { at: FolderAt[]; sidecars?: SidecarSource; scope?: FitFile[] }>();
  private readonly fitted = new WeakMap<readonly AnyFormatAdapter[], Promise<Map<string, ModelAnimations>>>();
  private paths: Map<ArchiveFile, string> | undefined;
  constructor(readonly tree: ArchiveTree) {}

  lookup(folder: ArchiveFolder): ReturnType<typeof folderLookup> {
    const found = this.lookups.get(folder) ?? folderLookup(folder);
    this.lookups.set(folder, found);
    return found;
  }

  /** The entry at the `/`-separated `path` (empty parts ignored). */
  find(path: string): ArchiveFolder | ArchiveFile | undefined {
    let at: ArchiveFolder | ArchiveFile = this.tree.root;
    for (const part of path.split('/').filter(Boolean)) {
      if (at.kind !== 'folder') return undefined;
      const next = this.lookup(at)(part);
      if (!next) return undefined;
      at = next;
    }
    return at;
  }

  /** The path (names as the archive has them) of a file of the tree. */
  pathOf(file: ArchiveFile): string | undefined {
    this.paths ??= new Map(archiveFiles(this.tree).map((f) => [f.file, f.path]));
    return this.paths.get(file);
  }

  /** What the models in the folder of the model at `path` share, made on first use. */
  private folderOf(path: string) {
    const parts = path.split('/').filter(Boolean).slice(0, -1);
    const key = parts.join('/');
    let shared = this.folders.get(key);
    if (!shared) {
      shared = { at: this.sidecarFolders(parts) };
      this.folders.set(key, shared);
    }
    return shared;
  }

  /** The folders the models in the folder at `parts` find their sidecars in: that folder first, then the kind-named folders in it and beside it. */
  private sidecarFolders(parts: string[]): FolderAt[] {
    const folderAt = (names: string[]): FolderAt | undefined => {
      const entry = this.find(names.join('/'));
      return entry?.kind === 'folder' ? { folder: entry, path: names.join('/') } : undefined;
    };
    const own = folderAt(parts);
    const parent = parts.length > 0 ? folderAt(parts.slice(0, -1)) : undefined;
    const kindFolders = (at: FolderAt | undefined): FolderAt[] =>
      (at?.folder.children ?? []).flatMap((c) =>
        c.kind === 'folder' && c !== own?.folder && sidecarFolders.has(c.name.toLowerCase())
          ? [{ folder: c, path: at!.path ? `${at!.path}/${c.name}` : c.name }]
          : [],
      );
    return [own, ...kindFolders(own), ...kindFolders(parent)].filter((f) => f !== undefined);
  }

  /** Sidecars of the model at `path`: its own folder first, then the kind-named folders in it and beside it. */
  sidecars(path: string): SidecarSource {
    const shared = this.folderOf(path);
    shared.sidecars ??= this.folderSidecars(shared.at.map((f) => f.folder));
    return shared.sidecars;
  }

  /** The sidecars found in `folders`, in that order. */
  private folderSidecars(folders: ArchiveFolder[]): SidecarSource {
    const names = [...new Set(folders.flatMap((f) => f.children.filter((c) => c.kind === 'file').map((c) => c.name)))];
    return {
      list: () => names,
      read: (name) => {
        for (const folder of folders) {
          const entry = this.lookup(folder)(name);
          if (entry?.kind === 'file') return entry.bytes;
        }
        return undefined;
      },
    };
  }

  /**
   * The files a model at `path` sees as sidecars, each under the name it is read by (the first of a name wins):
   * one array for all the models of a folder.
   */
  private scope(path: string): FitFile[] {
    const shared = this.folderOf(path);
    if (!shared.scope) {
      const out = new Map<string, FitFile>();
      for (const { folder, path: at } of shared.at)
        for (const c of folder.children)
          if (c.kind === 'file' && !out.has(c.name))
            out.set(c.name, { path: at ? `${at}/${c.name}` : c.name, name: c.name, bytes: c.bytes });
      shared.scope = [...out.values()];
    }
    return shared.scope;
  }

  /** The archive's animation files matched to its models (fit-animations.ts), by model path; computed once. */
  animations(list: readonly AnyFormatAdapter[]): Promise<Map<string, ModelAnimations>> {
    let fitted = this.fitted.get(list);
    if (!fitted) {
      const models = archiveModels(this.tree, list).map(({ path, names, file }) => {
        const adapter = adapterOf(list, path, file.bytes)!;
        return { path, fileName: names.at(-1)!, bytes: file.bytes, adapter, scope: this.scope(path) };
      });
      fitted = fitAnimations(models);
      this.fitted.set(list, fitted);
    }
    return fitted;
  }
}

/** Sidecars of the model at `path`: its own folder first, then the kind-named folders in it and beside it. */
export function archiveSidecars(tree: ArchiveTree, path: string): SidecarSource {
  return new OpenedArchive(tree).sidecars(path);
}

/** Archives opened from bytes, by those bytes: the same bytes given again are not opened again. */
const opened = new WeakMap<Uint8Array, Promise<OpenedArchive>>();

function openedArchive(bytes: Uint8Array): Promise<OpenedArchive> {
  let open = opened.get(bytes);
  if (!open) {
    open = import('@retromodel/archive').then(({ openArchive }) => new OpenedArchive(openArchive(bytes)));
    opened.set(bytes, open);
  }
  return open;
}

/**
 * A model inside an archive as transcode's input: its bytes, its file name, its sidecars inside the archive and
 * the archive's animation files that fit it (with what matching them said). The archive is opened once per
 * `archive` array (kept while the array lives), so pass the same array for each model.
 */
export async function archiveInput(
  archive: Uint8Array,
  path: string,
  list: readonly AnyFormatAdapter[] = builtInAdapters,
): Promise<{
  bytes: Uint8Array;
  fileName: string;
  sidecars: SidecarSource;
  animations: string[];
  diagnostics: Diagnostic[];
}> {
  const archived = await openedArchive(archive);
  const entry = archived.find(path);
  if (entry?.kind !== 'file')
    throw new Error(`the archive has no file ${path} (nor one name that matches it in another case)`);
  const fitted = (await archived.animations(list)).get(archived.pathOf(entry)!);
  return {
    bytes: entry.bytes,
    fileName: entry.name,
    sidecars: archived.sidecars(path),
    animations: fitted?.files.map((f) => f.name) ?? [],
    diagnostics: fitted?.diagnostics ?? [],
  };
}

/**
 * The animation files of an archive matched to its models (fit-animations.ts): for every model, by its path, the
 * files it takes (paths in the archive), the clips they make (each clip's name and files, in the order of its
 * first file) and the warnings about those it leaves.
 */
export async function archiveAnimations(
  archive: Uint8Array,
  list: readonly AnyFormatAdapter[] = builtInAdapters,
): Promise<
  { model: string; animations: string[]; clips: { name: string; files: string[] }[]; diagnostics: Diagnostic[] }[]
> {
  const fitted = await (await openedArchive(archive)).animations(list);
  return [...fitted].map(([model, found]) => {
    const clips = new Map<string, string[]>();
    found.files.forEach((f, i) => {
      const name = found.clips[i]!;
      clips.set(name, [...(clips.get(name) ?? []), f.path]);
    });
    return {
      model,
      animations: found.files.map((f) => f.path),
      clips: [...clips].map(([name, files]) => ({ name, files })),
      diagnostics: found.diagnostics,
    };
  });
}

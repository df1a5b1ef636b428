/*
 * The command line's files and folders, expanded to the models a batch converts. Each gets its path as names
 * below the inputs' common folder, so that outputs under `-o` keep the inputs' structure and two inputs from
 * different folders (`a/model.glb`, `b/model.glb`) never map to one output name; the last `own` of those names
 * are its path below its own folder, where its output goes without `-o`. An archive (`.arc`, `.szs`, …) stands
 * for every model inside it, each under `<archive name>/<its path in the archive>`; an archive entry whose name
 * cannot be a file name (modelsIn reports those) is one failed input of its own.
 * A folder walk leaves out files of the output format (`.glb` when converting to GLB): those are what an earlier
 * run wrote, so running a command again converts the same files. A file named on the command line is always taken.
 * Symbolic links are followed (a file reached twice is converted once; a folder link that leads back into a
 * folder already walked is not walked again). A folder that cannot be read, and an input that does not exist,
 * are one failed entry each. Every input found carries its identity (device and inode), by which an output path
 * is recognised as an input however it is spelt (links, case-insensitive file systems).
 * The file system calls are synchronous: a batch's walk is a few hundred of them one after another, and each
 * through libuv's thread pool cost more CPU than the call itself.
 */
import { type Dirent, readdirSync, realpathSync, type Stats, statSync } from 'node:fs';
import { basename, dirname, relative, resolve, sep } from 'node:path';

export interface InputFile {
  /** Absolute path (for a model inside an archive: of the archive). */
  path: string;
  /** The model's path inside the archive at `path` (for an entry refused by name: the entry, printable). */
  inner?: string;
  /** Path below the inputs' common folder, as names (a folder given alone is that folder itself). */
  names: string[];
  /** How many of the last `names` are its path below its own folder (1 for a file; more inside an archive). */
  own: number;
  /** `names` joined, to show. */
  relativePath: string;
  /** Size of the model's bytes. */
  size: number;
  /** Why it cannot be converted (missing, an archive that does not open, an unsafe entry name), found while walking. */
  failure?: string;
}

/**
 * What an archive holds: its models (path inside and output names), and the entries refused for their names (with
 * the bytes they hold, which count in as a failed input's).
 */
export interface ArchiveListing {
  models: { path: string; names: string[]; size: number }[];
  refused: { entry: string; reason: string; size: number }[];
}

/** The deepest folder containing every path in `dirs` (absolute paths). */
function commonFolder(dirs: string[]): string {
  const split = dirs.map((d) => d.split(sep));
  const first = split[0] ?? [];
  let n = first.length;
  for (const parts of split) {
    let i = 0;
    while (i < n && parts[i] === first[i]) i++;
    n = i;
  }
  return first.slice(0, n).join(sep) || sep;
}

/**
 * What is at `path` (following symbolic links), or undefined when nothing there can be read. Nothing there is
 * told without an exception: outputs are asked for before they exist, and each exception made cost about as
 * much as the stat.
 */
export function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/** A file's identity (device and inode): equal for every path that leads to the same file. */
export const identityOf = (info: Stats) => `${info.dev}:${info.ino}`;

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();

/** The walk's options: what a folder walk takes, and how an archive is listed. */
export interface WalkOptions {
  /** Extensions (`.bdl`) of the files a folder walk takes. */
  extensions: Set<string>;
  /** Extensions a folder walk leaves out although it reads them: the output format's. */
  skip: Set<string>;
  archives: { extensions: Set<string>; modelsIn: (path: string) => Promise<ArchiveListing> };
}

/**
 * Expands `inputs`: folders are walked recursively for files whose extension is in `extensions` or an archive
 * extension, except `skip` (hidden folders and node_modules are skipped); files given directly are taken as they
 * are; archives are opened and stand for the models inside. Returns the inputs and the identities of the files
 * read (models and archives), with the path of each.
 */
export async function walkInputs(
  inputs: string[],
  options: WalkOptions,
): Promise<{ files: InputFile[]; identities: Map<string, string> }> {
  const { extensions, skip, archives } = options;
  const roots: { path: string; info: Stats | undefined }[] = inputs.map((input) => {
    const path = resolve(input);
    return { path, info: statIfAny(path) };
  });
  const common = commonFolder(roots.map((r) => (r.info?.isDirectory() ? r.path : dirname(r.path))));
  const out: InputFile[] = [];
  const identities = new Map<string, string>();
  const entry = (path: string, size: number, failure?: string): InputFile => {
    const names = relative(common, path).split(sep).filter(Boolean);
    return { path, names, own: 1, relativePath: names.join(sep), size, ...(failure ? { failure } : {}) };
  };
  const add = async (path: string, info: Stats) => {
    identities.set(identityOf(info), path);
    if (!archives.extensions.has(extensionOf(path))) {
      out.push(entry(path, info.size));
      return;
    }
    const listing = await archives.modelsIn(path).catch((e: Error) => e);
    if (listing instanceof Error) {
      out.push(entry(path, info.size, `${listing.name}: ${listing.message}`));
      return;
    }
    const at = entry(path, info.size);
    const folder = [...at.names.slice(0, -1), basename(path).slice(0, -extensionOf(path).length)];
    for (const model of listing.models) {
      const names = [...folder, ...model.names];
      out.push({
        path,
        inner: model.path,
        names,
        own: 1 + model.names.length,
        relativePath: names.join(sep),
        size: model.size,
      });
    }
    for (const refused of listing.refused)
      out.push({ ...at, inner: refused.entry, size: refused.size, failure: refused.reason });
  };
  const seenFiles = new Set<string>();
  const seenFolders = new Set<string>();
  const walk = async (dir: string) => {
    const real = realpathSync(dir);
    if (seenFolders.has(real)) return;
    seenFolders.add(real);
    let entries: Dirent[];
    try {
      entries = readdirSync(dir, { withFileTypes: true });
    } catch (e) {
      const { code, message } = e as NodeJS.ErrnoException;
      out.push(entry(dir, 0, `cannot read the folder (${code ?? message})`));
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const full = resolve(dir, e.name);
      const target = e.isSymbolicLink() ? statIfAny(full) : e;
      if (!target) continue; // a dangling link, or one that leads round in a loop
      const ext = extensionOf(e.name);
      if (target.isDirectory()) await walk(full);
      else if (target.isFile() && !skip.has(ext) && (extensions.has(ext) || archives.extensions.has(ext))) {
        const file = realpathSync(full);
        const info = statIfAny(file);
        if (!info || seenFiles.has(file)) continue;
        seenFiles.add(file);
        await add(full, info);
      }
    }
  };
  for (const root of roots) {
    if (!root.info) out.push(entry(root.path, 0, 'no such file or folder'));
    else if (root.info.isDirectory()) await walk(root.path);
    else await add(root.path, root.info);
  }
  return { files: out, identities };
}

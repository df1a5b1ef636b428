/*
 * The command line's files and folders, expanded to the models a batch converts. Each gets a path relative
 * to the inputs' common folder, so that outputs under `-o` keep the inputs' structure and two inputs from
 * different folders (`a/model.glb`, `b/model.glb`) never map to one output name. An archive (`.arc`, `.szs`,
 * …) stands for every model inside it, each under `<archive name>/<its path in the archive>`.
 * Symbolic links are followed (a file reached twice is converted once; a folder link that leads back into a
 * folder already walked is not walked again). A folder that cannot be read is one failed entry of the batch.
 * The file system calls are synchronous: a batch's walk is a few hundred of them one after another, and each
 * through libuv's thread pool cost more CPU than the call itself.
 */
import { type Dirent, readdirSync, readFileSync, realpathSync, type Stats, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface InputFile {
  /** Absolute path (for a model inside an archive: of the archive). */
  path: string;
  /** The model's path inside the archive at `path`. */
  inner?: string;
  /** Path relative to the inputs' common folder (a folder given alone is that folder itself). */
  relativePath: string;
  /** Size of the model's bytes. */
  size: number;
  /** Why it cannot be converted (an archive that does not open), found while walking. */
  failure?: string;
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

/** What is at `path` (following symbolic links), or undefined when nothing there can be read. */
export function statIfAny(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch {
    return undefined;
  }
}

const extensionOf = (name: string) => name.slice(name.lastIndexOf('.')).toLowerCase();

/**
 * Expands `inputs`: folders are walked recursively for files whose extension is in `extensions` or
 * `archiveExtensions` (hidden folders and node_modules are skipped); files given directly are taken as they
 * are; archives are opened and stand for the models inside (`modelsIn` lists them).
 */
export async function walkInputs(
  inputs: string[],
  extensions: Set<string>,
  archives: { extensions: Set<string>; modelsIn: (bytes: Uint8Array) => Promise<{ path: string; size: number }[]> },
): Promise<InputFile[]> {
  const roots: { path: string; isFolder: boolean }[] = [];
  for (const input of inputs) {
    const path = resolve(input);
    roots.push({ path, isFolder: statSync(path).isDirectory() });
  }
  const common = commonFolder(roots.map((r) => (r.isFolder ? r.path : dirname(r.path))));
  const out: InputFile[] = [];
  const add = async (path: string) => {
    const relativePath = relative(common, path);
    if (!archives.extensions.has(extensionOf(path))) {
      out.push({ path, relativePath, size: statSync(path).size });
      return;
    }
    const folder = relativePath.slice(0, relativePath.length - extensionOf(path).length);
    const models = await archives.modelsIn(new Uint8Array(readFileSync(path))).catch((e: Error) => e);
    if (models instanceof Error) {
      out.push({ path, relativePath, size: statSync(path).size, failure: `${models.name}: ${models.message}` });
      return;
    }
    for (const model of models)
      out.push({ path, inner: model.path, relativePath: join(folder, ...model.path.split('/')), size: model.size });
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
      out.push({
        path: dir,
        relativePath: relative(common, dir),
        size: 0,
        failure: `cannot read the folder (${code ?? message})`,
      });
      return;
    }
    entries.sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const full = join(dir, e.name);
      const target = e.isSymbolicLink() ? statIfAny(full) : e;
      if (!target) continue; // a dangling link, or one that leads round in a loop
      const ext = extensionOf(e.name);
      if (target.isDirectory()) await walk(full);
      else if (target.isFile() && (extensions.has(ext) || archives.extensions.has(ext))) {
        const file = realpathSync(full);
        if (seenFiles.has(file)) continue;
        seenFiles.add(file);
        await add(full);
      }
    }
  };
  for (const root of roots) {
    if (root.isFolder) await walk(root.path);
    else await add(root.path);
  }
  return out;
}

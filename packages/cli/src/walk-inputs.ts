/*
 * The command line's files and folders, expanded to the files a batch converts. Each file gets a path
 * relative to the inputs' common folder, so that outputs under `-o` keep the inputs' structure and two
 * inputs from different folders (`a/model.glb`, `b/model.glb`) never map to one output name.
 */
import { readdir, stat } from 'node:fs/promises';
import { dirname, join, relative, resolve, sep } from 'node:path';

export interface InputFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the inputs' common folder (a folder given alone is that folder itself). */
  relativePath: string;
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
 * Expands `inputs`: folders are walked recursively for files whose extension is in `extensions` (hidden
 * folders and node_modules are skipped); files given directly are taken as they are.
 */
export async function walkInputs(inputs: string[], extensions: Set<string>): Promise<InputFile[]> {
  const roots: { path: string; isFolder: boolean }[] = [];
  for (const input of inputs) {
    const path = resolve(input);
    roots.push({ path, isFolder: (await stat(path)).isDirectory() });
  }
  const common = commonFolder(roots.map((r) => (r.isFolder ? r.path : dirname(r.path))));
  const out: InputFile[] = [];
  const add = (path: string) => out.push({ path, relativePath: relative(common, path) });
  const walk = async (dir: string) => {
    const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
    for (const e of entries) {
      if (e.name.startsWith('.') || e.name === 'node_modules') continue;
      const full = join(dir, e.name);
      if (e.isDirectory()) await walk(full);
      else if (e.isFile() && extensions.has(e.name.slice(e.name.lastIndexOf('.')).toLowerCase())) add(full);
    }
  };
  for (const root of roots) {
    if (root.isFolder) await walk(root.path);
    else add(root.path);
  }
  return out;
}

import { readdir, stat } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';

export interface InputFile {
  /** Absolute path. */
  path: string;
  /** Path relative to the folder it was found under (its own name for files given directly). */
  relativePath: string;
}

/**
 * Expands the command line's files and folders: folders are walked recursively for files whose extension
 * is in `extensions` (hidden folders and node_modules are skipped); files given directly are taken as they are.
 */
export async function walkInputs(inputs: string[], extensions: Set<string>): Promise<InputFile[]> {
  const out: InputFile[] = [];
  for (const input of inputs) {
    const root = resolve(input);
    const info = await stat(root);
    if (!info.isDirectory()) {
      out.push({ path: root, relativePath: root.split(/[\\/]/).pop()! });
      continue;
    }
    const walk = async (dir: string) => {
      const entries = (await readdir(dir, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name));
      for (const e of entries) {
        if (e.name.startsWith('.') || e.name === 'node_modules') continue;
        const full = join(dir, e.name);
        if (e.isDirectory()) await walk(full);
        else if (e.isFile() && extensions.has(e.name.slice(e.name.lastIndexOf('.')).toLowerCase())) {
          out.push({ path: full, relativePath: relative(root, full) });
        }
      }
    };
    await walk(root);
  }
  return out;
}

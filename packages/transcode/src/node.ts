/**
 * Node entry of @retromodel/transcode: sidecar files from the file system, and `transcodeFile`.
 * Sidecar names come from model files (a TMD names its TKL), so they are treated as untrusted: only plain
 * file names are accepted, and they resolve only inside the model's folder (or folders given explicitly).
 */
import { readdir, readFile } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import type { SidecarSource } from '@retromodel/scene';
import { type TranscodeOptions, type TranscodeResult, transcode } from './transcode.js';

export * from './index.js';

/** True for a plain file name: no folder separators, no `..`, no drive letter, no NUL or control characters. */
export function isPlainFileName(name: string): boolean {
  return (
    name.length > 0 &&
    name.length <= 255 &&
    name !== '.' &&
    name !== '..' &&
    !/[\\/:\0]/.test(name) &&
    // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is refused
    !/[\x00-\x1f]/.test(name)
  );
}

export interface FolderSidecarOptions {
  /** More folders searched after the model's own, in order. A folder that does not exist is an error. */
  extraDirs?: string[];
  /** Files given explicitly (any folder); they are listed first and found by their base name. */
  files?: string[];
}

/**
 * Sidecars from the model's folder: `list()` gives every file name there (and in `extraDirs`), `read(name)`
 * finds a name case-insensitively (game files often disagree on case) and returns undefined for anything that
 * is not a plain file name or does not exist.
 */
export function folderSidecars(dir: string, options: FolderSidecarOptions = {}): SidecarSource & { used: string[] } {
  const dirs = [resolve(dir), ...(options.extraDirs ?? []).map((d) => resolve(d))];
  const explicit = new Map((options.files ?? []).map((f) => [basename(f).toLowerCase(), resolve(f)]));
  let index: Promise<Map<string, string>> | undefined;
  const used: string[] = [];
  const buildIndex = async () => {
    const map = new Map<string, string>();
    for (const [i, d] of dirs.entries()) {
      const entries = await readdir(d, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
        // The model's own folder may be unreadable (then it has no sidecars); a folder named by the caller must exist.
        if (i === 0) return [];
        throw new Error(`sidecar folder ${d} cannot be read (${e.code ?? e.message})`);
      });
      for (const e of entries) {
        const key = e.name.toLowerCase();
        if (e.isFile() && !map.has(key)) map.set(key, join(d, e.name));
      }
    }
    for (const [key, path] of explicit) map.set(key, path);
    return map;
  };
  return {
    used,
    async list() {
      index ??= buildIndex();
      return [...(await index).values()].map((p) => basename(p));
    },
    async read(name: string) {
      if (!isPlainFileName(name)) return undefined;
      index ??= buildIndex();
      const path = (await index).get(name.toLowerCase());
      if (!path) return undefined;
      const buf = await readFile(path);
      used.push(path);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    },
  };
}

/** Reads a model and its sidecars from disk and converts it; writes nothing. `sidecarPaths` lists what was read. */
export async function transcodeFile(
  path: string,
  options: TranscodeOptions & FolderSidecarOptions,
): Promise<TranscodeResult & { sidecarPaths: string[] }> {
  const buf = await readFile(path);
  const sidecars = folderSidecars(dirname(path), options);
  const result = await transcode(
    { bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), fileName: basename(path), sidecars },
    options,
  );
  return { ...result, sidecarPaths: [...new Set(sidecars.used)] };
}

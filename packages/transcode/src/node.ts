/**
 * Node entry of @retromodel/transcode: sidecar files from the file system, and `transcodeFile`.
 * Sidecar names come from model files (a TMD names its TKL), so they are treated as untrusted: only plain
 * file names are accepted, and they resolve only inside the model's folder (or folders given explicitly).
 * Files and folders are read synchronously, as the conversion itself runs: a model's reads are a few small
 * calls one after another, and through libuv's thread pool each cost more CPU than the read (a batch of 55
 * .glb → .t3dm spent about 6% of its CPU time on them).
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, resolve, sep } from 'node:path';
import { fileNameProblem, type SidecarSource } from '@retromodel/scene';
import { type TranscodeOptions, type TranscodeResult, transcode } from './transcode.js';

export * from './index.js';

/**
 * True for a plain file name, by the project's one name rule (fileNameProblem): no folder separators, not `.`
 * or `..`, no drive letter, no NUL or control characters, at most 255 bytes.
 */
export function isPlainFileName(name: string): boolean {
  return fileNameProblem(name) === undefined;
}

export interface FolderSidecarOptions {
  /** More folders searched after the model's own, in order. A folder that does not exist is an error. */
  extraDirs?: string[];
  /** Files given explicitly (any folder); they are listed first and found by their base name. */
  files?: string[];
}

/** Sub-folder levels below each sidecar folder that are listed (textures kept in `assets/<group>/...`). */
const MAX_DEPTH = 3;
/** Most files listed per model, so a model in a large tree (a home folder) costs a bounded walk. */
const MAX_FILES = 4096;

/** True for a relative path whose every `/`-separated part is a plain file name. */
function isPlainRelativePath(name: string): boolean {
  return name.length <= 1024 && name.split('/').every(isPlainFileName);
}

/**
 * The folder Tiny3D projects keep their sources in, for a model under `<project>/filesystem/` or in a sub-folder
 * of `<project>/assets/`: `<project>/assets`, whose paths are what a `.t3dm` names as `rom:/<path>.sprite`.
 */
function tiny3dAssets(dir: string): string | undefined {
  const parts = resolve(dir).split(sep);
  const built = parts.lastIndexOf('filesystem');
  if (built > 0) return [...parts.slice(0, built), 'assets'].join(sep);
  const sources = parts.lastIndexOf('assets');
  return sources > 0 && sources < parts.length - 1 ? parts.slice(0, sources + 1).join(sep) : undefined;
}

/**
 * Sidecars from the model's folder: `list()` gives every file name there (and in `extraDirs`, then in a Tiny3D
 * project's `assets/` folder), files in sub-folders as `/`-separated relative paths; `read(name)` finds a name
 * case-insensitively (game files often disagree on case) and returns undefined for anything that is not a plain
 * relative path or does not exist. Symbolic links inside the folders are not followed.
 */
export function folderSidecars(dir: string, options: FolderSidecarOptions = {}): SidecarSource & { used: string[] } {
  const assets = tiny3dAssets(dir);
  const named = (options.extraDirs ?? []).map((d) => resolve(d));
  const dirs = [
    { path: resolve(dir), required: false },
    ...named.map((path) => ({ path, required: true })),
    ...(assets ? [{ path: assets, required: false }] : []),
  ];
  const explicit = new Map((options.files ?? []).map((f) => [basename(f).toLowerCase(), resolve(f)]));
  // Lower-case name -> the name as listed and the file's path.
  let index: Map<string, { name: string; path: string }> | undefined;
  const used: string[] = [];
  const buildIndex = () => {
    const map = new Map<string, { name: string; path: string }>();
    const walk = (root: string, rel: string, depth: number, required: boolean) => {
      let entries: Dirent[];
      try {
        entries = readdirSync(join(root, rel), { withFileTypes: true });
      } catch (e) {
        // The model's own folders may be unreadable (then they add nothing); a folder named by the caller must exist.
        if (!required) return;
        const { code, message } = e as NodeJS.ErrnoException;
        throw new Error(`sidecar folder ${root} cannot be read (${code ?? message})`);
      }
      const folders: string[] = [];
      for (const e of entries) {
        if (map.size >= MAX_FILES) return;
        const name = rel ? `${rel}/${e.name}` : e.name;
        if (e.isFile() && !map.has(name.toLowerCase())) map.set(name.toLowerCase(), { name, path: join(root, name) });
        else if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules') folders.push(name);
      }
      if (depth < MAX_DEPTH) for (const f of folders) walk(root, f, depth + 1, false);
    };
    for (const d of dirs) walk(d.path, '', 0, d.required);
    for (const [key, path] of explicit) map.set(key, { name: basename(path), path });
    return map;
  };
  return {
    used,
    async list() {
      index ??= buildIndex();
      return [...index.values()].map((f) => f.name);
    },
    async read(name: string) {
      if (!isPlainRelativePath(name)) return undefined;
      index ??= buildIndex();
      const path = index.get(name.toLowerCase())?.path;
      if (!path) return undefined;
      const buf = readFileSync(path);
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
  const buf = readFileSync(path);
  const sidecars = folderSidecars(dirname(path), options);
  const result = await transcode(
    { bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength), fileName: basename(path), sidecars },
    options,
  );
  return { ...result, sidecarPaths: [...new Set(sidecars.used)] };
}

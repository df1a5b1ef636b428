/**
 * Node entry of @retromodel/transcode: sidecar files from the file system, and `transcodeFile`.
 * Sidecar names come from model files (a TMD names its TKL), so they are treated as untrusted: only plain
 * file names are accepted, and they resolve only inside the model's folder (or folders given explicitly).
 * Files and folders are read synchronously, as the conversion itself runs: a model's reads are a few small
 * calls one after another, and through libuv's thread pool each cost more CPU than the read (a batch of 55
 * .glb → .t3dm spent about 6% of its CPU time on them).
 * A batch (`run`) lists each set of folders once: its first model's walk is kept, in this thread, for the other
 * models of the run in the same folders, so n models in one folder cost one listing of it, not n; and what the
 * run writes into the folder (its outputs, converting in place) is never a sidecar of a later model of the run.
 */
import { type Dirent, readdirSync, readFileSync } from 'node:fs';
import { basename, dirname, join, relative, resolve, sep } from 'node:path';
import { fileNameProblem, type SidecarSource } from '@retromodel/scene';
import { adapters as builtInAdapters } from './adapters.js';
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
  /**
   * The project's asset folder (Tiny3D's `assets/`) and its path in the project (tiny3d's `--asset-path`), as
   * `gltf-to-t3d` has them from its working folder. Default: found from the model's folder (tiny3dAssets).
   */
  assets?: { folder: string; path: string };
  /**
   * The batch this model belongs to (any string one run of a tool shares, another run not): the folders' listing
   * is taken once per run and kept for its other models, as the folders were when the run first listed them.
   * Without it every model lists its folders anew.
   */
  run?: string;
  /** The folder the outputs go to (SidecarSource.outputFolder); the caller's, as it names it. */
  outputFolder?: string;
}

/** A walk of a model's folders: each file by its lower-case listed name, and the names in listing order. */
interface FolderWalk {
  index: Map<string, { name: string; path: string }>;
  names: string[];
}

/** The walks of the current run (one run at a time is kept), by the folders walked. */
let runWalks: { run: string; walks: Map<string, FolderWalk> } | undefined;

/** Sub-folder levels below each sidecar folder that are listed (textures kept in `assets/<group>/...`). */
const MAX_DEPTH = 3;
/** Most files listed per model, so a model in a large tree (a home folder) costs a bounded walk. */
const MAX_FILES = 4096;

/** `/`-separated path from folder `from` to `to`. */
const relativeFrom = (from: string, to: string) => relative(from, to).split(sep).join('/');

/**
 * The folder Tiny3D projects keep their sources in, for a model under `<project>/filesystem/` or in
 * `<project>/assets/` or a sub-folder of it: `<project>/assets`, whose paths are what a `.t3dm` names as
 * `rom:/<path>.sprite`.
 */
function tiny3dAssets(dir: string): string | undefined {
  const parts = resolve(dir).split(sep);
  const built = parts.lastIndexOf('filesystem');
  if (built > 0) return [...parts.slice(0, built), 'assets'].join(sep);
  const sources = parts.lastIndexOf('assets');
  return sources > 0 ? parts.slice(0, sources + 1).join(sep) : undefined;
}

/**
 * Sidecars from the model's folder: `list()` gives every file there (and in `extraDirs`, then in a Tiny3D
 * project's asset folder), each by its `/`-separated path from the model's folder (files of extra folders by
 * their path from those); `read(name)` finds a listed name case-insensitively (game files often disagree on
 * case) and returns undefined for any other. So nothing is read that the walk of those folders did not list:
 * a name from a file (`../../etc/passwd`) reaches nothing outside them. Symbolic links are not followed.
 */
export function folderSidecars(dir: string, options: FolderSidecarOptions = {}): SidecarSource & { used: string[] } {
  const modelDir = resolve(dir);
  const assetsDir = options.assets ? resolve(options.assets.folder) : tiny3dAssets(modelDir);
  const named = (options.extraDirs ?? []).map((d) => resolve(d));
  // Each folder walked, and how its files are named: by their path from `base`. A model in the asset folder
  // itself (a Tiny3D project's `assets/model.glb`) has its folder walked once: the same walk again would only
  // find the names the first one listed.
  const dirs = [
    { path: modelDir, base: modelDir, required: false },
    ...named.map((path) => ({ path, base: path, required: true })),
    ...(assetsDir && assetsDir !== modelDir ? [{ path: assetsDir, base: modelDir, required: false }] : []),
  ];
  const explicit = new Map((options.files ?? []).map((f) => [basename(f).toLowerCase(), resolve(f)]));
  // Lower-case name -> the name as listed and the file's path.
  let found: FolderWalk | undefined;
  const used: string[] = [];
  const walkFolders = (): FolderWalk => {
    const map = new Map<string, { name: string; path: string }>();
    const walk = (root: string, base: string, rel: string, depth: number, required: boolean) => {
      const folder = join(root, rel);
      let entries: Dirent[];
      try {
        entries = readdirSync(folder, { withFileTypes: true });
      } catch (e) {
        // The model's own folders may be unreadable (then they add nothing); a folder named by the caller must exist.
        if (!required) return;
        const { code, message } = e as NodeJS.ErrnoException;
        throw new Error(`sidecar folder ${root} cannot be read (${code ?? message})`);
      }
      // A listed name is a plain name, so its path and its name from `base` are made by joining; only a folder
      // walked from another base (the asset folder above the model's) needs path.relative's `..`.
      const prefix = folder.endsWith(sep) ? folder : `${folder}${sep}`;
      const namePrefix = base !== root ? undefined : rel === '' ? '' : `${rel.split(sep).join('/')}/`;
      const folders: string[] = [];
      for (const e of entries) {
        if (map.size >= MAX_FILES) return;
        if (e.isFile()) {
          const path = prefix + e.name;
          const name = namePrefix === undefined ? relativeFrom(base, path) : namePrefix + e.name;
          const key = name.toLowerCase();
          if (!map.has(key)) map.set(key, { name, path });
        } else if (e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
          folders.push(rel === '' ? e.name : `${rel}${sep}${e.name}`);
      }
      if (depth < MAX_DEPTH) for (const f of folders) walk(root, base, f, depth + 1, false);
    };
    for (const d of dirs) walk(d.path, d.base, '', 0, d.required);
    return { index: map, names: [...map.values()].map((f) => f.name) };
  };
  /** The folders' walk (the run's, when it has one for them) with the files given explicitly added. */
  const index = (): FolderWalk => {
    if (found) return found;
    const withExplicit = (walked: FolderWalk): FolderWalk => {
      if (explicit.size === 0) return walked;
      const map = new Map(walked.index);
      for (const [key, path] of explicit) map.set(key, { name: basename(path), path });
      return { index: map, names: [...map.values()].map((f) => f.name) };
    };
    if (options.run === undefined) found = withExplicit(walkFolders());
    else {
      if (runWalks?.run !== options.run) runWalks = { run: options.run, walks: new Map() };
      // The run's models share their folders and the files given, so the merged index is kept too: a model
      // costs a lookup, not a copy of its folder's listing.
      const key = JSON.stringify(dirs);
      const merged = `${key}\0${JSON.stringify([...explicit])}`;
      found = runWalks.walks.get(merged);
      if (!found) {
        const walked = runWalks.walks.get(key) ?? walkFolders();
        runWalks.walks.set(key, walked);
        found = withExplicit(walked);
        runWalks.walks.set(merged, found);
      }
    }
    return found;
  };
  const projectAssets = assetsDir && {
    assetFolder: relativeFrom(modelDir, assetsDir),
    modelFolder: relativeFrom(assetsDir, modelDir),
    assetPath: options.assets?.path ?? 'assets',
  };
  return {
    used,
    ...(projectAssets ? { projectAssets } : {}),
    ...(options.outputFolder === undefined
      ? {}
      : { outputFolder: relativeFrom(modelDir, resolve(options.outputFolder)) }),
    async list() {
      return index().names;
    },
    async read(name: string) {
      if (name.length > 1024) return undefined;
      const path = index().index.get(name.toLowerCase())?.path;
      if (!path) return undefined;
      const buf = readFileSync(path);
      used.push(path);
      return new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength);
    },
  };
}

/**
 * Reads a model and its sidecars from disk and converts it; writes nothing. `sidecarPaths` lists what was read. A
 * model in a folder `retromodel extract` wrote also gets the animation files of that folder that fit it, as it
 * would inside the archive (extracted-archive.ts).
 */
export async function transcodeFile(
  path: string,
  options: TranscodeOptions & FolderSidecarOptions,
): Promise<TranscodeResult & { sidecarPaths: string[] }> {
  const buf = readFileSync(path);
  const { extractedAnimations } = await import('./extracted-archive.js');
  const fitted = await extractedAnimations(path, options.adapters ?? builtInAdapters, options.run);
  const files = [...(options.files ?? []), ...fitted.files];
  const sidecars = folderSidecars(dirname(path), { ...options, files });
  const animations = fitted.files.map((f) => basename(f));
  const result = await transcode(
    {
      bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
      // The file's bytes and the sidecars' are read for this conversion alone.
      bytesHandedOver: true,
      fileName: basename(path),
      sidecars,
      ...(animations.length > 0 ? { animations } : {}),
      ...(fitted.diagnostics.length > 0 ? { diagnostics: fitted.diagnostics } : {}),
    },
    options,
  );
  return { ...result, sidecarPaths: [...new Set(sidecars.used)] };
}

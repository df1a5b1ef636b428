/*
 * A folder `retromodel extract` wrote (retromodel-layout.json in its root) read back as the archive it came
 * from, so that a model in it gets the animation files that fit it as it would inside the archive
 * (fit-animations.ts, archive-input.ts): the nearest folder above the model, at most 8 levels up, that holds the
 * layout file is the archive's root. Only files a format adapter knows are read (models, animations, textures),
 * and the walk is bounded: 4096 files, 16 levels of folders, 64 MiB a file and 256 MiB in all; symbolic links are
 * not followed. The matching is kept per root while the files' names, sizes and modification times stay the same;
 * within one run of a batch (`run`), per root as the run first read it, without walking the folder again for each
 * model (n models of one extracted folder cost one walk, and the run's own outputs are not read as its files).
 */
import { type Dirent, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import type { ArchiveFolder, ArchiveTree } from '@retromodel/archive';
import { LAYOUT_FILE_NAME } from '@retromodel/archive/tree';
import type { AnyFormatAdapter, Diagnostic } from '@retromodel/scene';
import { OpenedArchive } from './archive-input.js';
import { extensionOf } from './detect-format.js';

const MAX_LEVELS_UP = 8;
const MAX_FILES = 4096;
const MAX_DEPTH = 16;
const MAX_FILE_BYTES = 64 * 1024 * 1024;
const MAX_TOTAL_BYTES = 256 * 1024 * 1024;

/** Whether `dir` holds the layout file (no such file, or unreadable: it does not). */
function holdsLayout(dir: string): boolean {
  // A missing file is the common case, told without an exception (each one thrown cost about as much as the
  // stat itself).
  try {
    return statSync(join(dir, LAYOUT_FILE_NAME), { throwIfNoEntry: false })?.isFile() === true;
  } catch {
    return false;
  }
}

/**
 * The folders of the current run (one run at a time is kept) by whether they hold the layout file, as the run
 * first looked: the models of a batch share their folders and their parents (the 55 shared .glb files in 22
 * folders looked 386 times, now 48), and a run never writes a layout file.
 */
let runLayouts: { run: string; holds: Map<string, boolean> } | undefined;

/** holdsLayout, looked up once per folder within `run`. */
function holdsLayoutIn(dir: string, run: string | undefined): boolean {
  if (run === undefined) return holdsLayout(dir);
  if (runLayouts?.run !== run) runLayouts = { run, holds: new Map() };
  let holds = runLayouts.holds.get(dir);
  if (holds === undefined) {
    holds = holdsLayout(dir);
    runLayouts.holds.set(dir, holds);
  }
  return holds;
}

/** The folder holding `path` that `extract` wrote, or undefined. */
function extractedRoot(path: string, run: string | undefined): string | undefined {
  let dir = dirname(path);
  for (let level = 0; level <= MAX_LEVELS_UP; level++) {
    if (holdsLayoutIn(dir, run)) return dir;
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  return undefined;
}

/** The files below `root` whose extension an adapter knows, with what identifies their state. */
function listFiles(root: string, extensions: Set<string>): { names: string[]; size: number; mtimeMs: number }[] {
  const out: { names: string[]; size: number; mtimeMs: number }[] = [];
  let total = 0;
  const walk = (names: string[]) => {
    if (names.length > MAX_DEPTH) return;
    let entries: Dirent[];
    try {
      entries = readdirSync(join(root, ...names), { withFileTypes: true });
    } catch {
      return;
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const e of entries) {
      if (out.length >= MAX_FILES) return;
      if (e.isDirectory()) walk([...names, e.name]);
      else if (e.isFile() && extensions.has(extensionOf(e.name))) {
        const info = statSync(join(root, ...names, e.name));
        if (info.size > MAX_FILE_BYTES || total + info.size > MAX_TOTAL_BYTES) continue;
        total += info.size;
        out.push({ names: [...names, e.name], size: info.size, mtimeMs: info.mtimeMs });
      }
    }
  };
  walk([]);
  return out;
}

/** The listed files as an archive tree (their bytes read now). */
function treeOf(root: string, files: { names: string[] }[]): ArchiveTree {
  const top: ArchiveFolder = { kind: 'folder', name: '', children: [] };
  for (const { names } of files) {
    let folder = top;
    for (const name of names.slice(0, -1)) {
      let next = folder.children.find((c): c is ArchiveFolder => c.kind === 'folder' && c.name === name);
      if (!next) {
        next = { kind: 'folder', name, children: [] };
        folder.children.push(next);
      }
      folder = next;
    }
    const buf = readFileSync(join(root, ...names));
    folder.children.push({
      kind: 'file',
      name: names.at(-1)!,
      bytes: new Uint8Array(buf.buffer, buf.byteOffset, buf.byteLength),
    });
  }
  return { format: 'rarc', compression: 'none', root: top };
}

/**
 * Extracted folders read so far, by root: the state of their files (or the run that read them) and the folder
 * opened as an archive.
 */
const opened = new Map<string, { state: string; run?: string; archive: OpenedArchive }>();

/**
 * The animation files (absolute paths) of the extracted archive holding the model at `path` that fit it, and
 * what matching them said; none when the model is not in a folder `extract` wrote. Models of one `run` share the
 * folder as the run first read it.
 */
export async function extractedAnimations(
  path: string,
  list: readonly AnyFormatAdapter[],
  run?: string,
): Promise<{ files: string[]; diagnostics: Diagnostic[] }> {
  const root = extractedRoot(path, run);
  if (!root) return { files: [], diagnostics: [] };
  let known = opened.get(root);
  if (run === undefined || known?.run !== run) {
    const extensions = new Set(list.filter((a) => !a.imageOnly).flatMap((a) => a.extensions));
    const files = listFiles(root, extensions);
    const state = JSON.stringify(files);
    if (known?.state !== state) known = { state, archive: new OpenedArchive(treeOf(root, files)) };
    known = { ...known!, ...(run === undefined ? {} : { run }) };
    opened.set(root, known);
  }
  const fitted = (await known.archive.animations(list)).get(relative(root, path).split(sep).join('/'));
  return {
    files: (fitted?.files ?? []).map((f) => join(root, ...f.path.split('/'))),
    diagnostics: fitted?.diagnostics ?? [],
  };
}

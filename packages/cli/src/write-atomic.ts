/*
 * One conversion's outputs (a model with its .bin, images or .sdata) appear all together or not at all:
 *   1. every file is written under a hidden temporary name in its final folder;
 *   2. each existing file that is about to be replaced is moved aside, then the temporary renamed into place;
 *   3. if any step fails, the files already placed are removed, the moved-aside ones put back and the
 *      temporaries deleted, so the folder is as it was before; on success the moved-aside files are deleted.
 * Temporary and moved-aside names are also registered while they exist, so that an interrupted process
 * (Ctrl-C, SIGTERM) can undo a write in progress: see `undoUnfinishedWrites`.
 */
import { randomBytes } from 'node:crypto';
import { renameSync, rmSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';

/** The file operations used, replaceable in tests to make one of them fail. */
export interface AtomicFs {
  mkdir: (path: string, options: { recursive: true }) => Promise<unknown>;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
  rename: (from: string, to: string) => Promise<void>;
  rm: (path: string, options: { force: true }) => Promise<void>;
}

const nodeFs: AtomicFs = fs;

/**
 * Files of writes in progress: temporaries and files already placed (undefined: delete them), and moved-aside
 * files (the path they go back to).
 */
const unfinished = new Map<string, string | undefined>();

/** Undoes the writes in progress, synchronously: for a process that is being interrupted. */
export function undoUnfinishedWrites(): void {
  const entries = [...unfinished];
  unfinished.clear();
  // New files go first, then the files they replaced come back.
  for (const [path, original] of entries) if (original === undefined) rmSync(path, { force: true });
  for (const [hidden, original] of entries) {
    if (original === undefined) continue;
    try {
      renameSync(hidden, original);
    } catch {
      // Nothing more can be done while exiting; the hidden file stays for the user to find.
    }
  }
}

const exists = (path: string) =>
  fs.stat(path).then(
    () => true,
    () => false,
  );

/** Writes each `path → bytes` pair so that either all of them are in place or none is; rethrows a failure. */
export async function writeFilesAtomic(
  files: { path: string; bytes: Uint8Array }[],
  io: AtomicFs = nodeFs,
): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const hidden = (path: string, kind: string) => join(dirname(path), `.${tag}.${basename(path)}.${kind}`);
  const temps: { temp: string; path: string }[] = [];
  const asides: { aside: string; path: string }[] = [];
  const placed: string[] = [];
  try {
    for (const f of files) {
      await io.mkdir(dirname(f.path), { recursive: true });
      const temp = hidden(f.path, 'tmp');
      temps.push({ temp, path: f.path });
      unfinished.set(temp, undefined);
      await io.writeFile(temp, f.bytes);
    }
    for (const t of temps) {
      if (await exists(t.path)) {
        const aside = hidden(t.path, 'old');
        await io.rename(t.path, aside);
        unfinished.set(aside, t.path);
        asides.push({ aside, path: t.path });
      }
      await io.rename(t.temp, t.path);
      unfinished.delete(t.temp);
      // Placed files are removed again if the process is interrupted before the set is complete.
      unfinished.set(t.path, undefined);
      placed.push(t.path);
    }
  } catch (e) {
    for (const path of placed) await io.rm(path, { force: true }).catch(() => undefined);
    for (const a of asides) await io.rename(a.aside, a.path).catch(() => undefined);
    for (const t of temps) await io.rm(t.temp, { force: true }).catch(() => undefined);
    for (const path of [...temps.map((t) => t.temp), ...asides.map((a) => a.aside), ...placed]) unfinished.delete(path);
    throw e;
  }
  for (const path of placed) unfinished.delete(path);
  for (const a of asides) {
    unfinished.delete(a.aside);
    await io.rm(a.aside, { force: true });
  }
}

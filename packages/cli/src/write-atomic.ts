/*
 * One conversion's outputs (a model with its .bin, images or .sdata) appear all together or not at all:
 *   1. every file is written under a hidden temporary name in its final folder;
 *   2. each existing file that is about to be replaced is moved aside, then the temporary renamed into place;
 *   3. if any step fails, the files already placed are removed, the moved-aside ones put back and the
 *      temporaries deleted, so the folder is as it was before; on success the moved-aside files are deleted.
 * The file operations are synchronous (behind an asynchronous interface, which tests replace to make one fail or
 * wait): a batch makes several hundred of them one after another, and through libuv's thread pool each cost more
 * CPU than the operation itself.
 * An interruption (Ctrl-C, SIGTERM, held by signals.ts: `interruptWrites`) is a failure too: a write in progress
 * notices it when its current file operation has finished, undoes itself as above, and only then lets the
 * process end. With the synchronous operations the signal can only be handled between output sets, so a set
 * under way completes.
 * Folders are made one at a time (makeFolders): Node's recursive mkdir retries a folder for as long as its parent
 * exists, so where mkdir keeps failing with ENOENT below an existing folder (`/proc/x/y`) it never returns.
 * Temporary names are short (`.retromodel-<tag>.tmp`), so that a 255-byte output name still has one.
 */
import { existsSync, mkdirSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { pathInside } from '@retromodel/scene';

/** The file operations used, replaceable in tests to make one of them fail or wait. */
export interface AtomicFs {
  mkdir: (path: string, options: { recursive: true }) => Promise<unknown>;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
  rename: (from: string, to: string) => Promise<void>;
  rm: (path: string, options: { force: true }) => Promise<void>;
}

/**
 * Creates `folder` and the folders above it that are missing, one mkdir each from the deepest one that exists;
 * the first failure (ENOENT under /proc, ENOTDIR below a file, EACCES, EROFS) is thrown as it is.
 */
export function makeFolders(folder: string): void {
  const missing: string[] = [];
  for (let at = resolve(folder); !existsSync(at); at = dirname(at)) {
    missing.push(at);
    if (dirname(at) === at) break;
  }
  for (const path of missing.reverse()) mkdirSync(path);
}

const nodeFs: AtomicFs = {
  mkdir: async (path) => makeFolders(path),
  writeFile: async (path, data) => writeFileSync(path, data),
  rename: async (from, to) => renameSync(from, to),
  rm: async (path) => removeFile(path),
};

/**
 * Removes the file `path`; one that is not there is no error (as `rmSync` with `force`, which would load Node's
 * rimraf module for it, a few hundred thousand instructions a process).
 */
function removeFile(path: string): void {
  try {
    unlinkSync(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}

class Interrupted extends Error {
  override readonly name = 'Interrupted';
}

let writesInProgress = 0;
let onInterrupted: (() => void) | undefined;

/**
 * Stops the writes in progress: each undoes itself, then `done` is called (at once when nothing is being
 * written). New writes are refused from then on.
 */
export function interruptWrites(done: () => void): void {
  onInterrupted = done;
  if (writesInProgress === 0) done();
}

let setsWritten = 0;

/**
 * A name part no other output set has: this process's id (no two running processes share one) and a count,
 * with a random part against a process of the same id on another machine writing to a shared folder.
 */
function uniqueTag(): string {
  const random = Math.floor(Math.random() * 36 ** 4).toString(36);
  return `${process.pid.toString(36)}-${(setsWritten++).toString(36)}-${random}`;
}

/** An output folder that cannot be used: its message names the folder and the system's reason. */
export class OutputFolderError extends Error {
  override name = 'OutputFolderError';
}

/**
 * Makes `folder` (and the folders above it) and checks that a file can be written in it, by writing and removing
 * a small hidden one, so that an output folder that cannot be used fails at once, naming the folder, not after
 * the conversions. Throws an error naming the folder and the system's reason.
 */
export function prepareFolder(folder: string): void {
  try {
    makeFolders(folder);
    const probe = pathInside(folder, [`.retromodel-${uniqueTag()}.probe`]);
    writeFileSync(probe, new Uint8Array(0));
    unlinkSync(probe);
  } catch (e) {
    const { code, message } = e as NodeJS.ErrnoException;
    throw new OutputFolderError(`cannot write in the output folder ${folder} (${code ?? message})`, { cause: e });
  }
}

/** Writes each `path → bytes` pair so that either all of them are in place or none is; rethrows a failure. */
export async function writeFilesAtomic(
  files: { path: string; bytes: Uint8Array }[],
  io: AtomicFs = nodeFs,
): Promise<void> {
  if (onInterrupted) throw new Interrupted('the process is being interrupted');
  const paths = new Set<string>();
  for (const f of files) {
    if (paths.has(f.path)) throw new Error(`cannot write ${f.path} twice in one set of outputs`);
    paths.add(f.path);
  }
  const tag = uniqueTag();
  let count = 0;
  const hidden = (path: string, kind: string) => pathInside(dirname(path), [`.retromodel-${tag}-${count++}.${kind}`]);
  const temps: { temp: string; path: string }[] = [];
  const asides: { aside: string; path: string }[] = [];
  const placed: string[] = [];
  // Every failure names the file it was about (a full disk, a read-only folder).
  const step = async (operation: Promise<unknown>, path: string) => {
    await operation.catch((e: NodeJS.ErrnoException) => {
      throw new Error(`cannot write ${path}: ${e.code ?? ''} ${e.message}`.replace(/ {2,}/g, ' '), { cause: e });
    });
    if (onInterrupted) throw new Interrupted('interrupted');
  };
  writesInProgress++;
  try {
    for (const f of files) {
      await step(io.mkdir(dirname(f.path), { recursive: true }), dirname(f.path));
      const temp = hidden(f.path, 'tmp');
      temps.push({ temp, path: f.path });
      await step(io.writeFile(temp, f.bytes), f.path);
    }
    for (const t of temps) {
      if (existsSync(t.path)) {
        const aside = hidden(t.path, 'old');
        asides.push({ aside, path: t.path });
        await step(io.rename(t.path, aside), t.path);
      }
      placed.push(t.path);
      await step(io.rename(t.temp, t.path), t.path);
    }
    for (const a of asides) await io.rm(a.aside, { force: true });
  } catch (e) {
    for (const path of placed) await io.rm(path, { force: true }).catch(() => undefined);
    for (const a of asides) await io.rename(a.aside, a.path).catch(() => undefined);
    for (const t of temps) await io.rm(t.temp, { force: true }).catch(() => undefined);
    throw e;
  } finally {
    writesInProgress--;
    if (onInterrupted && writesInProgress === 0) onInterrupted();
  }
}

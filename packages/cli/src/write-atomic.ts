/*
 * One conversion's outputs (a model with its .bin, images or .sdata) appear all together or not at all:
 *   1. every file is written under a hidden temporary name in its final folder;
 *   2. each existing file that is about to be replaced is moved aside, then the temporary renamed into place;
 *   3. if any step fails, the files already placed are removed, the moved-aside ones put back and the
 *      temporaries deleted, so the folder is as it was before; on success the moved-aside files are deleted.
 * The file operations are synchronous (behind an asynchronous interface, which tests replace to make one fail or
 * wait): a batch makes several hundred of them one after another, and through libuv's thread pool each cost more
 * CPU than the operation itself.
 * An interruption (Ctrl-C, SIGTERM: `interruptWrites`) is a failure too: a write in progress notices it when its
 * current file operation has finished, undoes itself as above, and only then lets the process end. With the
 * synchronous operations the signal can only be handled between output sets, so a set under way completes.
 */
import { existsSync, mkdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The file operations used, replaceable in tests to make one of them fail or wait. */
export interface AtomicFs {
  mkdir: (path: string, options: { recursive: true }) => Promise<unknown>;
  writeFile: (path: string, data: Uint8Array) => Promise<void>;
  rename: (from: string, to: string) => Promise<void>;
  rm: (path: string, options: { force: true }) => Promise<void>;
}

const nodeFs: AtomicFs = {
  mkdir: async (path, options) => mkdirSync(path, options),
  writeFile: async (path, data) => writeFileSync(path, data),
  rename: async (from, to) => renameSync(from, to),
  rm: async (path, options) => rmSync(path, options),
};

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

/** Writes each `path → bytes` pair so that either all of them are in place or none is; rethrows a failure. */
export async function writeFilesAtomic(
  files: { path: string; bytes: Uint8Array }[],
  io: AtomicFs = nodeFs,
): Promise<void> {
  if (onInterrupted) throw new Interrupted('the process is being interrupted');
  const tag = uniqueTag();
  const hidden = (path: string, kind: string) => join(dirname(path), `.${tag}.${basename(path)}.${kind}`);
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

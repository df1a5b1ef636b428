/*
 * Output files are written under a temporary name in their final folder and renamed into place only when
 * every file of one conversion has been written, so a failure never leaves a partial output behind.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Writes each `path → bytes` pair atomically; on any failure, removes the temporaries and rethrows. */
export async function writeFilesAtomic(files: { path: string; bytes: Uint8Array }[]): Promise<void> {
  const tag = randomBytes(4).toString('hex');
  const temps: { temp: string; path: string }[] = [];
  try {
    for (const f of files) {
      await mkdir(dirname(f.path), { recursive: true });
      const temp = join(dirname(f.path), `.${tag}.${f.path.split(/[\\/]/).pop()}.tmp`);
      temps.push({ temp, path: f.path });
      await writeFile(temp, f.bytes);
    }
    for (const t of temps) await rename(t.temp, t.path);
  } catch (e) {
    await Promise.all(temps.map((t) => rm(t.temp, { force: true })));
    throw e;
  }
}

/*
 * An output set appears all together or not at all. writeFilesAtomic is driven with file operations that fail
 * (or hang) at a chosen step, and the folder must end exactly as it was: earlier outputs back with their old
 * bytes, nothing new, no hidden temporary or moved-aside file. Then the real bin is interrupted with SIGINT in
 * the middle of a batch: it ends (exit 130 when the signal came while a set was written, else killed by the
 * signal, which a shell reports as 130 too) and leaves only complete outputs and no hidden files.
 */
import { execFile, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import * as fs from 'node:fs/promises';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { sceneToGlb } from '@retromodel/gltf';
import { cubeScene, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AtomicFs, interruptWrites, writeFilesAtomic } from '../../packages/cli/src/write-atomic.js';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-atomic-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const bytes = (text: string) => new TextEncoder().encode(text);

/** The folder's files with their text. */
async function contents(folder: string): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const name of (await readdir(folder)).sort()) out[name] = await readFile(join(folder, name), 'utf8');
  return out;
}

/** Real file operations whose `rename` number `n` (1-based) fails, or never finishes when `hang`. */
function failingRename(n: number, hang = false): AtomicFs & { renames: () => number } {
  let count = 0;
  return {
    mkdir: fs.mkdir,
    writeFile: fs.writeFile,
    rm: fs.rm,
    rename: (from, to) => {
      if (++count === n) return hang ? new Promise(() => {}) : Promise.reject(new Error('disk unplugged'));
      return fs.rename(from, to);
    },
    renames: () => count,
  };
}

describe('writeFilesAtomic', () => {
  it('writes every file and replaces an earlier output, leaving nothing hidden', async () => {
    const folder = join(dir, 'ok');
    await fs.mkdir(folder);
    await writeFile(join(folder, 'm.gltf'), 'old');
    const files = ['m.gltf', 'm.bin', 'm.png'].map((name) => ({
      path: join(folder, name),
      bytes: bytes(`new ${name}`),
    }));
    await writeFilesAtomic(files);
    expect(await contents(folder)).toEqual({ 'm.bin': 'new m.bin', 'm.gltf': 'new m.gltf', 'm.png': 'new m.png' });
  });

  for (const failing of [1, 2, 3, 4]) {
    it(`rename ${failing} of 4 fails: the folder is as it was, with no hidden file`, async () => {
      const folder = join(dir, `fail-${failing}`);
      await fs.mkdir(folder);
      await writeFile(join(folder, 'm.gltf'), 'old');
      // Renames: m.gltf aside, m.gltf into place, m.bin into place, m.png into place.
      const files = ['m.gltf', 'm.bin', 'm.png'].map((name) => ({ path: join(folder, name), bytes: bytes('new') }));
      // The error names the file it was about.
      await expect(writeFilesAtomic(files, failingRename(failing))).rejects.toThrow(
        new RegExp(`cannot write ${folder}/m\\.(gltf|bin|png): disk unplugged`),
      );
      expect(await contents(folder)).toEqual({ 'm.gltf': 'old' });
    });
  }

  it('an interrupted write finishes its file operation, undoes itself, and only then lets the process end', async () => {
    const folder = join(dir, 'interrupted');
    await fs.mkdir(folder);
    await writeFile(join(folder, 'm.gltf'), 'old');
    const files = ['m.gltf', 'm.bin', 'm.png'].map((name) => ({ path: join(folder, name), bytes: bytes('new') }));
    // The 4th rename (m.png into place) is held back until the interruption has been asked for.
    let release = () => {};
    const held = new Promise<void>((r) => {
      release = r;
    });
    let renames = 0;
    const io: AtomicFs = {
      ...failingRename(0),
      rename: async (a, b) => (++renames === 4 ? held.then(() => fs.rename(a, b)) : fs.rename(a, b)),
    };
    const writing = writeFilesAtomic(files, io);
    while (renames < 4) await new Promise((r) => setImmediate(r));
    let ended = false;
    interruptWrites(() => {
      ended = true;
    });
    expect(ended).toBe(false);
    release();
    await expect(writing).rejects.toThrow(/interrupted/);
    expect(ended).toBe(true);
    expect(await contents(folder)).toEqual({ 'm.gltf': 'old' });
  });
});

describe('the bin interrupted with SIGINT during a batch', () => {
  it('ends, and leaves complete outputs only, no hidden files', async () => {
    const inputs = join(dir, 'many');
    await fs.mkdir(inputs);
    const glb = (await sceneToGlb(cubeScene())).bytes;
    for (let i = 0; i < 300; i++) await writeFile(join(inputs, `m${String(i).padStart(3, '0')}.glb`), glb);
    const out = join(dir, 'many-out');
    const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
    const child = spawn(process.execPath, [
      bin,
      'convert',
      inputs,
      '-o',
      out,
      '--to',
      'gltf',
      '--jobs',
      '1',
      '--quiet',
    ]);
    while (!existsSync(out) || (await readdir(out)).length < 6) await new Promise((r) => setTimeout(r, 5));
    child.kill('SIGINT');
    const ended = await new Promise<{ code: number | null; signal: string | null }>((resolve) =>
      child.on('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(ended.code === 130 || ended.signal === 'SIGINT', JSON.stringify(ended)).toBe(true);
    const left = await readdir(out);
    expect(left.filter((n) => n.startsWith('.'))).toEqual([]);
    // Every model written has its .bin and image: the sets are whole.
    const models = left.filter((n) => n.endsWith('.gltf')).map((n) => n.slice(0, -'.gltf'.length));
    expect(models.length).toBeGreaterThan(0);
    expect(models.length).toBeLessThan(300);
    for (const m of models) expect(left.filter((n) => n.startsWith(`${m}.`) || n.startsWith(`${m}_`)).length).toBe(3);
    await promisify(execFile)(process.execPath, [bin, 'validate', join(out, `${models.at(-1)}.gltf`)]);
  });
});

/*
 * A batch costs work linear in its inputs (issue 36). `retromodel convert` of an archive holding n models (all of
 * them one shared data block, as a hostile archive can make them for almost no bytes) opens and decompresses the
 * archive once for the whole batch, and the entries its code looks at grow as n, not as n². A folder of n models
 * is listed once for the run, not once per model, also when the outputs go into it.
 * The work is counted, not timed (the time is a row of `npm run bench`): openArchive is wrapped to count its calls
 * and to hand out a tree whose folders count every read of one of their children, and readdirSync to count the
 * folders listed. Before, each model's lookup of its sidecars and animation files went through all the files of
 * its folder (n reads per model, n² per batch), and each model of a folder listed the folder again.
 */
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ArchiveFolder, ArchiveTree } from '@retromodel/archive';
import { main } from '@retromodel/cli';
import { buildSampleBmd, buildU8, yaz0Literals } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const work = vi.hoisted(() => ({ opens: 0, childReads: 0, listings: 0 }));

/** `folder` and the folders below it, each `children` array counting reads of its elements. */
function counting(folder: ArchiveFolder): ArchiveFolder {
  for (const child of folder.children) if (child.kind === 'folder') counting(child);
  folder.children = new Proxy(folder.children, {
    get(target, key, receiver) {
      if (typeof key === 'string' && /^\d+$/.test(key)) work.childReads++;
      return Reflect.get(target, key, receiver);
    },
  });
  return folder;
}

vi.mock('node:fs', async (importOriginal) => {
  const real = await importOriginal<typeof import('node:fs')>();
  const readdirSync = ((...args: Parameters<typeof real.readdirSync>) => {
    work.listings++;
    return real.readdirSync(...args);
  }) as typeof real.readdirSync;
  return { ...real, default: { ...real, readdirSync }, readdirSync };
});

vi.mock('@retromodel/archive', async (importOriginal) => {
  const real = await importOriginal<typeof import('@retromodel/archive')>();
  return {
    ...real,
    openArchive: (bytes: Uint8Array): ArchiveTree => {
      work.opens++;
      const tree = real.openArchive(bytes);
      counting(tree.root);
      return tree;
    },
  };
});

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'retromodel-archive-work-'));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

const model = buildSampleBmd();
const note = new TextEncoder().encode('not a model');

/** A Yaz0 U8 archive of `n` models in one folder, all one data block, beside a few files that are no model. */
function manyModels(n: number): Uint8Array {
  const models = Array.from({ length: n }, (_, i) => ({ name: `m${i}.bmd`, bytes: model }));
  return yaz0Literals(
    buildU8([
      { name: 'models', children: [...models, { name: 'readme.txt', bytes: note }] },
      { name: 'x.txt', bytes: note },
    ]),
  );
}

/** Converts the archive of `n` models in one thread; the work it took. */
async function convertBatch(n: number): Promise<{ opens: number; childReads: number }> {
  const path = join(root, `many-${n}.szs`);
  await writeFile(path, manyModels(n));
  work.opens = 0;
  work.childReads = 0;
  const io = { out: () => {}, err: () => {}, isTty: false };
  const out = join(root, `out-${n}`);
  expect(await main(['convert', path, '-o', out, '--jobs', '1', '-q'], io)).toBe(0);
  expect(await readdir(join(out, `many-${n}`, 'models'))).toHaveLength(n);
  return { ...work };
}

describe('an archive of many models converts with work linear in its entries', () => {
  it('opened once per batch; four times the models, about four times the entries looked at', async () => {
    const small = await convertBatch(60);
    const large = await convertBatch(240);
    expect(small.opens).toBe(1);
    expect(large.opens).toBe(1);
    // Linear work gives a ratio near 4 (a little under, for what does not grow with n); n² work gives 16.
    expect(large.childReads / small.childReads).toBeLessThan(5);
  }, 120_000);
});

describe('a folder of many models converts with each folder listed once', () => {
  for (const inPlace of [false, true])
    it(`${inPlace ? 'outputs beside the inputs' : 'with -o'}: the same folders listed for 20 models as for 80`, async () => {
      const listed = async (n: number) => {
        const folder = join(root, `folder-${n}-${inPlace}`);
        await mkdir(folder);
        for (let i = 0; i < n; i++) await writeFile(join(folder, `m${i}.bmd`), model);
        work.listings = 0;
        const io = { out: () => {}, err: () => {}, isTty: false };
        const output = inPlace ? [] : ['-o', join(root, `folder-out-${n}`)];
        expect(await main(['convert', folder, ...output, '--jobs', '1', '-q'], io)).toBe(0);
        return work.listings;
      };
      const small = await listed(20);
      expect(small).toBeGreaterThan(0);
      expect(await listed(80)).toBe(small);
    }, 120_000);
});

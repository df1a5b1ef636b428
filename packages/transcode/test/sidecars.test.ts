import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { folderSidecars, isPlainFileName } from '../src/node.js';

let root: string;
beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'retromodel-sidecars-'));
  await mkdir(join(root, 'model'));
  await mkdir(join(root, 'extra'));
  await writeFile(join(root, 'model', 'Dino.TKL'), 'tkl');
  await writeFile(join(root, 'model', 'skin.tml'), 'tml');
  await writeFile(join(root, 'extra', 'walk.bck'), 'bck');
  await writeFile(join(root, 'secret.txt'), 'secret');
  await writeFile(join(root, 'given.bck'), 'given');
});
afterAll(() => rm(root, { recursive: true, force: true }));

describe('folderSidecars', () => {
  it('lists the model folder, extra folders and explicit files', async () => {
    const s = folderSidecars(join(root, 'model'), {
      extraDirs: [join(root, 'extra')],
      files: [join(root, 'given.bck')],
    });
    expect((await s.list()).sort()).toEqual(['Dino.TKL', 'given.bck', 'skin.tml', 'walk.bck']);
  });

  it('finds names case-insensitively and records what was read', async () => {
    const s = folderSidecars(join(root, 'model'));
    expect(new TextDecoder().decode(await s.read('dino.tkl'))).toBe('tkl');
    expect(s.used).toEqual([join(root, 'model', 'Dino.TKL')]);
    expect(await s.read('missing.tkl')).toBeUndefined();
  });

  it('never resolves a name outside the folder', async () => {
    const s = folderSidecars(join(root, 'model'));
    for (const name of [
      '../secret.txt',
      '..\\secret.txt',
      join(root, 'secret.txt'),
      'C:secret.txt',
      '..',
      '.',
      '',
      'a\0b',
      'sub/x',
    ]) {
      expect(await s.read(name), name).toBeUndefined();
    }
  });
});

describe('isPlainFileName', () => {
  it('accepts plain names and refuses paths and control characters', () => {
    expect(isPlainFileName('dino.tkl')).toBe(true);
    expect(isPlainFileName('a b (1).tml')).toBe(true);
    for (const bad of ['a/b', 'a\\b', '..', '.', 'c:x', 'x\ny', '', 'x'.repeat(256)])
      expect(isPlainFileName(bad), bad).toBe(false);
  });
});

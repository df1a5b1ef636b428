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
  // A Tiny3D project: models and textures under assets/<game>/, outputs in filesystem/.
  for (const d of ['proj/assets/kart', 'proj/assets/racer', 'proj/filesystem', 'proj/models'])
    await mkdir(join(root, d), { recursive: true });
  await writeFile(join(root, 'proj', 'assets', 'kart', 'map.glb'), 'glb');
  await writeFile(join(root, 'proj', 'assets', 'kart', 'finish.png'), 'kart');
  await writeFile(join(root, 'proj', 'assets', 'racer', 'finish.png'), 'racer');
  await writeFile(join(root, 'proj', 'secret.png'), 'secret');
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

  it("lists a run's folders once: later models of the run see them as they were, another run sees them anew", async () => {
    const folder = join(root, 'run');
    await mkdir(folder);
    await writeFile(join(folder, 'a.bmd'), 'a');
    const first = folderSidecars(folder, { run: 'one' });
    expect(await first.list()).toEqual(['a.bmd']);
    // An output of the run written beside its inputs.
    await writeFile(join(folder, 'a.glb'), 'glb');
    const second = folderSidecars(folder, { run: 'one' });
    expect(await second.list()).toBe(await first.list());
    expect(await second.read('a.glb')).toBeUndefined();
    // Given files are added for their model only.
    const given = folderSidecars(folder, { run: 'one', files: [join(root, 'given.bck')] });
    expect((await given.list()).sort()).toEqual(['a.bmd', 'given.bck']);
    // The next model given the same files shares that listing (no copy of the folder's per model).
    const alsoGiven = folderSidecars(folder, { run: 'one', files: [join(root, 'given.bck')] });
    expect(await alsoGiven.list()).toBe(await given.list());
    expect(await folderSidecars(folder, { run: 'one', files: [join(root, 'other.bck')] }).list()).not.toContain(
      'given.bck',
    );
    expect(await folderSidecars(folder, { run: 'one' }).list()).toEqual(['a.bmd']);
    expect((await folderSidecars(folder, { run: 'two' }).list()).sort()).toEqual(['a.bmd', 'a.glb']);
    expect((await folderSidecars(folder).list()).sort()).toEqual(['a.bmd', 'a.glb']);
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

describe('folderSidecars in a Tiny3D project', () => {
  it("lists the asset folder's files by their path from the model's folder, and where the folders are", async () => {
    const s = folderSidecars(join(root, 'proj', 'assets', 'kart'));
    expect((await s.list()).sort()).toEqual(['../racer/finish.png', 'finish.png', 'map.glb']);
    expect(s.projectAssets).toEqual({ assetFolder: '..', modelFolder: 'kart', assetPath: 'assets' });
    expect(new TextDecoder().decode(await s.read('../racer/finish.png'))).toBe('racer');
    expect(await s.read('../../secret.png')).toBeUndefined();
  });

  it('finds assets/ beside filesystem/, and takes the asset folder it is given', async () => {
    const built = folderSidecars(join(root, 'proj', 'filesystem'));
    expect(built.projectAssets).toEqual({
      assetFolder: '../assets',
      modelFolder: '../filesystem',
      assetPath: 'assets',
    });
    expect(await built.list()).toContain('../assets/kart/finish.png');
    const given = folderSidecars(join(root, 'proj', 'models'), {
      assets: { folder: join(root, 'proj', 'assets', 'racer'), path: 'assets/racer' },
    });
    expect(given.projectAssets).toEqual({
      assetFolder: '../assets/racer',
      modelFolder: '../../models',
      assetPath: 'assets/racer',
    });
    expect(await given.list()).toEqual(['../assets/racer/finish.png']);
    expect(folderSidecars(join(root, 'model')).projectAssets).toBeUndefined();
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

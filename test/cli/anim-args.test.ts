/*
 * `--anim` through the built bin: a file, a folder (every J3D animation file directly in it) or a pattern with
 * `*`/`?` in its name (as a shell that does not expand it passes it). The clips of the GLB are the files given;
 * a folder or pattern that gives none is a usage error (exit 2). The files come from PowerStar.arc, extracted
 * and moved into a plain folder (no layout file, so nothing else is attached).
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
let dir: string;
let bcks: string[];

async function run(...args: string[]): Promise<{ code: number; stderr: string }> {
  try {
    const { stderr } = await promisify(execFile)(process.execPath, [bin, ...args], { cwd: dir });
    return { code: 0, stderr };
  } catch (e) {
    return { code: (e as { code: number }).code, stderr: (e as { stderr: string }).stderr };
  }
}

async function clipsOf(glb: string): Promise<string[]> {
  const bytes = await readFile(join(dir, glb));
  return JSON.parse(bytes.subarray(20, 20 + bytes.readUInt32LE(12)).toString('utf8')).animations.map(
    (a: { name: string }) => a.name,
  );
}

describe.skipIf(!haveFixtures)('--anim takes files, folders and patterns', () => {
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'retromodel-anim-args-'));
    expect((await run('extract', fixture('archives', 'nintendo_smg2_PowerStar.arc'), '-o', 'star')).code).toBe(0);
    await rm(join(dir, 'star', 'retromodel-layout.json'));
    await mkdir(join(dir, 'star', 'anims'));
    await mkdir(join(dir, 'star', 'empty'));
    bcks = (await readdir(join(dir, 'star'))).filter((f) => f.endsWith('.bck')).sort();
    for (const f of bcks) await rename(join(dir, 'star', f), join(dir, 'star', 'anims', f));
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('a folder: every animation file in it is a clip', async () => {
    expect((await run('convert', 'star/PowerStar.bdl', '--anim', 'star/anims', '-o', 'folder.glb')).code).toBe(0);
    expect(bcks).toHaveLength(19);
    expect((await clipsOf('folder.glb')).sort()).toEqual(bcks.map((f) => f.replace(/\.bck$/, '')));
  });

  it('a pattern: the files of its folder it matches', async () => {
    const r = await run('convert', 'star/PowerStar.bdl', '--anim', 'star/anims/TakeOutStar*.bck', '-o', 'pattern.glb');
    expect(r.code, r.stderr).toBe(0);
    const matching = bcks.filter((f) => /^TakeOutStar.*\.bck$/.test(f)).map((f) => f.replace(/\.bck$/, ''));
    expect(matching.length).toBeGreaterThan(1);
    expect((await clipsOf('pattern.glb')).sort()).toEqual(matching);
  });

  it('a file, and files of one base name as one clip', async () => {
    const r = await run(
      'convert',
      'star/PowerStar.bdl',
      '--anim',
      'star/anims/ResultFly.bck',
      '--anim',
      'star/PowerStarColor.b?k',
      '--anim',
      'star/PowerStarColor.bva',
      '-o',
      'files.glb',
    );
    expect(r.code, r.stderr).toBe(0);
    expect((await clipsOf('files.glb')).sort()).toEqual(['PowerStarColor', 'ResultFly']);
  });

  for (const [what, value, message] of [
    ['a pattern that matches nothing', 'star/anims/*.bva', /--anim star\/anims\/\*\.bva: matches no \.bck/],
    ['a folder without animations', 'star/empty', /--anim star\/empty: the folder holds no \.bck/],
  ] as const) {
    it(`${what}: a usage error`, async () => {
      const r = await run('convert', 'star/PowerStar.bdl', '--anim', value, '-o', 'none.glb');
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
    });
  }
});

/*
 * Archives through the CLI and transcode, on every shared archive: `ls` lists what the independent dumper
 * lists; extract → pack --yaz0 → extract gives the same tree; every J3D model inside converts to a GLB the
 * Khronos validator accepts, placed under the archive's name; a model read from inside an archive finds its
 * animations inside the archive.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { main } from '@retromodel/cli';
import { expectValidGlb, fixture, haveFixtures, listFixtures, readFixture, repoPath } from '@retromodel/test-utils';
import { transcode } from '@retromodel/transcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The shared archives (the dumper's kind names RARC or U8; two Yaz0/Yay0 streams hold plain text). */
const dumpOf = (path: string) =>
  JSON.parse(readFileSync(fixture('archives', 'expected', `${path.split('/').pop()}.json`), 'utf8')) as {
    kind: string;
    fileCount: number;
    j3dFiles: string[];
  };
const archives = listFixtures('archives', /\.(arc|szs|yaz0|yay0)$/).filter((p) => /RARC|U8/.test(dumpOf(p).kind));
const quiet = { out: () => {}, err: () => {}, isTty: false };
let dir: string;

function capture() {
  const out: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => out.push(t), isTty: false }, out };
}

async function treeOf(folder: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const f of await readdir(folder, { recursive: true, withFileTypes: true }))
    if (f.isFile()) {
      const path = join(f.parentPath, f.name);
      files[relative(folder, path)] = (await readFile(path)).toString('base64');
    }
  return files;
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-archive-cli-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!haveFixtures)('retromodel ls, extract, pack on the shared archives', () => {
  for (const name of archives) {
    it(`${name}: ls gives the dumper's file count and J3D files; extract, pack --yaz0, extract: the same tree`, async () => {
      const dump = dumpOf(name);
      const c = capture();
      expect(await main(['ls', fixture(name), '--json'], c.io)).toBe(0);
      const listed: { path: string; kind: string }[] = JSON.parse(c.out.join('\n')).files;
      expect(listed).toHaveLength(dump.fileCount);
      const names = new Set(listed.map((f) => f.path));
      for (const j3d of dump.j3dFiles) expect(names.has(j3d), j3d).toBe(true);
      const base = join(dir, name.split('/').pop()!);
      expect(await main(['extract', fixture(name), '-o', `${base}.x1`], quiet)).toBe(0);
      expect(await main(['pack', `${base}.x1`, '-o', `${base}.szs`, '--yaz0'], quiet)).toBe(0);
      expect(await main(['extract', `${base}.szs`, '-o', `${base}.x2`], quiet)).toBe(0);
      expect(await treeOf(`${base}.x2`)).toEqual(await treeOf(`${base}.x1`));
    });
  }
});

describe.skipIf(!haveFixtures)('models inside archives', () => {
  it('convert turns every J3D model of every shared archive into a valid GLB under the archive name', async () => {
    const out = join(dir, 'converted');
    const c = capture();
    const code = await main(['convert', ...archives.map((a) => fixture(a)), '-o', out, '--quiet', '--jobs', '1'], c.io);
    expect(c.out).toEqual([]);
    expect(code).toBe(0);
    const glbs = (await readdir(out, { recursive: true })).map(String).filter((f) => f.endsWith('.glb'));
    expect(glbs).toContain(join('nintendo_smg2_PowerStar', 'PowerStar.glb'));
    expect(glbs).toContain(join('nintendo_pikmin2_pikis', 'piki_model', 'piki_p2_red.glb'));
    for (const glb of glbs) await expectValidGlb(new Uint8Array(await readFile(join(out, glb))), glb);
  }, 300_000);

  it('transcode reads a model from inside an archive, with an animation that sits beside it there', async () => {
    const archive = readFixture('archives', 'nintendo_smg2_PowerStar.arc');
    const result = await transcode(
      { archive, path: 'powerstar.bdl' },
      { to: 'glb', read: { j3d: { animations: ['DemoSandyDown.bck'] } } },
    );
    expect(result.files[0]!.name).toBe('PowerStar.glb');
    expect(result.sidecarsUsed).toEqual(['DemoSandyDown.bck']);
    expect(result.scene.animations.map((a) => a.name)).toEqual(['DemoSandyDown']);
    await expectValidGlb(result.files[0]!.bytes, 'PowerStar.glb');
  });

  it('the bin lists an archive as a process, with ls and with info', async () => {
    const run = promisify(execFile);
    const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
    const { stdout } = await run(process.execPath, [bin, 'ls', fixture('archives', 'nintendo_smg2_PowerStar.arc')]);
    expect(stdout).toMatch(/RARC, yaz0, 35 files/);
    expect(stdout).toMatch(/\bj3d +PowerStar\.bdl/);
    const info = await run(process.execPath, [bin, 'info', fixture('archives', 'nintendo_smg2_PowerStar.arc')]);
    expect(info.stdout).toBe(stdout);
  });
});

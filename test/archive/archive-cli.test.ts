/*
 * Archives through the CLI and transcode, on every shared archive: `ls` lists what the independent dumper
 * lists; extract → pack --yaz0 → extract gives the same tree and layout (now Yaz0-compressed); every J3D model inside converts to a GLB the
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

/** The files the independent dumper lists in a fixture archive. */
async function readdirOf(name: string): Promise<string[]> {
  const dump = JSON.parse(readFileSync(fixture('archives', 'expected', `${name.split('/').pop()}.json`), 'utf8'));
  let layer = dump.dump;
  while (layer.inner) layer = layer.inner;
  return (layer.rarc ?? layer.u8).files.map((f: { path: string }) => f.path);
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
      // The same files; the layout written again is the first one, compressed now (--yaz0).
      const [x1, x2] = [await treeOf(`${base}.x1`), await treeOf(`${base}.x2`)];
      const layouts = [x1, x2].map((t) => JSON.parse(Buffer.from(t['retromodel-layout.json']!, 'base64').toString()));
      expect({ ...layouts[1], compression: 'any' }).toEqual({ ...layouts[0], compression: 'any' });
      expect(layouts[1].compression).toBe('yaz0');
      expect(x2).toEqual({ ...x1, 'retromodel-layout.json': x2['retromodel-layout.json'] });
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

  it('transcode reads a model from inside an archive with every animation of the archive that fits it', async () => {
    const archive = readFixture('archives', 'nintendo_smg2_PowerStar.arc');
    const result = await transcode({ archive, path: 'powerstar.bdl' }, { to: 'glb' });
    expect(result.files[0]!.name).toBe('PowerStar.glb');
    // The dumper lists 19 BCKs (all for the star's 3 joints) and PowerStarColor's BRK, BTK, BTP and BVA.
    const listed = dumpOf('archives/nintendo_smg2_PowerStar.arc') as unknown as { extensions: Record<string, number> };
    expect(listed.extensions['.bck']).toBe(19);
    const bcks = (await readdirOf('archives/nintendo_smg2_PowerStar.arc')).filter((p) => p.endsWith('.bck'));
    const clips = result.scene.animations.map((a) => a.name).sort();
    expect(clips).toEqual([...bcks.map((p) => p.replace(/\.bck$/, '')), 'PowerStarColor'].sort());
    expect(result.sidecarsUsed).toHaveLength(23);
    await expectValidGlb(result.files[0]!.bytes, 'PowerStar.glb');
  });

  it('the bin lists an archive as a process, with ls and with info', async () => {
    const run = promisify(execFile);
    const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
    const { stdout } = await run(process.execPath, [bin, 'ls', fixture('archives', 'nintendo_smg2_PowerStar.arc')]);
    expect(stdout).toMatch(/RARC, yaz0, 35 files/);
    expect(stdout).toMatch(/\bj3d +PowerStar\.bdl/);
    // info adds which animations go with which model.
    const info = await run(process.execPath, [bin, 'info', fixture('archives', 'nintendo_smg2_PowerStar.arc')]);
    expect(info.stdout.startsWith(stdout)).toBe(true);
    expect(info.stdout.slice(stdout.length)).toMatch(
      /^animations by model \(files of one base name play as one clip\):\n {2}PowerStar\.bdl: 20 clips\n/,
    );
    expect(info.stdout).toMatch(
      /\n {4}PowerStarColor +PowerStarColor\.brk, PowerStarColor\.btk, PowerStarColor\.btp, PowerStarColor\.bva\n/,
    );
  });
});

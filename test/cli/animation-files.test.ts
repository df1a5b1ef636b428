/*
 * The README's promises for J3D animations, through the built bin in real processes, on the Super Mario Galaxy 2
 * Power Star (shared fixtures):
 *   `retromodel extract PowerStar.arc`, then `convert PowerStar.bdl --anim <each animation>` to a GLB, then
 *   `convert PowerStar.glb --to bdl`: the model and the archive's own 23 animation files by name (19 .bck,
 *   PowerStarColor.btk/.brk/.btp/.bva), each read back by its reader with the duration and loop mode of the
 *   archive's file (that they play the same is the j3d package's power-star test);
 *   `--to btk` (and brk, btp, bva) writes that kind alone, named for the output;
 *   `--anim-format bca` writes the joint clips as .bca instead of .bck; a bad value is a usage error.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { readBca, readBck, readBrk, readBtk, readBtp, readBva } from '@retromodel/j3d';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const run = (...args: string[]) => promisify(execFile)(process.execPath, [bin, ...args], { maxBuffer: 1 << 24 });

const readers = { bck: readBck, bca: readBca, btk: readBtk, brk: readBrk, btp: readBtp, bva: readBva };
const kindOf = (name: string) => name.slice(-3) as keyof typeof readers;

let dir: string;
let source: string[];

beforeAll(async () => {
  if (!haveFixtures) return;
  dir = await mkdtemp(join(tmpdir(), 'retromodel-anim-cli-'));
  await run('extract', fixture('archives', 'nintendo_smg2_PowerStar.arc'), '-o', join(dir, 'arc'));
  source = (await readdir(join(dir, 'arc'))).filter((n) => /\.(bck|btk|brk|btp|bva)$/.test(n)).sort();
  const anims = source.flatMap((n) => ['--anim', join(dir, 'arc', n)]);
  await run('convert', join(dir, 'arc', 'PowerStar.bdl'), ...anims, '-o', join(dir, 'PowerStar.glb'));
}, 120_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!haveFixtures)('J3D animation files from the command line', () => {
  it('--to bdl writes the archive’s animation files beside the model, by name', async () => {
    const out = join(dir, 'bdl');
    await run('convert', join(dir, 'PowerStar.glb'), '--to', 'bdl', '-o', out);
    const names = (await readdir(out)).sort();
    expect(source).toHaveLength(23);
    expect(names).toEqual(['PowerStar.bdl', ...source].sort());
    for (const name of source) {
      const read = (b: Uint8Array) => readers[kindOf(name)](b);
      const [ours, theirs] = [read(await readFile(join(out, name))), read(await readFile(join(dir, 'arc', name)))];
      expect([ours.duration, ours.loopMode], name).toEqual([theirs.duration, theirs.loopMode]);
    }
  });

  it('--to btk, brk, btp and bva write that kind alone', async () => {
    for (const kind of ['btk', 'brk', 'btp', 'bva'] as const) {
      const out = join(dir, kind);
      const { stdout } = await run('convert', join(dir, 'PowerStar.glb'), '--to', kind, '-o', out);
      expect(stdout).toMatch(/1 of 1 files converted/);
      expect(await readdir(out)).toEqual([`PowerStar.${kind}`]);
      const [ours, theirs] = [
        readers[kind](await readFile(join(out, `PowerStar.${kind}`))),
        readers[kind](await readFile(join(dir, 'arc', `PowerStarColor.${kind}`))),
      ];
      expect(ours.duration).toBe(theirs.duration);
    }
  });

  it('--anim-format bca writes the joint clips as full-frame .bca files', async () => {
    const out = join(dir, 'bca');
    await run('convert', join(dir, 'PowerStar.glb'), '--to', 'bdl', '--anim-format', 'bca', '-o', out);
    const names = (await readdir(out)).sort();
    const joints = source.filter((n) => n.endsWith('.bck')).map((n) => n.replace(/\.bck$/, '.bca'));
    for (const name of joints) {
      expect(names).toContain(name);
      const [bca, bck] = [
        readBca(await readFile(join(out, name))),
        readBck(await readFile(join(dir, 'arc', name.replace(/\.bca$/, '.bck')))),
      ];
      expect([bca.duration, bca.joints.length]).toEqual([bck.duration, bck.joints.length]);
    }
    expect(names.some((n) => n.endsWith('.bck'))).toBe(false);
    await expect(
      run('convert', join(dir, 'PowerStar.glb'), '--to', 'bdl', '--anim-format', 'bcx', '-o', out),
    ).rejects.toMatchObject({ code: 2, stderr: expect.stringMatching(/--anim-format takes bck or bca, not 'bcx'/) });
  });
});

/*
 * `retromodel convert --to tmd` as a user runs it (the built bin, a real process): the model, its keyframe
 * library and its material library are written side by side and pass the spec checks; `info` describes each;
 * the TMD converts back to GLB with both found beside it (the modder's loop: game → Blender → game);
 * `--tkl` adds the animations to a copy of an existing library, leaving the given file as it was, and refuses
 * to write the copy over it; `--argb16` writes a `*16.tml`.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { readTkl, readTmd, readTml } from '@retromodel/tmd';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTkl, checkTmd, checkTml } from '../../packages/tmd/test/spec-checks.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-to-tmd-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(!haveFixtures)('convert --to tmd', () => {
  const cath = () => fixture('t3dm', '09_anim_viewer', 'assets', 'cath.glb');

  it('writes <name>.tmd, <name>.tkl and <name>.tml side by side; info describes them; they convert back', async () => {
    const out = join(dir, 'out');
    const r = await run('convert', cath(), '--to', 'tmd', '-o', out);
    expect(r.code, r.stderr).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['cath.tkl', 'cath.tmd', 'cath.tml']);
    const tmd = readFileSync(join(out, 'cath.tmd'));
    expect(checkTmd(tmd)).toEqual([]);
    expect(checkTkl(readFileSync(join(out, 'cath.tkl')))).toEqual([]);
    expect(checkTml(readFileSync(join(out, 'cath.tml')))).toEqual([]);
    expect(readTmd(tmd).header.tklName).toBe('cath');
    for (const [file, section] of [
      ['cath.tmd', /animation table/],
      ['cath.tkl', /rotations/],
      ['cath.tml', /header/],
    ] as const) {
      const info = await run('info', join(out, file));
      expect(info.code, info.stderr).toBe(0);
      expect(info.stdout).toMatch(section);
    }
    const back = await run('convert', join(out, 'cath.tmd'), '-o', join(dir, 'back.glb'), '-v');
    expect(back.code, back.stderr).toBe(0);
    expect(back.stderr).not.toMatch(/tkl-missing|no-tkl|material-not-found|no-tml/);
  });

  it('--tkl adds the animations to a copy of the library; the given file is not changed', async () => {
    const lib = join(dir, 'lib');
    await mkdir(lib, { recursive: true });
    await copyFile(fixture('tmd', 'synth.tkl'), join(lib, 'synth.tkl'));
    const before = readFileSync(join(lib, 'synth.tkl'));
    const out = join(dir, 'shared');
    const r = await run('convert', cath(), '--to', 'tmd', '--tkl', join(lib, 'synth.tkl'), '-o', out);
    expect(r.code, r.stderr).toBe(0);
    expect((await readdir(out)).sort()).toEqual(['cath.tmd', 'cath.tml', 'synth.tkl']);
    expect(readFileSync(join(lib, 'synth.tkl')).equals(before)).toBe(true);
    const original = readTkl(before);
    const copy = readTkl(readFileSync(join(out, 'synth.tkl')));
    expect(checkTkl(readFileSync(join(out, 'synth.tkl')))).toEqual([]);
    expect(copy.name).toBe('synth');
    // The library's own entries keep their places; the model's keys follow them.
    expect(Array.from(copy.positions.subarray(0, original.positions.length))).toEqual(Array.from(original.positions));
    expect(Array.from(copy.rotations.subarray(0, original.rotations.length))).toEqual(Array.from(original.rotations));
    expect(copy.numRotations).toBeGreaterThan(original.numRotations);
    const tmd = readTmd(readFileSync(join(out, 'cath.tmd')));
    expect(tmd.header.tklName).toBe('synth');
    const keys = tmd.animations.flatMap((a) => a.channels.flatMap((c) => Array.from(c.rotationKeys)));
    expect(Math.min(...keys)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...keys)).toBeLessThan(copy.numRotations);
  });

  it('--tkl never writes its copy over the given file', async () => {
    const folder = join(dir, 'same');
    await mkdir(folder, { recursive: true });
    await copyFile(cath(), join(folder, 'cath.glb'));
    await copyFile(fixture('tmd', 'synth.tkl'), join(folder, 'synth.tkl'));
    const before = readFileSync(join(folder, 'synth.tkl'));
    const r = await run('convert', join(folder, 'cath.glb'), '--to', 'tmd', '--tkl', join(folder, 'synth.tkl'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/would replace the input \S*synth\.tkl/);
    expect(readFileSync(join(folder, 'synth.tkl')).equals(before)).toBe(true);
    expect((await readdir(folder)).sort()).toEqual(['cath.glb', 'synth.tkl']);
  });

  it('--argb16 writes the textures as 16-bit ARGB into <name>16.tml', async () => {
    const out = join(dir, 'argb');
    const r = await run(
      'convert',
      fixture('j3d', 'nintendo_tww_swa_skinned.bdl'),
      '--to',
      'tmd',
      '--argb16',
      '-o',
      out,
    );
    expect(r.code, r.stderr).toBe(0);
    const names = await readdir(out);
    expect(names).toContain('nintendo_tww_swa_skinned.tmd');
    expect(names).toContain('nintendo_tww_swa_skinned16.tml');
    const tml = readFileSync(join(out, 'nintendo_tww_swa_skinned16.tml'));
    expect(checkTml(tml, true)).toEqual([]);
    expect(readTml(tml).textures.length).toBeGreaterThan(0);
  });

  it('--tkl without --to tmd is a usage error', async () => {
    const r = await run('convert', cath(), '--tkl', fixture('tmd', 'synth.tkl'), '-o', join(dir, 'x.glb'));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--tkl/);
  });

  it('the modder’s loop: a game TMD to GLB and back to TMD keeps its skeleton, animations and meshes', async () => {
    const game = join(dir, 'game');
    await mkdir(game, { recursive: true });
    for (const f of ['synth_chain40_base.tmd', 'synth.tkl', 'synth.tml'])
      await copyFile(fixture('tmd', f), join(game, f));
    const glb = join(dir, 'blender', 'chain.glb');
    expect((await run('convert', join(game, 'synth_chain40_base.tmd'), '-o', glb)).code).toBe(0);
    const r = await run('convert', glb, '--to', 'tmd', '-o', join(dir, 'mod'));
    expect(r.code, r.stderr).toBe(0);
    const before = readTmd(readFileSync(join(game, 'synth_chain40_base.tmd')));
    const after = readTmd(readFileSync(join(dir, 'mod', 'chain.tmd')));
    expect(checkTmd(readFileSync(join(dir, 'mod', 'chain.tmd')))).toEqual([]);
    expect(after.nodes.map((n) => [n.name, n.parent])).toEqual(before.nodes.map((n) => [n.name, n.parent]));
    expect(after.animations.map((a) => [a.name, a.flagA, a.flagB])).toEqual(
      before.animations.map((a) => [a.name, a.flagA, a.flagB]),
    );
    expect(after.header.unk2_1).toBe(before.header.unk2_1);
  });
});

/*
 * The modder's loop with default options, through real processes of the built bin: every shared J3D model and
 * every model inside the shared archives (36) goes `retromodel convert m.bdl` → m.glb → `retromodel convert
 * m.glb --to bdl` (a BMD back to a BMD), and noclip.website's J3D loader (test/j3d/noclip-model.ts, an
 * independent reader) finds in the written file what it finds in the game's: every TEX1 texture with its
 * name, sampler and LOD fields, GX format, size, palette, and every mip level's encoded bytes (none of these
 * images was edited) and decoded pixels; every material entry; the joints; the triangles. The way back prints
 * no warning. And a modder's edit: the swordsman's toon ramp (ZBtoonEX, which only the GX state samples)
 * written as a PNG beside a .gltf, mirrored in that file, goes back as I4, the game's format, with the mirrored
 * pixels. The models are taken from the fixtures and archives into a temporary folder.
 */
import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findInArchive, listArchive, openArchive } from '@retromodel/archive';
import { ParseError } from '@retromodel/binary';
import { decodePng, encodePng } from '@retromodel/gltf';
import { fixture, haveFixtures, listFixtures, readFixture, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haveNoclip, readWithNoclip } from '../j3d/noclip-model.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');

function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], { maxBuffer: 1 << 26 }, (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

/** Every shared BMD/BDL: the J3D fixtures, then the models inside each archive, as `<file name>` → bytes. */
function sharedModels(): Map<string, Uint8Array> {
  const models = new Map<string, Uint8Array>();
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/i)) models.set(path.split('/').pop()!, readFixture(path));
  for (const path of listFixtures('archives', /^[^.]+\.(arc|szs|yaz0|yay0)$/i)) {
    let tree: ReturnType<typeof openArchive>;
    try {
      tree = openArchive(readFixture(path));
    } catch (error) {
      if (error instanceof ParseError) continue; // a compressed file that holds no archive
      throw error;
    }
    const archive = path.split('/').pop()!;
    for (const entry of listArchive(tree)) {
      if (!/\.(bmd|bdl)$/i.test(entry.path)) continue;
      const file = findInArchive(tree, entry.path);
      if (file?.kind !== 'file') throw new Error(`${entry.path} is not a file`);
      models.set(`${archive}_${entry.path.replaceAll('/', '_')}`, file.bytes);
    }
  }
  return models;
}

/** The first index where two byte strings differ (their shorter length when one is a prefix), or −1. */
function firstDifference(a: Uint8Array | undefined, b: Uint8Array | undefined): number {
  if (!a || !b) return a === b ? -1 : 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : Math.min(a.length, b.length);
}

const models = haveFixtures ? sharedModels() : new Map<string, Uint8Array>();
let dir: string;
const back = new Map<string, Uint8Array>();
const runs: { code: number; stdout: string; stderr: string }[] = [];

beforeAll(async () => {
  if (!haveFixtures || !haveNoclip) return;
  dir = await mkdtemp(join(tmpdir(), 'retromodel-loop-'));
  await mkdir(join(dir, 'game'));
  for (const [name, bytes] of models) await writeFile(join(dir, 'game', name), bytes);
  runs.push(await run('convert', join(dir, 'game'), '-o', join(dir, 'glb'), '--quiet'));
  for (const kind of ['bmd', 'bdl']) {
    const glbs = [...models.keys()].filter((n) => n.toLowerCase().endsWith(kind)).map((n) => `${n.slice(0, -4)}.glb`);
    runs.push(await run('convert', ...glbs.map((g) => join(dir, 'glb', g)), '--to', kind, '-o', join(dir, 'back')));
  }
  for (const name of await readdir(join(dir, 'back')))
    back.set(name, new Uint8Array(await readFile(join(dir, 'back', name))));
}, 240_000);

afterAll(async () => {
  if (dir) await rm(dir, { recursive: true, force: true });
});

if (haveFixtures && !haveNoclip) console.warn('[retromodel tests] noclip peer missing: the J3D loop test is skipped');

describe.runIf(haveFixtures && haveNoclip)('bdl → glb → bdl with default options keeps the game model', () => {
  it('finds the 7 shared models and the 29 models in the shared archives', () => {
    expect(models.size).toBe(36);
  });

  it('converts every model there and back, with no warning on the way back', () => {
    for (const r of runs) expect(r.code, r.stderr).toBe(0);
    expect(runs[1]!.stdout + runs[2]!.stdout).not.toMatch(/warning/);
    expect([...back.keys()].sort()).toEqual([...models.keys()].sort());
  });

  it.each([...models.keys()])('%s keeps every texture, material, joint and triangle', async (name) => {
    const game = await readWithNoclip(models.get(name)!);
    const written = await readWithNoclip(back.get(name)!);
    expect(written.textures.map((t) => t.sampler)).toEqual(game.textures.map((t) => t.sampler));
    game.textures.forEach((g, i) => {
      const w = written.textures[i]!;
      const what = `texture ${i} (${g.sampler.name})`;
      expect(w.image, what).toEqual(g.image);
      expect(firstDifference(w.palette, g.palette), `${what} palette`).toBe(-1);
      expect(w.mips.length, what).toBe(g.mips.length);
      g.mips.forEach((m, level) => {
        expect(firstDifference(w.mips[level]!.pixels, m.pixels), `${what} level ${level} pixels`).toBe(-1);
        expect(firstDifference(w.mips[level]!.bytes, m.bytes), `${what} level ${level} bytes`).toBe(-1);
      });
    });
    expect(written.materials).toEqual(game.materials);
    expect(written.joints).toEqual(game.joints);
    expect(written.triangles).toBe(game.triangles);
  });
});

describe.runIf(haveFixtures && haveNoclip)('a texture edited beside a .gltf goes back in the game format', () => {
  it("the swordsman's toon ramp, mirrored in its PNG, is I4 again with the mirrored pixels; the rest unchanged", async () => {
    const out = join(dir, 'edit');
    const game = readFixture('j3d', 'nintendo_tww_swa_skinned.bdl');
    expect((await run('convert', fixture('j3d', 'nintendo_tww_swa_skinned.bdl'), '--to', 'gltf', '-o', out)).code).toBe(
      0,
    );
    const png = join(out, 'nintendo_tww_swa_skinned_ZBtoonEX.png');
    const { width, height, pixels } = decodePng(new Uint8Array(await readFile(png)));
    const mirrored = new Uint8Array(pixels.length);
    for (let y = 0; y < height; y++)
      for (let x = 0; x < width; x++)
        mirrored.set(pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), (y * width + width - 1 - x) * 4);
    await writeFile(png, encodePng({ width, height, pixels: mirrored }));
    const r = await run(
      'convert',
      join(out, 'nintendo_tww_swa_skinned.gltf'),
      '--to',
      'bdl',
      '-o',
      join(out, 'back.bdl'),
      '-v',
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout + r.stderr).toMatch(
      /j3d\/texture-edited: texture 2 \("ZBtoonEX"\): its image was edited; it is re-encoded as I4/,
    );
    const before = await readWithNoclip(game);
    const after = await readWithNoclip(new Uint8Array(await readFile(join(out, 'back.bdl'))));
    expect(after.textures.map((t) => t.sampler)).toEqual(before.textures.map((t) => t.sampler));
    for (const [i, b] of before.textures.entries()) {
      const a = after.textures[i]!;
      expect(a.image, b.image.name).toEqual(b.image);
      const edited = b.image.name === 'ZBtoonEX';
      // noclip's I4 decode gives the intensity to every channel; the PNG's pixels are the library's decode.
      expect(firstDifference(a.mips[0]!.pixels, edited ? mirrored : b.mips[0]!.pixels), b.image.name).toBe(-1);
      if (!edited) expect(firstDifference(a.mips[0]!.bytes, b.mips[0]!.bytes), b.image.name).toBe(-1);
    }
    expect(after.materials).toEqual(before.materials);
  });
});

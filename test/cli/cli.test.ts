import { execFile } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { main } from '@retromodel/cli';
import { sceneToGlb } from '@retromodel/gltf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repoPath } from '../helpers/fixtures.js';
import { expectValidGlb } from '../helpers/gltf-validator.js';
import { cubeScene } from './sample-scene.js';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), isTty: false }, out, err };
}

let dir: string;
let cubeGlb: Uint8Array;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-cli-'));
  cubeGlb = (await sceneToGlb(cubeScene())).bytes;
  await writeFile(join(dir, 'cube.glb'), cubeGlb);
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('retromodel usage errors exit 2', () => {
  const cases: [string, string[], RegExp][] = [
    ['no command', [], /usage:/],
    ['unknown command', ['explode'], /unknown command 'explode'/],
    ['unknown option', ['convert', '--frobnicate'], /frobnicate/],
    ['bad --to', ['convert', 'x.glb', '--to', 'obj'], /--to must be one of/],
    ['missing input', ['convert', '/nonexistent/model.bdl'], /no such file or folder/],
    ['no inputs', ['convert'], /at least one input/],
    ['bad --lod', ['convert', 'x.tmd', '--lod', 'high'], /--lod takes/],
    ['bad --scale', ['convert', 'x.glb', '--scale=-3'], /--scale takes/],
    ['info without file', ['info'], /info needs a file/],
    ['validate missing file', ['validate', '/nonexistent.glb'], /no such file/],
  ];
  for (const [what, argv, message] of cases) {
    it(what, async () => {
      const c = captureIo();
      expect(await main(argv, c.io)).toBe(2);
      expect([...c.out, ...c.err].join('\n')).toMatch(message);
    });
  }
  it('--help prints usage and exits 0', async () => {
    const c = captureIo();
    expect(await main(['--help'], c.io)).toBe(0);
    expect(c.out.join('\n')).toMatch(/retromodel convert/);
  });
});

describe('retromodel convert', () => {
  it('converts one file to the output path given, as a valid GLB', async () => {
    const c = captureIo();
    const out = join(dir, 'single', 'copy.glb');
    expect(await main(['convert', join(dir, 'cube.glb'), '-o', out], c.io)).toBe(0);
    await expectValidGlb(new Uint8Array(await readFile(out)), 'copy.glb');
    expect(c.out.join('\n')).toMatch(/1 of 1 files converted/);
  });

  it('writes glTF with its .bin and .png beside it', async () => {
    const c = captureIo();
    const outDir = join(dir, 'gltf-out');
    expect(await main(['convert', join(dir, 'cube.glb'), '-o', outDir, '--to', 'gltf'], c.io)).toBe(0);
    const files = (await readdir(outDir)).sort();
    expect(files).toContain('cube.gltf');
    expect(files.some((f) => f.endsWith('.bin'))).toBe(true);
    expect(files.some((f) => f.endsWith('.png'))).toBe(true);
    const resources: Record<string, Uint8Array> = {};
    for (const f of files) resources[f] = new Uint8Array(await readFile(join(outDir, f)));
    await expectValidGlb(resources['cube.gltf']!, 'cube.gltf', resources);
  });

  it('writes the textures of a model as PNG', async () => {
    const c = captureIo();
    const out = join(dir, 'tex.png');
    expect(await main(['convert', join(dir, 'cube.glb'), '-o', out], c.io)).toBe(0);
    const png = await readFile(out);
    expect(Array.from(png.subarray(1, 4))).toEqual([0x50, 0x4e, 0x47]);
  });

  it('converts a folder, reports each failure with its ParseError, leaves no partial file and exits 1', async () => {
    const batch = join(dir, 'batch');
    const outDir = join(dir, 'batch-out');
    await main(['convert', join(dir, 'cube.glb'), '-o', join(batch, 'a.glb')], captureIo().io);
    await main(['convert', join(dir, 'cube.glb'), '-o', join(batch, 'sub', 'b.glb')], captureIo().io);
    await writeFile(join(batch, 'broken.glb'), cubeGlb.subarray(0, cubeGlb.length - 100));
    await writeFile(join(batch, 'notes.txt'), 'not a model');
    const c = captureIo();
    expect(await main(['convert', batch, '-o', outDir], c.io)).toBe(1);
    expect(c.err.join('\n')).toMatch(/✗ .*broken\.glb: ParseError: gltf /);
    expect(c.out.join('\n')).toMatch(/2 of 3 files converted, 1 failed/);
    const written = await readdir(outDir, { recursive: true });
    expect(written.map(String).sort()).toEqual(['a.glb', 'sub', join('sub', 'b.glb')].sort());
  });

  it('keeps the input extension when two inputs of a batch would get the same output name', async () => {
    const batch = join(dir, 'same-name');
    await main(['convert', join(dir, 'cube.glb'), '-o', join(batch, 'model.glb')], captureIo().io);
    await main(['convert', join(dir, 'cube.glb'), '-o', join(batch, 'model.gltf'), '--embed'], captureIo().io);
    const outDir = join(dir, 'same-name-out');
    expect(await main(['convert', batch, '-o', outDir], captureIo().io)).toBe(0);
    expect((await readdir(outDir)).sort()).toEqual(['model.glb', 'model.gltf.glb']);
  });

  it('prints a JSON report', async () => {
    const c = captureIo();
    expect(await main(['convert', join(dir, 'cube.glb'), '-o', join(dir, 'j.glb'), '--json'], c.io)).toBe(0);
    const report = JSON.parse(c.out.join('\n'));
    expect(report.converted).toBe(1);
    expect(report.files[0].bytesIn).toBe(cubeGlb.length);
  });

  it('refuses to overwrite its input', async () => {
    const c = captureIo();
    expect(await main(['convert', join(dir, 'cube.glb')], c.io)).toBe(1);
    expect(c.err.join('\n')).toMatch(/overwrite the input/);
  });
});

describe('retromodel info and validate', () => {
  it('info --json gives format and counts', async () => {
    const c = captureIo();
    expect(await main(['info', join(dir, 'cube.glb'), '--json'], c.io)).toBe(0);
    const info = JSON.parse(c.out.join('\n'));
    expect(info.format).toBe('gltf');
    expect(info.counts).toMatchObject({ nodes: 1, meshes: 1, vertices: 24, triangles: 12, materials: 1, textures: 1 });
    expect(info.sections.length).toBeGreaterThan(0);
  });

  it('validate passes a good GLB and fails a broken one', async () => {
    const good = captureIo();
    expect(await main(['validate', join(dir, 'cube.glb')], good.io)).toBe(0);
    expect(good.out.join('\n')).toMatch(/0 errors/);
    await writeFile(join(dir, 'bad.glb'), cubeGlb.subarray(0, 60));
    const bad = captureIo();
    expect(await main(['validate', join(dir, 'bad.glb')], bad.io)).toBe(1);
  });
});

describe('the retromodel binary', () => {
  it('runs as a process and sets its exit code', async () => {
    const run = promisify(execFile);
    const tsx = repoPath('node_modules', '.bin', 'tsx');
    const bin = repoPath('packages', 'cli', 'src', 'bin.ts');
    const { stdout } = await run(tsx, ['--conditions=source', bin, 'info', join(dir, 'cube.glb')]);
    expect(stdout).toMatch(/glTF/);
    await expect(run(tsx, ['--conditions=source', bin, 'convert', '/nonexistent.bdl'])).rejects.toMatchObject({
      code: 2,
    });
  });
});

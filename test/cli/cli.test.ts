import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';
import { main } from '@retromodel/cli';
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { decodePng, encodePng } from '@retromodel/gltf/png';
import { checkMdl3, GxTextureFormat, readBck, readBti, readJ3d } from '@retromodel/j3d';
import { triangleIndices } from '@retromodel/scene';
import { readT3dm } from '@retromodel/t3dm';
import { stringAt } from '@retromodel/t3dm/internal';
import { cubeScene, expectValidGlb, fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

function captureIo() {
  const out: string[] = [];
  const err: string[] = [];
  return { io: { out: (t: string) => out.push(t), err: (t: string) => err.push(t), isTty: false }, out, err };
}

/** The built bin, run as a process. */
const run = promisify(execFile);
const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
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
    ['no inputs', ['convert'], /at least one input/],
    ['bad --lod', ['convert', 'x.tmd', '--lod', 'high'], /--lod takes/],
    ['bad --scale', ['convert', 'x.glb', '--scale=-3'], /--scale takes/],
    ['info without file', ['info'], /info needs a file/],
    ['validate missing file', ['validate', '/nonexistent.glb'], /no such file/],
    ['info missing file', ['info', '/nonexistent.bmd'], /no such file: \/nonexistent\.bmd/],
    ['bad --jobs', ['convert', 'x.glb', '--jobs', '0'], /--jobs takes/],
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
    expect(c.out.join('\n')).toMatch(/commands:[\s\S]*convert/);
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
    expect(await main(['convert', batch, '-o', outDir, '--to', 'gltf', '--embed'], c.io)).toBe(1);
    expect(c.err.join('\n')).toMatch(/✗ .*broken\.glb: ParseError: gltf /);
    expect(c.out.join('\n')).toMatch(/2 of 3 files converted, 1 failed/);
    const written = await readdir(outDir, { recursive: true });
    expect(written.map(String).sort()).toEqual(['a.gltf', 'sub', join('sub', 'b.gltf')].sort());
  });

  it('a missing input is one failed entry; the rest of the batch converts and the exit code is 1', async () => {
    const c = captureIo();
    const outDir = join(dir, 'missing-out');
    const missing = join(dir, 'nope.bdl');
    expect(await main(['convert', join(dir, 'cube.glb'), missing, '-o', outDir], c.io)).toBe(1);
    expect(c.err.join('\n')).toContain(`✗ ${missing}: no such file or folder`);
    expect(c.out.join('\n')).toMatch(/1 of 2 files converted, 1 failed/);
    expect(await readdir(outDir)).toEqual(['cube.glb']);
  });

  it('keeps the input extension when two inputs of a batch would get the same output name', async () => {
    const batch = join(dir, 'same-name');
    await main(['convert', join(dir, 'cube.glb'), '-o', join(batch, 'model.glb')], captureIo().io);
    await main(['convert', join(dir, 'cube.glb'), '-o', join(batch, 'model.gltf'), '--embed'], captureIo().io);
    const outDir = join(dir, 'same-name-out');
    const named = [join(batch, 'model.glb'), join(batch, 'model.gltf')];
    expect(await main(['convert', ...named, '-o', outDir], captureIo().io)).toBe(0);
    expect((await readdir(outDir)).sort()).toEqual(['model.glb', 'model.gltf.glb']);
  });

  it('prints a JSON report', async () => {
    const c = captureIo();
    expect(await main(['convert', join(dir, 'cube.glb'), '-o', join(dir, 'j.glb'), '--json'], c.io)).toBe(0);
    const report = JSON.parse(c.out.join('\n'));
    expect(report.converted).toBe(1);
    expect(report.files[0].bytesIn).toBe(cubeGlb.length);
  });

  it('never overwrites an input: the output keeps the input extension instead', async () => {
    const c = captureIo();
    const alone = join(dir, 'alone');
    await main(['convert', join(dir, 'cube.glb'), '-o', join(alone, 'cube.glb')], captureIo().io);
    const before = await readFile(join(alone, 'cube.glb'));
    expect(await main(['convert', join(alone, 'cube.glb')], c.io)).toBe(0);
    expect((await readdir(alone)).sort()).toEqual(['cube.glb', 'cube.glb.glb']);
    expect(await readFile(join(alone, 'cube.glb'))).toEqual(before);
  });

  it('a model and a GLB of the same name, both named: both convert, neither input is replaced', async () => {
    const folder = join(dir, 'same-folder');
    await main(['convert', join(dir, 'cube.glb'), '-o', join(folder, 'm.glb')], captureIo().io);
    await main(['convert', join(dir, 'cube.glb'), '-o', join(folder, 'm.gltf'), '--embed'], captureIo().io);
    const glbBefore = await readFile(join(folder, 'm.glb'));
    const gltfBefore = await readFile(join(folder, 'm.gltf'));
    const named = [join(folder, 'm.glb'), join(folder, 'm.gltf')];
    expect(await main(['convert', ...named], captureIo().io)).toBe(0);
    expect((await readdir(folder)).sort()).toEqual(['m.glb', 'm.glb.glb', 'm.gltf', 'm.gltf.glb']);
    expect(await readFile(join(folder, 'm.glb'))).toEqual(glbBefore);
    expect(await readFile(join(folder, 'm.gltf'))).toEqual(gltfBefore);
  });

  it('inputs from several folders keep their paths below the common folder, so equal names do not collide', async () => {
    const root = join(dir, 'several');
    for (const sub of ['a', 'b', join('c', 'd')])
      await main(['convert', join(dir, 'cube.glb'), '-o', join(root, sub, 'model.glb')], captureIo().io);
    const outDir = join(dir, 'several-out');
    const inputs = ['a', 'b', join('c', 'd')].map((sub) => join(root, sub, 'model.glb'));
    const c = captureIo();
    expect(await main(['convert', ...inputs, '-o', outDir], c.io)).toBe(0);
    const written = (await readdir(outDir, { recursive: true })).map(String).filter((f) => f.endsWith('.glb'));
    expect(written.sort()).toEqual([join('a', 'model.glb'), join('b', 'model.glb'), join('c', 'd', 'model.glb')]);
  });
});

describe('retromodel convert: two inputs writing one sidecar', () => {
  // Each model's T3DM texture is written as a PNG named after its image, so models sharing a texture name in
  // one output folder write the same file: once when the images are equal, never silently replaced when not.
  it.skipIf(!haveFixtures)(
    'an equal image is written once; a different one fails its input and leaves the first',
    async () => {
      const source = new Uint8Array(await readFile(fixture('t3dm', '01_model', 'assets', 'model.glb')));
      const { scene } = await gltfToScene(source);
      const image = scene.images[0]!;
      if (image.kind !== 'encoded') throw new Error('the fixture embeds its texture as a PNG');
      const pixels = decodePng(image.data);
      pixels.pixels[0] = 255 - pixels.pixels[0]!;
      scene.images[0] = { ...image, data: encodePng(pixels) };
      const changed = (await sceneToGlb(scene)).bytes;

      const shared = join(dir, 'sidecar-shared');
      const clash = join(dir, 'sidecar-clash');
      for (const [folder, second] of [
        [shared, source],
        [clash, changed],
      ] as const) {
        await mkdir(folder, { recursive: true });
        await writeFile(join(folder, 'a.glb'), source);
        await writeFile(join(folder, 'b.glb'), second);
      }
      const png = (folder: string) => readdir(folder).then((names) => names.filter((n) => n.endsWith('.png')));

      const ok = captureIo();
      expect(await main(['convert', shared, '-o', `${shared}-out`, '--to', 't3dm', '--jobs', '1'], ok.io)).toBe(0);
      const [texture] = await png(`${shared}-out`);
      expect(texture).toBeDefined();
      expect((await readdir(`${shared}-out`)).sort()).toEqual(['a.t3dm', 'b.t3dm', texture].sort());

      const failed = captureIo();
      expect(await main(['convert', clash, '-o', `${clash}-out`, '--to', 't3dm', '--jobs', '1'], failed.io)).toBe(1);
      expect(failed.err.join('\n')).toMatch(/b\.glb[\s\S]*already written for another input with different content/);
      expect((await readdir(`${clash}-out`)).sort()).toEqual(['a.t3dm', texture].sort());
      expect(await readFile(join(`${clash}-out`, texture!))).toEqual(await readFile(join(`${shared}-out`, texture!)));
    },
  );
});

describe('retromodel convert --to t3dm run again on a Tiny3D project', () => {
  // The T3DM writer writes each texture's image beside its output, by the path from the model's folder it was
  // found at (or from the asset folder when that lies outside it). A texture found by searching the asset folder
  // then has its copy nearer the model than itself, where the next run's search would find it; one beside the
  // model, converted without -o, is its own copy. Each layout runs three times as a Makefile would: every run succeeds, stores the
  // path the first stored, and leaves the texture it read as it was.
  const layouts = [
    { name: 'texture beside the model, no -o', model: 'model.glb', png: 'stone01.i8.png', args: [] },
    { name: 'texture found in the asset folder, no -o', model: 'kart/model.glb', png: 'tex/stone01.i8.png', args: [] },
    {
      name: 'texture found in the asset folder, -o inside it',
      model: 'kart/model.glb',
      png: 'tex/stone01.i8.png',
      args: ['-o', 'assets/out'],
    },
  ];

  it.runIf(haveFixtures).each(layouts)('$name', async ({ model, png, args }) => {
    const project = await mkdtemp(join(dir, 'again-'));
    const source = fixture('t3dm', '01_model', 'assets');
    for (const [from, to] of [
      ['model.glb', model],
      ['stone01.i8.png', png],
    ] as const) {
      await mkdir(dirname(join(project, 'assets', to)), { recursive: true });
      await copyFile(join(source, from), join(project, 'assets', to));
    }
    const texture = join(project, 'assets', png);
    const before = await stat(texture);
    const output = join(project, args.length ? 'assets/out/model.t3dm' : `assets/${model.replace('.glb', '.t3dm')}`);
    const stored: string[] = [];
    for (let i = 0; i < 3; i++) {
      await run(process.execPath, [bin, 'convert', `assets/${model}`, '--to', 't3dm', '-q', ...args], { cwd: project });
      const file = readT3dm(await readFile(output));
      for (const c of file.chunks)
        if (c.kind === 'material' && c.textureA.texPath) stored.push(stringAt(file.stringTable, c.textureA.texPath)!);
    }
    expect(stored).toEqual(Array(3).fill(`rom:/${png.replace('.png', '.sprite')}`));
    const after = await stat(texture);
    expect([after.ino, after.mtimeMs]).toEqual([before.ino, before.mtimeMs]);
    expect(await readFile(texture)).toEqual(await readFile(join(source, 'stone01.i8.png')));
  });
});

describe('the built retromodel bin, as a process', () => {
  it('runs and sets its exit code', async () => {
    const { stdout } = await run(process.execPath, [bin, 'info', join(dir, 'cube.glb')]);
    expect(stdout).toMatch(/glTF/);
    await expect(run(process.execPath, [bin, 'convert', '/nonexistent.bdl'])).rejects.toMatchObject({ code: 1 });
    await expect(run(process.execPath, [bin, 'convert', '--frobnicate'])).rejects.toMatchObject({ code: 2 });
  });

  it.runIf(haveFixtures)('--to bck writes one BCK per animation of a glTF', async () => {
    const out = join(dir, 'bck-out');
    const { stdout } = await run(process.execPath, [
      bin,
      'convert',
      fixture('t3dm', '08_animation', 'assets', 'snake.glb'),
      '--to',
      'bck',
      '-o',
      out,
    ]);
    expect(stdout).toMatch(/snake\.bck/);
    const names = (await readdir(out)).sort();
    // The first clip (Snake_Attack) is the output named for the input; the others are named after their clips.
    expect(names).toEqual(['Snake_Death.bck', 'Snake_Idle.bck', 'Snake_Jump.bck', 'Snake_Walk.bck', 'snake.bck']);
    for (const name of names) expect(readBck(await readFile(join(out, name))).joints.length).toBeGreaterThan(0);
  });

  it.runIf(haveFixtures)(
    '--to bdl writes the model and a BCK per animation named after it, and they come back as the glTF was',
    async () => {
      const glb = fixture('t3dm', '08_animation', 'assets', 'snake.glb');
      const out = join(dir, 'bdl-out');
      await run(process.execPath, [bin, 'convert', glb, '--to', 'bdl', '-o', out]);
      const names = (await readdir(out)).sort();
      // The model, and one BCK per clip named after it, as game archives name them.
      expect(names).toEqual([
        'Snake_Attack.bck',
        'Snake_Death.bck',
        'Snake_Idle.bck',
        'Snake_Jump.bck',
        'Snake_Walk.bck',
        'snake.bdl',
      ]);
      const file = readJ3d(await readFile(join(out, 'snake.bdl')));
      expect(file.kind).toBe('bdl4');
      expect(checkMdl3(file).flatMap((c) => c.disagreeing)).toEqual([]);
      // Back to glTF with one clip attached by --anim, and the validator accepts the result.
      const back = join(dir, 'bdl-back.glb');
      await run(process.execPath, [
        bin,
        'convert',
        join(out, 'snake.bdl'),
        '--anim',
        join(out, 'Snake_Walk.bck'),
        '-o',
        back,
      ]);
      await expectValidGlb(new Uint8Array(await readFile(back)));
      const source = await gltfToScene(new Uint8Array(await readFile(glb)));
      const returned = await gltfToScene(new Uint8Array(await readFile(back)));
      expect(returned.scene.animations).toHaveLength(1);
      const triangles = (s: typeof source.scene) =>
        s.meshes.reduce((n, m) => n + m.primitives.reduce((k, p) => k + triangleIndices(p).length / 3, 0), 0);
      expect(triangles(returned.scene)).toBe(triangles(source.scene));
    },
  );

  it.runIf(haveFixtures)(
    'a PNG given on its own becomes a BTI in the GX format asked for, close to its pixels',
    async () => {
      const png = fixture('t3dm', '01_model', 'assets', 'stone01.i8.png');
      const out = join(dir, 'bti-out', 'stone.bti');
      await run(process.execPath, [bin, 'convert', png, '--to', 'bti', '--format', 'cmpr', '-o', out]);
      const bti = readBti(await readFile(out));
      const source = decodePng(await readFile(png));
      expect(bti.header.format).toBe(GxTextureFormat.CMPR);
      expect([bti.image.width, bti.image.height]).toEqual([source.width, source.height]);
      let error = 0;
      for (let i = 0; i < source.pixels.length; i++) error += (bti.image.pixels[i]! - source.pixels[i]!) ** 2;
      const psnr = 10 * Math.log10((255 * 255) / (error / source.pixels.length));
      expect(psnr).toBeGreaterThan(30);
      await expect(
        run(process.execPath, [
          bin,
          'convert',
          png,
          '--to',
          'bti',
          '--format',
          'cmpx',
          '-o',
          join(dir, 'bti-out', 'other.bti'),
        ]),
      ).rejects.toMatchObject({
        code: 1,
        stderr: expect.stringMatching(/unknown GX texture format 'cmpx'/),
      });
    },
  );

  it.runIf(haveFixtures)('a folder walk converts the models, not the PNG textures beside them', async () => {
    const out = join(dir, 'walk-out');
    await run(process.execPath, [bin, 'convert', fixture('t3dm', '01_model', 'assets'), '-o', out, '--to', 'bdl']);
    expect((await readdir(out)).sort()).toEqual(['model.bdl']);
  });

  it('a batch in worker threads writes exactly what the single-thread batch writes, in the same order', async () => {
    const batch = join(dir, 'pool');
    for (let i = 0; i < 5; i++)
      await main(['convert', join(dir, 'cube.glb'), '-o', join(batch, `m${i}.glb`)], captureIo().io);
    await writeFile(join(batch, 'm2.glb'), cubeGlb.subarray(0, 80));
    const reports = [];
    for (const jobs of ['1', '3']) {
      const out = join(dir, `pool-${jobs}`);
      const args = [bin, 'convert', batch, '-o', out, '--to', 'gltf', '--embed', '--json', '--jobs', jobs];
      const result = await run(process.execPath, args).then(
        () => undefined,
        (e: { code: number; stdout: string }) => e,
      );
      expect(result?.code).toBe(1);
      reports.push(JSON.parse(result!.stdout));
    }
    const [one, pool] = reports;
    const inputs = (r: { files: { input: string }[] }) => r.files.map((f) => f.input);
    expect(inputs(pool)).toEqual(inputs(one));
    expect(pool.files.map((f: { error?: string }) => Boolean(f.error))).toEqual([false, false, true, false, false]);
    expect(pool.files[2].error).toMatch(/^ParseError: gltf /);
    for (const name of ['m0.gltf', 'm1.gltf', 'm3.gltf', 'm4.gltf'])
      expect(await readFile(join(dir, 'pool-3', name))).toEqual(await readFile(join(dir, 'pool-1', name)));
  });
});

describe('folders with symbolic links', () => {
  it('a linked model is converted once, a link looping back is not walked again, links to nothing are skipped', async () => {
    const { symlink, mkdir } = await import('node:fs/promises');
    const folder = join(dir, 'links');
    await mkdir(join(folder, 'sub'), { recursive: true });
    await writeFile(join(folder, 'sub', 'real.glb'), cubeGlb);
    await symlink(join(folder, 'sub', 'real.glb'), join(folder, 'alias.glb'));
    await symlink(folder, join(folder, 'sub', 'loop'));
    // Links that lead nowhere: to a missing file, and to themselves (ELOOP).
    await symlink(join(folder, 'missing.glb'), join(folder, 'dangling.glb'));
    await symlink(join(folder, 'self.glb'), join(folder, 'self.glb'));
    const c = captureIo();
    expect(await main(['convert', folder, '-o', join(dir, 'links-out'), '--to', 'bdl', '--json'], c.io)).toBe(0);
    const report = JSON.parse(c.out.join('\n'));
    expect(report.files).toHaveLength(1);
    expect(report.failed).toBe(0);
  });
});

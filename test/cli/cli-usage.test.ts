/*
 * The command line as a user meets it, every case through a real process of the built bin: help for each
 * command and `help <command>`, `--version`, suggestions for a mistyped command or option, usage errors
 * (exit 2) for each bad argument, `--quiet` and `--verbose`, warnings grouped by code with a count in the
 * summary, and `info` on every kind of file the library reads, in each report format. The README shows
 * each command's help text; a test keeps it equal to what the bin prints. GLBs of the shared models leave out
 * what nothing uses (the validator's UNUSED_OBJECT), except a game's own textures (kept for the way back).
 */
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { buildSampleBmd, buildU8, fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { adapters, archiveExtensions, outputFormats } from '@retromodel/transcode';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandNames, commandReference, readmeBlock } from '../../scripts/readme.js';
import { readGlb } from '../blender/gltf-summary.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const cube = repoPath('fixtures', 'cube.glb');

/** Runs the bin; never rejects. */
function run(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(process.execPath, [bin, ...args], (error, stdout, stderr) =>
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-usage-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** What the bin prints for `args` on stdout (it must succeed). */
async function helpOf(...args: string[]): Promise<string> {
  const r = await run(...args);
  expect(r.code, `retromodel ${args.join(' ')}: ${r.stderr}`).toBe(0);
  return r.stdout;
}

describe('help and version', () => {
  it('every command has its own help, the same from `<command> --help` and `help <command>`', async () => {
    const names = commandNames(await helpOf('--help'));
    expect(names).toEqual(['convert', 'info', 'validate', 'ls', 'extract', 'pack', 'gltf-to-t3d', 'help']);
    const texts = new Map<string, string>();
    for (const command of names) {
      const own = await helpOf(command, '--help');
      expect(own).toMatch(new RegExp(`^usage: retromodel ${command} `));
      expect(own).toMatch(/\noptions:\n[\s\S]*-h, --help +show this help\n\nexamples:\n {2}retromodel /);
      expect(await helpOf('help', command)).toBe(own);
      texts.set(command, own);
    }
    expect(new Set(texts.values()).size).toBe(names.length);
    expect(texts.get('convert')).toMatch(/--to <format>/);
    expect(texts.get('info')).toMatch(/--format <format>/);
    expect(texts.get('pack')).toMatch(/--yaz0/);
  });

  it('`--help` and `help` list the commands; no arguments prints them to stderr with exit 2', async () => {
    for (const args of [['--help'], ['help']]) {
      const r = await run(...args);
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(/commands:\n {2}convert +convert models/);
    }
    const none = await run();
    expect(none.code).toBe(2);
    expect(none.stderr).toMatch(/commands:/);
  });

  it('the overview lists every format by its extensions, how it is read, and every --to that writes it', async () => {
    const overview = await helpOf('--help');
    const table = overview.split('\nformats:\n')[1]!.split('\n\n')[0]!.split('\n').slice(1);
    const rows = table.map((line) => line.trim().split(/ {2,}/));
    for (const row of rows) expect(row, line(row)).toHaveLength(4);
    const extensions = new Set(rows.flatMap(([, files]) => files!.match(/\.[a-z0-9]+/g) ?? []));
    for (const a of adapters) for (const ext of a.extensions) expect(extensions, `${a.id} ${ext}`).toContain(ext);
    for (const ext of archiveExtensions) expect(extensions, `archive ${ext}`).toContain(ext);
    const written = rows.flatMap(([, , , write]) => (write === '-' ? [] : write!.split(/, */)));
    expect(written.filter((w) => w !== 'pack').sort()).toEqual([...outputFormats].sort());
    // Reading, writing and the archives are all there: what the README's formats table promises.
    expect(overview).toMatch(/archive.*convert, ls, extract +pack/);
    expect(overview).toMatch(/back into the games' own formats/);
  });

  it('`--version` and `-V` print the package version; a mistyped global option or `help` topic gets a suggestion', async () => {
    const { version } = JSON.parse(readFileSync(repoPath('packages', 'cli', 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) expect((await run(flag)).stdout.trim()).toBe(version);
    const typo = await run('--versoin');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /^error: unknown option '--versoin'; did you mean '--version'\?\n\(run 'retromodel --help'/,
    );
    const misplaced = await run('--to', 'bdl', 'x.glb');
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toMatch(/'--to' is an option of convert; give it after the command/);
    const topic = await run('help', 'nope');
    expect(topic.code).toBe(2);
    expect(topic.stderr).toMatch(
      /unknown command 'nope'; the commands are convert, info, validate, ls, extract, pack, gltf-to-t3d, help/,
    );
    expect(topic.stderr).toMatch(/\(run 'retromodel --help' for the usage\)/);
  });

  it("the README's command reference is what the bin prints, for the overview and every command", async () => {
    const readme = readFileSync(repoPath('README.md'), 'utf8');
    const texts = new Map<string, string>();
    for (const args of [['--help'], ...commandNames(await helpOf('--help')).map((c) => [c, '--help'])])
      texts.set(args.join(' '), await helpOf(...args));
    const expected = commandReference((args: string[]) => texts.get(args.join(' '))!);
    expect(readmeBlock(readme, 'command-reference'), 'run `npm run readme`').toBe(expected);
  });
});

const line = (row: string[]) => row.join(' | ');

describe('usage errors exit 2 and say what is wrong', () => {
  const cases: [string, string[], RegExp][] = [
    ['a mistyped command', ['conver', 'x'], /unknown command 'conver'; did you mean 'convert'\?/],
    [
      'a mistyped option',
      ['convert', cube, '--too', 'glb'],
      /unknown option '--too' for convert; did you mean '--to'\?/,
    ],
    ['an unknown short option', ['convert', cube, '-x'], /unknown option '-x' for convert/],
    ['an option without its value', ['convert', cube, '--to'], /option --to needs a value/],
    ['an unknown --to', ['convert', cube, '--to', 'obj'], /--to must be one of glb, gltf, t3dm, png/],
    [
      '-o with an extension that is no output format',
      ['convert', cube, '-o', 'x.obj'],
      /\.obj is not an output format/,
    ],
    [
      '-o whose extension disagrees with --to',
      ['convert', cube, '--to', 'glb', '-o', 'y.gltf'],
      /--to glb does not match/,
    ],
    ['-o naming one file for several inputs', ['convert', cube, cube, '-o', 'z.glb'], /several inputs; give a folder/],
    ['--anim naming a missing file', ['convert', cube, '--anim', 'missing.bck'], /--anim: no such file: missing\.bck/],
    ['--anim naming a file that is no animation', ['convert', cube, '--anim', cube], /--anim .*: not a \.bck\//],
    [
      '--sidecars naming a missing folder',
      ['convert', cube, '--sidecars', '/no/such/folder'],
      /--sidecars: no such folder/,
    ],
    ['info with an unknown --format', ['info', cube, '--format', 'xml'], /--format must be one of text, md, csv, json/],
    ['help for an unknown command', ['help', 'conver'], /did you mean 'convert'\?/],
  ];
  for (const [what, args, message] of cases) {
    it(what, async () => {
      const r = await run(...args);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(message);
      expect(r.stderr).toMatch(/run 'retromodel .*--help' for the usage/);
    });
  }

  it('-o naming the input itself says so (not "give -o") and replaces nothing', async () => {
    const input = join(dir, 'same.glb');
    await writeFile(input, readFileSync(cube));
    const r = await run('convert', input, '-o', input);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/-o .*same\.glb is the input itself; name another output file/);
    expect(r.stderr).not.toMatch(/give -o/);
    expect(readFileSync(input).equals(readFileSync(cube))).toBe(true);
  });

  it('-o naming a folder that is there is that folder, whatever its name ends with', async () => {
    const out = join(dir, 'out.glb');
    await mkdir(out);
    const r = await run('convert', cube, '-o', out);
    expect(r.code, r.stderr).toBe(0);
    expect(readdirSync(out)).toEqual(['cube.glb']);
    expect(readGlb(readFileSync(join(out, 'cube.glb'))).json.meshes).toHaveLength(1);
  });

  it('--lod naming a level the model does not have fails that file, writes nothing and exits 2', async () => {
    const out = join(dir, 'lod5.glb');
    const r = await run('convert', repoPath('fixtures', 'tmd', 'sample.tmd'), '-o', out, '--lod', '5');
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/sample\.tmd: lod 5 does not exist: the model has 2 LOD levels \(0 to 1\)/);
    expect(existsSync(out)).toBe(false);
    const ok = await run('convert', repoPath('fixtures', 'tmd', 'sample.tmd'), '-o', out, '--lod', '1');
    expect(ok.code).toBe(0);
  });

  it('-o x.obj creates nothing', async () => {
    const out = join(dir, 'x.obj');
    expect((await run('convert', cube, '-o', out)).code).toBe(2);
    expect(existsSync(out)).toBe(false);
  });
});

describe('--strict and --allow', () => {
  // The project's sample BMD has vertices weighted to two joints; T3DM binds one bone per vertex (a warning).
  const sample = repoPath('fixtures', 'j3d', 'sample.bmd');

  it('--strict fails a file on a warning and says how to accept its code; --allow accepts it', async () => {
    const out = join(dir, 'strict');
    const failed = await run('convert', sample, '-o', out, '--to', 't3dm', '--strict');
    expect(failed.code).toBe(1);
    expect(failed.stderr).toMatch(/✗ .*sample\.bmd: strict mode: warning t3dm\/weighted-skin: /);
    expect(failed.stderr).toMatch(
      /--strict failed on t3dm\/weighted-skin; to accept a code: --allow t3dm\/weighted-skin\n/,
    );
    expect(existsSync(join(out, 'sample.t3dm'))).toBe(false);
    const allowed = await run(
      'convert',
      sample,
      '-o',
      out,
      '--to',
      't3dm',
      '--strict',
      '--allow',
      't3dm/weighted-skin',
    );
    expect(allowed.code).toBe(0);
    expect(allowed.stderr).toMatch(/warning t3dm\/weighted-skin: /);
    expect(existsSync(join(out, 'sample.t3dm'))).toBe(true);
  });

  it.skipIf(!haveFixtures)(
    "--strict passes a toon-shaded model whose only difference is GX lighting (TWW's lighting ramp), noting it with --verbose",
    async () => {
      const model = fixture('j3d', 'nintendo_tww_swa_skinned.bdl');
      const r = await run('convert', model, '-o', join(dir, 'swa.glb'), '--strict', '--verbose');
      expect(r.code).toBe(0);
      expect(r.stderr).not.toMatch(/ warning /);
      expect(r.stderr).toMatch(
        /info j3d\/tev-lighting: material "SWA1": GX lighting is left to the glTF renderer's lights \(taken as fully lit\): a toon lighting ramp/,
      );
    },
  );

  it('an --allow code no format returns, or --allow without --strict, is a usage mistake', async () => {
    const typo = await run('convert', sample, '--to', 't3dm', '--strict', '--allow', 't3dm/weighted-skn');
    expect(typo.code).toBe(2);
    expect(typo.stderr).toMatch(
      /--allow t3dm\/weighted-skn: no format returns that code; did you mean 't3dm\/weighted-skin'\?/,
    );
    const alone = await run('convert', sample, '--to', 't3dm', '--allow', 't3dm/weighted-skin');
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--allow accepts diagnostic codes under --strict; give --strict too/);
  });
});

describe('what convert prints', () => {
  it('--quiet prints nothing on success and only the failure otherwise', async () => {
    const ok = await run('convert', cube, '-o', join(dir, 'q.glb'), '--quiet');
    expect(ok).toEqual({ code: 0, stdout: '', stderr: '' });
    const broken = join(dir, 'broken.glb');
    await writeFile(broken, readFileSync(cube).subarray(0, 100));
    const bad = await run('convert', cube, broken, '-o', join(dir, 'q'), '--quiet');
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^✗ .*broken\.glb: ParseError: gltf /)]);
  });

  it('an archive that does not open still counts its bytes in the summary', async () => {
    const folder = join(dir, 'arc-src');
    await mkdir(folder);
    await writeFile(join(folder, 'cube.glb'), readFileSync(cube));
    const packed = join(dir, 'packed.szs');
    expect((await run('pack', folder, '-o', packed)).code).toBe(0);
    const bytes = readFileSync(packed);
    const cut = join(dir, 'cut.szs');
    await writeFile(cut, bytes.subarray(0, bytes.length >> 1));
    const r = await run('convert', cut, '-o', join(dir, 'cut-out'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/✗ .*cut\.szs: ParseError: yaz0 /);
    const size = bytes.length >> 1;
    const shown = size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`;
    expect(r.stdout).toContain(`0 of 1 files converted, 1 failed: ${shown} in → 0 B out`);
  });

  it('entries of an archive that fail count their bytes in: one refused for its name, one damaged', async () => {
    const model = buildSampleBmd();
    const cutModel = model.slice(0, model.length >> 1);
    // Every entry is a model of the same bytes (or half of them); the one named with a control character is
    // refused before converting, the cut one fails to read.
    const archive = join(dir, 'entries.arc');
    await writeFile(
      archive,
      buildU8([
        { name: 'good.bmd', bytes: model },
        { name: 'bad\x07name.bmd', bytes: model.slice() },
        { name: 'cut.bmd', bytes: cutModel },
      ]),
    );
    const r = await run('convert', archive, '-o', join(dir, 'entries-out'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/✗ .*bad\\x07name\.bmd: refused: /);
    expect(r.stderr).toMatch(/✗ .*cut\.bmd: ParseError: j3d /);
    const size = 2 * model.length + cutModel.length;
    const shown = size < 1024 ? `${size} B` : `${(size / 1024).toFixed(1)} KB`;
    expect(r.stdout).toContain(`1 of 3 files converted, 2 failed`);
    expect(r.stdout).toContain(`: ${shown} in → `);
  });

  it.skipIf(!haveFixtures)(
    'warnings are grouped per file and code, counted in the summary; --verbose adds the notes',
    async () => {
      const model = fixture('t3dm', '01_model', 'assets', 'model.glb');
      const r = await run('convert', model, '-o', join(dir, 'fast64.glb'));
      expect(r.code).toBe(0);
      const lines = r.stderr.trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toMatch(/warning 3 × gltf\/extension-ignored: optional extension FAST64_\w+ is not read/);
      expect(r.stdout).toMatch(/1 of 1 files converted, 3 warnings:/);
      const bomb = fixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
      const quiet = await run('convert', bomb, '-o', join(dir, 'bomb.glb'));
      expect(quiet.stderr).not.toMatch(/ info /);
      expect(quiet.stdout).toMatch(/notes?: --verbose shows them/);
      const verbose = await run('convert', bomb, '-o', join(dir, 'bomb.glb'), '--verbose');
      expect(verbose.stderr).toMatch(/: info j3d\//);
    },
  );

  it('`npm start` says how to pass the --verbose its summaries suggest, and `npm start -- --verbose` passes it', async () => {
    const npmStart = (...args: string[]) =>
      new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
        // The outer `npm test` exports npm_* settings; a user's shell has none of them.
        const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('npm_')));
        execFile('npm', ['start', '--silent', ...args], { cwd: repoPath(), env }, (error, stdout, stderr) =>
          resolve({ code: error ? 1 : 0, stdout, stderr }),
        );
      });
    const plain = await npmStart();
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/notes?: --verbose shows them/);
    expect(plain.stdout.split('\n')[0]).toMatch(/npm start -- <options> passes convert options/);
    expect(plain.stderr).not.toMatch(/: info /);
    const verbose = await npmStart('--', '--verbose');
    expect(verbose.code).toBe(0);
    expect(verbose.stdout.split('\n')[0]).toMatch(/ with --verbose$/);
    expect(verbose.stdout).not.toMatch(/--verbose shows them/);
    expect(verbose.stderr).toMatch(/: info t3dm\/draw-cost: /);
  }, 120_000);
});

describe.skipIf(!haveFixtures)('info on every kind of file the library reads', () => {
  const files = [
    ['j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd', /materials:[\s\S]*mat_boxin[\s\S]*textures:[\s\S]*64×64 +1 +IA8/],
    ['j3d', 'nintendo_mkdd_mariotree1_wait.bck', /ANK1 .*frames/],
    ['j3d', 'nintendo_mkdd_minigameitembox_bomb.btk', /TTK1 .*texture matrices/],
    ['j3d', 'nintendo_mkdd_minigame_balloon.brk', /TRK1 .*konst colours/],
    ['j3d', 'community_mkdd_track_name_IA4.bti', /IA4 256×32/],
    ['tmd', 'synth_min.tmd', /skins:/],
    ['t3dm', '08_animation/filesystem/snake.t3dm', /animations:[\s\S]*Snake_Jump/],
    ['t3dm', '08_animation/filesystem/snake.0.sdata', /keyframe records/],
    ['t3dm', '01_model/assets/model.glb', /bounds:/],
  ] as const;
  for (const [folder, name, shows] of files) {
    it(`${name}`, async () => {
      const r = await run('info', fixture(folder, name));
      expect(r.code).toBe(0);
      expect(r.stdout).toMatch(shows);
      expect(r.stdout).not.toMatch(/\b1 (pieces|animations|textures)\b/);
    });
  }

  it('--format md, csv and json give the same tables', async () => {
    const file = fixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    const json = JSON.parse((await run('info', file, '--format', 'json')).stdout);
    const titles: string[] = json.tables.map((t: { title: string }) => t.title);
    expect(titles).toEqual(expect.arrayContaining(['sections', 'meshes', 'materials', 'textures', 'skins', 'bounds']));
    const md = (await run('info', file, '--format', 'md')).stdout;
    for (const t of titles) expect(md).toContain(`### ${t}`);
    expect(md).toMatch(/\| texture \| size \| levels \| format \| stored bytes \| decoded bytes \|/);
    const csv = (await run('info', file, '--format', 'csv')).stdout;
    for (const t of titles) expect(csv).toContain(`# ${t}`);
    expect(csv).toMatch(/^texture,size,levels,format,stored bytes,decoded bytes$/m);
  });

  it('shows every GX texture of the shared J3D files by its stored format, with the bytes the file stores apart from the decoded size', async () => {
    // Bits per pixel and block size of each GX format (spec j3d.md §11; the blocks a width or height is padded to).
    const layout: Record<string, [bits: number, blockWidth: number, blockHeight: number]> = {
      I4: [4, 8, 8],
      I8: [8, 8, 4],
      IA4: [8, 8, 4],
      IA8: [16, 4, 4],
      RGB565: [16, 4, 4],
      RGB5A3: [16, 4, 4],
      RGBA8: [32, 4, 4],
      C4: [4, 8, 8],
      C8: [8, 8, 4],
      C14X2: [16, 4, 4],
      CMPR: [4, 8, 8],
    };
    const stored = (format: string, width: number, height: number, levels: number) => {
      const [bits, bw, bh] = layout[format.split(' ')[0]!]!;
      let bytes = 0;
      for (let l = 0; l < levels; l++) {
        const [w, h] = [Math.max(1, width >> l), Math.max(1, height >> l)];
        bytes += (Math.ceil(w / bw) * bw * Math.ceil(h / bh) * bh * bits) / 8;
      }
      return bytes;
    };
    const files = readdirSync(fixture('j3d')).filter((f) => /\.(bmd|bdl|bti)$/.test(f));
    let checked = 0;
    for (const name of files) {
      // The oracle: noclip's J3D loader, dumped beside the fixtures: one texture per distinct image (format
      // name, size, mip count).
      const oracle = JSON.parse(readFileSync(fixture('j3d', 'expected', `${name}.json`), 'utf8'));
      const textures: { name: string; format: string; width: number; height: number; mipCount: number }[] =
        oracle.textures ?? [oracle.texture];
      const report = JSON.parse((await run('info', fixture('j3d', name), '--json')).stdout);
      const table = report.tables.find((t: { title: string }) => t.title === 'textures');
      if (textures.length === 0) {
        expect(table, `${name} has no textures`).toBeUndefined();
        continue;
      }
      expect(table.columns).toEqual(['texture', 'size', 'levels', 'format', 'stored bytes', 'decoded bytes']);
      expect(table.rows.length, name).toBe(textures.length);
      textures.forEach((t, i) => {
        const levels = Math.max(1, t.mipCount);
        let decoded = 0;
        for (let l = 0; l < levels; l++) decoded += Math.max(1, t.width >> l) * Math.max(1, t.height >> l) * 4;
        expect(table.rows[i].slice(1), `${name} ${t.name}`).toEqual([
          `${t.width}×${t.height}`,
          levels,
          t.format,
          stored(t.format, t.width, t.height, levels),
          decoded,
        ]);
        checked++;
      });
    }
    expect(checked).toBeGreaterThan(20);
    const cmpr = (await run('info', fixture('j3d', 'community_mkdd_track_small_logo_CMPR.bti'))).stdout;
    // 144×72 at 4 bits a pixel: 5,184 bytes stored, 41,472 as RGBA8.
    expect(cmpr).toMatch(/textures:\n.*\n {2}0 community_mkdd_track_small_logo_CMPR +144×72 +1 +CMPR +5184 +41472\n/);
  });
});

describe('info on a damaged file', () => {
  /** The sections the intact file lists that end within `length` bytes, as `info --json` gives them. */
  async function sectionsWithin(file: string, length: number) {
    const whole = JSON.parse((await run('info', file, '--json')).stdout);
    const sections = whole.tables.find((t: { title: string }) => t.title === 'sections').rows as (string | number)[][];
    return sections.filter(([, offset, size]) => Number.parseInt(String(offset), 16) + Number(size) <= length);
  }

  for (const [what, file, cut, error] of [
    ['a BMD', repoPath('fixtures', 'j3d', 'sample.bmd'), 0.6, /^error: ParseError: j3d \w{4} @0x[0-9a-f]+: /m],
    ['a GLB', repoPath('fixtures', 'cube.glb'), 0.5, /^error: ParseError: gltf [\w ]+ @0x[0-9a-f]+: /m],
  ] as const) {
    it(`${what} cut short: the sections read before the damage, then the ParseError with its offset; exit 1`, async () => {
      const bytes = readFileSync(file);
      const length = Math.floor(bytes.length * cut);
      const damaged = join(dir, `damaged-${basename(file)}`);
      await writeFile(damaged, bytes.subarray(0, length));
      const r = await run('info', damaged, '--json');
      expect(r.code).toBe(1);
      const report = JSON.parse(r.stdout);
      expect(report.error).toMatch(/^ParseError: /);
      expect(report.partial).toBe(true);
      const { format, section, offset } = report.errorAt;
      expect(report.error.startsWith(`ParseError: ${format} ${section} @0x${offset.toString(16)}: `)).toBe(true);
      const sections = report.tables.find((t: { title: string }) => t.title === 'sections').rows as (
        | string
        | number
      )[][];
      const intact = await sectionsWithin(file, length);
      expect(sections.length).toBeGreaterThan(0);
      // Every section listed is one the intact file has, where it has it.
      expect(sections.map((s) => s.slice(0, 3))).toEqual(intact.slice(0, sections.length).map((s) => s.slice(0, 3)));
      const text = await run('info', damaged);
      expect(text.code).toBe(1);
      expect(text.stdout).toMatch(/\nsections:\n/);
      expect(text.stdout).toMatch(error);
    });
  }
});

/**
 * The UNUSED_OBJECT pointers of a GLB that are not a game's texture (a texture with `extras.gx`, which the
 * game's materials use from their own extras) or the image or sampler of one.
 */
function unusedBesidesGameTextures(glb: Uint8Array, pointers: string[]): string[] {
  const { json } = readGlb(glb);
  type Texture = { source?: number; sampler?: number; extras?: { gx?: unknown } };
  const games = ((json as { textures?: Texture[] }).textures ?? []).flatMap((t, i) =>
    t.extras?.gx === undefined ? [] : [{ ...t, index: i }],
  );
  const kept = new Set([
    ...games.map((t) => `/textures/${t.index}`),
    ...games.map((t) => `/images/${t.source}`),
    ...games.map((t) => `/samplers/${t.sampler}`),
  ]);
  return pointers.filter((p) => !kept.has(p));
}

describe.skipIf(!haveFixtures)('tidy outputs', () => {
  it("no GLB written for a shared model has an UNUSED_OBJECT but a game's own textures; --no-optimize keeps everything", async () => {
    const out = join(dir, 'tidy');
    const r = await run('convert', fixture('j3d'), fixture('tmd'), fixture('t3dm'), '-o', out, '--quiet');
    expect(r.stderr).toBe('');
    const glbs = (await readdir(out, { recursive: true })).map(String).filter((f) => f.endsWith('.glb'));
    expect(glbs.length).toBeGreaterThan(60);
    let gameOnly = 0;
    for (const glb of glbs) {
      const v = await run('validate', join(out, glb), '--json');
      const unused = JSON.parse(v.stdout)
        .issues.messages.filter((m: { code: string }) => m.code === 'UNUSED_OBJECT')
        .map((m: { pointer: string }) => m.pointer);
      expect(unusedBesidesGameTextures(new Uint8Array(readFileSync(join(out, glb))), unused), glb).toEqual([]);
      if (unused.length > 0) gameOnly++;
    }
    // The toon ramps and other textures only the GX state samples (the swordsman's ZBtoonEX, …) are kept.
    expect(gameOnly).toBeGreaterThanOrEqual(4);
    const bomb = fixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    await run('convert', bomb, '-o', join(dir, 'raw.glb'), '--no-optimize');
    const raw = JSON.parse((await run('validate', join(dir, 'raw.glb'), '--json')).stdout);
    expect(raw.issues.messages.some((m: { code: string }) => m.code === 'UNUSED_OBJECT')).toBe(true);
  }, 300_000);
});

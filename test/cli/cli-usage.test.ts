/*
 * The command line as a user meets it, every case through a real process of the built bin: help for each
 * command and `help <command>`, `--version`, suggestions for a mistyped command or option, usage errors
 * (exit 2) for each bad argument, `--quiet` and `--verbose`, warnings grouped by code with a count in the
 * summary, and `info` on every kind of file the library reads, in each report format. The README shows
 * each command's help text; a test keeps it equal to what the bin prints.
 */
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.js');
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

describe('help and version', () => {
  it('each command has its own help, the same from `<command> --help` and `help <command>`', async () => {
    const texts = new Map<string, string>();
    for (const command of ['convert', 'info', 'validate']) {
      const own = await run(command, '--help');
      expect(own.code).toBe(0);
      expect(own.stdout).toMatch(new RegExp(`^usage: retromodel ${command} `));
      expect((await run('help', command)).stdout).toBe(own.stdout);
      texts.set(command, own.stdout);
    }
    expect(new Set(texts.values()).size).toBe(3);
    expect(texts.get('convert')).toMatch(/--to <format>/);
    expect(texts.get('info')).toMatch(/--format <format>/);
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

  it('`--version` and `-V` print the package version', async () => {
    const { version } = JSON.parse(readFileSync(repoPath('packages', 'cli', 'package.json'), 'utf8'));
    for (const flag of ['--version', '-V']) expect((await run(flag)).stdout.trim()).toBe(version);
  });

  it("the README's command reference is what the bin prints", async () => {
    const readme = readFileSync(repoPath('README.md'), 'utf8');
    for (const command of ['convert', 'info', 'validate', 'ls', 'extract', 'pack']) {
      const { stdout } = await run(command, '--help');
      expect(readme, `README: help of ${command}`).toContain(`\`\`\`text\n${stdout.trimEnd()}\n\`\`\``);
    }
  });
});

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

  it('-o x.obj creates nothing', async () => {
    const out = join(dir, 'x.obj');
    expect((await run('convert', cube, '-o', out)).code).toBe(2);
    expect(existsSync(out)).toBe(false);
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
});

describe.skipIf(!haveFixtures)('info on every kind of file the library reads', () => {
  const files = [
    ['j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd', /materials:[\s\S]*mat_boxin[\s\S]*textures:[\s\S]*64×64 +IA8/],
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
    expect(md).toMatch(/\| texture \| size \| format \| bytes \|/);
    const csv = (await run('info', file, '--format', 'csv')).stdout;
    for (const t of titles) expect(csv).toContain(`# ${t}`);
    expect(csv).toMatch(/^texture,size,format,bytes$/m);
  });
});

describe.skipIf(!haveFixtures)('tidy outputs', () => {
  it('no GLB written for a shared model has an UNUSED_OBJECT; --no-optimize keeps everything', async () => {
    const out = join(dir, 'tidy');
    const r = await run('convert', fixture('j3d'), fixture('tmd'), fixture('t3dm'), '-o', out, '--quiet');
    expect(r.stderr).toBe('');
    const glbs = (await readdir(out, { recursive: true })).map(String).filter((f) => f.endsWith('.glb'));
    expect(glbs.length).toBeGreaterThan(60);
    for (const glb of glbs) {
      const v = await run('validate', join(out, glb), '--json');
      const unused = JSON.parse(v.stdout).issues.messages.filter((m: { code: string }) => m.code === 'UNUSED_OBJECT');
      expect(unused, glb).toEqual([]);
    }
    const bomb = fixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd');
    await run('convert', bomb, '-o', join(dir, 'raw.glb'), '--no-optimize');
    const raw = JSON.parse((await run('validate', join(dir, 'raw.glb'), '--json')).stdout);
    expect(raw.issues.messages.some((m: { code: string }) => m.code === 'UNUSED_OBJECT')).toBe(true);
  }, 300_000);
});

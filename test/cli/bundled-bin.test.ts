/*
 * The bundled `retromodel` (scripts/bundle-cli.mjs) as a process, against the CLI run in-process from its
 * sources as the oracle. The bundle is made into a temporary copy of the package (bin, manifest, bundle and
 * nothing else: no tsc output, no node_modules), so it is the current code whatever the repository's own
 * bundle is, and only a self-contained bundle can run there. A module load hook lists the files each process
 * loads as modules: the bin and the worker's entry (the bin compiles the bundle itself, through its code cache,
 * in a cache folder of the test's for the test that looks at it).
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { main } from '@retromodel/cli';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadedModules, moduleLogArgs } from './module-log.js';

const exec = promisify(execFile);
let dir: string;
let bin: string;
let logs = 0;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-bundle-'));
  const cli = join(dir, 'cli');
  await mkdir(join(cli, 'bin'), { recursive: true });
  await cp(repoPath('packages', 'cli', 'package.json'), join(cli, 'package.json'));
  await cp(repoPath('packages', 'cli', 'bin', 'retromodel.cjs'), join(cli, 'bin', 'retromodel.cjs'));
  await exec(process.execPath, [repoPath('scripts', 'bundle-cli.mjs'), join(cli, 'dist', 'bundle')], {
    cwd: repoPath(),
  });
  bin = join(cli, 'bin', 'retromodel.cjs');
}, 120_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** Runs the bundled bin; its stdout and the module files it (and its worker threads) loaded. */
async function runBundled(args: string[]): Promise<{ stdout: string; modules: string[] }> {
  const log = join(dir, `modules-${logs++}.log`);
  const { args: nodeArgs, env } = moduleLogArgs(log);
  const { stdout } = await exec(process.execPath, [...nodeArgs, bin, ...args], { env, maxBuffer: 64 << 20 });
  return { stdout, modules: await loadedModules(log) };
}

/** The CLI run in-process from its sources (`--jobs` there always means this one thread). */
async function runSources(args: string[]): Promise<{ code: number; out: string }> {
  const out: string[] = [];
  const code = await main(args, { out: (t) => out.push(t), err: () => {}, isTty: false });
  return { code, out: `${out.join('\n')}\n` };
}

/** Every file under `root` by relative path, with its bytes. */
async function tree(root: string): Promise<Map<string, Buffer>> {
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  return new Map(await Promise.all(files.map(async (f) => [relative(root, f), await readFile(f)] as const)));
}

/** The sizes of the compile-cache files in `folder`. */
async function cacheSizes(folder: string): Promise<number[]> {
  const names = await readdir(folder);
  return Promise.all(names.map(async (n) => (await stat(join(folder, n))).size));
}

/** The packages whose code the loaded files hold, from the `// node_modules/<name>/` and `// packages/<name>/` comments esbuild puts before each module. */
async function bundledPackages(files: string[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of files)
    for (const [, dependency, workspace] of (await readFile(file, 'utf8')).matchAll(
      /^\/\/ (?:.*\/)?(?:node_modules\/((?:@[^/]+\/)?[^/]+)|packages\/([^/]+))\//gm,
    ))
      names.add((dependency ?? workspace)!);
  return names;
}

describe('the bundled retromodel bin', () => {
  it('loads only its bundle: the command and the worker thread, with no tsc output or node_modules', async () => {
    const inputs = [repoPath('fixtures', 'cube.glb'), repoPath('fixtures', 'j3d', 'sample.bmd')];
    if (haveFixtures)
      inputs.push(
        ...['01_model/assets/model.glb', '03_objects/assets/food.glb', '07_skeleton/assets/chicken.glb'].map((p) =>
          fixture('t3dm', p),
        ),
      );
    const bundled = join(dir, 'jobs2');
    const { modules } = await runBundled(['convert', ...inputs, '-o', bundled, '--to', 't3dm', '--jobs', '2', '-q']);
    expect(modules.every((m) => m.startsWith(join(dir, 'cli')))).toBe(true);
    expect(modules.map((m) => relative(join(dir, 'cli'), m))).toContain(join('dist', 'bundle', 'convert-worker.cjs'));
    expect(modules.length).toBeLessThan(50);

    // The same conversions in-process from the sources, in one thread: the same files, byte for byte.
    const reference = join(dir, 'jobs1');
    expect((await runSources(['convert', ...inputs, '-o', reference, '--to', 't3dm', '--jobs', '1', '-q'])).code).toBe(
      0,
    );
    const [got, want] = [await tree(bundled), await tree(reference)];
    expect([...got.keys()].sort()).toEqual([...want.keys()].sort());
    expect(want.size).toBeGreaterThan(inputs.length);
    for (const [name, bytes] of want) expect(got.get(name)?.equals(bytes), name).toBe(true);
  });

  it('prints the help and compiles less for it than for a conversion (the code cache of each kind of work)', async () => {
    const cache = join(dir, 'cache');
    const env = { ...process.env, XDG_CACHE_HOME: cache };
    const { stdout } = await exec(process.execPath, [bin, '--help'], { env });
    expect(stdout).toBe((await runSources(['--help'])).out);
    const { stdout: version } = await exec(process.execPath, [bin, '--version'], { env });
    expect(version.trim()).toBe(
      JSON.parse(await readFile(repoPath('packages', 'cli', 'package.json'), 'utf8')).version,
    );
    const model = repoPath('fixtures', 'j3d', 'sample.bmd');
    await exec(process.execPath, [bin, 'convert', model, '-o', join(dir, 'cache-out'), '--to', 't3dm', '-q'], { env });
    const sizes = await cacheSizes(join(cache, 'retromodel', 'compile-cache'));
    expect(sizes.length).toBe(3);
    const [help, , convert] = sizes.sort((a, b) => a - b);
    // The help's code holds no converter: V8's data for it is well under that of a conversion.
    expect(help! * 1.5).toBeLessThan(convert!);
  });

  it('reports info on a model as the sources do', async () => {
    const model = repoPath('fixtures', 'j3d', 'sample.bmd');
    const { stdout } = await runBundled(['info', model]);
    expect(stdout).toBe((await runSources(['info', model])).out);
  });

  it('validates a GLB with the bundled Khronos validator', async () => {
    const { stdout } = await runBundled(['validate', repoPath('fixtures', 'cube.glb'), '--json']);
    expect(JSON.parse(stdout).issues.numErrors).toBe(0);
    expect(await bundledPackages([join(dir, 'cli', 'dist', 'bundle', 'retromodel.cjs')])).toContain('gltf-validator');
  });
});

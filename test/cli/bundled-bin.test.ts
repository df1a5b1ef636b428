/*
 * The bundled `retromodel` (scripts/bundle-cli.mjs) as a process, against the CLI run in-process from its
 * sources as the oracle. The bundle is made into a temporary copy of the package (bin, manifest, bundle and
 * nothing else: no tsc output, no node_modules), so it is the current code whatever the repository's own
 * bundle is, and only a self-contained bundle can run there. A module load hook lists the files each process
 * loads as modules: the bin and the worker's entry; the bin compiles the bundle's chunks itself, through its code
 * cache, whose file for each kind of work (in a cache folder of the test's) names the chunks that work loaded.
 */
import { execFile } from 'node:child_process';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { main } from '@retromodel/cli';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CacheFile, readCacheFile, readWasmFile, workKey } from '../../packages/cli/src/compile-cache.js';
import { TEXTURE_DECODE_WASM } from '../../packages/j3d/src/gx/texture/texture-decode-wasm.js';
import { TEXTURE_SUMS_WASM } from '../../packages/j3d/src/gx/texture/texture-sums-wasm.js';
import { VERTEX_WRITER_WASM } from '../../packages/j3d/src/scene/vertex-writer-wasm.js';
import { VALUE_CHECKS_WASM } from '../../packages/scene/src/value-checks-wasm.js';
import { ANIMATION_WASM } from '../../packages/t3dm/src/from-scene/animation-wasm.js';
import { PLANNER_WASM } from '../../packages/t3dm/src/from-scene/planner-wasm.js';
import { QUANTISE_WASM } from '../../packages/t3dm/src/from-scene/quantise-wasm.js';
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

/**
 * Runs the bundled bin, with a compile cache folder of its own; its stdout, the module files it (and its worker
 * threads) loaded, and the bundle's chunks it compiled (named by the cache file of its kind of work).
 */
async function runBundled(args: string[]): Promise<{ stdout: string; modules: string[]; chunks: string[] }> {
  const run = logs++;
  const log = join(dir, `modules-${run}.log`);
  const cache = join(dir, `cache-${run}`);
  const { args: nodeArgs, env } = moduleLogArgs(log);
  const { stdout } = await exec(process.execPath, [...nodeArgs, bin, ...args], {
    env: { ...env, XDG_CACHE_HOME: cache },
    maxBuffer: 64 << 20,
  });
  const folder = join(cache, 'retromodel', 'compile-cache');
  const files = await readdir(folder);
  const read: CacheFile[] = [];
  for (const f of files) {
    // The key (after "RMCC4\n", the key's length, the chunk count and the data's length): the kind of work, then
    // any V8 flags the bin set.
    const bytes = await readFile(join(folder, f));
    const key = bytes.toString('utf8', 18, 18 + bytes.readUInt32LE(6));
    if (key === workKey(args) || key.startsWith(`${workKey(args)} --`)) read.push(readCacheFile(join(folder, f), key)!);
  }
  expect(read).toHaveLength(1);
  const chunks = read[0]!.chunks.map((name) => join(dir, 'cli', 'dist', 'bundle', name));
  return { stdout, modules: await loadedModules(log), chunks };
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

/** The workspace modules (`archive/dist/read-u8.js`) whose code the loaded files hold, from esbuild's comments. */
async function bundledModules(files: string[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of files)
    for (const [, module] of (await readFile(file, 'utf8')).matchAll(/^\s*\/\/ (?:.*\/)?packages\/(\S+)$/gm))
      names.add(module!);
  return names;
}

/** The packages whose code the loaded files hold, from the `// node_modules/<name>/` and `// packages/<name>/` comments esbuild puts before each module. */
async function bundledPackages(files: string[]): Promise<Set<string>> {
  const names = new Set<string>();
  for (const file of files)
    for (const [, dependency, workspace] of (await readFile(file, 'utf8')).matchAll(
      /^\s*\/\/ (?:.*\/)?(?:node_modules\/((?:@[^/]+\/)?[^/]+)|packages\/([^/]+))\//gm,
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

  it("starts a batch's worker threads without compiling Node's own modules from their source", async () => {
    // V8 refuses Node's built-in code cache once the bin has set its flags: a thread started then compiles Node's
    // bootstrap from source (v8-tuning.ts). Node tells which of its modules a thread compiled without the cache
    // (internal, under --expose-internals); each worker records its list when it posts its first outcome.
    const log = join(dir, 'builtins.log');
    const preload = join(dir, 'builtins-log.cjs');
    await writeFile(
      preload,
      `const { isMainThread, parentPort } = require('node:worker_threads');
const { internalBinding } = require('internal/test/binding');
if (!isMainThread) {
  const post = parentPort.postMessage;
  parentPort.postMessage = function (message, transfer) {
    if (typeof message === 'object' && 'outcome' in message) {
      const { compiledWithCache, compiledWithoutCache } = internalBinding('builtins').getCacheUsage();
      const usage = { withCache: compiledWithCache.size, withoutCache: [...compiledWithoutCache] };
      require('node:fs').appendFileSync(${JSON.stringify(log)}, JSON.stringify(usage) + '\\n');
    }
    return post.call(this, message, transfer);
  };
}
`,
    );
    const inputs = [repoPath('fixtures', 'cube.glb'), repoPath('fixtures', 'j3d', 'sample.bmd')];
    await exec(
      process.execPath,
      [
        '--no-warnings',
        '--expose-internals',
        '--require',
        preload,
        bin,
        'convert',
        ...inputs,
        '-o',
        join(dir, 'pool'),
      ].concat(['--to', 't3dm', '--jobs', '2', '-q']),
      { env: { ...process.env, XDG_CACHE_HOME: join(dir, 'cache-pool') } },
    );
    const threads = (await readFile(log, 'utf8'))
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as { withCache: number; withoutCache: string[] });
    expect(threads.length).toBeGreaterThan(0);
    for (const thread of threads) {
      expect(thread.withoutCache).toEqual([]);
      expect(thread.withCache).toBeGreaterThan(50);
    }
  });

  it('prints `--help` from the text the build wrote, loading no chunk of the bundle', async () => {
    const log = join(dir, 'modules-help.log');
    const cache = join(dir, 'cache-help');
    const { args: nodeArgs, env } = moduleLogArgs(log);
    for (const flag of ['--help', '-h']) {
      const { stdout } = await exec(process.execPath, [...nodeArgs, bin, flag], {
        env: { ...env, XDG_CACHE_HOME: cache },
      });
      expect(stdout).toBe((await runSources([flag])).out);
    }
    expect(await loadedModules(log)).toEqual([bin]);
    await expect(readdir(cache)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it("prints a command's help from the entry chunks alone, without formats or dependencies", async () => {
    const { stdout, chunks } = await runBundled(['convert', '--help']);
    expect(stdout).toBe((await runSources(['convert', '--help'])).out);
    // The CLI's own code, and of the scene package only what every printed line goes through (terminalText).
    expect([...(await bundledPackages(chunks))].sort()).toEqual(['cli', 'scene']);
    const sceneModules = [...(await bundledModules(chunks))].filter((m) => m.startsWith('scene/'));
    expect(sceneModules).toEqual(['scene/dist/terminal-text.js']);
    const { stdout: version } = await runBundled(['--version']);
    expect(version.trim()).toBe(
      JSON.parse(await readFile(repoPath('packages', 'cli', 'package.json'), 'utf8')).version,
    );
  });

  it('reports info on a model without loading glTF-Transform, the validator or the archive codecs', async () => {
    const model = repoPath('fixtures', 'j3d', 'sample.bmd');
    const { stdout, chunks } = await runBundled(['info', model]);
    expect(stdout).toBe((await runSources(['info', model])).out);
    const packages = await bundledPackages(chunks);
    expect(packages).toContain('j3d');
    for (const lazy of ['@gltf-transform/core', '@gltf-transform/extensions', 'gltf-validator'])
      expect(packages, lazy).not.toContain(lazy);
    // Of the archive package, only the tree helpers transcode lists archives with and the layout file's name (no
    // reader, writer or codec).
    const archive = [...(await bundledModules(chunks))].filter((m) => m.startsWith('archive/'));
    expect(archive.sort()).toEqual([
      'archive/dist/archive-tree.js',
      'archive/dist/entry-names.js',
      'archive/dist/layout-file-name.js',
    ]);
  });

  it('converts a .glb with PNG textures to T3DM without the other formats, glTF-Transform or a PNG codec', async () => {
    const glb = haveFixtures ? fixture('t3dm', '03_objects', 'assets', 'box.glb') : repoPath('fixtures', 'cube.glb');
    const out = join(dir, 'to-t3dm');
    const { chunks } = await runBundled(['convert', glb, '-o', out, '--to', 't3dm', '-q']);
    expect((await readdir(out)).some((f) => f.endsWith('.t3dm'))).toBe(true);
    const packages = await bundledPackages(chunks);
    for (const used of ['gltf', 't3dm', 'transcode']) expect(packages, used).toContain(used);
    for (const lazy of ['fast-png', 'fflate', '@gltf-transform/core', 'gltf-validator', 'cli-progress'])
      expect(packages, lazy).not.toContain(lazy);
    // Of the other formats, only what transcode detects them by.
    const others = [...(await bundledModules(chunks))].filter((m) => /^(j3d|tmd)\//.test(m));
    expect(others.sort()).toEqual(['j3d/dist/adapters/j3d-adapter.js', 'tmd/dist/adapters/tmd-adapter.js']);
  });

  it('converts a J3D model with textures to .glb, its PNGs deflated by node:zlib, without loading a PNG codec', async () => {
    const model = repoPath('fixtures', 'j3d', 'sample.bmd');
    const out = join(dir, 'to-glb');
    const { chunks } = await runBundled(['convert', model, '-o', out, '-q']);
    const expected = join(dir, 'to-glb-sources');
    expect((await runSources(['convert', model, '-o', expected, '-q'])).code).toBe(0);
    const written = await tree(out);
    expect([...written.keys()]).toEqual(['sample.glb']);
    expect(written).toEqual(await tree(expected));
    // The GLB holds PNG images, so the scene's textures were encoded.
    expect(written.get('sample.glb')!.includes(Buffer.from('image/png'))).toBe(true);
    const packages = await bundledPackages(chunks);
    for (const used of ['j3d', 'gltf', 'texture']) expect(packages, used).toContain(used);
    for (const lazy of ['fast-png', 'fflate']) expect(packages, lazy).not.toContain(lazy);
  });

  it("compiles the T3DM writer's and the scene's WebAssembly in the background, done before the conversion starts", async () => {
    // wasm.bin holds the modules the writer's chunk, the chunk shared by the formats (the scene's value checks)
    // and the chunks of J3D's texture code (its texture sums and decoder) and shapes (its vertex writer) embed, byte
    // for byte as they decode them (V8 gives them the module compiled in the background only for the same bytes).
    const modules = readWasmFile(join(dir, 'cli', 'dist', 'bundle', 'wasm.bin'))!;
    const writer = [ANIMATION_WASM, QUANTISE_WASM, PLANNER_WASM].map((b) => Buffer.from(b, 'base64'));
    const checks = Buffer.from(VALUE_CHECKS_WASM, 'base64');
    const sums = Buffer.from(TEXTURE_SUMS_WASM, 'base64');
    const decoder = Buffer.from(TEXTURE_DECODE_WASM, 'base64');
    const vertices = Buffer.from(VERTEX_WRITER_WASM, 'base64');
    expect(modules.map((m) => m.bytes).sort(Buffer.compare)).toEqual(
      [...writer, checks, sums, decoder, vertices].sort(Buffer.compare),
    );
    for (const m of modules)
      expect(m.chunk).toMatch(
        writer.some((w) => w.equals(m.bytes))
          ? /^t3dm-codec-\w+\.cjs$/
          : vertices.equals(m.bytes)
            ? /^j3d-codec-\w+\.cjs$/
            : /^chunk-\w+\.cjs$/,
      );
    // A preload records, in order, the modules given to WebAssembly.compile, their compiles' ends, and the modules
    // compiled synchronously (the writer's), by their length.
    const hook = join(dir, 'wasm-hook.cjs');
    await writeFile(
      hook,
      `const seen = [];
const { compile, Module } = WebAssembly;
WebAssembly.compile = (bytes) => { seen.push('compile ' + bytes.byteLength); return compile(bytes).then((m) => { seen.push('compiled ' + bytes.byteLength); return m; }); };
WebAssembly.Module = function (bytes) { seen.push('module ' + bytes.byteLength); return new Module(bytes); };
process.on('exit', () => require('node:fs').writeFileSync(process.env.WASM_LOG, JSON.stringify(seen)));
`,
    );
    const glb = repoPath('fixtures', 'cube.glb');
    const cache = join(dir, 'cache-wasm');
    const convertLogged = async (name: string) => {
      const out = join(dir, name);
      const log = join(dir, `${name}.json`);
      await exec(process.execPath, ['-r', hook, bin, 'convert', glb, '-o', out, '--to', 't3dm', '-q'], {
        env: { ...process.env, XDG_CACHE_HOME: cache, WASM_LOG: log },
      });
      return {
        seen: JSON.parse(await readFile(log, 'utf8')) as string[],
        t3dm: await readFile(join(out, 'cube.t3dm')),
      };
    };
    // The first run has no cache to tell which chunks the work loads: nothing is compiled ahead.
    const first = await convertLogged('wasm-first');
    expect(first.seen.filter((e) => !e.startsWith('module'))).toEqual([]);
    const reference = join(dir, 'wasm-reference');
    expect((await runSources(['convert', glb, '-o', reference, '--to', 't3dm', '-q'])).code).toBe(0);
    expect(first.t3dm.equals(await readFile(join(reference, 'cube.t3dm')))).toBe(true);
    await convertLogged('wasm-second');
    const warm = await convertLogged('wasm-warm');
    expect(warm.t3dm.equals(first.t3dm)).toBe(true);
    // Those of the chunks a glTF -> T3DM conversion loads: not the J3D texture sums, decoder or vertex writer.
    const lengths = modules
      .filter((m) => ![sums, decoder, vertices].some((j3d) => j3d.equals(m.bytes)))
      .map((m) => m.bytes.length);
    const firstModule = warm.seen.findIndex((e) => e.startsWith('module'));
    expect(firstModule).toBeGreaterThan(0);
    const ahead = warm.seen.slice(0, firstModule);
    expect(ahead.filter((e) => e.startsWith('compile ')).map((e) => Number(e.split(' ')[1]))).toEqual(lengths);
    expect(
      ahead
        .filter((e) => e.startsWith('compiled '))
        .map((e) => Number(e.split(' ')[1]))
        .sort(),
    ).toEqual([...lengths].sort());
    // The writer compiles its modules as before: only those the model needs (not the animation sampler here).
    expect(warm.seen.slice(firstModule)).toEqual(first.seen);
    // Not for a batch (its V8 compiles WebAssembly lazily), nor reading T3DM (the writer's modules serve nothing).
    const copy = join(dir, 'cube-copy.glb');
    await writeFile(copy, await readFile(glb));
    for (const args of [
      [glb, copy, '--to', 't3dm'],
      [join(dir, 'wasm-first', 'cube.t3dm'), '--to', 'glb'],
    ])
      for (const run of [0, 1, 2]) {
        const log = join(dir, `wasm-other-${run}.json`);
        await exec(
          process.execPath,
          ['-r', hook, bin, 'convert', ...args, '-o', join(dir, `wasm-other-${run}`), '-q'],
          {
            env: { ...process.env, XDG_CACHE_HOME: cache, WASM_LOG: log },
          },
        );
        const seen = JSON.parse(await readFile(log, 'utf8')) as string[];
        expect(
          seen.filter((e) => e.startsWith('compile')),
          args.join(' '),
        ).toEqual([]);
      }
  });

  it('converts as before when wasm.bin is missing, damaged or not one', async () => {
    const path = join(dir, 'cli', 'dist', 'bundle', 'wasm.bin');
    const good = await readFile(path);
    const glb = repoPath('fixtures', 'cube.glb');
    const cache = join(dir, 'cache-wasm-damaged');
    const convertTo = async (name: string) => {
      const out = join(dir, name);
      await exec(process.execPath, [bin, 'convert', glb, '-o', out, '--to', 't3dm', '-q'], {
        env: { ...process.env, XDG_CACHE_HOME: cache },
      });
      return readFile(join(out, 'cube.t3dm'));
    };
    const reference = await convertTo('damaged-reference');
    await convertTo('damaged-warm');
    const flipped = Buffer.from(good);
    for (let i = 100; i < flipped.length; i += 97) flipped[i]! ^= 0x5a;
    try {
      for (const [i, bad] of [
        flipped,
        good.subarray(0, good.length - 7),
        Buffer.from('not wasm'),
        undefined,
      ].entries()) {
        if (bad) await writeFile(path, bad);
        else await rm(path);
        expect((await convertTo(`damaged-${i}`)).equals(reference), String(i)).toBe(true);
      }
    } finally {
      await writeFile(path, good);
    }
  });

  it('validates a GLB with the bundled Khronos validator', async () => {
    const { stdout, chunks } = await runBundled(['validate', repoPath('fixtures', 'cube.glb'), '--json']);
    expect(JSON.parse(stdout).issues.numErrors).toBe(0);
    expect(await bundledPackages(chunks)).toContain('gltf-validator');
  });
});

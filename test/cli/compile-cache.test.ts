/*
 * The bin's code cache (packages/cli/src/compile-cache.ts) as a user meets it, through the built bin: the
 * cache goes to the user's cache folder (XDG_CACHE_HOME here, a temporary folder), never beside the models or
 * the output; a cache that is damaged, cut short, made by another V8 (refused by it), or that cannot be
 * written or read changes nothing in the output and is written anew where it can be; NODE_DISABLE_COMPILE_CACHE
 * turns it off. The oracle for the output is the same conversion with the cache off.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmod, mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Logger, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { meshopt } from '@gltf-transform/functions';
import { repoPath } from '@retromodel/test-utils';
import { MeshoptEncoder } from 'meshoptimizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  compileCacheDir,
  readCacheFile,
  readWasmFile,
  workKey,
  writeCacheFile,
} from '../../packages/cli/src/compile-cache.js';

const exec = promisify(execFile);
const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
const model = repoPath('fixtures', 'j3d', 'sample.bmd');
let dir: string;
let runs = 0;
let reference: Buffer;

/** Converts the sample to GLB with the bin, with this cache folder (or none); the GLB's bytes. */
async function convert(cacheHome: string | undefined, extra: NodeJS.ProcessEnv = {}): Promise<Buffer> {
  return convertTo(model, 'glb', cacheHome, extra);
}

/** Converts `input` to format `to` with the bin, with this cache folder (or none); the output's bytes. */
async function convertTo(
  input: string,
  to: 'glb' | 't3dm',
  cacheHome: string | undefined,
  extra: NodeJS.ProcessEnv = {},
): Promise<Buffer> {
  const out = join(dir, `out-${runs++}`);
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  if (cacheHome === undefined) env.NODE_DISABLE_COMPILE_CACHE = '1';
  else env.XDG_CACHE_HOME = cacheHome;
  await exec(process.execPath, [bin, 'convert', input, '-o', out, '--to', to, '-q'], { env, cwd: dir });
  const name = input.split(/[\\/]/).pop()!;
  return readFile(join(out, `${name.slice(0, name.lastIndexOf('.'))}.${to}`));
}

const cacheFolder = (home: string) => join(home, 'retromodel', 'compile-cache');

/**
 * The names of the cache folder's files of one kind, sorted: `work`, a kind of work's chunks (RMCC4), or `start`,
 * start.cjs's own (RMCS1, which the bin reads).
 */
async function cacheFiles(home: string, kind: 'work' | 'start'): Promise<string[]> {
  const magic = kind === 'work' ? 'RMCC4\n' : 'RMCS1\n';
  const names: string[] = [];
  for (const name of await readdir(cacheFolder(home)))
    if ((await readFile(join(cacheFolder(home), name))).toString('latin1', 0, 6) === magic) names.push(name);
  return names.sort();
}

/** The key of a kind of work's cache file (after "RMCC4\n", the key's length, the chunk count and the data's length). */
const keyOf = (file: Buffer) => file.toString('utf8', 18, 18 + file.readUInt32LE(6));

/** Each file's SHA-256 (hex), by name. */
const digests = (files: Map<string, Buffer>) =>
  new Map([...files].map(([name, bytes]) => [name, createHash('sha256').update(bytes).digest('hex')]));

/** The bytes of every file in the cache folder, by name. */
async function cacheBytes(home: string): Promise<Map<string, Buffer>> {
  const names = (await readdir(cacheFolder(home))).sort();
  return new Map(await Promise.all(names.map(async (n) => [n, await readFile(join(cacheFolder(home), n))] as const)));
}

/**
 * What each vm.Script a run of `run` (given the environment to add) made was compiled as: its file's name, and
 * whether V8 took cached data for it (a preload records it).
 */
async function scriptsOf(run: (env: NodeJS.ProcessEnv) => Promise<unknown>): Promise<[string, boolean][]> {
  const hook = join(dir, 'scripts-hook.cjs');
  await writeFile(
    hook,
    [
      "const vm = require('vm');",
      'const seen = [];',
      'vm.Script = class extends vm.Script {',
      '  constructor(code, options) {',
      '    super(code, options);',
      '    seen.push([options.filename.split(/[\\\\/]/).pop(), options.cachedData !== undefined && !this.cachedDataRejected]);',
      '  }',
      '};',
      "process.on('exit', () => require('fs').writeFileSync(process.env.SCRIPTS_OUT, JSON.stringify(seen)));",
    ].join('\n'),
  );
  const scriptsOut = join(dir, `scripts-${runs}.json`);
  await run({ NODE_OPTIONS: `-r ${hook}`, SCRIPTS_OUT: scriptsOut });
  return JSON.parse(await readFile(scriptsOut, 'utf8')) as [string, boolean][];
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-compile-cache-'));
  reference = await convert(undefined);
}, 60_000);
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe.skipIf(process.platform === 'win32')('the bin compile cache', () => {
  it('is written to the cache folder (for the user alone) and nowhere else, and used by the next runs', async () => {
    const home = join(dir, 'home-a');
    expect(await convert(home)).toEqual(reference);
    // The kind of work's, and start.cjs's.
    const [work] = await cacheFiles(home, 'work');
    expect(await cacheFiles(home, 'start')).toHaveLength(1);
    expect(await readdir(cacheFolder(home))).toHaveLength(2);
    expect((await import('node:fs')).statSync(cacheFolder(home)).mode & 0o777).toBe(0o700);
    // The first run lists the chunks it loaded, each compiled on its own: no data for them as one script yet.
    const path = join(cacheFolder(home), work!);
    const listed = readCacheFile(path, keyOf(await readFile(path)))!;
    expect(listed.chunks.length).toBeGreaterThan(3);
    expect(listed.chunks[0]).toBe('retromodel.cjs');
    expect(listed.data.length).toBe(0);
    // The second compiles them as one script and writes its data.
    expect(await convert(home)).toEqual(reference);
    const compiled = readCacheFile(path, keyOf(await readFile(path)))!;
    expect(compiled.chunks).toEqual(listed.chunks);
    expect(compiled.data.length).toBeGreaterThan(10_000);
    const before = await cacheBytes(home);
    expect(await convert(home)).toEqual(reference);
    // A usable cache is not written again.
    expect(await cacheBytes(home)).toEqual(before);
    // Nothing beside the working folder's own outputs.
    expect((await readdir(dir)).filter((f) => !f.startsWith('out-') && !f.startsWith('home-'))).toEqual([]);
  });

  it('damaged, cut short or refused by V8: the output is the same and a good cache is written again', async () => {
    const home = join(dir, 'home-b');
    await convert(home);
    await convert(home);
    const [name] = await cacheFiles(home, 'work');
    const path = join(cacheFolder(home), name!);
    const good = await readFile(path);
    // The key: the kind of work, then the V8 flags the bin set for it.
    const key = keyOf(good);
    expect(key.startsWith(`${workKey(['convert', model, '--to', 'glb'])} --`)).toBe(true);
    const { chunks, data } = readCacheFile(path, key)!;
    expect(chunks.length).toBeGreaterThan(3);
    expect(data.length).toBeGreaterThan(10_000);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 100]! ^= 0xff;
    // Two equal copies of data V8 cannot take (another V8's): V8 refuses them.
    const alienPath = join(dir, 'alien.bin');
    writeCacheFile(alienPath, { key, chunks, data: Buffer.alloc(4096, 7) });
    const alien = await readFile(alienPath);
    for (const bad of [
      damaged,
      good.subarray(0, 40),
      good.subarray(0, good.length - 1),
      Buffer.from('not a cache'),
      alien,
    ]) {
      await writeFile(path, bad);
      expect(await convert(home)).toEqual(reference);
      const rewritten = readCacheFile(path, key);
      expect(rewritten?.chunks).toEqual(chunks);
      // Refused data is replaced by the run's own; an unreadable file by the list alone.
      if (bad === alien) expect(rewritten!.data.length).toBeGreaterThan(10_000);
      else expect(rewritten!.data.length).toBe(0);
    }
  });

  it('a chunk the list lacks: compiled on its own, then listed, then compiled with the others from new data', async () => {
    const home = join(dir, 'home-l');
    await convert(home);
    await convert(home);
    const [name] = await cacheFiles(home, 'work');
    const path = join(cacheFolder(home), name!);
    const key = keyOf(await readFile(path));
    const full = readCacheFile(path, key)!;
    // The list without a chunk the conversion loads (its data is that of the longer list: V8 refuses it).
    const shorter = full.chunks.filter((_, i) => i !== 1);
    writeCacheFile(path, { key, chunks: shorter, data: full.data });
    expect(await convert(home)).toEqual(reference);
    const relisted = readCacheFile(path, key)!;
    expect(relisted.chunks).toEqual([...shorter, full.chunks[1]]);
    expect(relisted.data.length).toBe(0);
    expect(await convert(home)).toEqual(reference);
    const compiled = readCacheFile(path, key)!;
    expect(compiled.chunks).toEqual(relisted.chunks);
    expect(compiled.data.length).toBeGreaterThan(10_000);
    const before = await readFile(path);
    expect(await convert(home)).toEqual(reference);
    expect(await readFile(path)).toEqual(before);
  });

  it("a rare path's chunks (a compressed glTF's decoders) keep a cache of their own; the kind of work's is untouched", async () => {
    const home = join(dir, 'home-r');
    const plain = join(dir, 'plain.glb');
    await writeFile(plain, await readFile(repoPath('fixtures', 'cube.glb')));
    const compressed = join(dir, 'compressed.glb');
    await MeshoptEncoder.ready;
    const io = new NodeIO()
      .registerExtensions(ALL_EXTENSIONS)
      .registerDependencies({ 'meshopt.encoder': MeshoptEncoder });
    const document = await io.read(plain);
    document.setLogger(new Logger(Logger.Verbosity.ERROR));
    await document.transform(meshopt({ encoder: MeshoptEncoder }));
    await writeFile(compressed, await io.writeBinary(document));
    const toT3dm = (glb: string, cacheHome: string | undefined, extra: NodeJS.ProcessEnv = {}) =>
      convertTo(glb, 't3dm', cacheHome, extra);
    const plainT3dm = await toT3dm(plain, undefined);
    const compressedT3dm = await toT3dm(compressed, undefined);
    const decoders = (chunks: string[]) => chunks.filter((c) => c.startsWith('decompress-gltf-'));
    // The kind of work's list and data, by two plain runs.
    expect(await toT3dm(plain, home)).toEqual(plainT3dm);
    expect(await toT3dm(plain, home)).toEqual(plainT3dm);
    const [work] = await cacheFiles(home, 'work');
    const workPath = join(cacheFolder(home), work!);
    const key = keyOf(await readFile(workPath));
    const common = await readFile(workPath);
    expect(readCacheFile(workPath, key)!.data.length).toBeGreaterThan(10_000);
    // Two compressed runs (the same kind of work): the rare group's list, then its data, in a file of its own.
    expect(await toT3dm(compressed, home)).toEqual(compressedT3dm);
    expect(await toT3dm(compressed, home)).toEqual(compressedT3dm);
    // (Buffers compared with equals: a failing toEqual over a megabyte of bytes takes minutes to print.)
    expect((await readFile(workPath)).equals(common)).toBe(true);
    expect(decoders(readCacheFile(workPath, key)!.chunks)).toEqual([]);
    const [rareName, ...more] = (await cacheFiles(home, 'work')).filter((n) => n !== work);
    expect(more).toEqual([]);
    const rarePath = join(cacheFolder(home), rareName!);
    const rare = readCacheFile(rarePath, keyOf(await readFile(rarePath)))!;
    expect(decoders(rare.chunks)).toEqual([rare.chunks[0]]);
    expect(rare.key).toBe(`${key} rare ${rare.chunks[0]}`);
    expect(rare.data.length).toBeGreaterThan(10_000);
    // From then on both are used as they are: a compressed run compiles the two groups from their data, a plain
    // run only the kind of work's.
    const caches = digests(await cacheBytes(home));
    const compressedScripts = await scriptsOf((env) => toT3dm(compressed, home, env));
    expect(compressedScripts).toEqual([
      ['start.cjs', true],
      ['retromodel.cjs', true],
      [rare.chunks[0], true],
    ]);
    expect(await scriptsOf((env) => toT3dm(plain, home, env))).toEqual([
      ['start.cjs', true],
      ['retromodel.cjs', true],
    ]);
    expect(digests(await cacheBytes(home))).toEqual(caches);
  });

  it("start.cjs's own cache: used by the next run; damaged, cut short or refused by V8, written again", async () => {
    const home = join(dir, 'home-s');
    await convert(home);
    // The second run writes the data of the chunks' script (start.cjs's own is written by the first).
    await convert(home);
    const [name] = await cacheFiles(home, 'start');
    const path = join(cacheFolder(home), name!);
    const good = await readFile(path);
    // "RMCS1\n" and V8's data twice.
    const data = good.subarray(6, 6 + (good.length - 6) / 2);
    expect(good.subarray(6 + data.length)).toEqual(data);
    // Compiled from it (V8 took the data), and so not written again.
    const seen = await scriptsOf((env) => convert(home, env));
    // start.cjs, then the chunks the cache lists, as one script (named by the entry chunk).
    expect(seen).toEqual([
      ['start.cjs', true],
      ['retromodel.cjs', true],
    ]);
    expect(await readFile(path)).toEqual(good);
    const damaged = Buffer.from(good);
    damaged[damaged.length - 100]! ^= 0xff;
    const junk = Buffer.alloc(data.length, 7);
    for (const bad of [
      damaged,
      good.subarray(0, good.length - 1),
      Buffer.concat([Buffer.from('RMCS1\n'), junk, junk]),
      Buffer.from('not a cache'),
    ]) {
      await writeFile(path, bad);
      expect(await convert(home)).toEqual(reference);
      const rewritten = await readFile(path);
      expect(rewritten.equals(bad)).toBe(false);
      expect(rewritten.toString('latin1', 0, 6)).toBe('RMCS1\n');
      const half = (rewritten.length - 6) / 2;
      expect(rewritten.subarray(6, 6 + half)).toEqual(rewritten.subarray(6 + half));
    }
    // The last one written is used as it is.
    const last = await readFile(path);
    expect(await convert(home)).toEqual(reference);
    expect(await readFile(path)).toEqual(last);
  });

  it('a cache folder that cannot be made or written: the output is the same', async () => {
    const blocked = join(dir, 'home-c');
    await writeFile(blocked, 'a file where the cache folder would be');
    expect(await convert(blocked)).toEqual(reference);
    const readOnly = join(dir, 'home-d');
    await mkdir(cacheFolder(readOnly), { recursive: true });
    await chmod(cacheFolder(readOnly), 0o500);
    expect(await convert(readOnly)).toEqual(reference);
    await chmod(cacheFolder(readOnly), 0o700);
  });

  it('a run that writes its cache removes what no longer serves: old files, old temporaries, all but the newest 64', async () => {
    const home = join(dir, 'home-f');
    const folder = cacheFolder(home);
    await mkdir(folder, { recursive: true });
    const now = Date.now() / 1000;
    const minute = 60;
    const day = 24 * 3600;
    // 70 cache files of another bundle, written a minute apart (the oldest 6 beyond the newest 64 with the new one).
    const names = Array.from(
      { length: 70 },
      (_, i) => `${'ab'.repeat(16)}-v20.0.0-x64-${(i + 1).toString(16).padStart(8, '0')}.bin`,
    );
    for (const [i, name] of names.entries()) {
      await writeFile(join(folder, name), 'x');
      await utimes(join(folder, name), now - (i + 1) * minute, now - (i + 1) * minute);
    }
    const old = `${'cd'.repeat(16)}-v18.20.0-arm64-0000abcd.bin`;
    const oldTemporary = `${names[0]}.4242.17.tmp`;
    const newTemporary = `${names[1]}.4243.18.tmp`;
    const notOurs = 'notes.bin';
    for (const [name, age] of [
      [old, 31 * day],
      [oldTemporary, 2 * 3600],
      [newTemporary, 10],
      [notOurs, 400 * day],
    ] as const) {
      await writeFile(join(folder, name), 'x');
      await utimes(join(folder, name), now - age, now - age);
    }
    expect(await convert(home)).toEqual(reference);
    const left = new Set(await readdir(folder));
    const written = [...left].filter((n) => !names.includes(n) && n.endsWith('.bin') && n !== notOurs);
    // The kind of work's cache and start.cjs's.
    expect(written).toHaveLength(2);
    // The new files and the 62 newest others; the 8 oldest of the 70, the month-old file and the old temporary go.
    expect(names.filter((n) => left.has(n))).toEqual(names.slice(0, 62));
    expect(left.has(old)).toBe(false);
    expect(left.has(oldTemporary)).toBe(false);
    expect(left.has(newTemporary)).toBe(true);
    expect(left.has(notOurs)).toBe(true);
    expect(left.size).toBe(64 + 2);
  });

  it('one small glTF to T3DM and a batch of them keep caches of their own (the bin sets them other V8 flags)', async () => {
    const home = join(dir, 'home-g');
    const glb = join(dir, 'cube.glb');
    const copy = join(dir, 'cube-copy.glb');
    for (const to of [glb, copy]) await writeFile(to, await readFile(repoPath('fixtures', 'cube.glb')));
    const env = { ...process.env, XDG_CACHE_HOME: home };
    const one = () => convertTo(glb, 't3dm', home);
    const batch = async () => {
      const out = join(dir, `out-${runs++}`);
      await exec(process.execPath, [bin, 'convert', glb, copy, '-o', out, '--to', 't3dm', '-q'], { env, cwd: dir });
      return readFile(join(out, 'cube.t3dm'));
    };
    const written = await one();
    expect(await batch()).toEqual(written);
    // The second run of each kind writes the data of its chunks compiled as one script.
    expect(await one()).toEqual(written);
    expect(await batch()).toEqual(written);
    expect(await cacheFiles(home, 'work')).toHaveLength(2);
    // start.cjs too is compiled with other flags.
    expect(await cacheFiles(home, 'start')).toHaveLength(2);
    const caches = await cacheBytes(home);
    // Each kind's next run uses its caches: none is written again (V8 refuses code made with other flags).
    expect(await one()).toEqual(written);
    expect(await batch()).toEqual(written);
    expect(await cacheBytes(home)).toEqual(caches);
  });

  it('sets the V8 flags without node:v8 and without a warning, else through node:v8, the same flags either way', async () => {
    const home = join(dir, 'home-h');
    const glb = join(dir, 'cube-flags.glb');
    await writeFile(glb, await readFile(repoPath('fixtures', 'cube.glb')));
    // A preload that writes the Node modules the process loaded after it, and one that takes process.binding away.
    const modules = join(dir, 'modules.cjs');
    await writeFile(
      modules,
      "const seen = new Set(process.moduleLoadList); process.on('exit', () => require('fs').writeFileSync(process.env.MODULES_OUT, process.moduleLoadList.filter((m) => !seen.has(m)).join('\\n')));",
    );
    const noBinding = join(dir, 'no-binding.cjs');
    await writeFile(noBinding, 'delete process.binding;');
    const one = async (preloads: string[], name: string) => {
      const out = join(dir, `out-${runs++}`);
      const env = {
        ...process.env,
        XDG_CACHE_HOME: home,
        MODULES_OUT: join(dir, name),
        NODE_OPTIONS: '--throw-deprecation',
      };
      const args = [...preloads.flatMap((p) => ['-r', p]), bin, 'convert', glb, '-o', out, '--to', 't3dm', '-q'];
      const { stderr } = await exec(process.execPath, args, { env, cwd: dir });
      return {
        t3dm: await readFile(join(out, 'cube-flags.t3dm')),
        stderr,
        loaded: await readFile(join(dir, name), 'utf8'),
      };
    };
    const first = await one([modules], 'first.txt');
    expect(first.stderr).toBe('');
    expect(first.loaded).toContain('Internal Binding v8');
    expect(first.loaded).not.toMatch(/NativeModule (v8|stream|perf_hooks|internal\/fs\/rimraf)$/m);
    expect(await cacheFiles(home, 'work')).toHaveLength(1);
    // The second run writes the data of the chunks compiled as one script.
    expect((await one([modules], 'second.txt')).t3dm).toEqual(first.t3dm);
    const caches = await cacheBytes(home);
    // Without process.binding: node:v8 sets them. V8 refuses code compiled with other flags, so the caches the first
    // run wrote being used as they are (not written again) shows that the flags are the same.
    const fallback = await one([noBinding, modules], 'fallback.txt');
    expect(fallback.loaded).toMatch(/^NativeModule v8$/m);
    expect(fallback.stderr).toBe('');
    expect(fallback.t3dm).toEqual(first.t3dm);
    expect(await cacheBytes(home)).toEqual(caches);
  });

  it("loads before setting the V8 flags the Node modules a conversion loads (so from Node's own code cache)", async () => {
    // A preload that writes the Node modules loaded when the bin sets its flags, and those loaded after.
    const hook = join(dir, 'flags-hook.cjs');
    await writeFile(
      hook,
      [
        "const { writeFileSync } = require('fs');",
        'process.noDeprecation = true;',
        "const v8 = process.binding('v8');",
        'const set = v8.setFlagsFromString;',
        'let before;',
        'v8.setFlagsFromString = (flags) => { before = new Set(process.moduleLoadList); set(flags); };',
        "process.on('exit', () => writeFileSync(process.env.MODULES_OUT, JSON.stringify({ before: before && [...before], after: process.moduleLoadList.filter((m) => before && !before.has(m)) })));",
      ].join('\n'),
    );
    const glb = join(dir, 'cube-builtins.glb');
    await writeFile(glb, await readFile(repoPath('fixtures', 'cube.glb')));
    const loaded = async (input: string, to: string) => {
      const env = { ...process.env, XDG_CACHE_HOME: join(dir, 'home-i'), MODULES_OUT: join(dir, `${to}.json`) };
      await exec(
        process.execPath,
        ['-r', hook, bin, 'convert', input, '-o', join(dir, `out-${runs++}`), '--to', to, '-q'],
        {
          env,
          cwd: dir,
        },
      );
      return JSON.parse(await readFile(join(dir, `${to}.json`), 'utf8')) as { before: string[]; after: string[] };
    };
    const toT3dm = await loaded(glb, 't3dm');
    expect(toT3dm.before).toContain('NativeModule vm');
    expect(toT3dm.after.filter((m) => m.startsWith('NativeModule'))).toEqual([]);
    // The sample's textures are written as PNG, deflated by node:zlib (which loads Node's streams).
    const toGlb = await loaded(model, 'glb');
    expect(toGlb.before).toContain('NativeModule zlib');
    expect(toGlb.after.filter((m) => m.startsWith('NativeModule'))).toEqual([]);
  });

  it('NODE_DISABLE_COMPILE_CACHE turns it off', async () => {
    const home = join(dir, 'home-e');
    expect(await convert(home, { NODE_DISABLE_COMPILE_CACHE: '1' })).toEqual(reference);
    expect(compileCacheDir({ NODE_DISABLE_COMPILE_CACHE: '1' })).toBeUndefined();
    await expect(readdir(home)).rejects.toThrow();
  });
});

describe('compile cache files', () => {
  it('read back what was written, for the same kind of work only; a changed byte or length reads as none', async () => {
    const path = join(dir, 'unit', 'x.bin');
    const file = { key: 'convert glb>t3dm', chunks: ['retromodel.cjs', 'chunk-A.cjs'], data: Buffer.from('V8 data') };
    expect(writeCacheFile(path, file)).toBe(true);
    expect(readCacheFile(path, 'convert glb>t3dm')).toEqual(file);
    const listOnly = join(dir, 'unit', 'list-only.bin');
    expect(writeCacheFile(listOnly, { ...file, data: Buffer.alloc(0) })).toBe(true);
    expect(readCacheFile(listOnly, 'convert glb>t3dm')).toEqual({ ...file, data: Buffer.alloc(0) });
    expect(readCacheFile(path, '--help')).toBeUndefined();
    const bytes = await readFile(path);
    // The magic, the first copy (counts, key, a chunk's name, the data), the second copy.
    for (const at of [0, 8, 16, 20, 40, 50, bytes.length - 1]) {
      const changed = Buffer.from(bytes);
      changed[at]! ^= 1;
      await writeFile(path, changed);
      expect(readCacheFile(path, 'convert glb>t3dm'), `byte ${at}`).toBeUndefined();
    }
    await writeFile(path, Buffer.concat([bytes, Buffer.from([0])]));
    expect(readCacheFile(path, 'convert glb>t3dm')).toBeUndefined();
    expect(writeCacheFile(join(dir, 'unit', 'x.bin', 'under-a-file'), file)).toBe(false);
  });

  it("reads wasm.bin's modules with their chunks' names; a file cut short or not one reads as none", async () => {
    // "RMWA1\n", then per module: u32 LE length, the chunk's name, u32 LE length, the module's bytes.
    const u32 = (n: number) => Buffer.from([n & 0xff, (n >> 8) & 0xff, (n >> 16) & 0xff, n >>> 24]);
    const one = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0]);
    const two = Buffer.from([0, 0x61, 0x73, 0x6d, 1, 0, 0, 0, 1, 4, 1, 0x60, 0, 0]);
    const file = Buffer.concat([
      Buffer.from('RMWA1\n'),
      u32(9),
      Buffer.from('a-one.cjs'),
      u32(one.length),
      one,
      u32(5),
      Buffer.from('b.cjs'),
      u32(two.length),
      two,
    ]);
    const path = join(dir, 'wasm.bin');
    await writeFile(path, file);
    expect(readWasmFile(path)).toEqual([
      { chunk: 'a-one.cjs', bytes: one },
      { chunk: 'b.cjs', bytes: two },
    ]);
    await writeFile(path, Buffer.from('RMWA1\n'));
    expect(readWasmFile(path)).toEqual([]);
    for (const cut of [file.length - 1, file.length - two.length - 2, 7, 3]) {
      await writeFile(path, file.subarray(0, cut));
      expect(readWasmFile(path), String(cut)).toBeUndefined();
    }
    await writeFile(path, Buffer.concat([Buffer.from('RMWA2\n'), file.subarray(6)]));
    expect(readWasmFile(path)).toBeUndefined();
    expect(readWasmFile(join(dir, 'no-such-wasm.bin'))).toBeUndefined();
  });

  it('names the kind of work by command, input extensions and output format', () => {
    expect(workKey(['convert', 'a.GLB', 'b.glb', '-o', 'out.dir', '--to', 'T3DM', '--jobs', '2'])).toBe(
      'convert glb>t3dm',
    );
    expect(workKey(['convert', 'x.bmd', '--to=glb'])).toBe('convert bmd>glb');
    expect(workKey([])).toBe('--help');
    expect(workKey(['info', 'x.bdl'])).toBe('info');
  });
});

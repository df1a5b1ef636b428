/*
 * Starts the bundled CLI (dist/bundle/retromodel.cjs, one CommonJS file made by scripts/bundle-cli.mjs) from a
 * V8 code cache, so a process does not parse and compile the code it runs again: the bundle is compiled as a
 * vm.Script with the cache's data (Node 20's way; module.enableCompileCache needs 22.1 and more) and run as
 * Node runs a CommonJS module. Measured on a small .glb converted to T3DM, this takes about a third of the
 * process's instructions away.
 *
 * The cache lives in the user's cache folder ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
 * %LOCALAPPDATA% on Windows), in retromodel/compile-cache/ made for the user alone (mode 0700), never beside
 * the models. One file per bundle (the hash scripts/bundle-cli.mjs writes on its first line), Node version,
 * architecture and kind of work (`convert glb>t3dm`, `--help`: V8 reads a cache whole, so `--help` would
 * otherwise pay for the converters' code), named by their hash:
 *   "RMCC1\n"   u32 LE length of the key   u32 LE CRC-32 of the V8 data   the key (UTF-8)   V8 data
 * After a run without a usable cache, V8's data (every function compiled by then) is written to a temporary
 * file renamed over the cache, so a process reading it never sees half a file. A cache that is missing,
 * unreadable, damaged (its CRC, its key), made by another V8 or with other flags (V8 refuses it) is simply not
 * used, and written again; one that cannot be written is not written. NODE_DISABLE_COMPILE_CACHE=1 turns it
 * off, as it does Node's own cache.
 */
import { closeSync, mkdirSync, openSync, readFileSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { Script } from 'node:vm';
import { crc32 } from 'node:zlib';

const MAGIC = 'RMCC1\n';

/** The user's cache folder for retromodel's compile cache, or undefined when there is none to use. */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  let base: string | undefined;
  if (process.platform === 'win32') base = env.LOCALAPPDATA;
  else if (process.platform === 'darwin') base = join(homedir(), 'Library', 'Caches');
  else base = env.XDG_CACHE_HOME || join(homedir(), '.cache');
  return base ? join(base, 'retromodel', 'compile-cache') : undefined;
}

/** What a cache file holds: the kind of work its data was made by, and V8's data. */
interface CacheFile {
  key: string;
  data: Buffer;
}

/** Reads a cache file; undefined when it is missing, not one, damaged, or made for another kind of work. */
export function readCacheFile(path: string, key: string): CacheFile | undefined {
  let bytes: Buffer;
  try {
    bytes = readFileSync(path);
  } catch {
    return undefined;
  }
  const head = MAGIC.length + 8;
  if (bytes.length < head || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const keyLength = bytes.readUInt32LE(MAGIC.length);
  const crc = bytes.readUInt32LE(MAGIC.length + 4);
  if (keyLength > bytes.length - head || bytes.toString('utf8', head, head + keyLength) !== key) return undefined;
  const data = bytes.subarray(head + keyLength);
  if (data.length === 0 || crc32(data) !== crc) return undefined;
  return { key, data };
}

/** Writes a cache file through a temporary beside it, renamed over it; false when it cannot be written. */
export function writeCacheFile(path: string, file: CacheFile): boolean {
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    const key = Buffer.from(file.key, 'utf8');
    const head = Buffer.alloc(MAGIC.length + 8);
    head.write(MAGIC, 'latin1');
    head.writeUInt32LE(key.length, MAGIC.length);
    head.writeUInt32LE(crc32(file.data), MAGIC.length + 4);
    // 'wx': a file already there (another process's temporary of the same pid, a planted link) is not written through.
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      for (const part of [head, key, file.data]) writeSync(fd, part);
    } finally {
      closeSync(fd);
    }
    renameSync(temporary, path);
    return true;
  } catch {
    try {
      unlinkSync(temporary);
    } catch {}
    return false;
  }
}

/**
 * The kind of work `argv` asks for, as a cache key: the command and, for convert, the input extensions and the
 * output format (`convert glb>t3dm`); for anything else the command (or `--help`).
 */
export function workKey(argv: readonly string[]): string {
  const command = argv[0] ?? '--help';
  if (command !== 'convert') return command.startsWith('-') ? command : command.toLowerCase();
  let to = '';
  const inputs = new Set<string>();
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--to') to = argv[++i] ?? '';
    else if (a.startsWith('--to=')) to = a.slice(5);
    else if (a.startsWith('-')) {
      if (a === '-o' || a === '--output') i++;
    } else {
      const dot = a.lastIndexOf('.');
      if (dot > a.lastIndexOf('/') && dot > a.lastIndexOf('\\')) inputs.add(a.slice(dot + 1).toLowerCase());
    }
  }
  return `convert ${[...inputs].sort().join(',')}>${to.toLowerCase()}`;
}

/** The first line of the bundle names its content: `// retromodel bundle <hash>`. */
function bundleHash(source: string): string | undefined {
  const match = /^\/\/ retromodel bundle ([0-9a-f]{8,64})\n/.exec(source.slice(0, 100));
  return match?.[1];
}

/** What the bundle exports. */
interface BundleExports {
  runCli(argv: string[]): Promise<void>;
}

/**
 * Runs the bundled CLI at `bundlePath` with `argv`, compiled from the compile cache of its kind of work when
 * there is a usable one, and writes that cache after the run when there was none.
 */
export async function runBundle(bundlePath: string, argv: string[]): Promise<void> {
  // The bundle is ASCII (scripts/bundle-cli.mjs escapes the rest): read as Latin-1 it is a one-byte string,
  // made without decoding UTF-8 (which cost a conversion about a tenth of its instructions).
  const source = readFileSync(bundlePath, 'latin1');
  const hash = bundleHash(source);
  const dir = hash ? compileCacheDir() : undefined;
  const key = workKey(argv);
  // The key's CRC names the file (the key inside is checked): node:crypto would cost more than it saves here.
  const cachePath = dir && join(dir, `${hash}-${process.version}-${process.arch}-${crc32(key).toString(16)}.bin`);
  const cache = cachePath ? readCacheFile(cachePath, key) : undefined;
  const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
    filename: bundlePath,
    cachedData: cache?.data,
  });
  const module = { exports: {} as BundleExports };
  const wrapper = script.runInThisContext() as (...args: unknown[]) => void;
  wrapper(module.exports, createRequire(bundlePath), module, bundlePath, dirname(bundlePath));
  try {
    await module.exports.runCli(argv);
  } finally {
    if (cachePath && (cache === undefined || script.cachedDataRejected))
      writeCacheFile(cachePath, { key, data: script.createCachedData() });
  }
}

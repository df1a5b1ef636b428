/*
 * Starts the bundled CLI (dist/bundle/, CommonJS chunks made by scripts/bundle-cli.mjs) from a V8 code cache,
 * so a process does not parse and compile again the code the last one of its kind ran: each chunk is
 * compiled as a vm.Script with the cache's data for it (Node 20's way; module.enableCompileCache needs 22.1
 * and more) and run as Node runs a CommonJS module, with a `require` that loads the other chunks the same way
 * (each once) and anything else (node: modules, the Draco decoder) through Node's. A process compiles only
 * the chunks its work reaches.
 *
 * The cache lives in the user's cache folder ($XDG_CACHE_HOME or ~/.cache on Linux, ~/Library/Caches on macOS,
 * %LOCALAPPDATA% on Windows), in retromodel/compile-cache/ made for the user alone (mode 0700), never beside
 * the models. One file per bundle (the hash scripts/bundle-cli.mjs writes on the entry's first line), Node
 * version, architecture and kind of work (`convert glb>t3dm`, `--help`, a batch's `worker`: V8 reads a
 * script's cache whole, so `--help` would otherwise pay for the converters' code), named by their hash, with
 * the names of the chunks that work loaded, in load order, and V8's data for them compiled as one script:
 *   "RMCC4\n"  body  the same body again
 *   body: u32 LE length of the key  u32 LE number of chunks  u32 LE length of the data  the key (UTF-8)
 *         per chunk: u32 LE length of its name  name (Latin-1)
 *         the data (empty when the run that wrote the file compiled the chunks one by one)
 * One script, not one per chunk: a process compiles the listed chunks as one array of their functions (each run
 * when its chunk is first required) from one piece of V8 data, which costs less than making, deserialising and
 * linking 26 scripts one by one (callgrind, all threads, V8's hash-seed search left out, glTF -> T3DM: the
 * examples' median 202.7 -> 200.0 M instructions, 01_model 205.3 -> 201.6 M, box.glb 146.2 -> 141.0 M). A chunk
 * not listed is compiled on its own; the run that loaded it writes the longer list with no data, the next run
 * compiles that list as one script and writes its data, and the runs after read it. The chunks of a rare path (a
 * compressed glTF's decoders) have a file of their own, `<kind of work> rare <chunk>` (Chunks), read only by a
 * process that takes that path.
 * V8 does not check its cached data's content, so a damaged file must be told before V8 reads it: the body is
 * stored twice and the copies compared (a memcmp), which costs less than any checksum a process can compute
 * before it has loaded anything: node:zlib's crc32 first loads Node's stream modules (an eighth of `node -e
 * 0`), a 64-bit hash in WebAssembly took 0.7-1.3 ms to set up (4% of a Node start-up), and one in JavaScript,
 * run cold, tens of millions of instructions. A bit flipped on disk, or a page lost or zeroed, damages one
 * copy only. After a run whose chunks had no usable data, or that loaded a chunk not listed, the cache is
 * written again (as above), to a temporary file flushed to disk and renamed over the cache, so
 * a process reading it never sees half a file. A cache that is missing, unreadable, damaged (the copies, the
 * key, a length), made by another V8 or with other flags (V8 refuses it) is simply not used, and written again;
 * one that cannot be written is not written. The folder does not grow without end: each bundle (every build or
 * upgrade), Node version and kind of work makes a file of its own (up to a few MB), so a process that writes one
 * also removes the cache files not written for 30 days (another installed retromodel or Node still in use writes
 * its own again), temporaries a stopped process left (older than an hour), and all but the newest 64
 * (pruneCacheFolder). start.cjs itself, which reads this cache, is compiled by the bin from a cache file of its own
 * (StartCache). NODE_DISABLE_COMPILE_CACHE=1 turns it off, as it does Node's own cache.
 * For one small glTF to T3DM, the WebAssembly modules the listed chunks embed (the T3DM writer's) are compiled
 * too, on V8's background threads while the main thread reads and deserialises the chunks (precompileWasm).
 * Not a V8 start-up snapshot (`node --snapshot-blob`): the bin runs in a Node already started (a shebang, npm's
 * cmd-shim on Windows, npx), so a snapshot needs a second Node process, a whole start-up more; Node exits with
 * an error, not a fallback, on a blob made by another Node, other V8 flags or another CPU; and it saves less
 * than a start-up: a snapshot of the chunks a glTF -> T3DM conversion loads, made after one conversion (whose
 * WebAssembly cannot run then), run as `node --snapshot-blob` in one process, took 149 M instructions for the
 * smallest example against 176 M through this cache, 310 against 333 M for the median one (callgrind; `node -e
 * 0` 85 M), and `--help` 108 M against 99 M (the bigger heap to deserialise).
 */
import {
  closeSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join, sep } from 'node:path';
import { Script } from 'node:vm';
import { WORKER_READY } from './batch/worker-ready.js';
import type { V8Tuning } from './v8-tuning.js';

const MAGIC = 'RMCC4\n';
const START_MAGIC = 'RMCS1\n';
const WASM_MAGIC = 'RMWA1\n';

/** The user's home folder: $HOME, as os.homedir() takes it first (node:os is loaded only without it). */
const home = (env: NodeJS.ProcessEnv) => env.HOME || process.getBuiltinModule('node:os').homedir();

/** The user's cache folder for retromodel's compile cache, or undefined when there is none to use. */
export function compileCacheDir(env: NodeJS.ProcessEnv = process.env): string | undefined {
  if (env.NODE_DISABLE_COMPILE_CACHE) return undefined;
  let base: string | undefined;
  if (process.platform === 'win32') base = env.LOCALAPPDATA;
  else if (process.platform === 'darwin') base = join(home(env), 'Library', 'Caches');
  else base = env.XDG_CACHE_HOME || join(home(env), '.cache');
  return base ? join(base, 'retromodel', 'compile-cache') : undefined;
}

/**
 * What a cache file holds: the kind of work its data was made by, the chunks that work loaded (load order), and
 * V8's data for them compiled as one script (chunksScript), empty when there is none yet.
 */
export interface CacheFile {
  key: string;
  chunks: string[];
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
  const size = (bytes.length - MAGIC.length) / 2;
  if (!Number.isInteger(size) || size < 12 || bytes.toString('latin1', 0, MAGIC.length) !== MAGIC) return undefined;
  const body = bytes.subarray(MAGIC.length, MAGIC.length + size);
  if (!body.equals(bytes.subarray(MAGIC.length + size))) return undefined;
  const keyLength = body.readUInt32LE(0);
  const count = body.readUInt32LE(4);
  const dataLength = body.readUInt32LE(8);
  let at = 12;
  if (keyLength > size - at || body.toString('utf8', at, at + keyLength) !== key) return undefined;
  at += keyLength;
  const chunks: string[] = [];
  for (let i = 0; i < count; i++) {
    if (size - at < 4) return undefined;
    const nameLength = body.readUInt32LE(at);
    at += 4;
    if (nameLength > size - at) return undefined;
    chunks.push(body.toString('latin1', at, at + nameLength));
    at += nameLength;
  }
  return size - at === dataLength ? { key, chunks, data: body.subarray(at) } : undefined;
}

/** Writes a cache file through a temporary beside it, renamed over it; false when it cannot be written. */
export function writeCacheFile(path: string, file: CacheFile): boolean {
  const key = Buffer.from(file.key, 'utf8');
  const counts = Buffer.alloc(12);
  counts.writeUInt32LE(key.length, 0);
  counts.writeUInt32LE(file.chunks.length, 4);
  counts.writeUInt32LE(file.data.length, 8);
  const parts: Buffer[] = [counts, key];
  for (const name of file.chunks) {
    const nameBytes = Buffer.from(name, 'latin1');
    const length = Buffer.alloc(4);
    length.writeUInt32LE(nameBytes.length, 0);
    parts.push(length, nameBytes);
  }
  parts.push(file.data);
  const body = Buffer.concat(parts);
  return writeWhole(path, [Buffer.from(MAGIC, 'latin1'), body, body]);
}

/**
 * start.cjs's cache file (StartCache): "RMCS1\n" and V8's data for start.cjs, twice. The bin reads it, so it is
 * as simple as can be checked: which bundle, Node, architecture and V8 flags it serves is in its name (V8 also
 * refuses data of another version, other flags or a source of another length), its content whole when the
 * copies are equal.
 */
export function writeStartCache(path: string, data: Buffer): boolean {
  return writeWhole(path, [Buffer.from(START_MAGIC, 'latin1'), data, data]);
}

/** Writes `parts` as the file `path` through a temporary beside it, renamed over it; false when it cannot be written. */
function writeWhole(path: string, parts: Buffer[]): boolean {
  const temporary = `${path}.${process.pid}.${Math.floor(Math.random() * 1e9)}.tmp`;
  try {
    mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 });
    // 'wx': a file already there (a planted link) is not written through.
    const fd = openSync(temporary, 'wx', 0o600);
    try {
      for (const part of parts) writeSync(fd, part);
      // On disk before it gets the cache's name: a machine that stops right after the rename does not leave a
      // cache whose data never reached the disk.
      fsyncSync(fd);
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

/** A cache file's name (`<bundle hash>-<Node version>-<arch>-<key hash>.bin`), or a temporary one writeCacheFile left. */
const CACHE_NAME = /^[0-9a-f]{8,64}-v[0-9][0-9a-z.-]*-[0-9a-z]+-[0-9a-f]{8}\.bin(\.\d+\.\d+\.tmp)?$/;
const HOUR = 3600 * 1000;

/**
 * Removes from the cache folder `dir` the files that no longer serve: cache files not written for `maxAge` ms
 * (another bundle's, Node version's or kind of work's), temporaries older than an hour, and all but the newest
 * `keep` cache files. Only names of the cache's own pattern are touched; what cannot be read or removed stays.
 */
export function pruneCacheFolder(dir: string, keep = 64, maxAge = 30 * 24 * HOUR, now = Date.now()): void {
  let names: string[];
  try {
    names = readdirSync(dir).filter((n) => CACHE_NAME.test(n));
  } catch {
    return;
  }
  const kept: { path: string; mtime: number }[] = [];
  for (const name of names) {
    const path = join(dir, name);
    const mtime = statSync(path, { throwIfNoEntry: false })?.mtimeMs;
    if (mtime === undefined) continue;
    const temporary = name.endsWith('.tmp');
    if (now - mtime > (temporary ? HOUR : maxAge)) remove(path);
    else if (!temporary) kept.push({ path, mtime });
  }
  kept.sort((a, b) => b.mtime - a.mtime);
  for (const old of kept.slice(keep)) remove(old.path);
}

function remove(path: string): void {
  try {
    unlinkSync(path);
  } catch {}
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

/** A WebAssembly module a chunk of the bundle embeds, as wasm.bin gives it. */
export interface EmbeddedWasm {
  /** The chunk's file name. */
  chunk: string;
  /** The module's bytes (what the chunk decodes from its base64 text). */
  bytes: Buffer<ArrayBuffer>;
}

/**
 * Reads the bundle's wasm.bin (scripts/bundle-cli.mjs): "RMWA1\n", then per module a u32 LE length and the name of
 * the chunk that embeds it (Latin-1), a u32 LE length and the module's bytes. Undefined when the file is missing or
 * not one. Nothing checks the bytes: a chunk compiles its module from its own text, so a damaged copy here is at
 * worst compiled for nothing (precompileWasm).
 */
export function readWasmFile(path: string): EmbeddedWasm[] | undefined {
  let file: Buffer<ArrayBuffer>;
  try {
    file = readFileSync(path);
  } catch {
    return undefined;
  }
  if (file.toString('latin1', 0, WASM_MAGIC.length) !== WASM_MAGIC) return undefined;
  const modules: EmbeddedWasm[] = [];
  let at = WASM_MAGIC.length;
  const field = () => {
    if (file.length - at < 4) return undefined;
    const length = file.readUInt32LE(at);
    at += 4;
    if (length > file.length - at) return undefined;
    at += length;
    return file.subarray(at - length, at);
  };
  while (at < file.length) {
    const chunk = field();
    const bytes = chunk && field();
    if (!bytes) return undefined;
    modules.push({ chunk: chunk.toString('latin1'), bytes });
  }
  return modules;
}

/**
 * The modules precompileWasm compiled, kept for the process's life: V8 gives a module compiled from the same bytes
 * again only while some WebAssembly.Module still holds it.
 */
const precompiled: WebAssembly.Module[] = [];

/**
 * Starts compiling, on V8's background threads, the WebAssembly modules that `chunks` of the bundle in `dir` embed
 * (wasm.bin); the promise settles when they are compiled (or failed to). The T3DM writer compiles its modules
 * from the base64 text in its chunk with `new WebAssembly.Module`, synchronously, on the main thread, when a
 * conversion first needs each. V8 keeps the modules a process compiled by their bytes (its native module cache),
 * so the writer's compile then takes the module compiled here: the main thread neither decodes them nor, with
 * --no-wasm-lazy-compilation (bin/retromodel.cjs, one small model), compiles any function of them when first
 * called. The compiling overlaps the chunks' reading and deserialising; the caller waits for it to finish before
 * the work starts (the writer's own compile would otherwise not find it finished, and compile again). Callgrind,
 * all threads / main thread, V8's hash-seed prime search left out: glTF -> T3DM, 01_model 181.1 / 179.5 M ->
 * 185.1 / 171.7 M, the examples' median 188.6 / 183.5 M -> 192.7 / 178.8 M (with lazy compilation, compiling
 * ahead only moved the decoding: main 178.9 M).
 */
function precompileWasm(dir: string, chunks: readonly string[]): Promise<void> {
  if (typeof WebAssembly !== 'object') return Promise.resolve();
  const wanted = readWasmFile(`${dir}${sep}wasm.bin`)?.filter((m) => chunks.includes(m.chunk)) ?? [];
  return Promise.all(
    wanted.map((m) =>
      WebAssembly.compile(m.bytes).then(
        (compiled) => {
          precompiled.push(compiled);
        },
        () => {},
      ),
    ),
  ).then(() => {});
}

/** A CommonJS module's `require`, given by the CommonJS file that starts the bundle (it sits beside the chunks). */
type NodeRequire = ((id: string) => unknown) & { resolve(id: string): string };

/** What a chunk sees of its own location: import.meta.url and import.meta.resolve in the sources. */
interface ChunkMeta {
  readonly url: string;
  resolve(id: string): string;
}

/** A file's URL: node:url is loaded only for a chunk that asks. */
const fileUrl = (path: string) => process.getBuiltinModule('node:url').pathToFileURL(path).href;

/** A chunk's code as the function a CommonJS module is run as, with what the chunk sees of its location. */
const wrap = (source: string) => `(function (exports, require, module, __filename, __dirname, __bundle) {${source}\n})`;

type ChunkFunction = (...args: unknown[]) => void;

/**
 * Chunks of the bundle compiled together, as one script of an array of their functions, from the data of the
 * cache file at `path` when it has some: those `cache` lists. Any other chunk the group is asked for is compiled
 * on its own, and listed by the file the run writes. A kind of work has a group of its chunks, and one for each
 * rare chunk it loaded (see Chunks).
 */
class ChunkGroup {
  /** The listed chunks' functions, in the list's order. */
  private readonly listed = new Map<string, ChunkFunction>();
  /** The listed chunks' script, when there is a list. */
  private readonly script: Script | undefined;
  /** The script came from usable data. */
  private readonly cached: boolean = false;
  /** The chunks compiled on their own, in load order. */
  private readonly unlisted: string[] = [];

  /** `sourceOf(name)` reads a chunk's text; `filename` names the script of the listed chunks. */
  constructor(
    private readonly key: string,
    private readonly path: string | undefined,
    cache: CacheFile | undefined,
    sourceOf: (name: string) => string,
    filename: string,
  ) {
    if (!cache || cache.chunks.length === 0) return;
    let sources: string[];
    try {
      sources = cache.chunks.map(sourceOf);
    } catch {
      return;
    }
    const data = cache.data.length > 0 ? cache.data : undefined;
    this.script = new Script(
      `[${sources.map(wrap).join(',\n')}]`,
      data ? { filename, cachedData: data } : { filename },
    );
    const functions = this.script.runInThisContext() as ChunkFunction[];
    for (const [i, name] of cache.chunks.entries()) this.listed.set(name, functions[i]!);
    this.cached = data !== undefined && !this.script.cachedDataRejected;
  }

  /** True when the group's cache lists chunk `name`. */
  lists(name: string): boolean {
    return this.listed.has(name);
  }

  /** Chunk `name`'s function: the listed one, else compiled on its own from `source()`, at `path`. */
  functionOf(name: string, path: string, source: () => string): ChunkFunction {
    const listed = this.listed.get(name);
    if (listed) return listed;
    this.unlisted.push(name);
    return new Script(wrap(source()), { filename: path }).runInThisContext() as ChunkFunction;
  }

  /**
   * Writes the group's cache file when a chunk was not listed, or the listed ones had no usable data: every chunk
   * listed or compiled on its own, and V8's data for the listed ones' script (every function compiled by then)
   * when no other chunk was compiled; else none (the next run compiles the longer list as one script and writes
   * its data). True when written.
   */
  save(): boolean {
    if (!this.path || (this.unlisted.length === 0 && this.cached)) return false;
    const chunks = [...this.listed.keys(), ...this.unlisted];
    const data = this.script && this.unlisted.length === 0 ? this.script.createCachedData() : Buffer.alloc(0);
    return writeCacheFile(this.path, { key: this.key, chunks, data });
  }
}

/**
 * The bundle's chunks in `dir`, each run once, from the groups of the kind of work `key`. Each chunk of a rare path
 * (those the bundle's entry names, which only a rare path imports: a compressed glTF's decoders, the progress
 * bars of a batch on a terminal), with the chunks it requires that the kind of work's cache does not list, is a
 * group of its own, opened when the chunk is first required; the others are the kind of work's group. A process
 * that takes no rare path neither reads nor compiles them: one compressed model met once would otherwise have
 * every later conversion of its kind read and compile its decoders (590 KB) for nothing (callgrind, 01_model to
 * T3DM: 184.6 M instructions, 198.2 M with the decoders listed).
 */
class Chunks {
  private readonly loaded = new Map<string, object>();
  private readonly common: ChunkGroup;
  /** The rare chunks' groups, by the rare chunk's name. */
  private readonly rare = new Map<string, ChunkGroup>();

  /**
   * `cachePathOf(key)`: the cache file of a group's key (none without a cache folder); `cache`: the kind of work's,
   * read already; `entry`: the first chunk to run, whose text `entrySource` is read already.
   */
  constructor(
    private readonly dir: string,
    private readonly nodeRequire: NodeRequire,
    private readonly key: string,
    private readonly cachePathOf: (key: string) => string | undefined,
    private readonly rareChunks: ReadonlySet<string>,
    cache: CacheFile | undefined,
    entry: string,
    entrySource: string,
  ) {
    this.common = this.group(key, cache, (name) => (name === entry ? entrySource : readChunk(this.pathOf(name))));
  }

  private pathOf(name: string): string {
    // The folder and a chunk's plain name (no path.join: it normalises the whole path again for every chunk).
    return `${this.dir}${sep}${name}`;
  }

  private group(key: string, cache: CacheFile | undefined, sourceOf = (name: string) => readChunk(this.pathOf(name))) {
    return new ChunkGroup(key, this.cachePathOf(key), cache, sourceOf, this.pathOf(cache?.chunks[0] ?? ''));
  }

  /** Rare chunk `name`'s group, from its cache file (read when the chunk is first required). */
  private rareGroup(name: string): ChunkGroup {
    let group = this.rare.get(name);
    if (!group) {
      const key = `${this.key} rare ${name}`;
      const path = this.cachePathOf(key);
      group = this.group(key, path ? readCacheFile(path, key) : undefined);
      this.rare.set(name, group);
    }
    return group;
  }

  /**
   * The exports of chunk `name` (e.g. `retromodel.cjs`), run on first use; `source`: its text, when read already;
   * `within`: the rare group of the chunk that requires it.
   */
  require(name: string, source?: string, within?: ChunkGroup): object {
    const known = this.loaded.get(name);
    if (known) return known;
    const path = this.pathOf(name);
    let group = this.common;
    if (this.rareChunks.has(name)) group = this.rareGroup(name);
    else if (within && !this.common.lists(name)) group = within;
    const run = group.functionOf(name, path, () => source ?? readChunk(path));
    const module = { exports: {} };
    // Registered before it runs, as Node does: a chunk that requires this one back gets its exports so far.
    this.loaded.set(name, module.exports);
    const nodeRequire = this.nodeRequire;
    const meta: ChunkMeta = {
      get url() {
        return fileUrl(path);
      },
      resolve: (id) => fileUrl(nodeRequire.resolve(id)),
    };
    const rareGroup = group === this.common ? undefined : group;
    const requireChunk = (id: string) =>
      id.startsWith('./') ? this.require(id.slice(2), undefined, rareGroup) : nodeRequire(id);
    run(module.exports, requireChunk, module, path, this.dir, meta);
    this.loaded.set(name, module.exports);
    return module.exports;
  }

  /** Writes the groups' cache files that are stale (ChunkGroup.save); true when one was written. */
  save(): boolean {
    let written = this.common.save();
    for (const group of this.rare.values()) written = group.save() || written;
    return written;
  }
}

/**
 * A chunk's text. The chunks are ASCII (scripts/bundle-cli.mjs escapes the rest), so read as UTF-8 each is a
 * one-byte string all the same, and Node reads and decodes a file as UTF-8 in one call of its own, where Latin-1
 * goes through fs.readFileSync's JavaScript (open, stat, read, close, then the decoding): about 0.7 M
 * instructions less for the 26 chunks of one conversion to T3DM (callgrind).
 */
const readChunk = (path: string) => readFileSync(path, 'utf8');

/** FNV-1a of a string's UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return (h >>> 0).toString(16).padStart(8, '0');
}

/**
 * An entry chunk's first lines (scripts/bundle-cli.mjs): `// retromodel bundle <hash>`, which names the bundle,
 * then `// rare chunks: <names>` (space-separated, maybe none).
 */
const ENTRY_HEADER = /^\/\/ retromodel bundle ([0-9a-f]{8,64})\n(?:\/\/ rare chunks:([ \w.-]*)\n)?/;

/**
 * The chunks of the bundle in `dir` with the caches of the kind of work `key`, read from the cache folder when
 * there are usable ones; `save()` writes those in which a chunk had no usable data. `entry` is a chunk whose
 * first lines name the bundle and its rare chunks (ENTRY_HEADER): the cache is kept per bundle. With
 * `precompile`, `wasm` settles once the WebAssembly modules of the chunks the kind of work's cache lists are
 * compiled (precompileWasm); else at once.
 */
function openBundle(
  dir: string,
  entry: string,
  key: string,
  nodeRequire: NodeRequire,
  start?: StartCache,
  precompile = false,
) {
  const source = readChunk(join(dir, entry));
  const header = ENTRY_HEADER.exec(source.slice(0, 4096));
  const hash = header?.[1];
  const rareChunks = new Set(header?.[2]?.split(' ').filter((name) => name !== ''));
  const cacheDir = hash ? compileCacheDir() : undefined;
  // A hash of the key names the file (the key inside is checked): a key holds what the command line gave.
  const cachePathOf = (k: string) =>
    cacheDir && join(cacheDir, `${hash}-${process.version}-${process.arch}-${fnv1a(k)}.bin`);
  const cachePath = cachePathOf(key);
  const cache = cachePath ? readCacheFile(cachePath, key) : undefined;
  const wasm = precompile && cache ? precompileWasm(dir, cache.chunks) : undefined;
  const chunks = new Chunks(dir, nodeRequire, key, cachePathOf, rareChunks, cache, entry, source);
  return {
    exports: chunks.require(entry, source),
    wasm,
    save(): void {
      let written = chunks.save();
      if (start) written = writeStartCache(start.path, start.script.createCachedData()) || written;
      if (written && cacheDir) pruneCacheFolder(cacheDir);
    },
  };
}

/**
 * start.cjs's own cache, which the bin reads (and compiles this file with) before anything of the bundle runs:
 * given when the bin had no usable data for it, to be written after the run (with every function compiled by
 * then; writeStartCache). It lies beside the other cache files, named as they are: by the bundle's hash (which
 * start.cjs's first line names too) and an FNV-1a hash of `start.cjs <V8 flags>`. Without it, start.cjs (10 KB)
 * was compiled from source in every process, and each function of it that ran when first called.
 */
export interface StartCache {
  path: string;
  script: Script;
}

/** What the bundle's entry, retromodel.cjs, exports. */
interface CliExports {
  runCli(argv: string[], v8Tuning?: V8Tuning): Promise<void>;
}

/**
 * Runs the bundled CLI in `dir` with `argv`, compiled from the compile cache of its kind of work when there is
 * a usable one (and, where the bin set --no-wasm-lazy-compilation, the WebAssembly modules of the chunks it lists
 * compiled meanwhile: precompileWasm), and writes that cache after the run when a chunk had none. `nodeRequire` loads what the bundle
 * does not hold; `v8Tuning`, the V8 flags the bin set for this work, are part of the cache's key (V8 refuses
 * code compiled with other flags); `start`: start.cjs's own cache, to write after the run.
 */
export async function runBundle(
  dir: string,
  argv: string[],
  nodeRequire: NodeRequire,
  v8Tuning?: V8Tuning,
  start?: StartCache,
): Promise<void> {
  const key = v8Tuning ? `${workKey(argv)} ${v8Tuning.flags}` : workKey(argv);
  // Only where the bin has V8 compile WebAssembly eagerly (one small glTF to T3DM): with lazy compilation the
  // background would only decode the modules, and a T3DM read (the same chunk) needs none of the writer's.
  const eager = v8Tuning?.flags.split(' ').includes('--no-wasm-lazy-compilation') ?? false;
  const bundle = openBundle(dir, 'retromodel.cjs', key, nodeRequire, start, eager);
  try {
    await bundle.wasm;
    await (bundle.exports as CliExports).runCli(argv, v8Tuning);
  } finally {
    bundle.save();
  }
}

/** What the bundle's worker entry, worker.cjs, exports. */
interface WorkerExports {
  serveConvertJobs(onJobDone?: () => void, first?: unknown): void;
}

/**
 * Runs a batch's worker thread from the bundle in `dir`, with the cache kept for worker threads; the cache is
 * written after the thread's first job when a chunk had none (the pool ends its threads without notice).
 * The thread loads the Node modules the pool names (workerData.preload) and tells the pool it has started
 * (WORKER_READY), then loads the bundle when the first job comes: the pool starts its threads with V8's own flags,
 * so that Node's modules come from Node's code cache, and sets the bin's again before it sends them work
 * (v8-tuning.ts); the chunks' cached code was made with the bin's.
 */
export function runWorker(dir: string, nodeRequire: NodeRequire): void {
  const { parentPort, workerData } = nodeRequire('node:worker_threads') as typeof import('node:worker_threads');
  for (const id of (workerData as { preload?: string[] } | undefined)?.preload ?? []) nodeRequire(id);
  parentPort?.once('message', (first: unknown) => {
    const bundle = openBundle(dir, 'worker.cjs', 'worker', nodeRequire);
    let saved = false;
    (bundle.exports as WorkerExports).serveConvertJobs(() => {
      if (!saved) bundle.save();
      saved = true;
    }, first);
  });
  parentPort?.postMessage(WORKER_READY);
}

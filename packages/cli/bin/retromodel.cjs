#!/usr/bin/env node
// The `retromodel` command. This file is committed (not built) so that npm can link the bin when the
// package is installed, before the workspace build has written dist/. It is CommonJS: a process started from
// an ES module loads Node's ES module machinery first, about a third of what `retromodel --help` cost.
// It runs the bundled CLI (dist/bundle/, made by scripts/bundle-cli.mjs: a few chunks instead of several
// hundred modules to resolve and link, and of them only those the work needs) through a V8 code cache
// (dist/bundle/start.cjs, from src/compile-cache.ts), so a process does not compile again the code the last
// ones compiled. tsc's output dist/bin.js runs instead when there is no bundle, or in a checkout when `tsc -b`
// has rebuilt the packages since the bundle was made (tsc touches the CLI's build info whenever it or a
// package it depends on changes), so a stale bundle never runs.
'use strict';
const { readFileSync, statSync, writeSync } = require('node:fs');
const { join } = require('node:path');

// A conversion is short, and V8's defaults are tuned for long runs: measured on a batch of 55 .glb -> .t3dm,
// the optimising compiler's threads used more CPU than the conversion itself, a third of it compiling again
// functions deoptimised on types they had not met yet. Waiting for more type feedback before optimising, and
// inlining less, cut the batch's CPU time by about a quarter and its wall time by about a tenth (`npm run bench`,
// group cli, compares it with the untuned bundle); the code runs as fast once warm. An interrupt budget of
// 800,000 (12x V8's) rather than 400,000 cut the batch's instructions by 3% more (callgrind, all threads, code
// cache filled, seeds fixed: 1,990 -> 1,924 M; 17_culling's 2.1 MB scene 748 M either way). The young generation
// keeps V8's own growth (2x a step from 1 MB). Growing it 16x a step ran 4 scavenges instead of 15, but the
// heap it committed (39 MB against 16 MB) cost the kernel more, in pages mapped and cleared, than the scavenges
// it saved: the batch's CPU time 296 -> 277 ms with V8's growth (21 alternating runs, quartiles within 6 ms; the
// system's share 59 -> 41 ms), its page faults 17.7k -> 10.3k, its peak RSS 105 -> 76 MB. The flags are set
// before the CLI's code is loaded, so every function it compiles sees them; a batch's worker threads convert with
// them too (and the code cache of each kind of work is made and used with the same flags). Only for the commands
// that convert (see tuneV8).
// One glTF model of at most 1 MB converted to T3DM (a Makefile's rule per model) also keeps the T3DM writer's
// WebAssembly at V8's first tier (--liftoff-only): the optimising tier's background compiles cost such a
// process more than they save (callgrind, all threads: the examples' median 397 -> 355 M instructions,
// 01_model's 443 -> 389 M; node -e 0 is 77 M), while a 2 MB model or a batch gains from them (17_culling's
// 2.1 MB scene 2,333 -> 2,467 M with the flag). Such a process also compiles a function for Sparkplug (V8's
// baseline tier) as soon as its budget runs out, not once enough functions wait for it
// (--no-baseline-batch-compilation; callgrind, V8's hash-seed prime search left out: the examples' median
// 269 -> 254 M, 01_model 304 -> 282 M, cath.glb 681 -> 643 M, platformer.glb, 651 KB, 929 -> 919 M). A model
// of at most 512 KB also runs without TurboFan (--no-opt) and with V8's default interrupt budget instead of the
// larger one above (median 254 -> 249 M, 01_model 282 -> 274 M, box.glb 161 -> 159 M, 24_hdr_bloom's
// scene.glb, 355 KB, 401 -> 385 M, arcvis_baked_282.glb, 312 KB, 534 -> 487 M), which would cost platformer.glb
// more (919 -> 999 M). Such a process (at most 1 MB) compiles the writer's WebAssembly on V8's background threads
// while it loads the bundle (src/compile-cache.ts, precompileWasm), and then every function of it at once
// (--no-wasm-lazy-compilation), not each when first called on the main thread (callgrind, 01_model: the main
// thread's instructions 178.9 -> 172.7 M, all threads' 182.8 -> 184.6 M).
// Where the writer's WebAssembly does reach TurboFan (a batch, a model of more than 1 MB), TurboFan does not unroll
// its loops (--no-wasm-loop-unrolling): compiling the unrolled loops cost more than they saved (callgrind, all
// threads, code cache filled, seeds fixed: the 55 examples' batch 2,127 / 2,129 / 2,111 -> 2,086 / 2,084 / 2,117 M,
// 17_culling's 2.1 MB scene.glb 809 / 808 -> 774 / 776 M).
// Every converting process also runs without V8's compilation cache (--no-compilation-cache), which looks each
// script's source up by its hash before compiling it: each chunk of the bundle is compiled once a process (from
// the code cache), so the lookup never hits and only hashed the chunks' text (the examples' median 222 -> 219 M).
// V8 keeps compiled code only for the flags it was made with, so the flags are part of the code cache's key.
// That holds for Node's own modules too: Node compiles one from the code cache built into it, made with V8's
// default flags, so a module first loaded after the flags change is compiled again from its source, and
// lazily function by function (preloadBuiltins). A batch's worker thread would compile all of Node's bootstrap
// so, about as much again as the thread costs: the threads start with V8's own flags (src/v8-tuning.ts), which
// the bin gives back and sets again for the bundle (tuneV8).

/**
 * V8's own values of the integer flags above, in Node 20's V8 (`node --v8-options`); a boolean flag's own value
 * is the other one. Where a V8 has others, giving the flags back does not give V8 its own (the code cache's
 * version tag tells) and the threads start with the tuning, as before.
 */
const V8_DEFAULTS = {
  'interrupt-budget': 67584,
  'max-inlined-bytecode-size-cumulative': 920,
};

const argv = process.argv.slice(2);
const command = argv[0];
let v8Tuning;
if (command === 'convert' || command === 'gltf-to-t3d') {
  const size = oneGltfToT3dmSize(argv);
  let tuning =
    size !== undefined && size <= 1 << 19
      ? '--no-opt'
      : '--interrupt-budget=800000 --max-inlined-bytecode-size-cumulative=200 --no-wasm-loop-unrolling';
  if (size !== undefined && size <= 1 << 20)
    tuning += ' --liftoff-only --no-baseline-batch-compilation --no-wasm-lazy-compilation';
  tuning += ' --no-compilation-cache';
  preloadBuiltins(argv);
  v8Tuning = tuneV8(tuning);
}

/**
 * Sets V8 `flags`; returns what src/v8-tuning.ts takes: the flags, and the means to give V8 its own flags back
 * (true when V8 has them again: its code cache's version tag, which hashes the flags, is the one it had) and to
 * set `flags` again.
 */
function tuneV8(flags) {
  const v8 = v8Functions();
  const ownTag = v8.cachedDataVersionTag();
  v8.setFlagsFromString(flags);
  const own = (flag) => {
    const [name, value] = flag.slice(2).split('=');
    if (value !== undefined) return `--${name}=${V8_DEFAULTS[name]}`;
    return name.startsWith('no-') ? `--${name.slice(3)}` : `--no-${name}`;
  };
  return {
    flags,
    untune: () => {
      v8.setFlagsFromString(flags.split(' ').map(own).join(' '));
      return v8.cachedDataVersionTag() === ownTag;
    },
    retune: () => v8.setFlagsFromString(flags),
  };
}

/**
 * Loads, while V8's flags are still Node's, the Node modules that the conversion `args` asks for will load, so
 * they come from Node's built-in code cache (see above): node:vm, which start.cjs compiles the chunks with (the
 * examples' median 224 -> 222 M instructions, callgrind), and node:zlib with Node's stream modules, which the
 * glTF writer deflates PNG textures with, when the output is glTF (a J3D course to .glb: 1,652 -> 1,585 M; 8 M
 * for nothing when the models have no textures to write).
 */
function preloadBuiltins(args) {
  require('node:vm');
  if (args[0] === 'convert' && /^(glb|gltf)$/i.test(outputFormat(args))) require('node:zlib');
}

/** The format `convert args` writes: --to's, else -o's extension, else glb (as the convert command decides). */
function outputFormat(args) {
  let to;
  let output;
  for (let i = 1; i < args.length; i++) {
    if (args[i] === '--to') to = args[++i];
    else if (args[i].startsWith('--to=')) to = args[i].slice(5);
    else if (args[i] === '-o' || args[i] === '--output') output = args[++i];
    else if (args[i].startsWith('--output=')) output = args[i].slice(9);
  }
  return to ?? /\.([^./\\]+)$/.exec(output ?? '')?.[1] ?? 'glb';
}

/**
 * setFlagsFromString and cachedDataVersionTag as node:v8 has them: those of Node's `v8` binding where
 * process.binding gives it, as node:v8 does: node:v8 loads Node's stream and heap-snapshot modules (twenty-five),
 * which cost a process that converts one model about 8 M instructions (callgrind), a tenth of `node -e 0`, and
 * serve nothing here. process.binding('v8') is deprecated (DEP0111) and warns on first use: the warning is
 * silenced for that call only (process.noDeprecation, read when the warning is made; also under
 * --throw-deprecation). Where process.binding is gone, refuses `v8`, or the permission model denies it, node:v8.
 */
function v8Functions() {
  const noDeprecation = Object.getOwnPropertyDescriptor(process, 'noDeprecation');
  let binding;
  try {
    process.noDeprecation = true;
    binding = process.binding('v8');
  } catch {
  } finally {
    if (noDeprecation) Object.defineProperty(process, 'noDeprecation', noDeprecation);
    else delete process.noDeprecation;
  }
  return typeof binding?.setFlagsFromString === 'function' && typeof binding.cachedDataVersionTag === 'function'
    ? binding
    : require('node:v8');
}

/**
 * The size in bytes of the one .glb/.gltf file `argv` converts to T3DM, or undefined when it converts something
 * else: `gltf-to-t3d <in> <out>`, or `convert ... --to t3dm` where that file is the only file or folder the
 * arguments name (besides -o's).
 */
function oneGltfToT3dmSize(args) {
  const gltfSize = (path, stat = statSync(path, { throwIfNoEntry: false })) =>
    /\.(glb|gltf)$/i.test(path) && stat !== undefined && stat.isFile() ? stat.size : undefined;
  if (args[0] === 'gltf-to-t3d')
    return args.filter((a) => !a.startsWith('-')).length === 3 ? gltfSize(args[1]) : undefined;
  if (!args.some((a, i) => /^--to=t3dm$/i.test(a) || (a === '--to' && /^t3dm$/i.test(args[i + 1] ?? ''))))
    return undefined;
  let named;
  for (let i = 1; i < args.length; i++) {
    if (args[i] === '-o' || args[i] === '--output') i++;
    else {
      const stat = statSync(args[i], { throwIfNoEntry: false });
      if (stat === undefined) continue;
      if (named !== undefined) return undefined;
      named = { path: args[i], stat };
    }
  }
  return named && gltfSize(named.path, named.stat);
}

const bundle = join(__dirname, '..', 'dist', 'bundle');
const bundled = statSync(join(bundle, 'retromodel.cjs'), { throwIfNoEntry: false });
const compiled = statSync(join(__dirname, '..', 'tsconfig.tsbuildinfo'), { throwIfNoEntry: false });
if (bundled === undefined || (compiled !== undefined && compiled.mtimeMs > bundled.mtimeMs)) import('../dist/bin.js');
else if ((argv[0] === '--help' || argv[0] === '-h') && argv.length === 1 && process.platform !== 'win32')
  printHelp(readFileSync(join(bundle, 'help.txt')));
else {
  const start = runStart(join(bundle, 'start.cjs'), v8Tuning?.flags ?? '');
  process.on('beforeExit', endIfIdle);
  start.exports.runBundle(bundle, argv, require, v8Tuning, start.cache);
}

/**
 * Ends the process at once when nothing would run any more: Node emits 'beforeExit' when no handle or request
 * keeps its event loop alive (no worker thread, no write still under way to a pipe Node writes to asynchronously,
 * no timer) and every promise chain has settled; when nobody else listens for it (who would, could start more
 * work), process.exit() then ends the process as the loop's end would ('exit' listeners run, with the exit code
 * set), without Node's teardown of the environment and V8's heap: about 1 M instructions of a conversion to T3DM
 * (callgrind: the examples' median 209.7-209.8 -> 208.7-208.8 M). A listener, not a check from setImmediate after
 * the work: Node's timers code, compiled on first use, costs 1 M where nothing else sets an immediate (`node -e`,
 * callgrind); a conversion sets one anyway (src/signals.ts), so it saves 0.1 M there (the examples' median, V8's
 * seeds fixed: 206.12 -> 206.00 M).
 */
function endIfIdle() {
  if (process.listenerCount('beforeExit') === 1) process.exit();
}

/**
 * Runs start.cjs as Node runs a CommonJS module, but not through Node's module loader, which resolves the path
 * first (a stat, and fs.realpathSync's walk of its folders) and runs more of its own JavaScript, compiled on
 * first use: 1.45 M instructions less for the examples' median converted to T3DM (callgrind, V8's random seed
 * fixed: 234.00 -> 232.55 M). start.cjs requires only Node's modules. It is compiled from V8's data in its own
 * cache file when there is a usable one (startCache; src/compile-cache.ts's StartCache): else `cache` says where
 * start.cjs writes that file after the run.
 */
function runStart(path, flags) {
  const { Script } = require('node:vm');
  const source = readFileSync(path, 'utf8');
  const cache = startCache(source, flags);
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, cache?.data ? { filename: path, cachedData: cache.data } : { filename: path });
  const module = { exports: {} };
  script.runInThisContext()(module.exports, require, module, path, bundle);
  const stale = cache && (cache.data === undefined || script.cachedDataRejected);
  return { exports: module.exports, cache: stale ? { path: cache.path, script } : undefined };
}

/**
 * start.cjs's cache file for these V8 `flags`: where src/compile-cache.ts keeps the others (compileCacheDir), named
 * as they are (the bundle's hash, which start.cjs's first line gives, Node's version, the architecture, an FNV-1a
 * hash of `start.cjs <flags>`), and its data when the file is whole (its two copies equal); undefined without a
 * cache folder (NODE_DISABLE_COMPILE_CACHE) or a hash.
 */
function startCache(source, flags) {
  const env = process.env;
  const hash = /^\/\/ retromodel bundle ([0-9a-f]{8,64})\n/.exec(source.slice(0, 100));
  if (env.NODE_DISABLE_COMPILE_CACHE || !hash) return undefined;
  const home = () => env.HOME || require('node:os').homedir();
  const base =
    process.platform === 'win32'
      ? env.LOCALAPPDATA
      : process.platform === 'darwin'
        ? join(home(), 'Library', 'Caches')
        : env.XDG_CACHE_HOME || join(home(), '.cache');
  if (!base) return undefined;
  const key = `start.cjs ${flags}`;
  let fnv = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) fnv = Math.imul(fnv ^ key.charCodeAt(i), 0x01000193);
  const name = `${hash[1]}-${process.version}-${process.arch}-${(fnv >>> 0).toString(16).padStart(8, '0')}.bin`;
  const path = join(base, 'retromodel', 'compile-cache', name);
  let bytes;
  try {
    bytes = readFileSync(path);
  } catch {
    return { path };
  }
  // "RMCS1\n" and V8's data twice (src/compile-cache.ts's writeStartCache).
  const size = (bytes.length - 6) / 2;
  const data = bytes.subarray(6, 6 + size);
  const whole =
    size > 0 &&
    Number.isInteger(size) &&
    bytes.toString('latin1', 0, 6) === 'RMCS1\n' &&
    data.equals(bytes.subarray(6 + size));
  return { path, data: whole ? data : undefined };
}

/**
 * Prints `retromodel --help`'s text, which the bundle's build wrote (help.txt), as the CLI's io.ts writes:
 * straight to descriptor 1, ending quietly on a closed pipe (EPIPE), and through Node's stream for what a
 * non-blocking pipe will not take now (EAGAIN). Loading the bundle and its code cache for this fixed text cost
 * 14 M instructions, a sixth of `node -e 0` (callgrind: 90 M against 104 M; `node -e 0` 86 M).
 */
function printHelp(bytes) {
  let done = 0;
  try {
    while (done < bytes.length) done += writeSync(1, bytes, done);
  } catch (e) {
    if (e.code === 'EPIPE') process.exit(0);
    if (e.code !== 'EAGAIN') throw e;
    process.stdout.write(bytes.subarray(done));
  }
}

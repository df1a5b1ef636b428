#!/usr/bin/env node
/*
 * Bundles the `retromodel` command into packages/cli/dist/bundle/ (run by the root `prepare` and by the
 * package's `build` and `prepack`, after `tsc -b`). Loading the CLI from tsc's output means resolving, reading
 * and linking several hundred small ES modules of the workspace packages and @gltf-transform/* per process
 * (about 0.25 s). The bundle is split as esbuild splits it (entries, lazily imported parts, shared chunks): a
 * process loads only the chunks of the work it does (`--help` the entry and a few small chunks, a conversion
 * to T3DM the glTF reader and T3DM writer, not the J3D or JPOG codecs, glTF-Transform or the validator).
 * Each chunk is then made CommonJS (esbuild's transform: `import`/`export` become `require` and getters on
 * `exports`, `import()` a `require` in a promise), because Node 20 can keep V8's compiled code for a script
 * (src/compile-cache.ts, which bin/retromodel.cjs runs as start.cjs), not for an ES module: start.cjs compiles
 * every chunk through a code cache and gives each chunk a `require` that loads the others the same way.
 * Entries: retromodel.cjs (the command: run-cli.ts) and worker.cjs (a batch's worker thread: convert-worker.ts,
 * which convert-worker.cjs runs through start.cjs; run-batch.ts starts `./convert-worker.cjs` beside itself).
 * Each entry's first line, and start.cjs's, names the whole bundle's content, start.cjs included (`// retromodel
 * bundle <sha-256 prefix>`): the compile cache is kept per bundle. The entries' second line names the rare chunks
 * (`// rare chunks: <names>`, RARE_MODULES). Every file is ASCII only (other characters escaped), so each is a one-byte
 * string in V8 however start.cjs reads it. bin/retromodel.cjs runs the bundle when it is there and up to date. The old bundle is
 * removed first, so no stale file stays and the new files are newer than tsc's build info.
 * Beside the chunks: help.txt (`retromodel --help`'s text) and wasm.bin (the WebAssembly modules the chunks embed,
 * which start.cjs compiles in the background while it loads them).
 * No source map: the CLI prints error messages, not stacks, and the maps would point into node_modules.
 */
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build, transform } from 'esbuild';
import { assertNoStaticCycle, exportsAsValues } from './chunk-exports.mjs';

/**
 * The modules only a rare path imports (rareChunks): the decoders of a compressed glTF (a model met once in a
 * project would otherwise have every later conversion of its kind compile them) and the progress bars a batch
 * shows on a terminal (not in a Makefile's runs). start.cjs compiles each of them, with the chunks it needs that a
 * kind of work does not list, in a group of its own (compile-cache.ts, Chunks).
 */
const RARE_MODULES = [
  /[\\/]packages[\\/]gltf[\\/]dist[\\/]decompress-gltf\.js$/,
  /[\\/]node_modules[\\/]cli-progress[\\/]/,
];

const cli = join(import.meta.dirname, '..', 'packages', 'cli');
// An other folder may be given (the tests bundle into a temporary copy of the package); it is emptied first.
const outdir = resolve(process.argv[2] ?? join(cli, 'dist', 'bundle'));
const { version } = (await import(join(cli, 'package.json'), { with: { type: 'json' } })).default;

rmSync(outdir, { recursive: true, force: true });
const { metafile } = await build({
  // tsc's output, so the bundle is exactly the code `tsc -b` type-checked and the fallback would run.
  entryPoints: {
    retromodel: join(cli, 'dist', 'run-cli.js'),
    worker: join(cli, 'dist', 'batch', 'convert-worker.js'),
  },
  outdir,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  charset: 'ascii',
  define: {
    // main.ts reads the version from ../package.json when this is not defined; from dist/bundle/ that path would be wrong.
    RETROMODEL_VERSION: JSON.stringify(version),
    // A chunk run by start.cjs is a CommonJS script: its own URL, and resolution from its folder, are given to it.
    'import.meta.url': '__bundle.url',
    'import.meta.resolve': '__bundle.resolve',
  },
  // fflate's Node build loads node:worker_threads at start-up for its asynchronous functions; the PNG codec
  // (fast-png) calls only the synchronous ones, which the browser build has the same.
  alias: { fflate: 'fflate/browser' },
  // draco3dgltf is Node CommonJS that finds its WebAssembly beside itself (__dirname): it stays in node_modules,
  // loaded only when a Draco-compressed glTF is read.
  external: ['draco3dgltf'],
  legalComments: 'none',
  logLevel: 'warning',
  metafile: true,
});

// Each chunk as CommonJS. What the bundle does not hold (worker threads, the Draco decoder) is required, not
// imported: a script compiled from a code cache has no dynamic import() on Node 20. esbuild escapes what is
// not ASCII in strings and names and keeps some comments as written: escaped too (a \u escape means the same
// character anywhere in code), so every file is ASCII, one byte a character.
const chunks = readdirSync(outdir).sort();
const hash = createHash('sha256');
const code = new Map();
for (const name of chunks) {
  // esbuild names the module each part of a chunk comes from in a comment (`// packages/j3d/dist/x.js`); the
  // transform keeps only legal comments, so they are marked as such (`//!`) for it and unmarked after.
  const esm = readFileSync(join(outdir, name), 'utf8').replace(/^\/\/ (?=(?:node_modules|packages)\/)/gm, '//! ');
  const { code: marked } = await transform(esm, {
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    charset: 'ascii',
    supported: { 'dynamic-import': false },
    legalComments: 'inline',
    logLevel: 'warning',
  });
  // esbuild's CommonJS exports are getters on an object (`__export`) that `__toCommonJS` copies, getter by
  // getter, to a second one: every chunk a process loads paid for both (about 2.5 M instructions of one small
  // conversion's chunk set, callgrind) and every use of another chunk's export called two getters. The first
  // object, marked `__esModule` as the copy is, serves the same.
  const cjs = exportsAsValues(
    marked
      .replace(/^(\s*)\/\/! (?=(?:node_modules|packages)\/)/gm, '$1// ')
      .replace(
        /^module\.exports = __toCommonJS\((\w+)\);$/m,
        'module.exports = __defProp($1, "__esModule", { value: true });',
      ),
    name,
  )
    // A chunk's exports object is marked `__esModule` already: __toESM would only copy it, getter by getter.
    .replace(/__toESM\((require\("\.\/[\w-]+\.cjs"\))\)/g, '$1');
  const ascii = cjs.replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  code.set(name, ascii);
  hash.update(`${name}\n${ascii}\n`);
}

assertNoStaticCycle(code);

// What the bin runs first (a CommonJS bin loads no ES module machinery): the chunk loader with its code cache.
// Part of the bundle's hash, and named by it on its first line too: the bin keeps V8's code for it in the cache.
const [{ text: start }] = (
  await build({
    entryPoints: [join(cli, 'dist', 'compile-cache.js')],
    write: false,
    bundle: true,
    format: 'cjs',
    platform: 'node',
    target: 'node20',
    charset: 'ascii',
    legalComments: 'none',
    logLevel: 'warning',
  })
).outputFiles;
code.set('start.cjs', start);
hash.update(`start.cjs\n${start}\n`);
const bundleHash = hash.digest('hex').slice(0, 32);
const rare = rareChunks(metafile);
for (const [name, ascii] of code) {
  let header = '';
  if (name === 'start.cjs') header = `// retromodel bundle ${bundleHash}\n`;
  else if (name === 'retromodel.cjs' || name === 'worker.cjs')
    header = `// retromodel bundle ${bundleHash}\n// rare chunks: ${rare.join(' ')}\n`;
  writeFileSync(join(outdir, name), header + ascii, 'latin1');
}

// The WebAssembly modules the chunks embed as base64 text (the T3DM writer's, the scene's value checks, the J3D
// texture sums), each with its chunk's name, for start.cjs to compile in the background while it loads those
// chunks (compile-cache.ts, precompileWasm; the format is readWasmFile's): "RMWA1\n", then per module a u32 LE
// length and the chunk's name, a u32 LE length and the module. A module's base64 text begins "AGFzbQ" ("\0asm").
const u32 = (n) => {
  const b = Buffer.alloc(4);
  b.writeUInt32LE(n);
  return b;
};
const wasm = [Buffer.from('RMWA1\n', 'latin1')];
for (const [name, ascii] of code)
  for (const [, base64] of ascii.matchAll(/"(AGFzbQ[A-Za-z0-9+/]*={0,2})"/g)) {
    const bytes = Buffer.from(base64, 'base64');
    wasm.push(u32(name.length), Buffer.from(name, 'latin1'), u32(bytes.length), bytes);
  }
writeFileSync(join(outdir, 'wasm.bin'), Buffer.concat(wasm));

writeFileSync(
  join(outdir, 'convert-worker.cjs'),
  "// A batch's worker thread: the bundle's worker.cjs, through the code cache.\nrequire('./start.cjs').runWorker(__dirname, require);\n",
);
// `retromodel --help` alone: the text, which depends on nothing but the code, made now; the bin prints it
// without loading the bundle (a tenth of a Node start-up saved).
const { overviewHelp } = await import(join(cli, 'dist', 'command-specs.js'));
writeFileSync(join(outdir, 'help.txt'), `${overviewHelp()}\n`);

/**
 * The chunks of the modules RARE_MODULES names, which only a dynamic import loads (esbuild's `meta`, whose paths
 * are relative to the folder the build runs in: the repository's, or packages/cli's when npm packs it).
 */
function rareChunks(meta) {
  const rare = Object.entries(meta.outputs)
    .map(([path, output]) => ({ name: path.split('/').pop(), entry: resolve(output.entryPoint ?? '.') }))
    .filter(({ entry }) => RARE_MODULES.some((m) => m.test(entry)));
  for (const module of RARE_MODULES)
    if (!rare.some(({ entry }) => module.test(entry)))
      throw new Error(`bundle-cli: no chunk of its own for the rare module ${module}`);
  return rare.map(({ name }) => name).sort();
}

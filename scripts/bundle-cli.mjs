#!/usr/bin/env node
/*
 * Bundles the `retromodel` command into packages/cli/dist/bundle/ (run by the root `prepare` and by the
 * package's `build` and `prepack`, after `tsc -b`). Loading the CLI from tsc's output means resolving, reading
 * and linking several hundred small ES modules of the workspace packages and @gltf-transform/* per process
 * (about 0.25 s); the bundle is one CommonJS file, retromodel.cjs, which bin/retromodel.cjs compiles through a
 * V8 code cache (src/compile-cache.ts: Node 20 can cache a script's compiled code, not an ES module's), and
 * convert-worker.cjs, the batch's worker thread, which runs the same file's serveConvertJobs (run-batch.ts
 * starts `./convert-worker.cjs` beside itself). What only some commands need (formats, glTF-Transform, the
 * archive codecs, the Khronos validator, the progress bar) is imported with import() in the sources: in the
 * bundle those modules are compiled only when first called, so a process parses no more than it runs.
 * The bundle's first line names its content (`// retromodel bundle <sha-256 prefix>`): the compile cache is kept
 * per bundle. The file is ASCII only (other characters escaped), so the bin reads it as Latin-1.
 * bin/retromodel.cjs runs the bundle when it is there and up to date. The old bundle is removed first, so no
 * stale file stays and the new files are newer than tsc's build info.
 * No source map: the CLI prints error messages, not stacks, and the maps would point into node_modules.
 */
import { createHash } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const cli = join(import.meta.dirname, '..', 'packages', 'cli');
// An other folder may be given (the tests bundle into a temporary copy of the package); it is emptied first.
const outdir = resolve(process.argv[2] ?? join(cli, 'dist', 'bundle'));
const { version } = (await import(join(cli, 'package.json'), { with: { type: 'json' } })).default;

rmSync(outdir, { recursive: true, force: true });
const bundle = join(outdir, 'retromodel.cjs');
await build({
  // tsc's output, so the bundle is exactly the code `tsc -b` type-checked and the fallback would run.
  entryPoints: [join(cli, 'dist', 'run-cli.js')],
  outfile: bundle,
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  charset: 'ascii',
  // What the bundle does not hold (worker threads, the Draco decoder) is required, not imported: a script
  // compiled from a code cache has no dynamic import() on Node 20.
  supported: { 'dynamic-import': false },
  define: {
    // main.ts reads the version from ../package.json when this is not defined; from dist/bundle/ that path would be wrong.
    RETROMODEL_VERSION: JSON.stringify(version),
    // A CommonJS file has no import.meta: the bundle's own URL, and resolution from its folder, stand in.
    'import.meta.url': '__bundleUrl',
    'import.meta.resolve': '__bundleResolve',
  },
  banner: {
    js: [
      'const __bundleUrl = require("node:url").pathToFileURL(__filename).href;',
      'const __bundleResolve = (id) => require("node:url").pathToFileURL(require.resolve(id)).href;',
    ].join('\n'),
  },
  // fflate's Node build loads node:worker_threads at start-up for its asynchronous functions; the PNG codec
  // (fast-png) calls only the synchronous ones, which the browser build has the same.
  alias: { fflate: 'fflate/browser' },
  // draco3dgltf is Node CommonJS that finds its WebAssembly beside itself (__dirname): it stays in node_modules,
  // loaded only when a Draco-compressed glTF is read.
  external: ['draco3dgltf'],
  legalComments: 'none',
  logLevel: 'warning',
});
// esbuild escapes what is not ASCII in strings and names, and keeps some comments as written: escaped too (a
// \u escape means the same character anywhere in code), the file is ASCII, one byte a character.
const code = readFileSync(bundle, 'utf8').replace(
  /[\u0080-\uffff]/g,
  (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
);
const hash = createHash('sha256').update(code).digest('hex').slice(0, 32);
writeFileSync(bundle, `// retromodel bundle ${hash}\n${code}`, 'latin1');
// What the bin runs first (a CommonJS bin loads no ES module machinery): the compile-cache loader.
await build({
  entryPoints: [join(cli, 'dist', 'compile-cache.js')],
  outfile: join(outdir, 'start.cjs'),
  bundle: true,
  format: 'cjs',
  platform: 'node',
  target: 'node20',
  legalComments: 'none',
  logLevel: 'warning',
});
writeFileSync(
  join(outdir, 'convert-worker.cjs'),
  "// A batch's worker thread: the bundle's serveConvertJobs.\nrequire('./retromodel.cjs').serveConvertJobs();\n",
);

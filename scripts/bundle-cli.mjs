#!/usr/bin/env node
/*
 * Bundles the `retromodel` command into packages/cli/dist/bundle/ (run by the root `prepare` and by the
 * package's `build` and `prepack`, after `tsc -b`). Loading the CLI from tsc's output means resolving, reading
 * and linking several hundred small ES modules of the workspace packages and @gltf-transform/* per process
 * (about 0.25 s); the bundle is one entry file for the command, one for the batch worker thread
 * (run-batch.ts starts `./convert-worker.js` beside itself, so it must keep that name), and chunks for the
 * code only some commands load through `import()` (formats, glTF-Transform, the archive codecs, the Khronos
 * validator, the progress bar). bin/retromodel.js runs the bundle when it is there and up to date.
 * The old bundle is removed first, so no stale chunk stays and the new files are newer than tsc's build info.
 * No source map: the CLI prints error messages, not stacks, and the maps would point into node_modules.
 */
import { rmSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { build } from 'esbuild';

const cli = join(import.meta.dirname, '..', 'packages', 'cli');
// An other folder may be given (the tests bundle into a temporary copy of the package); it is emptied first.
const outdir = resolve(process.argv[2] ?? join(cli, 'dist', 'bundle'));
const { version } = (await import(join(cli, 'package.json'), { with: { type: 'json' } })).default;

rmSync(outdir, { recursive: true, force: true });
await build({
  // tsc's output, so the bundle is exactly the code `tsc -b` type-checked and the fallback would run.
  entryPoints: {
    retromodel: join(cli, 'dist', 'bin.js'),
    'convert-worker': join(cli, 'dist', 'batch', 'convert-worker.js'),
  },
  outdir,
  bundle: true,
  splitting: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  chunkNames: 'chunk-[hash]',
  // CommonJS dependencies (cli-progress, the Dart-compiled validator) call require() for Node built-ins, which
  // ES module output has no binding for. Only built-ins are left to require at run time (everything else is
  // bundled), and process.getBuiltinModule gives those without loading node:module into every process.
  banner: { js: 'const require = (id) => process.getBuiltinModule(id);' },
  // main.ts reads the version from ../package.json when this is not defined; from dist/bundle/ that path would be wrong.
  define: { RETROMODEL_VERSION: JSON.stringify(version) },
  // fflate's Node build loads node:worker_threads at start-up for its asynchronous functions; the PNG codec
  // (fast-png) calls only the synchronous ones, which the browser build has the same.
  alias: { fflate: 'fflate/browser' },
  // draco3dgltf is Node CommonJS that finds its WebAssembly beside itself (__dirname): it stays in node_modules,
  // loaded only when a Draco-compressed glTF is read.
  external: ['draco3dgltf'],
  legalComments: 'none',
  logLevel: 'warning',
});

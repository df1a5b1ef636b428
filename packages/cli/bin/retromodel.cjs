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
const { statSync } = require('node:fs');
const { join } = require('node:path');

// A conversion is short, and V8's defaults are tuned for long runs: measured on a batch of 55 .glb -> .t3dm,
// the optimising compiler's threads used more CPU than the conversion itself, a third of it compiling again
// functions deoptimised on types they had not met yet. Waiting for more type feedback before optimising, and
// inlining less, cut the batch's CPU time by about a quarter and its wall time by about a tenth (`npm run bench`,
// group cli, compares it with the untuned bundle); the code runs as fast once warm. The young generation starts
// at 1 MB and grows 2x per step (V8's default), so the batch ran 60 scavenges, most while it was small; growing
// 16x per step (to the same 16 MB at most) leaves about 23 and cut the batch's CPU time by about a tenth (peak
// RSS +15 MB). V8 reads that flag when the space grows, so it can be set here. Set before the CLI's code is
// loaded, so every function it compiles sees them; worker threads share them (and the code cache of each kind
// of work is made and used with the same flags). Only for the commands that convert: node:v8 loads Node's
// stream modules, which cost `--help` or `ls` a tenth of a Node start-up and spare them nothing.
const command = process.argv[2];
if (command === 'convert' || command === 'gltf-to-t3d')
  require('node:v8').setFlagsFromString(
    '--interrupt-budget=400000 --max-inlined-bytecode-size-cumulative=200 --semi-space-growth-factor=16',
  );

const bundle = join(__dirname, '..', 'dist', 'bundle');
const bundled = statSync(join(bundle, 'retromodel.cjs'), { throwIfNoEntry: false });
const compiled = statSync(join(__dirname, '..', 'tsconfig.tsbuildinfo'), { throwIfNoEntry: false });
if (bundled !== undefined && (compiled === undefined || compiled.mtimeMs <= bundled.mtimeMs))
  require('../dist/bundle/start.cjs').runBundle(bundle, process.argv.slice(2), require);
else import('../dist/bin.js');

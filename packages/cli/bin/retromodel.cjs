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

const bundle = join(__dirname, '..', 'dist', 'bundle');
const bundled = statSync(join(bundle, 'retromodel.cjs'), { throwIfNoEntry: false });
const compiled = statSync(join(__dirname, '..', 'tsconfig.tsbuildinfo'), { throwIfNoEntry: false });
if (bundled !== undefined && (compiled === undefined || compiled.mtimeMs <= bundled.mtimeMs))
  require('../dist/bundle/start.cjs').runBundle(bundle, process.argv.slice(2), require);
else import('../dist/bin.js');

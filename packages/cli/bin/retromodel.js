#!/usr/bin/env node
// The `retromodel` command. This file is committed (not built) so that npm can link the bin when the
// package is installed, before the workspace build has written dist/.
// It runs the bundled CLI (dist/bundle/, made by scripts/bundle-cli.mjs: a few files instead of several hundred
// modules to resolve and link). tsc's output dist/bin.js runs instead when there is no bundle, or in a checkout
// when `tsc -b` has rebuilt the packages since the bundle was made (tsc touches the CLI's build info whenever
// it or a package it depends on changes), so a stale bundle never runs.
import { statSync } from 'node:fs';

const bundle = statSync(new URL('../dist/bundle/retromodel.js', import.meta.url), { throwIfNoEntry: false });
const compiled = statSync(new URL('../tsconfig.tsbuildinfo', import.meta.url), { throwIfNoEntry: false });
const useBundle = bundle !== undefined && (compiled === undefined || compiled.mtimeMs <= bundle.mtimeMs);
await import(useBundle ? '../dist/bundle/retromodel.js' : '../dist/bin.js');

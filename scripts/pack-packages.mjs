#!/usr/bin/env node
/*
 * `npm run pack-packages -- <folder>`: one tarball per public workspace package (npm pack of each; the
 * private @retromodel/test-utils is left out), written to <folder> (default: tarballs/).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const destination = resolve(process.argv[2] ?? 'tarballs');
const manifests = ['packages', 'plugins']
  .flatMap((folder) => readdirSync(folder).map((name) => join(folder, name, 'package.json')))
  .filter((path) => existsSync(path));
const publicDirs = manifests
  .filter((path) => !JSON.parse(readFileSync(path, 'utf8')).private)
  .map((path) => path.slice(0, -'/package.json'.length));
mkdirSync(destination, { recursive: true });
const workspaces = publicDirs.flatMap((dir) => ['--workspace', dir]);
execFileSync('npm', ['pack', ...workspaces, '--pack-destination', destination, '--silent'], { stdio: 'inherit' });

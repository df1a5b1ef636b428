#!/usr/bin/env node
/*
 * Runs in a workspace package around `npm pack`/`npm publish` (its prepack and postpack scripts).
 *   strip:   keeps package.json as `.package.json.dev` and writes the manifest users get: the `source`
 *            export condition (which points at TypeScript sources for the repository's own tests) removed,
 *            so no consumer's bundler resolves it.
 *   restore: puts the development manifest back.
 * A `strip` that finds a kept manifest from an interrupted pack restores it first, so nothing is lost.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';

const manifest = 'package.json';
const kept = '.package.json.dev';
const mode = process.argv[2];

function withoutSource(exportsField) {
  if (typeof exportsField !== 'object' || exportsField === null) return exportsField;
  return Object.fromEntries(
    Object.entries(exportsField)
      .filter(([key]) => key !== 'source')
      .map(([key, value]) => [key, withoutSource(value)]),
  );
}

if (mode === 'strip') {
  if (existsSync(kept)) renameSync(kept, manifest);
  const text = readFileSync(manifest, 'utf8');
  const pkg = JSON.parse(text);
  writeFileSync(kept, text);
  pkg.exports = withoutSource(pkg.exports);
  writeFileSync(manifest, `${JSON.stringify(pkg, null, 2)}\n`);
} else if (mode === 'restore') {
  if (existsSync(kept)) renameSync(kept, manifest);
} else {
  console.error('usage: pack-manifest.mjs strip|restore');
  process.exit(2);
}

#!/usr/bin/env node
/*
 * The README's command reference is the built bin's own help: `retromodel --help`, then `retromodel <command>
 * --help` for every command that overview lists, each in a ```text block, between the markers
 * `<!-- command-reference -->` and `<!-- /command-reference -->`. Run after changing a help text (after
 * `npm run prepare`): `node scripts/readme-help.mjs` rewrites that part of README.md; a test
 * (test/cli/cli-usage.test.ts) fails while it differs from what the bin prints.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'packages', 'cli', 'bin', 'retromodel.js');
export const readmePath = join(root, 'README.md');
const begin = '<!-- command-reference -->';
const end = '<!-- /command-reference -->';

/** The command names the overview lists under `commands:`. */
export function commandNames(overview) {
  const block = overview.split('\ncommands:\n')[1]?.split('\n\n')[0] ?? '';
  return block.split('\n').map((line) => line.trim().split(/\s+/)[0]);
}

/** The reference block: every help text, as `help(args)` returns what the bin prints for `args`. */
export function commandReference(help) {
  const overview = help(['--help']);
  const texts = [overview, ...commandNames(overview).map((name) => help([name, '--help']))];
  return [begin, ...texts.map((t) => `\`\`\`text\n${t.trimEnd()}\n\`\`\`\n`), end].join('\n');
}

/** The README's reference block as it is now (markers included), or undefined when the markers are missing. */
export function readmeReference(readme) {
  const from = readme.indexOf(begin);
  const to = readme.indexOf(end);
  return from < 0 || to < from ? undefined : readme.slice(from, to + end.length);
}

const runBin = (args) => execFileSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

if (process.argv[1] === import.meta.filename) {
  const readme = readFileSync(readmePath, 'utf8');
  const current = readmeReference(readme);
  if (current === undefined) throw new Error(`README.md has no ${begin} … ${end} block`);
  writeFileSync(readmePath, readme.replace(current, commandReference(runBin)));
}

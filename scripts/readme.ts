/*
 * Parts of README.md written from the sources, each between `<!-- name -->` and `<!-- /name -->` markers:
 *   command-reference  the built bin's own help: `retromodel --help`, then `retromodel <command> --help` for every
 *                      command that overview lists, each in a ```text block;
 *   diagnostic-codes   every diagnostic code (packages/transcode/src/diagnostic-codes.ts) with its severity,
 *                      whether it loses something visible, and what it means.
 * `npm run readme` (after `npm run prepare`, as it runs the bin) rewrites them; a test fails while either differs.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { diagnosticCodes } from '../packages/transcode/src/diagnostic-codes.js';

const root = join(import.meta.dirname, '..');
const bin = join(root, 'packages', 'cli', 'bin', 'retromodel.cjs');
export const readmePath = join(root, 'README.md');

const markers = (name: string) => [`<!-- ${name} -->`, `<!-- /${name} -->`] as const;

/** The command names the overview lists under `commands:`. */
export function commandNames(overview: string): string[] {
  const block = overview.split('\ncommands:\n')[1]?.split('\n\n')[0] ?? '';
  return block.split('\n').map((line) => line.trim().split(/\s+/)[0]!);
}

/** The command reference: every help text, as `help(args)` returns what the bin prints for `args`. */
export function commandReference(help: (args: string[]) => string): string {
  const overview = help(['--help']);
  const texts = [overview, ...commandNames(overview).map((name) => help([name, '--help']))];
  const [begin, end] = markers('command-reference');
  return [begin, ...texts.map((t) => `\`\`\`text\n${t.trimEnd()}\n\`\`\`\n`), end].join('\n');
}

/** The table of diagnostic codes. */
export function codeTable(): string {
  const [begin, end] = markers('diagnostic-codes');
  const cell = (s: string) => s.replace(/\|/g, '\\|');
  return [
    begin,
    '| code | severity | loses something visible | what it means |',
    '| --- | --- | --- | --- |',
    ...diagnosticCodes.map(
      (c) => `| \`${c.code}\` | ${[c.severity].flat().join(', ')} | ${c.visible ? 'yes' : 'no'} | ${cell(c.meaning)} |`,
    ),
    end,
  ].join('\n');
}

/** The README's block `name` as it is now (markers included), or undefined when its markers are missing. */
export function readmeBlock(readme: string, name: string): string | undefined {
  const [begin, end] = markers(name);
  const from = readme.indexOf(begin);
  const to = readme.indexOf(end);
  return from < 0 || to < from ? undefined : readme.slice(from, to + end.length);
}

const runBin = (args: string[]) => execFileSync(process.execPath, [bin, ...args], { encoding: 'utf8' });

if (process.argv[1] === import.meta.filename) {
  let readme = readFileSync(readmePath, 'utf8');
  for (const [name, text] of [
    ['command-reference', commandReference(runBin)],
    ['diagnostic-codes', codeTable()],
  ] as const) {
    const current = readmeBlock(readme, name);
    if (current === undefined) throw new Error(`README.md has no <!-- ${name} --> block`);
    readme = readme.replace(current, text);
  }
  writeFileSync(readmePath, readme);
}

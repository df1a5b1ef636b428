/*
 * `npm start`: the main job on the project's own sample models. Converts everything in fixtures/ to GLB in
 * out/, makes the T3DM outputs listed below, runs the Khronos validator on every GLB written, and prints a
 * summary. Exits non-zero when a conversion or a validation fails. Options after `npm start --` go to every
 * `convert` (`npm start -- --verbose` shows the notes a summary counts).
 */
import { readdir, rm } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { main } from '@retromodel/cli';

const root = join(import.meta.dirname, '..');
const fixtures = join(root, 'fixtures');
const out = join(root, 'out');

/** Extra conversions beyond "everything to GLB": [input under fixtures/, output under out/]. */
const extraJobs: [string, string][] = [
  // One folder each: T3DM models name their textures by image name, and two samples have a "checker".
  ['cube.glb', 't3dm/cube/cube.t3dm'],
  ['j3d/sample.bmd', 't3dm/sample-bmd/sample-bmd.t3dm'],
  ['tmd/sample.tmd', 't3dm/sample-tmd/sample-tmd.t3dm'],
];

async function listFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name))
    .sort();
}

/** Options for every convert, as `npm start -- --verbose` passes them. */
const convertOptions = process.argv.slice(2);

await rm(out, { recursive: true, force: true });
let failures = 0;
console.log(
  `converting ${relative(root, fixtures)}/ to ${relative(root, out)}/` +
    (convertOptions.length ? ` with ${convertOptions.join(' ')}` : ' (npm start -- <options> passes convert options)'),
);
const convert = (...args: string[]) => main(['convert', ...args, ...convertOptions]);
failures += await convert(fixtures, '-o', out);
for (const [input, output] of extraJobs) failures += await convert(join(fixtures, input), '-o', join(out, output));
// Back from T3DM to GLB, so the N64 output is read again and validated too.
failures += await convert(join(out, 't3dm'), '-o', join(out, 't3dm-back'));

console.log('validating every GLB written:');
for (const file of (await listFiles(out)).filter((f) => f.endsWith('.glb'))) failures += await main(['validate', file]);
console.log(failures ? `npm start: ${failures} problem(s)` : 'npm start: all samples converted and valid');
process.exitCode = failures ? 1 : 0;

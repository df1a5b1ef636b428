/*
 * The `retromodel` command as a user runs it, in real processes of the built bin (built here first):
 * start-up (`--help`, and `info` of a BTI, which needs no glTF library) against `node -e 0`, and a batch of
 * every shared Tiny3D example .glb converted to T3DM in two threads (this one and a worker) against the same
 * batch in one thread (`--jobs 1`), both measured in this run.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fixture, haveFixtures, listFixtures, repoPath } from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.js');
const node = (args: string[]) => execFileSync(process.execPath, args, { stdio: 'ignore' });
const nodeAlone = { name: 'node -e 0', run: () => node(['-e', '0']) };

export function cases(): BenchCase[] {
  execFileSync(process.execPath, [repoPath('node_modules', 'typescript', 'bin', 'tsc'), '-b', repoPath()]);
  const startUp: BenchCase[] = [
    {
      group: 'cli',
      name: 'start-up: retromodel --help',
      bytesIn: 0,
      iterations: 10,
      baseline: nodeAlone,
      run: () => node([bin, '--help']),
    },
  ];
  if (!haveFixtures) return startUp;
  const bti = fixture('j3d', 'community_mkdd_track_name_IA4.bti');
  startUp.push({
    group: 'cli',
    name: 'start-up: retromodel info <.bti>',
    bytesIn: statSync(bti).size,
    iterations: 10,
    baseline: nodeAlone,
    run: () => node([bin, 'info', bti]),
  });
  const glbs = listFixtures('t3dm', /\.glb$/).map((f) => fixture(f));
  const bytesIn = glbs.reduce((s, f) => s + statSync(f).size, 0);
  const out = mkdtempSync(join(tmpdir(), 'retromodel-bench-cli-'));
  const batch = (jobs: string) => () => {
    rmSync(out, { recursive: true, force: true });
    node([bin, 'convert', ...glbs, '-o', out, '--to', 't3dm', '--quiet', '--jobs', jobs]);
  };
  return [
    ...startUp,
    {
      group: 'cli',
      name: `batch: ${glbs.length} .glb -> .t3dm, --jobs 2`,
      bytesIn,
      unit: 'files',
      units: glbs.length,
      iterations: 5,
      baseline: { name: '--jobs 1', run: batch('1') },
      run: batch(String(Math.min(8, globalThis.navigator?.hardwareConcurrency ?? 2))),
    },
  ];
}

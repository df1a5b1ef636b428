/*
 * Peak memory per shared file (issue floor: peak RSS ≤ 20 × the file's size + 150 MB), each file in its own
 * process of the built `retromodel` bin as a user runs it: models converted (J3D, BTI, TMD and T3DM to GLB,
 * GLB to T3DM), archives extracted. A preloaded module prints the process's peak RSS as it exits. One case per
 * kind of input runs all its files; its peak RSS column is the highest child peak, and `other` names the file
 * closest to its limit. These cases run once; their time is that of the whole kind, not a figure of merit.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { rmSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { fixture, haveFixtures, listFixtures, listFuzzTargets, repoPath } from '@retromodel/test-utils';
import { type BenchCase, benchFolder } from '../harness.js';

const MB = 1024 * 1024;
const limitMb = (bytes: number) => (20 * bytes) / MB + 150;
/**
 * Printed by each child as it exits: its peak RSS in KB. On Linux that is VmHWM from /proc, the high-water mark of
 * the process's own memory: getrusage's maxRSS is carried over from the fork, so a child of a 300 MB bench process
 * reported 300 MB before it had done anything. Elsewhere maxRSS is all there is.
 */
const reportRss = `data:text/javascript,process.on('exit', () => {
  let kb = process.resourceUsage().maxRSS;
  try {
    kb = Number(/VmHWM:\\s*(\\d+)/.exec(process.getBuiltinModule('fs').readFileSync('/proc/self/status', 'utf8'))[1]);
  } catch {}
  process.stderr.write('maxrss ' + kb + '\\n');
})`;

/** Archive fixtures (plain, or Yaz0/Yay0 holding an archive), as the fuzz harness classifies them. */
const archives = () =>
  listFuzzTargets()
    .filter((t) => t.run === 'archive' && !t.decompress && !t.recompressYay0)
    .map((t) => t.file);

const kinds: { name: string; files: () => string[]; args: (input: string, out: string) => string[] }[] = [
  {
    name: 'J3D models and BTI -> GLB',
    files: () => listFixtures('j3d', /\.(bmd|bdl|bti)$/),
    args: (i, o) => ['convert', i, '-o', o, '--quiet'],
  },
  {
    name: 'TMD -> GLB',
    files: () => listFixtures('tmd', /\.tmd$/),
    args: (i, o) => ['convert', i, '-o', o, '--quiet'],
  },
  {
    name: 'T3DM -> GLB',
    files: () => listFixtures('t3dm', /\.t3dm$/),
    args: (i, o) => ['convert', i, '-o', o, '--quiet'],
  },
  {
    name: 'GLB -> T3DM',
    files: () => listFixtures('t3dm', /\.glb$/),
    args: (i, o) => ['convert', i, '--to', 't3dm', '-o', o, '--quiet'],
  },
  {
    name: 'archives extracted',
    files: archives,
    args: (i, o) => ['extract', i, '-o', o],
  },
];

/** Converts or extracts one file in a new process; its peak RSS in MB. */
function peakOf(bin: string, args: string[]): number {
  const child = spawnSync(process.execPath, ['--import', reportRss, bin, ...args], { encoding: 'utf8' });
  const kb = /maxrss (\d+)/.exec(child.stderr)?.[1];
  if (child.status !== 0 || !kb) throw new Error(`${args.join(' ')} failed: ${child.stderr}`);
  return Number(kb) / 1024;
}

export function cases(): BenchCase[] {
  if (!haveFixtures) return [];
  execFileSync(process.execPath, [repoPath('node_modules', 'typescript', 'bin', 'tsc'), '-b', repoPath()]);
  const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
  const dir = benchFolder('memory');
  return kinds.map((kind): BenchCase => {
    const files = kind.files().map((f) => fixture(f));
    const sizes = files.map((f) => statSync(f).size);
    const peaks = files.map(() => 0);
    const worst = () => {
      const i = peaks.reduce((w, p, k) => (p / limitMb(sizes[k]!) > peaks[w]! / limitMb(sizes[w]!) ? k : w), 0);
      return `closest to limit: ${basename(files[i]!)} ${peaks[i]!.toFixed(0)} of ${limitMb(sizes[i]!).toFixed(0)} MB`;
    };
    return {
      group: 'memory',
      name: `${kind.name} (${files.length} files, each its own process)`,
      bytesIn: sizes.reduce((s, n) => s + n, 0),
      once: true,
      run: () => {
        for (const [i, input] of files.entries()) {
          const out = join(dir, String(i));
          rmSync(out, { recursive: true, force: true });
          peaks[i] = Math.max(peaks[i]!, peakOf(bin, kind.args(input, out)));
        }
      },
      peakRssMb: () => Math.max(...peaks),
      detail: worst,
    };
  });
}

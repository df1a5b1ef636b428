/*
 * The `retromodel` command as a user runs it, in real processes of the built bin (built and bundled here
 * first): start-up (`--help`, `info` of a BTI, which needs no glTF library, and one small .glb converted to
 * T3DM) against `node -e 0`, and a batch of every shared Tiny3D example .glb converted to T3DM: in one thread
 * (`--jobs 1`) against the same bundle run without the bin's V8 tuning, and in two threads (this one and a
 * worker) against one, all measured in this run.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { encodeYaz0 } from '@retromodel/archive';
import { buildSampleBmd, buildU8, fixture, haveFixtures, listFixtures, repoPath } from '@retromodel/test-utils';
import { type BenchCase, median } from '../harness.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.js');
/** What the bin runs, without the V8 flags it sets first. */
const untunedBundle = repoPath('packages', 'cli', 'dist', 'bundle', 'retromodel.js');
const node = (args: string[]) => execFileSync(process.execPath, args, { stdio: 'ignore' });
const nodeAlone = { name: 'node -e 0', run: () => node(['-e', '0']) };

/**
 * CPU seconds (user + system, every thread) of this process's finished children, where Linux's /proc tells
 * (fields cutime and cstime of /proc/self/stat, in clock ticks of 1/100 s); undefined elsewhere.
 */
function childCpuSeconds(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return undefined;
  }
}

/** Runs `run` and records its children's CPU seconds in `into` (when they can be read). */
function countingCpu(run: () => void, into: number[]): () => void {
  return () => {
    const before = childCpuSeconds();
    run();
    const after = childCpuSeconds();
    if (before !== undefined && after !== undefined) into.push(after - before);
  };
}

/** The `other` column of a batch row: median CPU seconds of its runs and of its baseline's. */
const cpuDetail = (runs: number[], baseline: number[]) => () =>
  runs.length > 0 && baseline.length > 0 ? `CPU ${median(runs).toFixed(2)} s vs ${median(baseline).toFixed(2)} s` : '';

export function cases(): BenchCase[] {
  execFileSync(process.execPath, [repoPath('node_modules', 'typescript', 'bin', 'tsc'), '-b', repoPath()]);
  execFileSync(process.execPath, [repoPath('scripts', 'bundle-cli.mjs')]);
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
  // Made by the builders, so it runs without the shared fixtures too.
  startUp.push(archiveBatch());
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
  // What one conversion costs beyond starting Node: loading the formats, and running their code cold.
  const smallGlb = fixture('t3dm', '01_model', 'assets', 'model.glb');
  startUp.push({
    group: 'cli',
    name: 'start-up: retromodel convert <small .glb> --to t3dm',
    bytesIn: statSync(smallGlb).size,
    iterations: 10,
    baseline: nodeAlone,
    run: () => {
      rmSync(out, { recursive: true, force: true });
      node([bin, 'convert', smallGlb, '-o', out, '--to', 't3dm', '--quiet']);
    },
  });
  const batch =
    (jobs: string, entry = bin) =>
    () => {
      rmSync(out, { recursive: true, force: true });
      node([entry, 'convert', ...glbs, '-o', out, '--to', 't3dm', '--quiet', '--jobs', jobs]);
    };
  const cpu = { tuned: [] as number[], untuned: [] as number[], pooled: [] as number[], single: [] as number[] };
  return [
    ...startUp,
    {
      group: 'cli',
      name: `batch: ${glbs.length} .glb -> .t3dm, --jobs 1`,
      bytesIn,
      unit: 'files',
      units: glbs.length,
      iterations: 5,
      baseline: { name: 'without the V8 tuning', run: countingCpu(batch('1', untunedBundle), cpu.untuned) },
      run: countingCpu(batch('1'), cpu.tuned),
      detail: cpuDetail(cpu.tuned, cpu.untuned),
    },
    {
      group: 'cli',
      name: `batch: ${glbs.length} .glb -> .t3dm, --jobs 2`,
      bytesIn,
      unit: 'files',
      units: glbs.length,
      iterations: 5,
      baseline: { name: '--jobs 1', run: countingCpu(batch('1'), cpu.single) },
      run: countingCpu(batch(String(Math.min(8, globalThis.navigator?.hardwareConcurrency ?? 2))), cpu.pooled),
      detail: cpuDetail(cpu.pooled, cpu.single),
    },
  ];
}

/**
 * The archive of issue 36: 2,000 small models in one Yaz0 U8 archive, every entry the same data block (a few KB
 * that a hostile archive turns into 2,000 conversions), converted to GLB in one thread, against the same 2,000
 * models as files of one folder; CPU seconds of both in `other`. Opened and matched once, listed once, both grow
 * with their entries (before: archive 12.6 s CPU and 790 MB, folder 21 s, each model listing the folder again).
 * Then each model loaded its codecs again, decoded and deflated the shared texture again and gave the signal
 * handlers back and took them again (user medians 2.7-4.0 s); now 2.3-3.0 s on a loaded two-core machine. System
 * time is mostly the kernel making 2,000 files (0.4-2 s here: ext4 without a journal skips inodes freed in the
 * last seconds one by one when it allocates, and every run deletes the last run's 2,000 outputs first).
 */
function archiveBatch(): BenchCase {
  const count = 2000;
  const model = buildSampleBmd();
  const folder = mkdtempSync(join(tmpdir(), 'retromodel-bench-archive-'));
  const archive = join(folder, 'many.szs');
  const models = Array.from({ length: count }, (_, i) => ({ name: `m${i}.bmd`, bytes: model }));
  writeFileSync(archive, encodeYaz0(buildU8([{ name: 'models', children: models }])));
  const files = join(folder, 'models');
  mkdirSync(files);
  for (const m of models) writeFileSync(join(files, m.name), m.bytes);
  const out = join(folder, 'out');
  const convert = (input: string) => () => {
    rmSync(out, { recursive: true, force: true });
    node([bin, 'convert', input, '-o', out, '--quiet', '--jobs', '1']);
  };
  const cpu = { archive: [] as number[], folder: [] as number[] };
  return {
    group: 'cli',
    name: `batch: ${count} models of one .szs (one shared data block) -> .glb, --jobs 1`,
    bytesIn: statSync(archive).size,
    unit: 'models',
    units: count,
    iterations: 1,
    baseline: { name: 'the models as files of a folder', run: countingCpu(convert(files), cpu.folder) },
    run: countingCpu(convert(archive), cpu.archive),
    detail: cpuDetail(cpu.archive, cpu.folder),
  };
}

/*
 * The `retromodel` command as a user runs it, in real processes of the built bin (built and bundled here
 * first): start-up (`--help`, `info` of a BTI, which needs no glTF library, a Wind Waker character converted to
 * GLB, and one .glb converted to T3DM: the examples' median by size, and 01_model's) against `node -e 0`; a
 * batch of every shared Tiny3D example .glb converted to T3DM: in one thread (`--jobs 1`) against the same bundle
 * run without the bin's V8 tuning, and in two threads (this one and a worker) against one; and, as Makefiles run
 * converters, one process per file for the same .glb files against tiny3d's gltf_to_t3d run the same way
 * (../shared/tools/peers/tiny3d; skipped without it), and the batch's CPU against that of tiny3d's processes;
 * all measured in this run. The bin's code cache (its own folder here) is made by a first run, as a user's first
 * run makes it. When NODE_EXTRA_CA_CERTS is set, every Node process loads those certificates first (tens of ms,
 * more than `node -e 0` costs without them), which hides the bin's own cost: the start-up rows and the batch
 * against tiny3d are then also measured without it. With the start-up rows, what a V8 start-up snapshot would cost
 * instead of the bin's code cache (../snapshot-start-up.ts).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { encodeYaz0 } from '@retromodel/archive';
import { buildSampleBmd, buildU8, fixture, haveFixtures, listFixtures, repoPath } from '@retromodel/test-utils';
import { type BenchCase, benchFolder, median } from '../harness.js';
import { snapshotOfT3dmPath } from '../snapshot-start-up.js';

const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
/** What the bin runs, from tsc's output without the bundle, its code cache or the V8 flags it sets first. */
const untuned = repoPath('packages', 'cli', 'dist', 'bin.js');
const tiny3d = fixture('..', 'tools', 'peers', 'tiny3d', 'gltf_to_t3d');
/** The bin's code cache goes to a folder of the bench's own. */
const cacheHome = benchFolder('cache');
const withCache = { ...process.env, XDG_CACHE_HOME: cacheHome };
const { NODE_EXTRA_CA_CERTS: extraCerts, ...withoutCerts } = withCache;
const node = (args: string[], env = withCache) => execFileSync(process.execPath, args, { stdio: 'ignore', env });
const nodeAlone = (env = withCache) => ({ name: 'node -e 0', run: () => node(['-e', '0'], env) });

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

/** The `other` column of a batch row: median CPU seconds of its runs and of its baseline's, and their ratio. */
const cpuDetail = (runs: number[], baseline: number[]) => () =>
  runs.length > 0 && baseline.length > 0
    ? `CPU ${median(runs).toFixed(2)} s vs ${median(baseline).toFixed(2)} s (${(median(runs) / median(baseline)).toFixed(2)}x)`
    : '';

export function cases(): BenchCase[] {
  execFileSync(process.execPath, [repoPath('node_modules', 'typescript', 'bin', 'tsc'), '-b', repoPath()]);
  execFileSync(process.execPath, [repoPath('scripts', 'bundle-cli.mjs')]);
  const startUp: BenchCase[] = [];
  const glbs = haveFixtures ? listFixtures('t3dm', /\.glb$/).map((f) => fixture(f)) : [];
  const out = benchFolder('cli');
  // What one conversion costs beyond starting Node: loading the formats, and running their code cold. Two models:
  // the examples' median by size, and 01_model's (137 KB, among the largest).
  const bySize = [...glbs].sort((a, b) => statSync(a).size - statSync(b).size || a.localeCompare(b));
  const medianGlb = bySize[bySize.length >> 1];
  const smallGlb = haveFixtures ? fixture('t3dm', '01_model', 'assets', 'model.glb') : undefined;
  const bti = haveFixtures ? fixture('j3d', 'community_mkdd_track_name_IA4.bti') : undefined;
  // A modder's one model per process: a game character with its textures, J3D to GLB.
  const character = haveFixtures ? fixture('j3d', 'nintendo_tww_swa_skinned.bdl') : undefined;
  const environments: [string, NodeJS.ProcessEnv][] = [['', withCache]];
  if (extraCerts) environments.push([' (without NODE_EXTRA_CA_CERTS)', withoutCerts]);
  const snapshot = snapshotOfT3dmPath();
  for (const [label, env] of environments) {
    startUp.push({
      group: 'cli',
      name: `start-up: retromodel --help${label}`,
      bytesIn: 0,
      iterations: 10,
      baseline: nodeAlone(env),
      run: () => node([bin, '--help'], env),
    });
    if (snapshot)
      startUp.push({
        group: 'cli',
        name: `start-up: a V8 snapshot of the glTF reader and T3DM writer, doing nothing (node --snapshot-blob)${label}`,
        bytesIn: 0,
        iterations: 10,
        baseline: nodeAlone(env),
        run: () => node(['--snapshot-blob', snapshot.blob], env),
        detail: `snapshot ${(snapshot.bytes / 1e6).toFixed(1)} MB`,
      });
    if (!bti || !smallGlb || !character) continue;
    startUp.push({
      group: 'cli',
      name: `start-up: retromodel info <.bti>${label}`,
      bytesIn: statSync(bti).size,
      iterations: 10,
      baseline: nodeAlone(env),
      run: () => node([bin, 'info', bti], env),
    });
    startUp.push({
      group: 'cli',
      name: `start-up: retromodel convert <nintendo_tww_swa_skinned.bdl> (J3D to GLB)${label}`,
      bytesIn: statSync(character).size,
      iterations: 10,
      baseline: nodeAlone(env),
      run: () => {
        rmSync(out, { recursive: true, force: true });
        node([bin, 'convert', character, '-o', out, '--quiet'], env);
      },
    });
    for (const [what, glb] of [
      [`the median example, ${relative(fixture('t3dm'), medianGlb!)}`, medianGlb!],
      ['01_model/assets/model.glb', smallGlb],
    ] as const)
      startUp.push({
        group: 'cli',
        name: `start-up: retromodel convert <${what}> --to t3dm${label}`,
        bytesIn: statSync(glb).size,
        iterations: 10,
        baseline: nodeAlone(env),
        run: () => {
          rmSync(out, { recursive: true, force: true });
          node([bin, 'convert', glb, '-o', out, '--to', 't3dm', '--quiet'], env);
        },
      });
  }
  // Made by the builders, so it runs without the shared fixtures too; last, as it creates and deletes 2,000 files
  // a run: on ext4 without a journal, a file made in the next minutes skips past each recently deleted inode
  // (ext4's recently_deleted), which put 0.05-0.06 s more CPU time on each run of the T3DM batch rows after it
  // (0.42 s against 0.36-0.37 s, the batch against tiny3d).
  const archive = archiveBatch();
  if (!haveFixtures) return [...startUp, archive];
  const bytesIn = glbs.reduce((s, f) => s + statSync(f).size, 0);
  const batch =
    (jobs: string, entry = bin, env = withCache) =>
    () => {
      rmSync(out, { recursive: true, force: true });
      node([entry, 'convert', ...glbs, '-o', out, '--to', 't3dm', '--quiet', '--jobs', jobs], env);
    };
  // The batch's kind of work gets its code cache as a user's first two runs of it make it (the first lists the
  // chunks it loads, the second compiles them and writes V8's data), so the batch rows' CPU times, which count
  // their warm-up runs too, are those of the runs after.
  for (let i = 0; i < 2; i++) batch('1')();
  // One process a file, as a Makefile rule runs a converter; tiny3d's from the example's folder, as its projects do.
  const perFile = () => {
    rmSync(out, { recursive: true, force: true });
    for (const glb of glbs) node([bin, 'convert', glb, '-o', out, '--to', 't3dm', '--quiet']);
  };
  const tiny3dPerFile = () => {
    rmSync(out, { recursive: true, force: true });
    mkdirSync(out);
    for (const [i, glb] of glbs.entries()) {
      const project = dirname(dirname(glb));
      execFileSync(tiny3d, [relative(project, glb), join(out, `${i}.t3dm`)], { cwd: project, stdio: 'ignore' });
    }
  };
  const cpu = {
    tuned: [] as number[],
    untuned: [] as number[],
    pooled: [] as number[],
    single: [] as number[],
    batch: [] as number[],
    tiny3d: [] as number[],
    batchWithoutCerts: [] as number[],
    tiny3dWithoutCerts: [] as number[],
    perFile: [] as number[],
    tiny3dPerFile: [] as number[],
  };
  const peerRows: BenchCase[] = [];
  if (!existsSync(tiny3d))
    console.error('  cli: tiny3d peer absent (../shared/tools/peers/tiny3d): its rows are skipped');
  else {
    // The batch pays Node's start-up once, so with NODE_EXTRA_CA_CERTS set it is also measured without it.
    const batchEnvironments: [string, NodeJS.ProcessEnv, number[], number[]][] = [
      ['', withCache, cpu.batch, cpu.tiny3d],
    ];
    if (extraCerts)
      batchEnvironments.push([
        ' (without NODE_EXTRA_CA_CERTS)',
        withoutCerts,
        cpu.batchWithoutCerts,
        cpu.tiny3dWithoutCerts,
      ]);
    for (const [label, env, ours, theirs] of batchEnvironments)
      peerRows.push({
        group: 'cli',
        name: `batch: ${glbs.length} .glb -> .t3dm, --jobs 1, against tiny3d one process a file${label}`,
        bytesIn,
        unit: 'files',
        units: glbs.length,
        iterations: 5,
        baseline: { name: 'tiny3d', run: countingCpu(tiny3dPerFile, theirs) },
        run: countingCpu(batch('1', bin, env), ours),
        detail: cpuDetail(ours, theirs),
      });
    peerRows.push({
      group: 'cli',
      name: `one process a file: ${glbs.length} .glb -> .t3dm, against tiny3d`,
      bytesIn,
      unit: 'files',
      units: glbs.length,
      iterations: 3,
      baseline: { name: 'tiny3d', run: countingCpu(tiny3dPerFile, cpu.tiny3dPerFile) },
      run: countingCpu(perFile, cpu.perFile),
      detail: cpuDetail(cpu.perFile, cpu.tiny3dPerFile),
    });
  }
  return [
    ...startUp,
    ...peerRows,
    {
      group: 'cli',
      name: `batch: ${glbs.length} .glb -> .t3dm, --jobs 1`,
      bytesIn,
      unit: 'files',
      units: glbs.length,
      iterations: 5,
      baseline: { name: 'tsc output, no cache or V8 tuning', run: countingCpu(batch('1', untuned), cpu.untuned) },
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
    archive,
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
  const folder = benchFolder('archive');
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

/*
 * `npm run bench`: runs every case exported by bench/cases/*.ts and prints one table.
 * - Time: the median of a case's runs after a warm-up (or, for a case timed `perTurn`, of its turns' times per
 *   run, so its garbage collections count; `GC n%` is then the share of its turns spent collecting); spread:
 *   half the interquartile range of the runs over the median (how far a typical run lies from it).
 * - `× copy`: the time over that of copying the same number of bytes, measured in this run, so figures compare
 *   across machines as ratios; `× baseline`: over the median of the case's own baseline (e.g. `node -e 0` for
 *   the CLI's start-up, `readJ3d` for `j3dToScene`), measured in turns with it.
 * - Peak RSS: the process's high-water mark after the case (it only grows), unless the case measures its own
 *   (that of the processes it starts).
 * The cases run the built packages and the CLI bundle, as users get them (`npm run bench` builds both first),
 * not their TypeScript sources: tsx compiles with esbuild's keepNames, which wraps every named closure in a
 * call that renames it, and that alone made j3dToScene up to 1.7× slower.
 * Pass words to run only cases whose group or name contains one of them.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { PerformanceObserver } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { type BenchCase, type BenchResult, median, quantile } from './harness.js';

const here = dirname(fileURLToPath(import.meta.url));
const filters = process.argv.slice(2);

/** Time of one copy of `bytes` bytes: copies repeated until they take at least 5 ms, so small sizes measure too. */
function copyBaselineMs(bytes: number): number {
  const src = new Uint8Array(Math.max(1, bytes));
  for (let i = 0; i < src.length; i += 4096) src[i] = i & 0xff;
  const samples: number[] = [];
  for (let s = 0; s < 5; s++) {
    let copies = 0;
    const t = performance.now();
    let elapsed = 0;
    while (elapsed < 5) {
      src.slice();
      copies++;
      elapsed = performance.now() - t;
    }
    samples.push(elapsed / copies);
  }
  return median(samples);
}

/** A time in ms with three significant digits (0.0921, 1.23, 72.6, 1450). */
const formatMs = (ms: number) => (ms >= 100 ? ms.toFixed(0) : ms.toPrecision(3));

/**
 * Warm-up: at least this many runs and this long before anything is timed; then, after a full collection (so
 * one case's garbage does not land on the next), this long again, as the sweeping that follows a collection
 * slows every allocation until it is done (a 40 µs read timed right after it took 160 µs).
 */
const WARM_UP = { runs: 1, ms: 300, afterGcMs: 100 };
/** Timed runs: at least the case's `iterations`, and more until they add up to this long. */
const MEASURE_MS = 1500;

/** Each turn of {@link timeRuns} runs one function for at least this long (a slow one once). */
const TURN_MS = 30;

/** Every garbage collection of this process: start (performance.now() clock) and duration in ms. */
const collections: { start: number; ms: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) collections.push({ start: e.startTime, ms: e.duration });
}).observe({ entryTypes: ['gc'] });

/** The spans (start, end) of one function's turns. */
type Spans = [number, number][];

/** The share of `spans` spent in the collections that started within them (read once the observer has run). */
async function gcShareOf(spans: Spans): Promise<number> {
  await new Promise((resolve) => setTimeout(resolve, 0));
  let total = 0;
  let gc = 0;
  for (const [from, to] of spans) {
    total += to - from;
    for (const c of collections) if (c.start >= from && c.start < to) gc += c.ms;
  }
  return total > 0 ? gc / total : 0;
}

async function warmUp(runs: (() => unknown)[], minRuns: number, ms: number): Promise<void> {
  const start = performance.now();
  for (let i = 0; i < minRuns || performance.now() - start < ms; i++) for (const run of runs) await run();
}

/**
 * Runs each of `runs` to warm up (the JIT compiles the hot code), then times them in turns, one function for
 * TURN_MS per turn, until each has at least `iterations` runs and the runs add up to MEASURE_MS, so short cases
 * get enough runs for a stable median; returns each one's times in ms. Taking turns means a change in the
 * machine's load slows a case and its baseline alike, so their ratio stays fair on a busy machine, while a turn
 * still runs one function back to back, as a case alone would be timed.
 */
async function timeRuns(
  runs: (() => unknown)[],
  iterations: number,
  perTurn = false,
): Promise<{ times: number[][]; spans: Spans[] }> {
  await warmUp(runs, WARM_UP.runs, WARM_UP.ms);
  globalThis.gc?.();
  await warmUp(runs, 0, WARM_UP.afterGcMs);
  const times: number[][] = runs.map(() => []);
  const spans: Spans[] = runs.map(() => []);
  let total = 0;
  while (times[0]!.length < iterations || total < MEASURE_MS) {
    for (const [k, run] of runs.entries()) {
      const start = performance.now();
      let count = 0;
      for (let turn = 0; turn < TURN_MS; count++) {
        const t = performance.now();
        await run();
        const ms = performance.now() - t;
        if (!perTurn) times[k]!.push(ms);
        turn += ms;
        total += ms;
      }
      const end = performance.now();
      spans[k]!.push([start, end]);
      if (perTurn) times[k]!.push((end - start) / count);
    }
  }
  return { times, spans };
}

async function timeOnce(run: () => unknown): Promise<number[]> {
  const t = performance.now();
  await run();
  return [performance.now() - t];
}

async function measure(c: BenchCase): Promise<BenchResult> {
  const iterations = c.iterations ?? 5;
  const timed = c.once
    ? { times: [await timeOnce(c.run)], spans: [] }
    : await timeRuns(c.baseline ? [c.run, c.baseline.run] : [c.run], iterations, c.perTurn);
  const [times, baselineTimes] = timed.times as [number[], number[] | undefined];
  const baselineMs = baselineTimes ? median(baselineTimes) : undefined;
  const gcShare = c.perTurn
    ? {
        run: await gcShareOf(timed.spans[0]!),
        baseline: timed.spans[1] ? await gcShareOf(timed.spans[1]) : undefined,
      }
    : undefined;
  const ms = median(times);
  const mbIn = c.bytesIn / (1024 * 1024);
  return {
    group: c.group,
    name: c.name,
    mbIn,
    ms,
    mbPerSecond: mbIn / (ms / 1000),
    unitsPerSecond: c.unit && c.units ? `${(c.units / (ms / 1000)).toFixed(1)} ${c.unit}/s` : undefined,
    detail: typeof c.detail === 'function' ? c.detail() : c.detail,
    peakRssMb: c.peakRssMb?.() ?? process.resourceUsage().maxRSS / 1024,
    spread: (quantile(times, 0.75) - quantile(times, 0.25)) / 2 / ms,
    ratioToCopy: ms / copyBaselineMs(c.bytesIn),
    ratioToBaseline: c.baseline && baselineMs ? { name: c.baseline.name, ratio: ms / baselineMs } : undefined,
    gcShare,
  };
}

const files = readdirSync(join(here, 'cases'))
  .filter((f) => f.endsWith('.ts'))
  .sort();
const results: BenchResult[] = [];
for (const f of files) {
  const mod = (await import(pathToFileURL(join(here, 'cases', f)).href)) as {
    cases: () => BenchCase[] | Promise<BenchCase[]>;
  };
  for (const c of await mod.cases()) {
    if (filters.length > 0 && !filters.some((w) => c.group.includes(w) || c.name.includes(w))) continue;
    results.push(await measure(c));
    const r = results.at(-1)!;
    console.error(`  ${r.group} ${r.name}: ${formatMs(r.ms)} ms`);
  }
}

/** The `other` column's GC share: `GC 12%`, or `GC 12% vs 3%` beside the baseline's. */
const gcText = (g: { run: number; baseline?: number }) =>
  `GC ${(g.run * 100).toFixed(0)}%${g.baseline === undefined ? '' : ` vs ${(g.baseline * 100).toFixed(0)}%`}`;

const rows = [
  ['group', 'case', 'MB in', 'ms', 'spread', 'MB/s', 'other', 'peak RSS MB', '× copy', '× baseline'],
  ...results.map((r) => [
    r.group,
    r.name,
    r.mbIn.toFixed(3),
    formatMs(r.ms),
    `±${(r.spread * 100).toFixed(0)}%`,
    r.mbPerSecond.toFixed(1),
    [r.unitsPerSecond, r.detail, r.gcShare && gcText(r.gcShare)].filter(Boolean).join(', '),
    r.peakRssMb.toFixed(0),
    r.mbIn > 0 ? r.ratioToCopy.toFixed(0) : '',
    r.ratioToBaseline ? `${r.ratioToBaseline.ratio.toFixed(2)} × ${r.ratioToBaseline.name}` : '',
  ]),
];
const widths = rows[0]!.map((_, i) => Math.max(...rows.map((row) => row[i]!.length)));
for (const [i, row] of rows.entries()) {
  console.log(row.map((cell, k) => (k < 2 ? cell.padEnd(widths[k]!) : cell.padStart(widths[k]!))).join('  '));
  if (i === 0) console.log(widths.map((w) => '-'.repeat(w)).join('  '));
}

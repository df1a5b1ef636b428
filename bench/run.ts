/*
 * `npm run bench`: runs every case exported by bench/cases/*.ts and prints one table. Each case's time is
 * the median of its runs after a warm-up run, with the spread of the runs (± half of slowest − fastest, as a
 * share of the median); `× copy` divides it by the time of copying the same number of bytes, measured in this
 * run, so figures compare across machines as ratios; `× baseline` by the median of the case's own baseline
 * (e.g. `node -e 0` for the CLI's start-up), measured just before it. Peak RSS is the process's high-water
 * mark after the case (it only grows), unless the case measures its own (that of the processes it starts).
 * Pass words to run only cases whose group or name contains one of them.
 */
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { BenchCase, BenchResult } from './harness.js';

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

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

/** Warm-up: at least this many runs, and at least this long, before anything is timed. */
const WARM_UP = { runs: 1, ms: 300 };
/** Timed runs: at least the case's `iterations`, and more until they add up to this long (capped). */
const MEASURE = { ms: 1500, maxRuns: 200 };

/**
 * Runs `run` to warm up (the JIT compiles the hot code), then times it at least `iterations` times and until
 * the runs add up to MEASURE.ms, so short cases get enough runs for a stable median; returns the times in ms.
 */
async function timeRuns(run: () => unknown, iterations: number): Promise<number[]> {
  const warmStart = performance.now();
  for (let i = 0; i < WARM_UP.runs || performance.now() - warmStart < WARM_UP.ms; i++) await run();
  globalThis.gc?.();
  const times: number[] = [];
  let total = 0;
  while (times.length < iterations || (total < MEASURE.ms && times.length < MEASURE.maxRuns)) {
    const t = performance.now();
    await run();
    times.push(performance.now() - t);
    total += times.at(-1)!;
  }
  return times;
}

async function timeOnce(run: () => unknown): Promise<number[]> {
  const t = performance.now();
  await run();
  return [performance.now() - t];
}

async function measure(c: BenchCase): Promise<BenchResult> {
  const iterations = c.iterations ?? 5;
  const baselineMs = c.baseline ? median(await timeRuns(c.baseline.run, iterations)) : undefined;
  const times = c.once ? await timeOnce(c.run) : await timeRuns(c.run, iterations);
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
    spread: (Math.max(...times) - Math.min(...times)) / ms,
    ratioToCopy: ms / copyBaselineMs(c.bytesIn),
    ratioToBaseline: c.baseline && baselineMs ? { name: c.baseline.name, ratio: ms / baselineMs } : undefined,
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
    console.error(`  ${r.group} ${r.name}: ${r.ms.toFixed(1)} ms`);
  }
}

const rows = [
  ['group', 'case', 'MB in', 'ms', 'spread', 'MB/s', 'other', 'peak RSS MB', '× copy', '× baseline'],
  ...results.map((r) => [
    r.group,
    r.name,
    r.mbIn.toFixed(3),
    r.ms.toFixed(1),
    `±${((r.spread * 100) / 2).toFixed(0)}%`,
    r.mbPerSecond.toFixed(1),
    [r.unitsPerSecond, r.detail].filter(Boolean).join(', '),
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

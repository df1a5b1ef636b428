/*
 * Benchmark harness: each case runs a function over some input bytes a few times and reports the median.
 * Figures are printed together with a baseline measured in the same run (a plain memory copy of the same
 * bytes), so they compare across machines as ratios.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A new folder in the system's temporary folder for a case's inputs and outputs, removed when the bench process
 * exits (the archive batch alone writes 2,000 models and their outputs).
 */
export function benchFolder(prefix: string): string {
  const folder = mkdtempSync(join(tmpdir(), `retromodel-bench-${prefix}-`));
  process.on('exit', () => rmSync(folder, { recursive: true, force: true }));
  return folder;
}
export interface BenchCase {
  /** Group, e.g. `gltf`, `t3dm`. */
  group: string;
  /** What is measured, e.g. `read+write 17_culling/scene.glb`. */
  name: string;
  /** Bytes of input (for MB and MB/s). */
  bytesIn: number;
  /** Runs once; may return an extra unit count (e.g. megapixels) for `unitsPerSecond`. */
  run: () => unknown | Promise<unknown>;
  /** Label of the extra unit, e.g. `Mpx`. */
  unit?: string;
  /** How many units one run processes, when `unit` is set. */
  units?: number;
  iterations?: number;
  /** Runs once, without warm-up: for a case whose figure is not its time (e.g. memory of child processes). */
  once?: boolean;
  /** A figure that is not a time (e.g. a bundle size), shown in the `other` column; read after the runs. */
  detail?: string | (() => string);
  /** The case's own peak RSS in MB (e.g. of the processes it starts), read after the runs; else the bench's. */
  peakRssMb?: () => number;
  /**
   * A baseline measured in the same run, when a memory copy is not the right one (`node -e 0` for the CLI's
   * start-up, the single-thread batch for the worker pool). The case's time is also printed as a ratio to it.
   */
  baseline?: { name: string; run: () => unknown | Promise<unknown> };
  /**
   * Time whole turns (each turn's runs over their count) instead of single runs, so the garbage collections a
   * case causes count where they fall: a median of single runs leaves out the few runs a collection lands in,
   * and with them the cost of the case's garbage (a 2 MB model's reading timed 0.3 ms so and 1.3 ms per turn).
   * The `other` column then shows the share of each one's turns spent collecting garbage.
   */
  perTurn?: boolean;
}

export interface BenchResult {
  group: string;
  name: string;
  mbIn: number;
  ms: number;
  mbPerSecond: number;
  unitsPerSecond?: string;
  detail?: string;
  peakRssMb: number;
  /**
   * Half the interquartile range of the measured runs over their median, as a fraction: how far a typical run
   * lies from the median (a GC pause in one run does not count, as it would with slowest − fastest).
   */
  spread: number;
  /** Time of this case / time of copying the same number of bytes once, in the same run. */
  ratioToCopy: number;
  /** Time of this case / median time of its own baseline, with the baseline's name. */
  ratioToBaseline?: { name: string; ratio: number };
  /** With `perTurn`: the share of the case's (and its baseline's) turns spent in garbage collection. */
  gcShare?: { run: number; baseline?: number };
}

/** The value below which a share `q` of `values` lie (nearest rank). */
export function quantile(values: number[], q: number): number {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * q))]!;
}

export const median = (values: number[]) => quantile(values, 0.5);

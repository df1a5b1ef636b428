/*
 * Runs a batch of conversions in this thread, or in this thread plus a pool of worker threads, and hands
 * the outcomes to the caller in input order (a finished job waits for the ones before it), so output order,
 * collision checks and reports do not depend on which thread was faster.
 * Scheduling (startOrder): with a pool the largest inputs start first (so one big file does not finish alone at
 * the end); in one thread a few of the smallest start first, so the JIT has compiled the conversion before the
 * large inputs run (the rest keep their order, so few finished outcomes wait for an earlier one). The models of
 * one archive (a group) start one after another, so each thread opens the archive once (convert-job.ts). Each worker
 * keeps a second job queued (so it never waits for this thread, which converts too, to hand it the next),
 * and a worker that dies (out of memory, a crash in native code) fails only the file it was converting;
 * its queued jobs go back to the queue and a new worker takes them.
 */
import type { Worker } from 'node:worker_threads';
import { withDefaultSignals } from '../signals.js';
import { type V8Tuning, withV8Defaults } from '../v8-tuning.js';
import { type ConvertJob, type ConvertOutcome, runConvertJob } from './convert-job.js';
import { WORKER_READY } from './worker-ready.js';

/** Resolves once the events already waiting (worker messages, signals) have been handled. */
const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

export type OutcomeHandler = (index: number, outcome: ConvertOutcome) => Promise<void>;

/**
 * The worker thread's entry beside this code: the bundle's convert-worker.cjs, or tsc's worker-thread.js; from
 * TypeScript sources (the repository's in-process tests) there is none. Asked only for a pool.
 */
function workerEntry(): URL | undefined {
  const here = import.meta.url;
  if (here.endsWith('.cjs')) return new URL('./convert-worker.cjs', here);
  if (here.endsWith('.js')) return new URL('./worker-thread.js', here);
  return undefined;
}

/**
 * Delivers outcomes to `onOutcome` in input order, one at a time. `settled()` waits for every delivery
 * so far and rethrows the first error `onOutcome` threw.
 */
function inOrder(onOutcome: OutcomeHandler) {
  const waiting = new Map<number, ConvertOutcome>();
  let next = 0;
  let chain = Promise.resolve();
  let failure: { error: unknown } | undefined;
  return {
    deliver(index: number, outcome: ConvertOutcome): void {
      waiting.set(index, outcome);
      chain = chain.then(async () => {
        while (waiting.has(next) && !failure) {
          const ready = waiting.get(next)!;
          waiting.delete(next);
          await onOutcome(next++, ready).catch((error: unknown) => {
            failure = { error };
          });
        }
      });
    },
    async settled(): Promise<void> {
      await chain;
      if (failure) throw failure.error;
    },
  };
}

/**
 * In one thread, jobs are converted in stretches of up to STRETCH_JOBS jobs or STRETCH_MS milliseconds (the
 * job that passes it ends the stretch), the signals at their default action throughout: giving the handlers back
 * and taking them again cost about as much as converting a small model (Node makes a new signal handle each
 * time), and a stretch does it once for many small models. Their outcomes (output bytes, at most a stretch's)
 * wait in memory until it ends. With workers every job is its own stretch, so their messages are not kept
 * waiting.
 */
const STRETCH_JOBS = 64;
const STRETCH_MS = 25;

/**
 * Milliseconds on a monotonic clock. Not `performance.now()`: the first use of the global `performance` loads
 * Node's perf_hooks (eleven modules), which cost a process that converts one model about 12 M instructions,
 * a seventh of a Node start-up (callgrind).
 */
const nowMs = () => Number(process.hrtime.bigint()) / 1e6;

/** How many of the smallest inputs a batch in one thread starts with. */
const WARM_UP_JOBS = 8;

/** A job's input size, and the archive it comes from (jobs of one group start together). */
export interface JobSize {
  size: number;
  group?: string;
}

/**
 * The order jobs 0..count-1 start in. With a pool: by size, largest first, except that the jobs of one group
 * start together, where the group's largest job would. In one thread: the {@link WARM_UP_JOBS} smallest first
 * (smallest first), then the others in input order. Ties keep input order.
 */
export function startOrder(sizes: JobSize[], count: number, pooled: boolean): number[] {
  const all = Array.from({ length: count }, (_, i) => i);
  const size = (i: number) => sizes[i]?.size ?? 0;
  if (pooled) {
    const bySize = all.sort((a, b) => size(b) - size(a) || a - b);
    const groups = new Map<string | number, number[]>();
    for (const i of bySize) {
      const key = sizes[i]?.group ?? i;
      const members = groups.get(key);
      if (members) members.push(i);
      else groups.set(key, [i]);
    }
    return [...groups.values()].flat();
  }
  const first = [...all].sort((a, b) => size(a) - size(b) || a - b).slice(0, WARM_UP_JOBS);
  const chosen = new Set(first);
  return [...first, ...all.filter((i) => !chosen.has(i))];
}

/**
 * The Node modules a worker thread loads before it tells the pool it has started, so it compiles them from Node's
 * code cache (v8-tuning.ts): node:zlib (with Node's stream modules), which the glTF package deflates PNG images
 * with, unless every job reads glTF and writes T3DM (whose images are the model's own, or encoded in JavaScript).
 */
export function workerPreloads(jobs: ConvertJob[]): string[] {
  const gltfToT3dm = (job: ConvertJob) =>
    job.options.to === 't3dm' && job.inner === undefined && /\.(glb|gltf)$/i.test(job.path);
  return jobs.every(gltfToT3dm) ? [] : ['node:zlib'];
}

/**
 * Converts `jobs` in this thread and `threads - 1` worker threads (all in this thread when `threads` is 1 or
 * when running from sources) and calls `onOutcome` for each, in input order. `sizes[i]` is job i's input size
 * and group, used only for the order jobs start in ({@link startOrder}). An error thrown by `onOutcome` stops the deliveries
 * and is rethrown once the conversions under way have ended. `v8Tuning`: the V8 flags the bin set, given back to
 * V8 while the worker threads start.
 */
export async function runBatch(
  jobs: ConvertJob[],
  threads: number,
  sizes: JobSize[],
  onOutcome: OutcomeHandler,
  v8Tuning?: V8Tuning,
): Promise<void> {
  // node:worker_threads is loaded only for a pool: a batch in one thread (--jobs 1, two cores) does without it.
  const entry = Math.min(threads, jobs.length) > 1 ? workerEntry() : undefined;
  let pool: typeof import('node:worker_threads') | undefined;
  const delivery = inOrder(onOutcome);
  const finish = delivery.deliver;
  const pending = startOrder(sizes, jobs.length, entry !== undefined);
  const workers = new Set<Worker>();
  let workersDone = () => {};
  const allWorkersDone = new Promise<void>((resolve) => {
    workersDone = resolve;
  });
  const retire = (worker: Worker): boolean => {
    if (!workers.delete(worker)) return false;
    if (workers.size === 0) workersDone();
    return true;
  };

  const preload = entry ? workerPreloads(jobs) : [];
  /** Starts a worker thread: `started` resolves once it has (or is lost), `feed` sends it work. */
  const spawn = () => {
    const worker = new pool!.Worker(entry!, { stdout: true, stderr: true, workerData: { preload } });
    workers.add(worker);
    // What the thread prints (a warning) is passed on as it comes: Node's own piping would make this thread's
    // process.stdout and process.stderr at once, loading Node's stream, net and tty modules for them (io.ts).
    worker.stdout.on('data', (text: Buffer) => process.stdout.write(text));
    worker.stderr.on('data', (text: Buffer) => process.stderr.write(text));
    let ready = () => {};
    const started = new Promise<void>((resolve) => {
      ready = resolve;
    });
    const queued: number[] = [];
    const feed = () => {
      if (!workers.has(worker)) return;
      while (queued.length < 2 && pending.length > 0) {
        const index = pending.shift()!;
        queued.push(index);
        worker.postMessage({ index, job: jobs[index] });
      }
      if (queued.length === 0 && retire(worker)) void worker.terminate();
    };
    const lost = (reason: string) => {
      ready();
      if (!retire(worker)) return;
      const [converting, ...rest] = queued;
      if (converting !== undefined) finish(converting, { error: `the conversion thread stopped: ${reason}` });
      pending.unshift(...rest);
      if (pending.length > 0) spawn().feed();
    };
    worker.on('message', (m: typeof WORKER_READY | { index: number; outcome: ConvertOutcome }) => {
      if (m === WORKER_READY) {
        ready();
        return;
      }
      queued.splice(queued.indexOf(m.index), 1);
      finish(m.index, m.outcome);
      feed();
    });
    worker.on('error', (e) => lost(e.message));
    worker.on('exit', (code) => lost(`exit code ${code}`));
    return { started, feed };
  };

  try {
    if (entry) {
      // The threads start with V8's own flags, so each compiles Node's modules from Node's code cache, not from
      // their source (v8-tuning.ts); they are sent work once all have started and the tuning is set again.
      const started = await withV8Defaults(v8Tuning, async () => {
        pool = await import('node:worker_threads');
        const spawned = Array.from({ length: Math.min(threads, jobs.length) - 1 }, spawn);
        await Promise.all(spawned.map((s) => s.started));
        return spawned;
      });
      for (const s of started) s.feed();
    }
    // This thread converts too, taking the next job whenever it is free; between jobs it lets the workers'
    // messages (and a Ctrl-C) through. Its file reads are synchronous, so one job at a time keeps it busy. While
    // it converts, Ctrl-C and SIGTERM end the process at once (signals.ts). Without workers it converts a stretch
    // of jobs between two deliveries (see STRETCH_MS): their outcomes are written after the stretch, with the
    // signals held again.
    while (pending.length > 0) {
      const converted = await withDefaultSignals(async () => {
        const stretch: [number, ConvertOutcome][] = [];
        const start = nowMs();
        do {
          const index = pending.shift()!;
          stretch.push([index, await runConvertJob(jobs[index]!)]);
        } while (!entry && pending.length > 0 && stretch.length < STRETCH_JOBS && nowMs() - start < STRETCH_MS);
        return stretch;
      });
      for (const [index, outcome] of converted) finish(index, outcome);
      await yieldToEvents();
    }
    if (workers.size > 0) await allWorkersDone;
    await delivery.settled();
  } finally {
    const running = [...workers];
    workers.clear();
    await Promise.all(running.map((w) => w.terminate()));
  }
}

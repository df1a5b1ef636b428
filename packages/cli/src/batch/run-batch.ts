/*
 * Runs a batch of conversions in this thread or in a pool of worker threads, and hands the outcomes to the
 * caller in input order (a finished job waits for the ones before it), so output order, collision checks and
 * reports do not depend on which thread was faster. A worker that dies (out of memory, a crash in native
 * code) fails only the file it was converting; a new worker takes the rest.
 */
import { Worker } from 'node:worker_threads';
import { type ConvertJob, type ConvertOutcome, runConvertJob } from './convert-job.js';

export type OutcomeHandler = (index: number, outcome: ConvertOutcome) => Promise<void>;

/** Converts every job, one after the other, in this thread. */
async function runInThread(jobs: ConvertJob[], onOutcome: OutcomeHandler): Promise<void> {
  for (let i = 0; i < jobs.length; i++) await onOutcome(i, await runConvertJob(jobs[i]!));
}

/**
 * The worker's entry. From the built package it is plain JavaScript. From the TypeScript sources (the
 * repository's tests and scripts) the worker first registers tsx's loader and resolves packages through
 * their `source` condition, as the main thread does.
 */
function startWorker(): Worker {
  if (!import.meta.url.endsWith('.ts')) return new Worker(new URL('./convert-worker.js', import.meta.url));
  const entry = new URL('./convert-worker.ts', import.meta.url).href;
  const boot = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`;
  return new Worker(boot, { eval: true, execArgv: ['--conditions=source'] });
}

/** Delivers outcomes to `onOutcome` in input order, one at a time. */
function inOrder(onOutcome: OutcomeHandler) {
  const waiting = new Map<number, ConvertOutcome>();
  let next = 0;
  let chain = Promise.resolve();
  return (index: number, outcome: ConvertOutcome): Promise<void> => {
    waiting.set(index, outcome);
    chain = chain.then(async () => {
      while (waiting.has(next)) {
        const ready = waiting.get(next)!;
        waiting.delete(next);
        await onOutcome(next++, ready);
      }
    });
    return chain;
  };
}

async function runInPool(jobs: ConvertJob[], size: number, onOutcome: OutcomeHandler): Promise<void> {
  const deliver = inOrder(onOutcome);
  const workers = new Set<Worker>();
  let nextJob = 0;
  let delivered = 0;
  let failure: unknown;
  await new Promise<void>((resolveAll) => {
    const finishOne = (index: number, outcome: ConvertOutcome) => {
      deliver(index, outcome).then(
        () => {
          if (++delivered === jobs.length) resolveAll();
        },
        (e: unknown) => {
          failure ??= e;
          resolveAll();
        },
      );
    };
    const spawn = () => {
      const worker = startWorker();
      workers.add(worker);
      let current = -1;
      const feed = () => {
        if (nextJob >= jobs.length || failure) return;
        current = nextJob++;
        worker.postMessage({ index: current, job: jobs[current] });
      };
      const lost = (reason: string) => {
        workers.delete(worker);
        if (current >= 0) finishOne(current, { error: `the conversion thread stopped: ${reason}` });
        current = -1;
        if (nextJob < jobs.length && !failure) spawn();
      };
      worker.on('message', (m: { index: number; outcome: ConvertOutcome }) => {
        current = -1;
        finishOne(m.index, m.outcome);
        feed();
      });
      worker.on('error', (e) => lost(e.message));
      worker.on('exit', (code) => {
        if (workers.has(worker)) lost(`exit code ${code}`);
      });
      feed();
    };
    for (let i = 0; i < Math.min(size, jobs.length); i++) spawn();
  });
  const running = [...workers];
  workers.clear();
  await Promise.all(running.map((w) => w.terminate()));
  if (failure) throw failure;
}

/**
 * Converts `jobs` with `threads` worker threads (1: in this thread) and calls `onOutcome` for each, in
 * input order. An error thrown by `onOutcome` stops the batch and is rethrown.
 */
export async function runBatch(jobs: ConvertJob[], threads: number, onOutcome: OutcomeHandler): Promise<void> {
  if (threads <= 1 || jobs.length <= 1) return runInThread(jobs, onOutcome);
  return runInPool(jobs, threads, onOutcome);
}

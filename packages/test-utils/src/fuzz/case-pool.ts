/*
 * Runs fuzz cases in child processes so a hang or a runaway allocation is caught and killed instead of taking
 * the harness down. Budgets per case: time (the CPU time of the library stages, validator excluded, as the
 * child measures it: over it the case is `over-time`; a child past 1.5 times it, read from /proc, is killed,
 * as is one still in the library after three times it plus a grace of wall time, a hang that waits) and memory (the child's resident set measured
 * every 25 ms from /proc on Linux, over the budget above its size when the case started: killed, `over-memory`;
 * elsewhere only the V8 heap limit of budget + 128 MB applies). A child that dies in a case fails only that
 * case; a new one is started for the next.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { CaseResult, FuzzCase } from './run-case.js';

export interface CasePoolOptions {
  /** Child processes run side by side (default 1). */
  jobs?: number;
  /** Memory budget per case in MB (default 512). */
  memoryMb?: number;
  /** How long the validator may take on one GLB before the case counts as `invalid-glb` (default 60 s). */
  validatorMs?: number;
  /** Wall time allowed past three times the budget before a case is killed (default 2000 ms). */
  killGraceMs?: number;
}

export interface CasePool {
  /** Runs a case within `budgetMs` of library time and the pool's memory budget. */
  run(spec: FuzzCase, budgetMs: number): Promise<CaseResult>;
  /** Stops every child. */
  close(): void;
}

interface Slot {
  child: ChildProcess;
  ready: Promise<void>;
  stderr: string;
}

const childEntry = fileURLToPath(new URL('./case-child.ts', import.meta.url));
const PAGE = 4096;

/** The resident set of a process in bytes, or undefined where /proc is not there. */
function residentBytes(pid: number | undefined): number | undefined {
  try {
    return Number(readFileSync(`/proc/${pid}/statm`, 'utf8').split(' ')[1]) * PAGE;
  } catch {
    return undefined;
  }
}

/** The CPU time (user + system) of a process in ms, or undefined where /proc is not there (100 ticks/s). */
function cpuMsOf(pid: number | undefined): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return undefined;
  }
}

function startSlot(memoryMb: number): Slot {
  const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const execArgv = ['--import', tsxLoader, '--conditions=source', `--max-old-space-size=${memoryMb + 128}`];
  const child = fork(childEntry, [], {
    execArgv,
    serialization: 'advanced',
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  const slot: Slot = { child, stderr: '', ready: Promise.resolve() };
  child.stderr?.on('data', (chunk: Buffer) => {
    slot.stderr = (slot.stderr + chunk.toString()).slice(-2000);
  });
  slot.ready = new Promise((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`fuzz child exited (${code}) before it was ready: ${slot.stderr}`)));
  });
  return slot;
}

/** Runs one case in `slot`; resolves with the result and whether the child must be replaced. */
function runInSlot(slot: Slot, id: number, spec: FuzzCase, budgetMs: number, options: Required<CasePoolOptions>) {
  const { child } = slot;
  return new Promise<{ result: CaseResult; dead: boolean }>((resolve) => {
    const hardMs = budgetMs * 3 + options.killGraceMs;
    let used = 0;
    let since = performance.now();
    let stage = 'start';
    let timer: NodeJS.Timeout | undefined;
    let killedFor: 'over-time' | 'over-memory' | 'invalid-glb' | undefined;
    let peak = 0;
    const base = residentBytes(child.pid) ?? 0;
    // CPU of the library stages: the child's CPU since the start, less what the validator used.
    const cpuStart = cpuMsOf(child.pid) ?? 0;
    let validatorCpu = 0;
    let validateFrom = 0;
    let libraryCpu = 0;
    const kill = (why: typeof killedFor) => {
      killedFor = why;
      child.kill('SIGKILL');
    };
    const arm = () => {
      clearTimeout(timer);
      timer =
        stage !== 'validate'
          ? setTimeout(() => kill('over-time'), Math.max(0, hardMs - used))
          : setTimeout(() => kill('invalid-glb'), options.validatorMs);
    };
    const sampler = setInterval(() => {
      const rss = residentBytes(child.pid);
      const cpu = cpuMsOf(child.pid);
      if (rss === undefined || cpu === undefined) return;
      peak = Math.max(peak, rss - base);
      libraryCpu = cpu - cpuStart - validatorCpu - (stage === 'validate' ? cpu - validateFrom : 0);
      if (peak > options.memoryMb * 2 ** 20) kill('over-memory');
      else if (libraryCpu > budgetMs * 1.5 + 250) kill('over-time');
    }, 25);
    const finish = (result: CaseResult, dead: boolean) => {
      clearTimeout(timer);
      clearInterval(sampler);
      child.off('message', onMessage);
      child.off('exit', onExit);
      resolve({ result, dead });
    };
    const onMessage = (m: { id: number; stage?: string; result?: CaseResult }) => {
      if (m.id !== id) return;
      if (m.stage) {
        const now = performance.now();
        const cpu = cpuMsOf(child.pid) ?? 0;
        if (stage !== 'validate') used += now - since;
        else validatorCpu += cpu - validateFrom;
        if (m.stage === 'validate') validateFrom = cpu;
        since = now;
        stage = m.stage;
        arm();
      } else if (m.result) finish(m.result, false);
    };
    const onExit = (code: number | null, signal: string | null) => {
      const ms = Math.round(used + (stage !== 'validate' ? performance.now() - since : 0));
      const tail = slot.stderr.trim().split('\n').slice(-6).join('\n');
      const heap = /heap out of memory|heap limit|allocation failed/i.test(slot.stderr);
      const outcome = killedFor ?? (heap ? 'over-memory' : 'crash');
      const message =
        killedFor === 'over-time'
          ? `killed after ${libraryCpu} ms of CPU, ${ms} ms of wall time in the library (budget ${budgetMs} ms of CPU)`
          : killedFor === 'over-memory'
            ? `killed at ${Math.round(peak / 2 ** 20)} MB over its starting size (budget ${options.memoryMb} MB)`
            : killedFor === 'invalid-glb'
              ? `the validator did not finish in ${options.validatorMs} ms`
              : `the process exited (${code ?? signal}): ${tail}`;
      finish(
        {
          outcome,
          stage,
          error: { name: 'killed', message },
          cpuMs: ms,
        },
        true,
      );
    };
    child.on('message', onMessage);
    child.on('exit', onExit);
    arm();
    child.send({ id, spec });
  });
}

/** Starts a pool of fuzz children (started lazily, replaced when one dies or is killed). */
export function startCasePool(given: CasePoolOptions = {}): CasePool {
  const options: Required<CasePoolOptions> = {
    jobs: 1,
    memoryMb: 512,
    validatorMs: 60_000,
    killGraceMs: 2000,
    ...given,
  };
  const slots: (Slot | undefined)[] = Array.from({ length: options.jobs }, () => undefined);
  const free = slots.map((_, i) => i);
  const waiting: ((slot: number) => void)[] = [];
  let nextId = 0;
  const acquire = () =>
    new Promise<number>((resolve) => {
      const index = free.shift();
      if (index === undefined) waiting.push(resolve);
      else resolve(index);
    });
  const release = (index: number) => {
    const next = waiting.shift();
    if (next) next(index);
    else free.push(index);
  };
  return {
    async run(spec, budgetMs) {
      const index = await acquire();
      try {
        const slot = slots[index] ?? startSlot(options.memoryMb);
        slots[index] = slot;
        await slot.ready;
        const { result, dead } = await runInSlot(slot, nextId++, spec, budgetMs, options);
        // A child whose heap crept far past the budget is replaced before it runs out on an innocent case.
        const swollen = (residentBytes(slot.child.pid) ?? 0) > (options.memoryMb + 512) * 2 ** 20;
        if (dead || swollen) {
          slot.child.kill('SIGKILL');
          slots[index] = undefined;
        }
        if (result.outcome === 'ok' || result.outcome === 'parse-error' || result.outcome === 'invalid-glb')
          if (result.cpuMs > budgetMs)
            return {
              outcome: 'over-time',
              stage: 'budget',
              error: { name: 'budget', message: `took ${result.cpuMs} ms of CPU (budget ${budgetMs} ms)` },
              cpuMs: result.cpuMs,
            };
        return result;
      } finally {
        release(index);
      }
    },
    close() {
      for (const slot of slots) slot?.child.kill('SIGKILL');
      slots.fill(undefined);
    },
  };
}

/*
 * Ctrl-C (SIGINT) and SIGTERM. Converting a model is synchronous work, during which no JavaScript handler can run,
 * so while this thread converts, the signals keep their default action and end the process at once, whatever it
 * is doing; there is nothing to undo then (outputs are only in memory). The rest of the time (the run's writes,
 * between conversions) a handler holds them: a write set under way is finished or undone first (write-atomic.ts),
 * then the process ends with 130 or 143. Listeners are given back and taken again only around conversions, with
 * the events already waiting (a signal caught meanwhile) handled in between, so no signal lands in a gap.
 * (Node's recursive mkdir on `/proc/x/y` loops without returning inside one synchronous call; with a handler
 * installed for the whole run, SIGTERM then never ended the process. Folders are now made one at a time.)
 */
import { interruptWrites } from './write-atomic.js';

const handlers = (
  [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const
).map(([signal, code]) => [signal, () => interruptWrites(() => process.exit(code))] as const);

let held = false;

const setHandlers = (on: boolean) => {
  for (const [signal, handler] of handlers) (on ? process.on : process.off).call(process, signal, handler);
};

/** Resolves once the events already waiting (a signal caught during synchronous work among them) have been handled. */
const yieldToEvents = () => new Promise<void>((resolve) => setImmediate(resolve));

/** From now on SIGINT and SIGTERM let a write set finish or undo itself before the process ends. */
export function holdSignals(): void {
  if (held) return;
  held = true;
  setHandlers(true);
}

/**
 * Runs `work` (a conversion in this thread) with SIGINT and SIGTERM at their default action, so they end the
 * process at once; then holds them again. Nothing changes when they are not held.
 */
export async function withDefaultSignals<T>(work: () => Promise<T>): Promise<T> {
  if (!held) return work();
  await yieldToEvents();
  setHandlers(false);
  try {
    return await work();
  } finally {
    setHandlers(true);
  }
}

/*
 * The `retromodel` command as one function, for the bin (bin/retromodel.cjs runs it from the bundle, or bin.ts
 * from tsc's output): signals undo the output being written, a closed pipe ends quietly, and the exit code is
 * main's. The bundle's second export, serveConvertJobs, is what a batch's worker thread runs.
 */
import { main } from './main.js';
import { interruptWrites } from './write-atomic.js';

export { serveConvertJobs } from './batch/convert-worker.js';

/** Runs the command with `argv` (the arguments after the command name) and sets the process's exit code. */
export async function runCli(argv: string[]): Promise<void> {
  // Interrupted (Ctrl-C, kill): the output set being written is undone first, so no half set or temporary is left.
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => interruptWrites(() => process.exit(code)));
  }

  // Output piped into a program that stops reading (`retromodel ls x.szs | head`) is not an error.
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });

  process.exitCode = await main(argv);
}

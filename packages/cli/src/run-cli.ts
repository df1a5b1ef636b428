/*
 * The `retromodel` command as one function, for the bin (bin/retromodel.cjs runs it from the bundle, or bin.ts
 * from tsc's output): a closed pipe ends quietly, and the exit code is main's. The bundle's second export,
 * serveConvertJobs, is what a batch's worker thread runs.
 */
import { main } from './main.js';

export { serveConvertJobs } from './batch/convert-worker.js';

/** Runs the command with `argv` (the arguments after the command name) and sets the process's exit code. */
export async function runCli(argv: string[]): Promise<void> {
  // Ctrl-C and SIGTERM end the process at once while it converts; a command that writes holds them otherwise, so a
  // write set is finished or undone first (signals.ts). Node gives them their default action at start-up, also when
  // the parent ignored them (as a shell does for a background job).

  // Output piped into a program that stops reading (`retromodel ls x.szs | head`) is not an error.
  for (const stream of [process.stdout, process.stderr])
    stream.on('error', (e: NodeJS.ErrnoException) => {
      if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
      throw e;
    });

  process.exitCode = await main(argv);
}

/*
 * The `retromodel` command as one function, for the bin (bin/retromodel.cjs runs it from the bundle, or bin.ts
 * from tsc's output): the exit code is main's (a closed pipe ends quietly: io.ts).
 */
import { main } from './main.js';
import type { V8Tuning } from './v8-tuning.js';

/**
 * Runs the command with `argv` (the arguments after the command name) and sets the process's exit code;
 * `v8Tuning`: the V8 flags the bin set for this work (v8-tuning.ts).
 */
export async function runCli(argv: string[], v8Tuning?: V8Tuning): Promise<void> {
  // Ctrl-C and SIGTERM end the process at once while it converts; a command that writes holds them otherwise, so a
  // write set is finished or undone first (signals.ts). Node gives them their default action at start-up, also when
  // the parent ignored them (as a shell does for a background job).
  process.exitCode = await main(argv, undefined, v8Tuning);
}

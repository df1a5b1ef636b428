#!/usr/bin/env node
import { main } from './main.js';

// Ctrl-C and SIGTERM end the process at once while it converts; a command that writes holds them otherwise, so a
// write set is finished or undone first (signals.ts). Node gives them their default action at start-up, also when
// the parent ignored them (as a shell does for a background job).

// Output piped into a program that stops reading (`retromodel ls x.szs | head`) is not an error.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });

process.exitCode = await main(process.argv.slice(2));

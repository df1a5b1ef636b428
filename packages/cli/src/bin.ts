#!/usr/bin/env node
import { main } from './main.js';

// Ctrl-C and SIGTERM keep their default action (the process ends at once), except while an output set is being
// written: write-atomic.ts then holds them until the set is undone, so no half set or temporary is left.

// Output piped into a program that stops reading (`retromodel ls x.szs | head`) is not an error.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });

process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
import { main } from './main.js';
import { interruptWrites } from './write-atomic.js';

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

process.exitCode = await main(process.argv.slice(2));

#!/usr/bin/env node
import { main } from './main.js';

// Interrupted (Ctrl-C, kill): the output set being written is undone first, so no half set or temporary is left.
// write-atomic.js is imported here only then (it loads node:crypto, which help and info do not need): when a
// command is writing, it has imported the module already and gets that same instance with its writes in progress.
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
] as const) {
  process.once(signal, () =>
    import('./write-atomic.js').then(({ interruptWrites }) => interruptWrites(() => process.exit(code))),
  );
}

// Output piped into a program that stops reading (`retromodel ls x.szs | head`) is not an error.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0);
    throw e;
  });

process.exitCode = await main(process.argv.slice(2));

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

process.exitCode = await main(process.argv.slice(2));

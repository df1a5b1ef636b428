/*
 * A fuzz child process (started by case-pool.ts with tsx and the `source` condition): loads every codec and
 * the validator once, says `{ ready }`, then runs the cases it is sent one at a time and answers each with
 * `{ id, result }`, telling the pool each stage as it starts (`{ id, stage }`). A hang, a runaway
 * allocation or a crash of this process is the pool's to catch: it kills or replaces the process.
 */
import { adapters } from '@retromodel/transcode';
import { listFuzzTargets } from './fuzz-targets.js';
import { type FuzzCase, runCase } from './run-case.js';

const send = (message: unknown) => process.send?.(message);
const targets = new Map(listFuzzTargets().map((t) => [t.id, t]));
for (const adapter of adapters) await adapter.load();
await import('@retromodel/gltf/png');

process.on('message', async (message: { id: number; spec: FuzzCase }) => {
  const result = await runCase(message.spec, targets, (stage) => send({ id: message.id, stage }));
  send({ id: message.id, result });
});
process.on('disconnect', () => process.exit(0));
send({ ready: true });

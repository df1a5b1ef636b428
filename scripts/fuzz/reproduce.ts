/*
 * `npm run fuzz -- --repro '<case JSON>'`: runs one case again, in a child process under the same budgets
 * as the run that found it, and prints what it does, with the stack. Exit code 1 when it is still a finding.
 */

import { terminalText } from '@retromodel/scene/terminal-text';
import {
  describeMutation,
  type FuzzCase,
  isFinding,
  listFuzzTargets,
  startCasePool,
  targetLayout,
} from '@retromodel/test-utils';

/** Prints a line; the fuzz's names (a hostile name's ESC or CSI) reach the terminal escaped. */
const say = (text: string) => console.log(terminalText(text));

/** Runs `spec` once and prints its outcome; returns the exit code. */
export async function reproduce(spec: FuzzCase, budgets: { budgetMs: number; memoryMb: number }): Promise<number> {
  const target = listFuzzTargets().find((t) => t.id === spec.target);
  if (!target) throw new Error(`no fuzz target ${spec.target} (is the fixtures folder the same?)`);
  const { sections } = await targetLayout(target);
  say(`${target.id} (${target.format}, ${target.run}${target.host ? ` with ${target.host}` : ''})`);
  say(`mutation: ${describeMutation(spec.mutation, sections)}`);
  const pool = startCasePool({ jobs: 1, memoryMb: budgets.memoryMb });
  try {
    const result = await pool.run(spec, budgets.budgetMs);
    say(`outcome: ${result.outcome}${result.stage ? ` in ${result.stage}` : ''} after ${result.cpuMs} ms of CPU`);
    if (result.error) say(result.error.stack ?? `${result.error.name}: ${result.error.message}`);
    return isFinding(result.outcome) ? 1 : 0;
  } finally {
    pool.close();
  }
}

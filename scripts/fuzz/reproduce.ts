/*
 * `npm run fuzz -- --repro '<case JSON>'`: runs one case again, in a child process under the same budgets
 * as the run that found it, and prints what it does, with the stack. Exit code 1 when it is still a finding.
 */
import {
  describeMutation,
  type FuzzCase,
  isFinding,
  listFuzzTargets,
  startCasePool,
  targetLayout,
} from '@retromodel/test-utils';

/** Runs `spec` once and prints its outcome; returns the exit code. */
export async function reproduce(spec: FuzzCase, budgets: { budgetMs: number; memoryMb: number }): Promise<number> {
  const target = listFuzzTargets().find((t) => t.id === spec.target);
  if (!target) throw new Error(`no fuzz target ${spec.target} (is the fixtures folder the same?)`);
  const { sections } = await targetLayout(target);
  console.log(`${target.id} (${target.format}, ${target.run}${target.host ? ` with ${target.host}` : ''})`);
  console.log(`mutation: ${describeMutation(spec.mutation, sections)}`);
  const pool = startCasePool({ jobs: 1, memoryMb: budgets.memoryMb });
  try {
    const result = await pool.run(spec, budgets.budgetMs);
    console.log(
      `outcome: ${result.outcome}${result.stage ? ` in ${result.stage}` : ''} after ${result.cpuMs} ms of CPU`,
    );
    if (result.error) console.log(result.error.stack ?? `${result.error.name}: ${result.error.message}`);
    return isFinding(result.outcome) ? 1 : 0;
  } finally {
    pool.close();
  }
}

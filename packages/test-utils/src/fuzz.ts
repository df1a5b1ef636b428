/*
 * Bad input for tests: every reader must end in a ParseError or a clean result, never another exception or a
 * hang. Here: `expectCleanOutcome` for a test's own loops, and the shared fuzz harness in fuzz/ (seeded
 * truncations, field-aware mutations and splices of the shared fixtures, run through reader, toScene, both
 * writers, `info` and the validator in child processes with time and memory budgets), used by
 * test/fuzz/fuzz-slice.test.ts and `npm run fuzz` (scripts/fuzz/run.ts).
 */
import { ParseError } from '@retromodel/binary';
import { expect } from 'vitest';

export { archiveSections } from './fuzz/archive-sections.js';
export { mutations, randomByteChanges, truncationLengths } from './fuzz/byte-mutations.js';
export {
  type Campaign,
  describeCase,
  type PlannedCase,
  planCase,
  prepareCampaign,
  runBaselines,
  runCases,
} from './fuzz/campaign.js';
export {
  applyMutation,
  describeMutation,
  type FieldType,
  type FuzzSection,
  type Mutation,
} from './fuzz/case-mutation.js';
export { type CasePool, type CasePoolOptions, startCasePool } from './fuzz/case-pool.js';
export {
  type Finding,
  type FuzzRecord,
  isFinding,
  newRecord,
  recordResult,
  renderRecord,
  type Tally,
} from './fuzz/fuzz-report.js';
export { type FuzzTarget, listFuzzTargets, targetBytes } from './fuzz/fuzz-targets.js';
export { type GltfEdit, glbChunks } from './fuzz/gltf-edits.js';
export { planMutation } from './fuzz/plan-cases.js';
export { type CaseResult, type FuzzCase, type Outcome, outcomes, runCase } from './fuzz/run-case.js';
export { randomInt, randomPick, seededRandom, seedOf } from './fuzz/seeded-random.js';
export { type TargetLayout, targetLayout } from './fuzz/target-layout.js';

/**
 * Runs `parse` and accepts either a clean return or a ParseError; anything else fails the test with the
 * case's description. Returns 'ok' or 'error'.
 */
export async function expectCleanOutcome(parse: () => unknown, what: string): Promise<'ok' | 'error'> {
  try {
    await parse();
    return 'ok';
  } catch (e) {
    if (e instanceof ParseError) return 'error';
    expect.fail(
      `${what}: threw ${e instanceof Error ? `${e.name}: ${e.message}\n${e.stack}` : String(e)} instead of a ParseError`,
    );
  }
}

/*
 * The fast slice of the shared fuzz harness (packages/test-utils/src/fuzz/; the long run is `npm run fuzz`):
 * for every format, up to three of its fixtures under 64 KB (the smallest, the middle and the largest of
 * those), each run undamaged, then 24 seeded cases (field-aware mutations, truncations, random bytes and
 * splices) through info, reader, toScene, the glTF writer with the Khronos validator and the T3DM writer with
 * a re-read, in child processes. Any crash, validator error, case over 2 s of library time or over 512 MB
 * fails the format's test, listing each finding with the command that reproduces it.
 */
import { statSync } from 'node:fs';
import {
  type CasePool,
  type FuzzTarget,
  fixture,
  haveFixtures,
  isFinding,
  listFuzzTargets,
  newRecord,
  prepareCampaign,
  recordResult,
  renderRecord,
  runBaselines,
  runCases,
  startCasePool,
} from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const SEED = 20_260_000;
const CASES_PER_FORMAT = 24;
const BUDGET_MS = 2000;
const MAX_BYTES = 64 * 1024;

/** Up to three targets per format under MAX_BYTES: the smallest, the middle one and the largest. */
function sliceTargets(): Map<string, FuzzTarget[]> {
  const byFormat = new Map<string, FuzzTarget[]>();
  for (const target of listFuzzTargets()) {
    if (statSync(fixture(target.file)).size > MAX_BYTES) continue;
    byFormat.set(target.format, [...(byFormat.get(target.format) ?? []), target]);
  }
  for (const [format, list] of byFormat) {
    const sorted = [...list].sort((a, b) => statSync(fixture(a.file)).size - statSync(fixture(b.file)).size);
    const picks = new Set([sorted[0]!, sorted[Math.floor(sorted.length / 2)]!, sorted[sorted.length - 1]!]);
    byFormat.set(format, [...picks]);
  }
  return new Map([...byFormat].sort(([a], [b]) => a.localeCompare(b)));
}

const slice = haveFixtures ? sliceTargets() : new Map<string, FuzzTarget[]>();

describe.skipIf(!haveFixtures)('fuzz slice: shared fixtures, damaged', () => {
  let pool: CasePool;
  beforeAll(() => {
    pool = startCasePool({ jobs: 2, memoryMb: 512 });
  });
  afterAll(() => pool.close());

  for (const [format, targets] of slice) {
    it(`${format} (${targets.length} fixtures): ${CASES_PER_FORMAT} seeded cases end in ParseError or a clean, valid result within budget`, async () => {
      const campaign = await prepareCampaign(targets);
      const record = newRecord();
      for (const [id, result] of await runBaselines(campaign, pool, BUDGET_MS)) {
        const target = campaign.layouts.get(id)!.target;
        const spec = { target: id, mutation: { kind: 'none' as const } };
        if (isFinding(result.outcome))
          recordResult(record, { k: -1, target, spec, description: `${id}: unchanged` }, result);
      }
      await runCases(campaign, pool, {
        seed: SEED,
        from: 0,
        count: CASES_PER_FORMAT,
        parallel: 2,
        onResult: (planned, result) => recordResult(record, planned, result),
      });
      const tally = record.tallies[format]!;
      expect(tally.cases).toBeGreaterThanOrEqual(CASES_PER_FORMAT);
      const findings = record.findings.map((f) => `${f.outcome} in ${f.stage}: ${f.error} (${f.description})`);
      expect(findings, renderRecord(record, `fuzz slice ${format}, seed ${SEED}`)).toEqual([]);
    }, 180_000);
  }
});

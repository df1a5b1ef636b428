/*
 * `npm run fuzz`: the long, seeded, resumable fuzz run over every shared fixture (the harness is
 * packages/test-utils/src/fuzz/; the fast slice in `npm test` is test/fuzz/fuzz-slice.test.ts).
 *   npm run fuzz -- --minutes 20 --seed 1 [--jobs 2] [--format j3d,t3dm] [--fresh]
 *                   [--budget-ms 2000] [--memory-mb 512]
 *   npm run fuzz -- --repro '<case JSON printed with a finding>' [--budget-ms 60000]
 * First every target runs undamaged once (its baseline): a target's CPU budget is --budget-ms, or four times
 * its baseline when that is more. Then cases run for --minutes. State goes to .fuzz/state-seed-<seed>[-<formats>].json after every 100 cases and at the end (Ctrl-C
 * stops cleanly), so a second run with the same seed continues where the last stopped; the summary table
 * and findings are printed and written to .fuzz/summary-seed-<seed>[-<formats>].md. Exit code 1 when
 * there are findings.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { terminalText } from '@retromodel/scene/terminal-text';
import {
  type FuzzCase,
  type FuzzRecord,
  haveFixtures,
  isFinding,
  listFuzzTargets,
  newRecord,
  prepareCampaign,
  recordResult,
  renderRecord,
  repoPath,
  runBaselines,
  runCases,
  startCasePool,
} from '@retromodel/test-utils';
import { reproduce } from './reproduce.js';

/** Prints a line; the fuzz's names (a hostile name's ESC or CSI) reach the terminal escaped. */
const say = (text: string) => console.log(terminalText(text));

interface State {
  seed: number;
  formats: string;
  /** The next case index k. */
  next: number;
  elapsedMs: number;
  record: FuzzRecord;
  /** CPU budget per target id from the baselines, and the --budget-ms they were set with. */
  budgets?: Record<string, number>;
  budgetMs?: number;
}

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '20' },
    seed: { type: 'string', default: '1' },
    jobs: { type: 'string', default: '1' },
    format: { type: 'string', default: '' },
    'budget-ms': { type: 'string', default: '2000' },
    'memory-mb': { type: 'string', default: '512' },
    fresh: { type: 'boolean', default: false },
    repro: { type: 'string' },
  },
});
const seed = Number(values.seed);
const jobs = Number(values.jobs);
const budgetMs = Number(values['budget-ms']);
const memoryMb = Number(values['memory-mb']);
if (!haveFixtures) throw new Error('the shared fixtures are needed (../shared/fixtures or RETROMODEL_FIXTURES)');

if (values.repro) {
  const spec = JSON.parse(values.repro) as FuzzCase;
  process.exit(await reproduce(spec, { budgetMs, memoryMb }));
}

const formats = values.format.split(',').filter(Boolean).sort();
const targets = listFuzzTargets().filter((t) => formats.length === 0 || formats.includes(t.format));
if (targets.length === 0) throw new Error(`no fuzz targets for --format ${values.format}`);
const dir = repoPath('.fuzz');
const name = `seed-${seed}${formats.length ? `-${formats.join(',')}` : ''}`;
const statePath = join(dir, `state-${name}.json`);
mkdirSync(dir, { recursive: true });
const loaded = values.fresh
  ? undefined
  : (() => {
      try {
        return JSON.parse(readFileSync(statePath, 'utf8')) as State;
      } catch {
        return undefined;
      }
    })();
const state: State = loaded ?? { seed, formats: formats.join(','), next: 0, elapsedMs: 0, record: newRecord() };
const save = () => writeFileSync(statePath, `${JSON.stringify(state)}\n`);

const began = Date.now();
let stopping = false;
process.on('SIGINT', () => {
  if (stopping) process.exit(130);
  stopping = true;
  say('\nstopping after the cases under way (Ctrl-C again to quit at once)');
});

say(`fuzz ${name}: ${targets.length} targets, ${loaded ? `resuming at case ${state.next}` : 'fresh start'}`);
const campaign = await prepareCampaign(targets);
const pool = startCasePool({ jobs, memoryMb });
// The baselines (each target undamaged) set the budgets; a resumed run reuses them.
const known = state.budgetMs === budgetMs ? (state.budgets ?? {}) : {};
if (targets.every((t) => known[t.id] !== undefined)) for (const t of targets) campaign.budgets.set(t.id, known[t.id]!);
else
  for (const [id, result] of await runBaselines(campaign, pool, budgetMs)) {
    state.budgets = Object.fromEntries(campaign.budgets);
    state.budgetMs = budgetMs;
    if (!isFinding(result.outcome)) continue;
    const planned = {
      k: -1,
      target: campaign.layouts.get(id)!.target,
      spec: { target: id, mutation: { kind: 'none' as const } },
      description: `${id}: unchanged`,
    };
    if (!loaded) recordResult(state.record, planned, result);
    say(`baseline ${id}: ${result.outcome} ${result.error?.message ?? ''}`);
  }

const started = Date.now();
const deadline = started + Number(values.minutes) * 60_000;

let sinceSave = 0;
let lastReport = Date.now();
const firstK = state.next;
state.next = await runCases(campaign, pool, {
  seed,
  from: state.next,
  parallel: jobs,
  stop: () => stopping || Date.now() >= deadline,
  onResult: (planned, result) => {
    recordResult(state.record, planned, result);
    state.next = planned.k + 1;
    if (isFinding(result.outcome))
      say(`${result.outcome}: ${planned.description} — ${result.error?.message.split('\n')[0] ?? ''}`);
    if (++sinceSave >= 100) {
      sinceSave = 0;
      save();
    }
    if (Date.now() - lastReport > 30_000) {
      lastReport = Date.now();
      const rate = ((state.next - firstK) / ((Date.now() - started) / 1000)).toFixed(1);
      say(`… case ${state.next}, ${rate} cases/s, ${state.record.findings.length} findings`);
    }
  },
});
pool.close();
state.elapsedMs += Date.now() - began;
save();
const minutes = (state.elapsedMs / 60_000).toFixed(1);
const summary = renderRecord(state.record, `Fuzz run ${name}: ${state.next} cases in ${minutes} minutes`);
writeFileSync(join(dir, `summary-${name}.md`), summary);
say(`\n${summary}`);
say(`state: ${statePath}`);
process.exit(state.record.findings.length > 0 ? 1 : 0);

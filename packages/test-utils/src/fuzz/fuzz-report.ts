/*
 * What a fuzz run found, as data that survives JSON (the long run's state file) and as a Markdown summary:
 * per format the cases and their outcomes, and the findings (every outcome other than ok and ParseError),
 * grouped by what went wrong (outcome, stage, error and the first retromodel stack frame, numbers left out),
 * each with its count and the first case that showed it, printed so it can be run again.
 */
import type { PlannedCase } from './campaign.js';
import { type CaseResult, type FuzzCase, type Outcome, outcomes } from './run-case.js';

export type Tally = Record<Outcome | 'cases', number>;

export interface Finding {
  key: string;
  format: string;
  outcome: Outcome;
  stage: string;
  /** Error name and message (first line). */
  error: string;
  /** The first stack frame in the repository's packages, `packages/j3d/src/...:line`. */
  frame?: string;
  count: number;
  /** The first case that showed it. */
  spec: FuzzCase;
  description: string;
}

export interface FuzzRecord {
  tallies: Record<string, Tally>;
  findings: Finding[];
}

const columns: (Outcome | 'cases')[] = ['cases', ...outcomes];

/** Findings kept in full; more distinct ones are counted in their format's row only. */
const MAX_FINDINGS = 300;

/** An empty record. */
export function newRecord(): FuzzRecord {
  return { tallies: {}, findings: [] };
}

/** True for the outcomes that are findings (not ok, not a ParseError, not a writer's own refusal). */
export function isFinding(outcome: Outcome): boolean {
  return outcome !== 'ok' && outcome !== 'parse-error' && outcome !== 'refused';
}

function repositoryFrame(stack: string | undefined): string | undefined {
  for (const line of stack?.split('\n').slice(1) ?? []) {
    const m = /(packages\/[^\s()]+?):(\d+):\d+/.exec(line);
    if (m && !m[1]!.includes('/test-utils/')) return `${m[1]}:${m[2]}`;
  }
  return undefined;
}

/** Adds one case's result to the record. */
export function recordResult(record: FuzzRecord, planned: PlannedCase, result: CaseResult): void {
  const format = planned.target.format;
  const tally = record.tallies[format] ?? (Object.fromEntries(columns.map((o) => [o, 0])) as Tally);
  record.tallies[format] = tally;
  tally.cases++;
  tally[result.outcome]++;
  if (!isFinding(result.outcome)) return;
  const error = `${result.error?.name ?? ''}: ${(result.error?.message ?? '').split('\n')[0]}`.slice(0, 400);
  const frame = repositoryFrame(result.error?.stack);
  const shape = error.replace(/0x[0-9a-f]+|\d+(\.\d+)?/gi, '#');
  // Without a stack (budgets, the validator), findings are told apart by target too.
  const where = frame ?? (result.outcome === 'invalid-glb' ? '' : planned.target.id);
  const key = [format, result.outcome, result.stage, shape, where].join('|');
  const known = record.findings.find((f) => f.key === key);
  if (known) known.count++;
  else if (record.findings.length < MAX_FINDINGS)
    record.findings.push({
      key,
      format,
      outcome: result.outcome,
      stage: result.stage ?? '',
      error,
      ...(frame ? { frame } : {}),
      count: 1,
      spec: planned.spec,
      description: planned.description,
    });
}

const headings = [
  'cases',
  'ok',
  'ParseError',
  'refused',
  'invalid GLB',
  'over time',
  'over memory',
  'crash',
  'unsafe write',
];

/** The per-format table and the findings, as Markdown. */
export function renderRecord(record: FuzzRecord, title: string): string {
  const formats = Object.keys(record.tallies).sort();
  const total = Object.fromEntries(
    columns.map((c) => [c, formats.reduce((n, f) => n + record.tallies[f]![c], 0)]),
  ) as Tally;
  const row = (name: string, t: Tally) => `| ${name} | ${columns.map((c) => t[c]).join(' | ')} |`;
  const lines = [
    `# ${title}`,
    '',
    `| format | ${headings.join(' | ')} |`,
    `|---|${headings.map(() => '---:').join('|')}|`,
    ...formats.map((f) => row(f, record.tallies[f]!)),
    row('**all**', total),
    '',
    `## Findings (${record.findings.length})`,
    '',
  ];
  if (record.findings.length === 0) lines.push('None.');
  for (const f of record.findings) {
    lines.push(
      `- **${f.format} ${f.outcome}** in ${f.stage} (${f.count}×): ${f.error}${f.frame ? ` at ${f.frame}` : ''}`,
    );
    lines.push(`  - case: ${f.description}`);
    lines.push(`  - repro: \`npm run fuzz -- --repro '${JSON.stringify(f.spec)}'\``);
  }
  return `${lines.join('\n')}\n`;
}

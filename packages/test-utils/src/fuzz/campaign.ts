/*
 * A fuzz campaign over a set of targets: each target's layout (its sections) is read once, its undamaged file
 * is run once as a baseline (which sets its time budget: the base budget, or four times the baseline when the
 * file is big), then cases are planned by a global index k, taking the formats in turn and each format's
 * targets in turn, so every format gets the same share and any k is planned again the same way (resume).
 */

import { describeMutation } from './case-mutation.js';
import type { CasePool } from './case-pool.js';
import type { FuzzTarget } from './fuzz-targets.js';
import { planMutation } from './plan-cases.js';
import type { CaseResult, FuzzCase } from './run-case.js';
import { type TargetLayout, targetLayout } from './target-layout.js';

export interface Campaign {
  formats: string[];
  byFormat: Map<string, TargetLayout[]>;
  layouts: Map<string, TargetLayout>;
  /** Library-time budget per target id, in ms. */
  budgets: Map<string, number>;
}

/** One planned case with its printable description. */
export interface PlannedCase {
  k: number;
  target: FuzzTarget;
  spec: FuzzCase;
  description: string;
}

/** Reads the layouts of `targets`. */
export async function prepareCampaign(targets: readonly FuzzTarget[]): Promise<Campaign> {
  const layouts = new Map<string, TargetLayout>();
  const byFormat = new Map<string, TargetLayout[]>();
  for (const target of targets) {
    const layout = await targetLayout(target);
    layouts.set(target.id, layout);
    byFormat.set(target.format, [...(byFormat.get(target.format) ?? []), layout]);
  }
  return { formats: [...byFormat.keys()].sort(), byFormat, layouts, budgets: new Map() };
}

/** Describes a case in one line: target and mutation. */
export function describeCase(campaign: Campaign, spec: FuzzCase): string {
  const sections = campaign.layouts.get(spec.target)?.sections ?? [];
  return `${spec.target}: ${describeMutation(spec.mutation, sections)}`;
}

/** Case k of the campaign under `seed`. */
export function planCase(campaign: Campaign, seed: number, k: number): PlannedCase {
  const format = campaign.formats[k % campaign.formats.length]!;
  const list = campaign.byFormat.get(format)!;
  const round = Math.floor(k / campaign.formats.length);
  const layout = list[round % list.length]!;
  const spec = {
    target: layout.target.id,
    mutation: planMutation(layout, list, seed, Math.floor(round / list.length)),
  };
  return { k, target: layout.target, spec, description: describeCase(campaign, spec) };
}

/**
 * Runs every target's undamaged file and sets its budget: `baseMs`, or four times the baseline's own time
 * when that is more. Returns the baseline results by target id.
 */
export async function runBaselines(
  campaign: Campaign,
  pool: CasePool,
  baseMs: number,
): Promise<Map<string, CaseResult>> {
  const results = new Map<string, CaseResult>();
  await Promise.all(
    [...campaign.layouts.keys()].map(async (id) => {
      // A baseline may take long (the biggest fixtures); its own budget is generous.
      const result = await pool.run({ target: id, mutation: { kind: 'none' } }, baseMs * 10);
      results.set(id, result);
      campaign.budgets.set(id, Math.max(baseMs, 4 * result.cpuMs));
    }),
  );
  return results;
}

/**
 * Runs cases k = from, from+1, ... through the pool, as many at a time as `parallel`, until `count` cases ran
 * or `stop()` says so; `onResult` gets each result in k order. Returns the next k.
 */
export async function runCases(
  campaign: Campaign,
  pool: CasePool,
  options: {
    seed: number;
    from: number;
    count?: number;
    parallel: number;
    stop?: () => boolean;
    onResult: (planned: PlannedCase, result: CaseResult) => void;
  },
): Promise<number> {
  let k = options.from;
  const end = options.count === undefined ? Number.POSITIVE_INFINITY : options.from + options.count;
  // A window of cases in flight (two per child), delivered in k order.
  const inFlight: { planned: PlannedCase; result: Promise<CaseResult> }[] = [];
  while (inFlight.length > 0 || (k < end && !options.stop?.())) {
    while (inFlight.length < options.parallel * 2 && k < end && !options.stop?.()) {
      const planned = planCase(campaign, options.seed, k++);
      const budget = campaign.budgets.get(planned.target.id) ?? Number.POSITIVE_INFINITY;
      inFlight.push({ planned, result: pool.run(planned.spec, budget) });
    }
    const head = inFlight.shift();
    if (head) options.onResult(head.planned, await head.result);
  }
  return k;
}

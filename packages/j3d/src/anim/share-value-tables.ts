/*
 * The value tables of a J3D animation chunk and where each track or frame run points in them (the rules are
 * written out in packages/j3d/docs/animation-tables.md).
 * Nintendo's tools fill a table run by run in the order the chunk lists its tracks: a run whose values equal
 * those of an earlier whole run (or of a seed value) points there, any other run is appended. BCK and BCA
 * tables start with the rest value as a seed (scale 1, rotation 0, translation 0); the other kinds have none.
 * A file read with its layout keeps its own tables and indices for every table whose runs all still stand where
 * the layout says (the maker's sharing, duplicates and unused values included); a table with any other run is
 * built by the rule.
 */
import type { AnimationLayout } from './animation-layout.js';

/** A descriptor's run of values in table `table`, as the table stores them (f32, s16 steps, u16, u8). */
export interface TableRun {
  table: number;
  values: number[];
}

/** How a maker shares runs: per table, the values the table starts with. */
export interface SharingRule {
  seeds?: readonly (readonly number[])[];
  /** Per table, the number a stored value compares as (default: itself), e.g. any non-zero byte as 1. */
  canonical?: readonly (((stored: number) => number) | undefined)[];
}

/** The tables and the first index of each run, in the order of the runs. */
export interface SharedTables {
  tables: number[][];
  firsts: number[];
}

/** Most values a table may hold, and the largest first index: the counts and indices are u16. */
export const MAX_TABLE_VALUES = 0xffff;

/** A text key that is equal for equal runs (-0 and 0 apart, as their bits are). */
const runKey = (values: readonly number[]) => values.map((v) => (Object.is(v, -0) ? '-0' : String(v))).join(',');

/** Whether every run of `table` stands at the layout's first index in the layout's table. */
function layoutHolds(layout: AnimationLayout, runs: readonly TableRun[], table: number, rule: SharingRule): boolean {
  const stored = layout.tables[table];
  if (!stored) return false;
  const canonical = rule.canonical?.[table] ?? ((v: number) => v);
  return runs.every((run, i) => {
    if (run.table !== table) return true;
    const first = layout.firsts[i]!;
    return (
      first + run.values.length <= stored.length &&
      run.values.every((v, k) => Object.is(canonical(stored[first + k]!), v))
    );
  });
}

/**
 * Lays out `tableCount` value tables for `runs`: the layout's own tables where they still hold, else by `rule`.
 * Throws when a table would need more values than its u16 count holds.
 */
export function shareValueTables(
  runs: readonly TableRun[],
  tableCount: number,
  layout: AnimationLayout | undefined,
  rule: SharingRule,
  names: readonly string[],
): SharedTables {
  const usable = layout !== undefined && layout.firsts.length === runs.length;
  const tables: number[][] = [];
  const firsts: number[] = new Array(runs.length);
  for (let t = 0; t < tableCount; t++) {
    if (usable && layoutHolds(layout, runs, t, rule)) {
      tables.push([...layout.tables[t]!]);
      runs.forEach((run, i) => {
        if (run.table === t) firsts[i] = layout.firsts[i]!;
      });
      continue;
    }
    const values: number[] = [];
    const starts = new Map<string, number>();
    for (const v of rule.seeds?.[t] ?? []) {
      starts.set(runKey([v]), values.length);
      values.push(v);
    }
    runs.forEach((run, i) => {
      if (run.table !== t) return;
      const key = runKey(run.values);
      let start = starts.get(key);
      if (start === undefined) {
        start = values.length;
        starts.set(key, start);
        values.push(...run.values);
      }
      if (start > MAX_TABLE_VALUES || values.length > MAX_TABLE_VALUES)
        throw new Error(`the ${names[t]} table needs ${values.length} values; a table holds ${MAX_TABLE_VALUES}`);
      firsts[i] = start;
    });
    tables.push(values);
  }
  return { tables, firsts };
}

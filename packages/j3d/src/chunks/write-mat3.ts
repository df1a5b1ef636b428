/*
 * MAT3 writer, the mirror of read-mat3 (spec j3d.md §9): "MAT3", u32 size, u16 materialCount, u16 0xFFFF, 30 u32
 * table offsets (0 = absent), the tables, padding to 0x20.
 *
 * `materials` is what is written. While the stored init entries and tables (with `layout`) still resolve to
 * exactly those materials, they are written as stored: every table in file order with the entries no material
 * uses, present-but-empty tables, the indirect table, the names, and each gap filled with the maker's padding
 * text up to where the next table was (gaps under 0x20; a longer or negative gap falls back to 4-byte
 * alignment). Otherwise the tables are rebuilt from the materials as Nintendo's tools do: each table holds its
 * distinct values (compared by their bytes) in order of first use, material by material; identical init
 * entries are shared through the remap table; empty tables are absent unless the stored offsets had them (the
 * light table is kept empty but present, as Nintendo writes it); tables are 4-byte aligned.
 */
import { BinaryWriter } from '@retromodel/binary';
import type { GxMaterial } from '../gx/material-types.js';
import { writeNames } from '../write-name-table.js';
import { ChunkWriter } from './chunk-padding.js';
import type { J3dMaterialEntry, Mat3, Mat3Tables } from './read-mat3.js';
import { isMat3TablePresent, mat3IndexFields, mat3TableOrder } from './read-mat3-layout.js';
import { resolveMaterial } from './read-mat3-resolve.js';
import { disabledIndirect, mat3Slots, writeIndirect, writeMaterialEntry } from './write-mat3-tables.js';

/** What goes in the chunk: one list per slot (0 entries, 1 remap, 2 names, 3 indirect, 4..29 values). */
interface Mat3Plan {
  entries: J3dMaterialEntry[];
  remap: number[];
  names: string[];
  indirect: GxMaterial['indirect'][];
  tables: Mat3Tables;
  /** Slots in the order they are written; others are absent (offset 0). */
  order: number[];
  /** Per slot, offset the stored file had (to reproduce its gaps), or undefined. */
  stored: (number | undefined)[];
  /** Indirect table absent and its offset set to the name table's (noclip's test), as stored. */
  indirectAliasesNames: boolean;
}

class StaleLayout extends Error {}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The stored tables cut to the elements the file really holds, or undefined when they are shorter. */
function storedTables(mat3: Mat3, counts: readonly number[]): Mat3Tables | undefined {
  const tables = { ...mat3.tables };
  for (const s of mat3Slots) {
    const list = mat3.tables[s.key];
    const n = isMat3TablePresent(mat3.offsets, s.slot) ? counts[s.slot]! : 0;
    if (list.length < n) return undefined;
    (tables as Record<string, unknown[]>)[s.key] = list.slice(0, n);
  }
  return tables;
}

/** The plan that rewrites the stored layout, when it still resolves to `materials`. */
function storedPlan(mat3: Mat3): Mat3Plan | undefined {
  const layout = mat3.layout;
  if (!layout || mat3.offsets.length !== 30) return undefined;
  const n = mat3.materials.length;
  if (mat3.remap.length !== n || mat3.names.length !== n || mat3.entries.length !== layout.counts[0]) return undefined;
  const tables = storedTables(mat3, layout.counts);
  if (!tables) return undefined;
  const fail = (sentence: string): never => {
    throw new StaleLayout(sentence);
  };
  // Each entry is resolved from the bytes it is written as.
  const entry = new BinaryWriter({ initialSize: 0x14c });
  try {
    for (let i = 0; i < n; i++) {
      const e = mat3.entries[mat3.remap[i]!];
      if (!e) return undefined;
      entry.seek(0);
      writeMaterialEntry(entry, e);
      const b = entry.finish();
      const m = resolveMaterial(mat3.names[i]!, mat3.remap[i]!, b, 0, tables, mat3.indirect[i] ?? null, fail);
      if (!same(m, mat3.materials[i])) return undefined;
    }
  } catch (error) {
    if (error instanceof StaleLayout) return undefined;
    throw error;
  }
  return {
    entries: mat3.entries,
    remap: mat3.remap,
    names: mat3.names,
    indirect: mat3.indirect,
    tables,
    order: mat3TableOrder(mat3.offsets),
    stored: mat3.offsets,
    indirectAliasesNames: mat3.offsets[3] !== 0 && mat3.offsets[3] === mat3.offsets[2],
  };
}

/** Rebuilds tables, entries and remap from the materials. */
function rebuiltPlan(mat3: Mat3): Mat3Plan {
  const tables = Object.fromEntries(mat3Slots.map((s) => [s.key, []])) as unknown as Mat3Tables;
  const keys = mat3Slots.map(() => new Map<string, number>());
  const probe = new BinaryWriter({ initialSize: 0x80 });
  const indexOf = (k: number, value: unknown): number => {
    const s = mat3Slots[k]!;
    probe.seek(0);
    (s.put as (w: BinaryWriter, v: unknown) => void)(probe, value);
    const key = Array.from(probe.finish().subarray(0, probe.offset)).join(',');
    let index = keys[k]!.get(key);
    if (index === undefined) {
      index = (tables[s.key] as unknown[]).push(value) - 1;
      keys[k]!.set(key, index);
    }
    return index;
  };
  const entries: J3dMaterialEntry[] = [];
  const entryKeys = new Map<string, number>();
  const remap = mat3.materials.map((m) => {
    const e = buildEntry(m, indexOf);
    const key = JSON.stringify(e);
    let index = entryKeys.get(key);
    if (index === undefined) {
      index = entries.push(e) - 1;
      entryKeys.set(key, index);
    }
    return index;
  });
  const hasIndirect = mat3.materials.some((m) => m.indirect !== null);
  const wasPresent = (slot: number) => (mat3.offsets[slot] ?? 0) !== 0 || slot === 9;
  const order = [0, 1, 2];
  if (hasIndirect) order.push(3);
  for (const s of mat3Slots) if (tables[s.key].length > 0 || wasPresent(s.slot)) order.push(s.slot);
  return {
    entries,
    remap,
    names: mat3.materials.map((m) => m.name),
    indirect: hasIndirect ? mat3.materials.map((m) => m.indirect ?? disabledIndirect) : [],
    tables,
    order,
    stored: [],
    indirectAliasesNames: !hasIndirect && mat3.offsets[3] !== 0 && mat3.offsets[3] === mat3.offsets[2],
  };
}

/** Index slots of each list field of the init entry. */
const listLengths: Record<string, number> = {
  matColorIndices: 2,
  colorChanIndices: 4,
  ambColorIndices: 2,
  lightIndices: 8,
  texGenIndices: 8,
  postTexGenIndices: 8,
  texMtxIndices: 10,
  postTexMtxIndices: 20,
  texNoIndices: 8,
  konstColorIndices: 4,
  tevOrderIndices: 16,
  tevColorIndices: 4,
  tevStageIndices: 16,
  tevSwapModeIndices: 16,
  tevSwapTableIndices: 4,
};

/** One init entry for a material, adding its values to the tables through `indexOf(slotIndex, value)`. */
function buildEntry(m: GxMaterial, indexOf: (k: number, value: unknown) => number): J3dMaterialEntry {
  const e: Record<string, number | number[]> = {
    materialMode: m.materialMode,
    konstColorSelection: Array.from({ length: 16 }, (_, i) => m.konstColorSelection[i] ?? 0x0c),
    konstAlphaSelection: Array.from({ length: 16 }, (_, i) => m.konstAlphaSelection[i] ?? 0x1c),
    unknownIndices: Array.from({ length: 12 }, () => 0xffff),
  };
  mat3Slots.forEach((s, k) => {
    const f = mat3IndexFields[s.slot]!;
    const indices = s.values(m).map((v) => (v === null || v === undefined ? f.none : indexOf(k, v)));
    const length = listLengths[f.field];
    if (length === undefined) e[f.field] = indices[0]!;
    else if (indices.length > length)
      throw new Error(`material "${m.name}" has ${indices.length} ${s.key}; a J3D material holds at most ${length}`);
    else e[f.field] = Array.from({ length }, (_, i) => indices[i] ?? f.none);
  });
  return e as unknown as J3dMaterialEntry;
}

/** Writes the complete MAT3 chunk (tag, size, body, padding to 0x20). */
export function writeMat3(mat3: Mat3): Uint8Array {
  const plan = storedPlan(mat3) ?? rebuiltPlan(mat3);
  // Both plans pad with the stored maker's text (Nintendo's when there is no layout).
  const c = new ChunkWriter('MAT3', mat3.layout?.padding, 0x2000);
  const { w } = c;
  w.u16(plan.remap.length).u16(mat3.layout?.headerPad ?? 0xffff);
  w.fill(30 * 4);
  const offsets: number[] = Array.from({ length: 30 }, () => 0);
  for (const slot of plan.order) {
    offsets[slot] = c.startPart(plan.stored[slot], 4);
    writeSlot(w, plan, slot);
  }
  if (plan.indirectAliasesNames) offsets[3] = offsets[2]!;
  offsets.forEach((o, i) => {
    w.patchU32(0x0c + i * 4, o);
  });
  return c.finish();
}

function writeSlot(w: BinaryWriter, plan: Mat3Plan, slot: number): void {
  if (slot === 0) for (const e of plan.entries) writeMaterialEntry(w, e);
  else if (slot === 1) for (const i of plan.remap) w.u16(i);
  else if (slot === 2) writeNames(w, plan.names);
  else if (slot === 3) for (const d of plan.indirect) writeIndirect(w, d ?? disabledIndirect);
  else {
    const s = mat3Slots[slot - 4]!;
    for (const v of plan.tables[s.key] as unknown[]) (s.put as (w: BinaryWriter, v: unknown) => void)(w, v);
  }
}

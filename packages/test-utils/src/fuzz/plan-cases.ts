/*
 * The seeded planner: case `index` of a target under run seed `seed` is always the same mutation, so a run
 * resumes by index and any case can be planned again. Mix per case: half field-aware (an aligned u8/u16/u32/
 * f32 at the start of a section, where counts, offsets and sizes live, or inside it; set to 0, 1, all ones,
 * 0x7F.., 0x80.., random, the old value ±1, the file length; floats to NaN, ±Infinity, ±max, a subnormal,
 * 1e9, -0), 15% truncations (an even share of the file, or at a section boundary), 15% random bytes, 20%
 * splices (a section of a fixture of the same format over the same-named section, or any aligned range).
 * An archive target gives a quarter of its cases to entry edits instead (entry-edits.ts: one to three renames to
 * hostile names, duplicates, case twins, moves and new folders), a glTF target a quarter to name edits
 * (gltf-edits.ts: one to four objects given hostile names or names alike, images hostile URIs, materials hostile
 * texture names); the rest are planned as above.
 */
import { openArchive } from '@retromodel/archive';
import { randomByteChanges, truncationLengths } from './byte-mutations.js';
import { type FieldType, fieldWidth, type Mutation, readField } from './case-mutation.js';
import { type EntryEdit, entryPaths, hostileNames } from './entry-edits.js';
import { editNames, type GltfEdit, hostileUris, namedCounts, namedLists } from './gltf-edits.js';
import { randomInt, randomPick, seededRandom, seedOf } from './seeded-random.js';
import type { TargetLayout } from './target-layout.js';

const INT_EXTREMES: Record<'u8' | 'u16' | 'u32', number[]> = {
  u8: [0, 1, 0xff, 0x7f, 0x80],
  u16: [0, 1, 0xffff, 0x7fff, 0x8000],
  u32: [0, 1, 0xffffffff, 0x7fffffff, 0x80000000],
};

/** NaN, +Infinity, -Infinity, max, -max, smallest subnormal, 1e9, -0. */
const F32_BITS = [0x7fc00000, 0x7f800000, 0xff800000, 0x7f7fffff, 0xff7fffff, 0x00000001, 0x4e6e6b28, 0x80000000];

const MASK: Record<FieldType, number> = { u8: 0xff, u16: 0xffff, u32: 0xffffffff, f32: 0xffffffff };
const TOP_BIT: Record<FieldType, number> = { u8: 0x80, u16: 0x8000, u32: 0x80000000, f32: 0x80000000 };

function fieldValue(rnd: () => number, type: FieldType, before: number, length: number): number {
  if (type === 'f32') return randomPick(rnd, F32_BITS);
  const choices = [...INT_EXTREMES[type], Math.floor(rnd() * (MASK[type] + 1)), before + 1, before - 1, length];
  // Masked to the field's width; `>>> 0` keeps u32 values unsigned.
  return (randomPick(rnd, choices) & MASK[type]) >>> 0;
}

function fieldType(rnd: () => number, at: number): FieldType {
  const r = rnd();
  if (at % 4 === 0) return r < 0.45 ? 'u32' : r < 0.7 ? 'u16' : r < 0.9 ? 'f32' : 'u8';
  if (at % 2 === 0) return r < 0.8 ? 'u16' : 'u8';
  return 'u8';
}

function planField(rnd: () => number, layout: TargetLayout): Mutation {
  const { bytes, sections, target } = layout;
  const section = randomPick(rnd, sections);
  // Most fields sit in the first 0x40 bytes of a section (its header); the rest anywhere inside.
  const span = rnd() < 0.7 ? Math.min(section.size, 0x40) : section.size;
  let at = section.offset + randomInt(rnd, span);
  at = Math.min(at - (at % 2), bytes.length - 1);
  let type = fieldType(rnd, at);
  if (at + fieldWidth(type) > bytes.length) type = 'u8';
  const before = readField(bytes, at, type, target.littleEndian) ?? 0;
  let value = fieldValue(rnd, type, before, bytes.length);
  if (value === before) value = (before ^ TOP_BIT[type]) >>> 0;
  return { kind: 'field', section: section.name, offset: at, type, littleEndian: target.littleEndian, value, before };
}

function planTruncation(rnd: () => number, layout: TargetLayout): Mutation {
  const n = layout.bytes.length;
  if (rnd() < 0.5) return { kind: 'truncate', length: randomPick(rnd, truncationLengths(n)) };
  const section = randomPick(rnd, layout.sections);
  const cut = section.offset + randomPick(rnd, [0, 1, 4, 8, section.size - 1, section.size]);
  return { kind: 'truncate', length: Math.max(0, Math.min(cut, n - 1)) };
}

function planSplice(rnd: () => number, layout: TargetLayout, donors: readonly TargetLayout[]): Mutation {
  const donor = randomPick(rnd, donors);
  const own = layout.sections.filter((s) => s.name !== 'file');
  if (own.length > 0 && rnd() < 0.6) {
    const to = randomPick(rnd, own);
    const from = donor.sections.find((s) => s.name === to.name) ?? randomPick(rnd, donor.sections);
    const length = Math.min(from.size, randomPick(rnd, [4, 8, 16, 32, 64, 256, from.size]));
    return { kind: 'splice', donor: donor.target.id, from: from.offset, length, to: to.offset };
  }
  const align4 = (n: number) => n - (n % 4);
  const from = align4(randomInt(rnd, donor.bytes.length));
  const length = Math.min(randomPick(rnd, [4, 16, 64, 256, 1024]), donor.bytes.length - from);
  return { kind: 'splice', donor: donor.target.id, from, length, to: align4(randomInt(rnd, layout.bytes.length)) };
}

/** The entry paths of each archive layout, found once. */
const archiveEntries = new WeakMap<TargetLayout, number[][]>();

function planEntries(rnd: () => number, layout: TargetLayout): Mutation {
  const paths = archiveEntries.get(layout) ?? entryPaths(openArchive(layout.bytes).root);
  archiveEntries.set(layout, paths);
  if (paths.length === 0) return { kind: 'none' };
  const edits: EntryEdit[] = [];
  for (let n = 1 + randomInt(rnd, 3); n > 0; n--) {
    const at = randomPick(rnd, paths);
    const r = rnd();
    if (r < 0.45) edits.push({ op: 'rename', at, name: randomPick(rnd, hostileNames) });
    else if (r < 0.6) edits.push({ op: 'duplicate', at });
    else if (r < 0.75) edits.push({ op: 'twin', at });
    else if (r < 0.88) edits.push({ op: 'wrap', at, name: randomPick(rnd, hostileNames) });
    else edits.push({ op: 'move', at, into: rnd() < 0.3 ? [] : randomPick(rnd, paths) });
  }
  return { kind: 'entries', edits };
}

/** The named lists of each glTF layout, counted once. */
const gltfCounts = new WeakMap<TargetLayout, ReturnType<typeof namedCounts>>();

function planGltf(rnd: () => number, layout: TargetLayout): Mutation {
  const counts = gltfCounts.get(layout) ?? namedCounts(layout.bytes);
  gltfCounts.set(layout, counts);
  const lists = namedLists.filter((l) => counts[l] > 0);
  if (lists.length === 0) return { kind: 'none' };
  const edits: GltfEdit[] = [];
  for (let n = 1 + randomInt(rnd, 4); n > 0; n--) {
    const r = rnd();
    if (counts.images > 0 && r < 0.15)
      edits.push({ op: 'uri', index: randomInt(rnd, counts.images), uri: randomPick(rnd, hostileUris) });
    else if (counts.materials > 0 && r < 0.35) {
      const op = rnd() < 0.5 ? 'fast64-texture' : 'n64-path';
      const name = randomPick(rnd, [...editNames, ...hostileUris]);
      edits.push({ op, index: randomInt(rnd, counts.materials), name });
    } else {
      const list = randomPick(rnd, lists);
      edits.push({ op: 'name', list, index: randomInt(rnd, counts[list]), name: randomPick(rnd, editNames) });
    }
  }
  return { kind: 'gltf', edits };
}

/**
 * The mutation of case `index` of `layout`'s target under `seed`. `donors` are the layouts of the targets
 * of the same format (the target's own included) that splices copy from.
 */
export function planMutation(
  layout: TargetLayout,
  donors: readonly TargetLayout[],
  seed: number,
  index: number,
): Mutation {
  const rnd = seededRandom(seedOf(seed, layout.target.id, index));
  const kind = rnd();
  if (layout.bytes.length === 0) return { kind: 'none' };
  if (layout.target.run === 'archive' && rnd() < 0.25) return planEntries(rnd, layout);
  if (layout.target.format === 'gltf' && rnd() < 0.25) return planGltf(rnd, layout);
  if (kind < 0.5) return planField(rnd, layout);
  if (kind < 0.65) return planTruncation(rnd, layout);
  if (kind < 0.8) return { kind: 'bytes', changes: randomByteChanges(layout.bytes.length, rnd) };
  return planSplice(rnd, layout, donors.length > 0 ? donors : [layout]);
}

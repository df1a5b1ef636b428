/*
 * Resolving a MAT3 material (spec j3d.md §9.2): every index of its 0x14C init entry, read straight from the
 * entry's bytes, looked up in its table, giving the complete GX state. 0xFFFF (u16) / 0xFF (u8) mean none, and
 * so does any index into an absent or empty table (Nintendo files keep 0 for the post-texgen tables they omit).
 */
import type { GxIndirect, GxMaterial } from '../gx/material-types.js';
import type { Mat3Tables } from './read-mat3.js';

/** The error for index `index` of a material's `what` past the end of its table (`length` entries). */
function pastTheEnd(what: string, index: number, name: string, length: number, fail: (sentence: string) => never) {
  return fail(`material "${name}" uses ${what} ${index}, but that table has ${length} entries`);
}

/**
 * `list[index]`, null for "none" (`none`, or any index into an empty table); `fail` when past the end. The
 * material is named by `name`, put in the sentence only when it fails (a string per material otherwise).
 */
function pick<T>(
  list: T[],
  index: number,
  what: string,
  name: string,
  fail: (sentence: string) => never,
  none = 0xffff,
): T | null {
  // Nintendo files leave indices at 0 into tables they omit (post texgens/matrices): no table, no value.
  if (index === none || list.length === 0) return null;
  const v = list[index];
  if (v === undefined) pastTheEnd(what, index, name, list.length, fail);
  return v as T;
}

/**
 * `pick` for each of the `n` big-endian u16 indices at `b[at]`, in one loop with no call per index (a material
 * has 130 such indices, most of them "none"). Called with the tables of elements (objects and arrays) only, so
 * its loads and stores see one kind of list (the texture numbers, small integers, have pickNumbers).
 */
function pickAll<T extends object>(
  list: T[],
  b: Uint8Array,
  at: number,
  n: number,
  what: string,
  name: string,
  fail: (sentence: string) => never,
): (T | null)[] {
  const out: (T | null)[] = new Array(n);
  const length = list.length;
  for (let k = 0, p = at; k < n; k++, p += 2) {
    const index = (b[p]! << 8) | b[p + 1]!;
    if (index === 0xffff || length === 0) out[k] = null;
    else {
      const v = list[index];
      if (v === undefined) pastTheEnd(what, index, name, length, fail);
      out[k] = v as T;
    }
  }
  return out;
}

/** pickAll for a table of numbers. */
function pickNumbers(
  list: number[],
  b: Uint8Array,
  at: number,
  n: number,
  what: string,
  name: string,
  fail: (sentence: string) => never,
): (number | null)[] {
  const out: (number | null)[] = new Array(n);
  const length = list.length;
  for (let k = 0, p = at; k < n; k++, p += 2) {
    const index = (b[p]! << 8) | b[p + 1]!;
    if (index === 0xffff || length === 0) out[k] = null;
    else {
      const v = list[index];
      if (v === undefined) pastTheEnd(what, index, name, length, fail);
      out[k] = v as number;
    }
  }
  return out;
}

function u16be(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}

/** The `n` u8 values at `b[at]`. */
function u8s(b: Uint8Array, at: number, n: number): number[] {
  const out: number[] = new Array(n);
  for (let k = 0; k < n; k++) out[k] = b[at + k]!;
  return out;
}

/** `pick` for a u8 index field that stores a 0/1 flag. */
function pickFlag(list: number[], index: number, what: string, name: string, fail: (s: string) => never) {
  const v = pick(list, index, what, name, fail, 0xff);
  return v === null ? null : v !== 0;
}

/**
 * Resolves one material from its 0x14C init entry (`b[at]`, in bounds: checked by the caller; the layout is
 * readMaterialEntry's) and the tables. An index past the end of its table calls `fail` with a sentence (the
 * reader throws a ParseError from it; the writer takes it as "the stored tables no longer describe this
 * material").
 */
export function resolveMaterial(
  name: string,
  entryIndex: number,
  b: Uint8Array,
  at: number,
  t: Mat3Tables,
  indirect: GxIndirect | null,
  fail: (sentence: string) => never,
): GxMaterial {
  const textures = pickNumbers(t.textureNumbers, b, at + 0x84, 8, 'texture number', name, fail);
  return {
    name,
    entryIndex,
    materialMode: b[at]!,
    cullMode: pick(t.cullModes, b[at + 1]!, 'cull mode', name, fail, 0xff),
    colorChannelCount: pick(t.colorChanCounts, b[at + 2]!, 'channel count', name, fail, 0xff),
    channelControls: pickAll(t.channelControls, b, at + 0x0c, 4, 'channel control', name, fail),
    materialColors: pickAll(t.materialColors, b, at + 0x08, 2, 'material colour', name, fail),
    ambientColors: pickAll(t.ambientColors, b, at + 0x14, 2, 'ambient colour', name, fail),
    lights: pickAll(t.lights, b, at + 0x18, 8, 'light', name, fail),
    texGenCount: pick(t.texGenCounts, b[at + 3]!, 'texgen count', name, fail, 0xff),
    texGens: pickAll(t.texGens, b, at + 0x28, 8, 'texgen', name, fail),
    postTexGens: pickAll(t.postTexGens, b, at + 0x38, 8, 'post texgen', name, fail),
    texMatrices: pickAll(t.texMatrices, b, at + 0x48, 10, 'texture matrix', name, fail),
    postTexMatrices: pickAll(t.postTexMatrices, b, at + 0x5c, 20, 'post texture matrix', name, fail),
    textures,
    konstColors: pickAll(t.konstColors, b, at + 0x94, 4, 'konst colour', name, fail),
    konstColorSelection: u8s(b, at + 0x9c, 16),
    konstAlphaSelection: u8s(b, at + 0xac, 16),
    tevOrders: pickAll(t.tevOrders, b, at + 0xbc, 16, 'TEV order', name, fail),
    tevColors: pickAll(t.tevColors, b, at + 0xdc, 4, 'TEV colour', name, fail),
    tevStageCount: pick(t.tevStageCounts, b[at + 4]!, 'TEV stage count', name, fail, 0xff),
    tevStages: pickAll(t.tevStages, b, at + 0xe4, 16, 'TEV stage', name, fail),
    tevSwapModes: pickAll(t.swapModes, b, at + 0x104, 16, 'swap mode', name, fail),
    tevSwapTables: pickAll(t.swapTables, b, at + 0x124, 4, 'swap table', name, fail),
    fog: pick(t.fogs, u16be(b, at + 0x144), 'fog', name, fail),
    alphaCompare: pick(t.alphaCompares, u16be(b, at + 0x146), 'alpha compare', name, fail),
    blend: pick(t.blends, u16be(b, at + 0x148), 'blend mode', name, fail),
    zMode: pick(t.zModes, b[at + 6]!, 'z mode', name, fail, 0xff),
    zCompLoc: pickFlag(t.zCompLocs, b[at + 5]!, 'z-comp-loc', name, fail),
    dither: pickFlag(t.dithers, b[at + 7]!, 'dither', name, fail),
    nbtScale: pick(t.nbtScales, u16be(b, at + 0x14a), 'NBT scale', name, fail),
    indirect,
  };
}

/**
 * The index fields of an init entry, in the order resolveMaterial looks them up: byte offset in the entry,
 * number of indices, bytes per index (1: u8, "none" 0xFF; 2: u16, "none" 0xFFFF), the table slot they index, and
 * what an error calls them. Flat lists of numbers: checkMaterialIndices walks them for every material.
 */
const fieldAt = [
  0x84, 1, 2, 0x0c, 0x08, 0x14, 0x18, 3, 0x28, 0x38, 0x48, 0x5c, 0x94, 0xbc, 0xdc, 4, 0xe4, 0x104, 0x124, 0x144, 0x146,
  0x148, 6, 5, 7, 0x14a,
];
const fieldCount = [8, 1, 1, 4, 2, 2, 8, 1, 8, 8, 10, 20, 4, 16, 4, 1, 16, 16, 4, 1, 1, 1, 1, 1, 1, 1];
const fieldWidth = [2, 1, 1, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1, 1, 1, 2];
const fieldSlot = [15, 4, 6, 7, 5, 8, 9, 10, 11, 12, 13, 14, 18, 16, 17, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29];
const fieldWhat = [
  'texture number',
  'cull mode',
  'channel count',
  'channel control',
  'material colour',
  'ambient colour',
  'light',
  'texgen count',
  'texgen',
  'post texgen',
  'texture matrix',
  'post texture matrix',
  'konst colour',
  'TEV order',
  'TEV colour',
  'TEV stage count',
  'TEV stage',
  'swap mode',
  'swap table',
  'fog',
  'alpha compare',
  'blend mode',
  'z mode',
  'z-comp-loc',
  'dither',
  'NBT scale',
];

/**
 * Calls `fail` as resolveMaterial would for the material named `name` whose init entry is `b[at]`, over tables of
 * `counts[slot]` elements (mat3TableCounts), without resolving it: the same sentence for the same first index past
 * the end of its table. This is what lets readMat3 leave resolving to the first read of `materials` and still
 * throw a bad file's ParseError itself.
 */
export function checkMaterialIndices(
  name: string,
  b: Uint8Array,
  at: number,
  counts: readonly number[],
  fail: (sentence: string) => never,
): void {
  for (let f = 0; f < fieldAt.length; f++) {
    const length = counts[fieldSlot[f]!]!;
    // An index into an empty (or absent) table means none, as does the "none" value (0xFF, 0xFFFF).
    if (length === 0) continue;
    const n = fieldCount[f]!;
    let p = at + fieldAt[f]!;
    if (fieldWidth[f] === 1) {
      const index = b[p]!;
      if (index >= length && index !== 0xff) pastTheEnd(fieldWhat[f]!, index, name, length, fail);
      continue;
    }
    for (let k = 0; k < n; k++, p += 2) {
      const index = (b[p]! << 8) | b[p + 1]!;
      if (index >= length && index !== 0xffff) pastTheEnd(fieldWhat[f]!, index, name, length, fail);
    }
  }
}

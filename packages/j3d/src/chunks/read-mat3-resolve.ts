/*
 * Resolving a MAT3 material (spec j3d.md §9.2): every index of its 0x14C init entry looked up in its table,
 * giving the complete GX state. 0xFFFF (u16) / 0xFF (u8) mean none, and so does any index into an absent or
 * empty table (Nintendo files keep 0 for the post-texgen tables they omit).
 */
import type { GxIndirect, GxMaterial } from '../gx/material-types.js';
import type { J3dMaterialEntry, Mat3Tables } from './read-mat3.js';

/** `list[index]`, null for "none" (`none`, or any index into an empty table); `fail` when past the end. */
function pick<T>(
  list: T[],
  index: number,
  what: string,
  where: string,
  fail: (sentence: string) => never,
  none = 0xffff,
): T | null {
  // Nintendo files leave indices at 0 into tables they omit (post texgens/matrices): no table, no value.
  if (index === none || list.length === 0) return null;
  const v = list[index];
  if (v === undefined) fail(`${where} uses ${what} ${index}, but that table has ${list.length} entries`);
  return v;
}

/** `pick` for every index of a u16 index list. */
function pickAll<T>(
  list: T[],
  indices: readonly number[],
  what: string,
  where: string,
  fail: (sentence: string) => never,
): (T | null)[] {
  const out: (T | null)[] = new Array(indices.length);
  for (let k = 0; k < indices.length; k++) out[k] = pick(list, indices[k]!, what, where, fail);
  return out;
}

/** `pick` for a u8 index field that stores a 0/1 flag. */
function pickFlag(list: number[], index: number, what: string, where: string, fail: (s: string) => never) {
  const v = pick(list, index, what, where, fail, 0xff);
  return v === null ? null : v !== 0;
}

/**
 * Resolves one material from its init entry and the tables. An index past the end of its table calls `fail`
 * with a sentence (the reader throws a ParseError from it; the writer takes it as "the stored tables no longer
 * describe this material").
 */
export function resolveMaterial(
  name: string,
  entryIndex: number,
  e: J3dMaterialEntry,
  t: Mat3Tables,
  indirect: GxIndirect | null,
  fail: (sentence: string) => never,
): GxMaterial {
  const w = `material "${name}"`;
  const textures = pickAll(t.textureNumbers, e.texNoIndices, 'texture number', w, fail);
  return {
    name,
    entryIndex,
    materialMode: e.materialMode,
    cullMode: pick(t.cullModes, e.cullModeIndex, 'cull mode', w, fail, 0xff),
    colorChannelCount: pick(t.colorChanCounts, e.colorChanNumIndex, 'channel count', w, fail, 0xff),
    channelControls: pickAll(t.channelControls, e.colorChanIndices, 'channel control', w, fail),
    materialColors: pickAll(t.materialColors, e.matColorIndices, 'material colour', w, fail),
    ambientColors: pickAll(t.ambientColors, e.ambColorIndices, 'ambient colour', w, fail),
    lights: pickAll(t.lights, e.lightIndices, 'light', w, fail),
    texGenCount: pick(t.texGenCounts, e.texGenNumIndex, 'texgen count', w, fail, 0xff),
    texGens: pickAll(t.texGens, e.texGenIndices, 'texgen', w, fail),
    postTexGens: pickAll(t.postTexGens, e.postTexGenIndices, 'post texgen', w, fail),
    texMatrices: pickAll(t.texMatrices, e.texMtxIndices, 'texture matrix', w, fail),
    postTexMatrices: pickAll(t.postTexMatrices, e.postTexMtxIndices, 'post texture matrix', w, fail),
    textures,
    konstColors: pickAll(t.konstColors, e.konstColorIndices, 'konst colour', w, fail),
    konstColorSelection: e.konstColorSelection,
    konstAlphaSelection: e.konstAlphaSelection,
    tevOrders: pickAll(t.tevOrders, e.tevOrderIndices, 'TEV order', w, fail),
    tevColors: pickAll(t.tevColors, e.tevColorIndices, 'TEV colour', w, fail),
    tevStageCount: pick(t.tevStageCounts, e.tevStageNumIndex, 'TEV stage count', w, fail, 0xff),
    tevStages: pickAll(t.tevStages, e.tevStageIndices, 'TEV stage', w, fail),
    tevSwapModes: pickAll(t.swapModes, e.tevSwapModeIndices, 'swap mode', w, fail),
    tevSwapTables: pickAll(t.swapTables, e.tevSwapTableIndices, 'swap table', w, fail),
    fog: pick(t.fogs, e.fogIndex, 'fog', w, fail),
    alphaCompare: pick(t.alphaCompares, e.alphaCompIndex, 'alpha compare', w, fail),
    blend: pick(t.blends, e.blendIndex, 'blend mode', w, fail),
    zMode: pick(t.zModes, e.zModeIndex, 'z mode', w, fail, 0xff),
    zCompLoc: pickFlag(t.zCompLocs, e.zCompLocIndex, 'z-comp-loc', w, fail),
    dither: pickFlag(t.dithers, e.ditherIndex, 'dither', w, fail),
    nbtScale: pick(t.nbtScales, e.nbtScaleIndex, 'NBT scale', w, fail),
    indirect,
  };
}

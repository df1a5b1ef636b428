/*
 * Resolving a MAT3 material (spec j3d.md §9.2): every index of its 0x14C init entry looked up in its table,
 * giving the complete GX state. 0xFFFF (u16) / 0xFF (u8) mean none, and so does any index into an absent or
 * empty table (Nintendo files keep 0 for the post-texgen tables they omit).
 */
import type { GxIndirect, GxMaterial } from '../gx/material-types.js';
import type { J3dMaterialEntry, Mat3Tables } from './read-mat3.js';

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
  const where = `material "${name}"`;
  function pick<T>(list: T[], index: number, what: string, none = 0xffff): T | null {
    // Nintendo files leave indices at 0 into tables they omit (post texgens/matrices): no table, no value.
    if (index === none || list.length === 0) return null;
    const v = list[index];
    if (v === undefined) fail(`${where} uses ${what} ${index}, but that table has ${list.length} entries`);
    return v;
  }
  const pick8 = <T>(list: T[], index: number, what: string) => pick(list, index, what, 0xff);
  const textures = e.texNoIndices.map((i) => pick(t.textureNumbers, i, 'texture number'));
  return {
    name,
    entryIndex,
    materialMode: e.materialMode,
    cullMode: pick8(t.cullModes, e.cullModeIndex, 'cull mode'),
    colorChannelCount: pick8(t.colorChanCounts, e.colorChanNumIndex, 'channel count'),
    channelControls: e.colorChanIndices.map((i) => pick(t.channelControls, i, 'channel control')),
    materialColors: e.matColorIndices.map((i) => pick(t.materialColors, i, 'material colour')),
    ambientColors: e.ambColorIndices.map((i) => pick(t.ambientColors, i, 'ambient colour')),
    lights: e.lightIndices.map((i) => pick(t.lights, i, 'light')),
    texGenCount: pick8(t.texGenCounts, e.texGenNumIndex, 'texgen count'),
    texGens: e.texGenIndices.map((i) => pick(t.texGens, i, 'texgen')),
    postTexGens: e.postTexGenIndices.map((i) => pick(t.postTexGens, i, 'post texgen')),
    texMatrices: e.texMtxIndices.map((i) => pick(t.texMatrices, i, 'texture matrix')),
    postTexMatrices: e.postTexMtxIndices.map((i) => pick(t.postTexMatrices, i, 'post texture matrix')),
    textures,
    konstColors: e.konstColorIndices.map((i) => pick(t.konstColors, i, 'konst colour')),
    konstColorSelection: e.konstColorSelection,
    konstAlphaSelection: e.konstAlphaSelection,
    tevOrders: e.tevOrderIndices.map((i) => pick(t.tevOrders, i, 'TEV order')),
    tevColors: e.tevColorIndices.map((i) => pick(t.tevColors, i, 'TEV colour')),
    tevStageCount: pick8(t.tevStageCounts, e.tevStageNumIndex, 'TEV stage count'),
    tevStages: e.tevStageIndices.map((i) => pick(t.tevStages, i, 'TEV stage')),
    tevSwapModes: e.tevSwapModeIndices.map((i) => pick(t.swapModes, i, 'swap mode')),
    tevSwapTables: e.tevSwapTableIndices.map((i) => pick(t.swapTables, i, 'swap table')),
    fog: pick(t.fogs, e.fogIndex, 'fog'),
    alphaCompare: pick(t.alphaCompares, e.alphaCompIndex, 'alpha compare'),
    blend: pick(t.blends, e.blendIndex, 'blend mode'),
    zMode: pick8(t.zModes, e.zModeIndex, 'z mode'),
    zCompLoc: ((v) => (v === null ? null : v !== 0))(pick8(t.zCompLocs, e.zCompLocIndex, 'z-comp-loc')),
    dither: ((v) => (v === null ? null : v !== 0))(pick8(t.dithers, e.ditherIndex, 'dither')),
    nbtScale: pick(t.nbtScales, e.nbtScaleIndex, 'NBT scale'),
    indirect,
  };
}

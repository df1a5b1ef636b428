/*
 * Resolving a MAT3 material (spec j3d.md §9.2): every index of its 0x14C init entry, read straight from the
 * entry's bytes, looked up in its table, giving the complete GX state. 0xFFFF (u16) / 0xFF (u8) mean none, and
 * so does any index into an absent or empty table (Nintendo files keep 0 for the post-texgen tables they omit).
 */
import { plainRecord } from '@retromodel/binary';
import type { Vec4 } from '@retromodel/scene';
import type {
  GxAlphaCompare,
  GxBlend,
  GxChannelControl,
  GxFog,
  GxIndirect,
  GxLight,
  GxMaterial,
  GxNbtScale,
  GxSwapMode,
  GxTevOrder,
  GxTevStage,
  GxTexGen,
  GxTexMatrix,
  GxZMode,
} from '../gx/material-types.js';
import { nulls2, nulls4, nulls8, nulls10, nulls16, nulls20, u8x16 } from './mat3-lists.js';
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
 * `pick` for each of the `n` (even) big-endian u16 indices at `p` of `v`, into `out`, a new list of n nulls, in
 * one loop with no call per index (a material has 130 such indices, most of them "none", left null). The caller
 * makes `out` (nulls4() and the like) where its length is a constant, so that the list is allocated inline.
 * Called with the tables of elements (objects and arrays) only, so its loads and stores see one kind of list
 * (the texture numbers, small integers, have pickNumbers).
 */
function pickAll<T extends object>(
  out: (T | null)[],
  list: T[],
  v: DataView,
  p: number,
  what: string,
  name: string,
  fail: (sentence: string) => never,
): (T | null)[] {
  const n = out.length;
  const length = list.length;
  if (length === 0) return out;
  // Two indices a load (n is even): most are "none", in pairs.
  for (let k = 0; k < n; k += 2, p += 4) {
    const pair = v.getInt32(p);
    if (pair === -1) continue;
    const first = pair >>> 16;
    if (first !== 0xffff) {
      const x = list[first];
      if (x === undefined) pastTheEnd(what, first, name, length, fail);
      out[k] = x as T;
    }
    const second = pair & 0xffff;
    if (second !== 0xffff) {
      const x = list[second];
      if (x === undefined) pastTheEnd(what, second, name, length, fail);
      out[k + 1] = x as T;
    }
  }
  return out;
}

/** pickAll for a table of numbers. */
function pickNumbers(
  out: (number | null)[],
  list: number[],
  v: DataView,
  p: number,
  what: string,
  name: string,
  fail: (sentence: string) => never,
): (number | null)[] {
  const n = out.length;
  const length = list.length;
  if (length === 0) return out;
  // Two indices a load (n is even): most are "none", in pairs.
  for (let k = 0; k < n; k += 2, p += 4) {
    const pair = v.getInt32(p);
    if (pair === -1) continue;
    const first = pair >>> 16;
    if (first !== 0xffff) {
      const x = list[first];
      if (x === undefined) pastTheEnd(what, first, name, length, fail);
      out[k] = x as number;
    }
    const second = pair & 0xffff;
    if (second !== 0xffff) {
      const x = list[second];
      if (x === undefined) pastTheEnd(what, second, name, length, fail);
      out[k + 1] = x as number;
    }
  }
  return out;
}

/** `pick` for a u8 index field that stores a 0/1 flag. */
function pickFlag(list: number[], index: number, what: string, name: string, fail: (s: string) => never) {
  const v = pick(list, index, what, name, fail, 0xff);
  return v === null ? null : v !== 0;
}

/**
 * A resolved material, fields in GxMaterial's key order. A constructor (plainRecord), so that V8 allocates its
 * materials young (see packages/binary/src/plain-records.ts), that only stores its arguments: small enough to be
 * inlined where it is called, and so allocated inline (a constructor that is not inlined allocates through a
 * generic stub, about 140 instructions more).
 */
const Material = plainRecord(function (
  this: GxMaterial,
  name: string,
  entryIndex: number,
  materialMode: number,
  cullMode: number | null,
  colorChannelCount: number | null,
  channelControls: (GxChannelControl | null)[],
  materialColors: (Vec4 | null)[],
  ambientColors: (Vec4 | null)[],
  lights: (GxLight | null)[],
  texGenCount: number | null,
  texGens: (GxTexGen | null)[],
  postTexGens: (GxTexGen | null)[],
  texMatrices: (GxTexMatrix | null)[],
  postTexMatrices: (GxTexMatrix | null)[],
  textures: (number | null)[],
  konstColors: (Vec4 | null)[],
  konstColorSelection: number[],
  konstAlphaSelection: number[],
  tevOrders: (GxTevOrder | null)[],
  tevColors: (Vec4 | null)[],
  tevStageCount: number | null,
  tevStages: (GxTevStage | null)[],
  tevSwapModes: (GxSwapMode | null)[],
  tevSwapTables: (Vec4 | null)[],
  fog: GxFog | null,
  alphaCompare: GxAlphaCompare | null,
  blend: GxBlend | null,
  zMode: GxZMode | null,
  zCompLoc: boolean | null,
  dither: boolean | null,
  nbtScale: GxNbtScale | null,
  indirect: GxIndirect | null,
) {
  this.name = name;
  this.entryIndex = entryIndex;
  this.materialMode = materialMode;
  this.cullMode = cullMode;
  this.colorChannelCount = colorChannelCount;
  this.channelControls = channelControls;
  this.materialColors = materialColors;
  this.ambientColors = ambientColors;
  this.lights = lights;
  this.texGenCount = texGenCount;
  this.texGens = texGens;
  this.postTexGens = postTexGens;
  this.texMatrices = texMatrices;
  this.postTexMatrices = postTexMatrices;
  this.textures = textures;
  this.konstColors = konstColors;
  this.konstColorSelection = konstColorSelection;
  this.konstAlphaSelection = konstAlphaSelection;
  this.tevOrders = tevOrders;
  this.tevColors = tevColors;
  this.tevStageCount = tevStageCount;
  this.tevStages = tevStages;
  this.tevSwapModes = tevSwapModes;
  this.tevSwapTables = tevSwapTables;
  this.fog = fog;
  this.alphaCompare = alphaCompare;
  this.blend = blend;
  this.zMode = zMode;
  this.zCompLoc = zCompLoc;
  this.dither = dither;
  this.nbtScale = nbtScale;
  this.indirect = indirect;
});

/**
 * Resolves one material from its 0x14C init entry (`b[at]`, in bounds: checked by the caller; the layout is
 * MaterialEntry's) and the tables. An index past the end of its table calls `fail` with a sentence (the
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
  view?: DataView,
): GxMaterial {
  // The u16 indices are read whole through a DataView of b's buffer (the reader's bufferView, shared by a file's
  // chunks): one access an index, where its two bytes are two, each over ten instructions (130 a material).
  const v = view ?? new DataView(b.buffer);
  const p = b.byteOffset + at;
  const textures = pickNumbers(nulls8(), t.textureNumbers, v, p + 0x84, 'texture number', name, fail);
  return new Material(
    name,
    entryIndex,
    b[at]!,
    pick(t.cullModes, b[at + 1]!, 'cull mode', name, fail, 0xff),
    pick(t.colorChanCounts, b[at + 2]!, 'channel count', name, fail, 0xff),
    pickAll(nulls4(), t.channelControls, v, p + 0x0c, 'channel control', name, fail),
    pickAll(nulls2(), t.materialColors, v, p + 0x08, 'material colour', name, fail),
    pickAll(nulls2(), t.ambientColors, v, p + 0x14, 'ambient colour', name, fail),
    pickAll(nulls8(), t.lights, v, p + 0x18, 'light', name, fail),
    pick(t.texGenCounts, b[at + 3]!, 'texgen count', name, fail, 0xff),
    pickAll(nulls8(), t.texGens, v, p + 0x28, 'texgen', name, fail),
    pickAll(nulls8(), t.postTexGens, v, p + 0x38, 'post texgen', name, fail),
    pickAll(nulls10(), t.texMatrices, v, p + 0x48, 'texture matrix', name, fail),
    pickAll(nulls20(), t.postTexMatrices, v, p + 0x5c, 'post texture matrix', name, fail),
    textures,
    pickAll(nulls4(), t.konstColors, v, p + 0x94, 'konst colour', name, fail),
    u8x16(b, at + 0x9c),
    u8x16(b, at + 0xac),
    pickAll(nulls16(), t.tevOrders, v, p + 0xbc, 'TEV order', name, fail),
    pickAll(nulls4(), t.tevColors, v, p + 0xdc, 'TEV colour', name, fail),
    pick(t.tevStageCounts, b[at + 4]!, 'TEV stage count', name, fail, 0xff),
    pickAll(nulls16(), t.tevStages, v, p + 0xe4, 'TEV stage', name, fail),
    pickAll(nulls16(), t.swapModes, v, p + 0x104, 'swap mode', name, fail),
    pickAll(nulls4(), t.swapTables, v, p + 0x124, 'swap table', name, fail),
    pick(t.fogs, v.getUint16(p + 0x144), 'fog', name, fail),
    pick(t.alphaCompares, v.getUint16(p + 0x146), 'alpha compare', name, fail),
    pick(t.blends, v.getUint16(p + 0x148), 'blend mode', name, fail),
    pick(t.zModes, b[at + 6]!, 'z mode', name, fail, 0xff),
    pickFlag(t.zCompLocs, b[at + 5]!, 'z-comp-loc', name, fail),
    pickFlag(t.dithers, b[at + 7]!, 'dither', name, fail),
    pick(t.nbtScales, v.getUint16(p + 0x14a), 'NBT scale', name, fail),
    indirect,
  );
}

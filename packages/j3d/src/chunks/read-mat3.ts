/*
 * MAT3: materials (spec j3d.md §9). Header 0x84: u16 materialCount, pad, then 30 u32 table offsets (0 = absent):
 * init entries (0x14C), remap u16, name table, indirect (0x138 per material), cull u32, material colours RGBA8,
 * channel counts u8, channel controls (8), ambient colours, lights (0x34), texgen counts u8, texgens (4),
 * post texgens (4), tex matrices (0x64), post tex matrices (0x64), texture numbers u16, TEV orders (4), TEV
 * colours s16×4, konst colours RGBA8, TEV stage counts u8, TEV stages (0x14), swap modes (4), swap tables (4),
 * fog (0x2C), alpha compare (8), blend (4), z mode (4), z-comp-loc u8, dither u8, NBT scale (0x10).
 * Table lengths are not stored: a table ends at the next higher non-zero offset (of two tables at one offset the
 * earlier slot is the empty one) or the chunk end; entries no material uses are kept.
 * `materialCount` names and remap entries; several materials may share one init entry (instancing). The
 * indirect table is indexed by material, not by entry; when its offset equals the name table's it is absent.
 * Entry fields are indices into the tables (0xFF / 0xFFFF = none; an index into an absent or empty table also
 * means none: Nintendo files keep 0 for the post-texgen tables they omit); see MaterialEntry for the layout.
 */
import { type BinaryReader, plainRecord } from '@retromodel/binary';
import type { Diagnostic, Vec4 } from '@retromodel/scene';
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
import { readNameTable } from '../name-table.js';
import { LazyProperty } from './lazy-property.js';
import { holesOf } from './mat3-lists.js';
import { checkCountAt } from './read-bounds.js';
import { mat3TableCounts, readMat3Layout } from './read-mat3-layout.js';
import { resolveMaterial } from './read-mat3-resolve.js';
import { checkMat3TableStarts, parseIndirect, readMat3Tables } from './read-mat3-tables.js';

/** One 0x14C material init entry: indices into the MAT3 tables, as stored (0xFF/0xFFFF = none). */
export interface J3dMaterialEntry {
  materialMode: number;
  cullModeIndex: number;
  colorChanNumIndex: number;
  texGenNumIndex: number;
  tevStageNumIndex: number;
  zCompLocIndex: number;
  zModeIndex: number;
  ditherIndex: number;
  matColorIndices: number[];
  colorChanIndices: number[];
  ambColorIndices: number[];
  lightIndices: number[];
  texGenIndices: number[];
  postTexGenIndices: number[];
  texMtxIndices: number[];
  postTexMtxIndices: number[];
  texNoIndices: number[];
  konstColorIndices: number[];
  konstColorSelection: number[];
  konstAlphaSelection: number[];
  tevOrderIndices: number[];
  tevColorIndices: number[];
  tevStageIndices: number[];
  tevSwapModeIndices: number[];
  tevSwapTableIndices: number[];
  unknownIndices: number[];
  fogIndex: number;
  alphaCompIndex: number;
  blendIndex: number;
  nbtScaleIndex: number;
}

/** The MAT3 value tables, decoded. */
export interface Mat3Tables {
  cullModes: number[];
  materialColors: Vec4[];
  colorChanCounts: number[];
  channelControls: GxChannelControl[];
  ambientColors: Vec4[];
  lights: GxLight[];
  texGenCounts: number[];
  texGens: GxTexGen[];
  postTexGens: GxTexGen[];
  texMatrices: GxTexMatrix[];
  postTexMatrices: GxTexMatrix[];
  textureNumbers: number[];
  tevOrders: GxTevOrder[];
  tevColors: Vec4[];
  konstColors: Vec4[];
  tevStageCounts: number[];
  tevStages: GxTevStage[];
  swapModes: GxSwapMode[];
  swapTables: Vec4[];
  fogs: GxFog[];
  alphaCompares: GxAlphaCompare[];
  blends: GxBlend[];
  zModes: GxZMode[];
  zCompLocs: number[];
  dithers: number[];
  nbtScales: GxNbtScale[];
}

/** The MAT3 chunk: the stored tables and entries, and every material resolved to its complete GX state. */
export interface Mat3 {
  /** The 30 table offsets as stored. */
  offsets: number[];
  names: string[];
  /** Material index → init entry index. */
  remap: number[];
  entries: J3dMaterialEntry[];
  tables: Mat3Tables;
  /**
   * Per material (not per entry); empty when the table is absent. A record of the bytes makers write for a
   * material without indirect texturing is one shared, frozen object (disabledIndirectRecord).
   */
  indirect: GxIndirect[];
  materials: GxMaterial[];
  /**
   * How the chunk was laid out, for a byte-exact rewrite (absent on a MAT3 built by hand). `writeMat3` uses it
   * while the stored entries and tables still resolve to `materials`.
   */
  layout?: Mat3Layout;
}

/** The MAT3 layout details a rewrite needs beyond the tables (see read-mat3-layout). */
export interface Mat3Layout {
  /** The u16 after the material count (0xFFFF). */
  headerPad: number;
  /**
   * Per table slot, the elements stored before the table's padding (the lists in `tables` run to the next
   * table and may end in padding decoded as elements). Remap: materials; names: names; indirect: records.
   */
  counts: number[];
  /** The maker's padding text (see j3dPaddingTexts); "" = zeros. */
  padding: string;
}

/**
 * MAT3's parts that only a rewrite (and `info`) reads, built when first read: the init entries as objects and
 * the layout (see readMat3).
 */
const lazyEntries = new LazyProperty<J3dMaterialEntry[]>('entries');
const lazyLayout = new LazyProperty<Mat3Layout | undefined>('layout');

/*
 * The chunk's records are made by constructors (plainRecord) and its lists by mat3-lists, not by literals: V8
 * then allocates them young even in a process that has read and kept many models (see
 * packages/binary/src/plain-records.ts).
 */

/** `n` big-endian u16 values from `bytes` at `at` (in bounds: checked by the caller). */
function u16s(bytes: Uint8Array, at: number, n: number): number[] {
  const out = holesOf<number>(n);
  for (let i = 0; i < n; i++) out[i] = (bytes[at + i * 2]! << 8) | bytes[at + i * 2 + 1]!;
  return out;
}

/** `n` u8 values from `bytes` at `at` (in bounds: checked by the caller). */
function u8s(bytes: Uint8Array, at: number, n: number): number[] {
  const out = holesOf<number>(n);
  for (let i = 0; i < n; i++) out[i] = bytes[at + i]!;
  return out;
}

/** The init entry at `b[at]` (in bounds: checked by the caller), fields in J3dMaterialEntry's key order. */
const MaterialEntry = plainRecord(function (this: J3dMaterialEntry, b: Uint8Array, at: number) {
  const u16 = (field: number) => (b[at + field]! << 8) | b[at + field + 1]!;
  this.materialMode = b[at]!;
  this.cullModeIndex = b[at + 1]!;
  this.colorChanNumIndex = b[at + 2]!;
  this.texGenNumIndex = b[at + 3]!;
  this.tevStageNumIndex = b[at + 4]!;
  this.zCompLocIndex = b[at + 5]!;
  this.zModeIndex = b[at + 6]!;
  this.ditherIndex = b[at + 7]!;
  this.matColorIndices = u16s(b, at + 0x08, 2);
  this.colorChanIndices = u16s(b, at + 0x0c, 4);
  this.ambColorIndices = u16s(b, at + 0x14, 2);
  this.lightIndices = u16s(b, at + 0x18, 8);
  this.texGenIndices = u16s(b, at + 0x28, 8);
  this.postTexGenIndices = u16s(b, at + 0x38, 8);
  this.texMtxIndices = u16s(b, at + 0x48, 10);
  this.postTexMtxIndices = u16s(b, at + 0x5c, 20);
  this.texNoIndices = u16s(b, at + 0x84, 8);
  this.konstColorIndices = u16s(b, at + 0x94, 4);
  this.konstColorSelection = u8s(b, at + 0x9c, 16);
  this.konstAlphaSelection = u8s(b, at + 0xac, 16);
  this.tevOrderIndices = u16s(b, at + 0xbc, 16);
  this.tevColorIndices = u16s(b, at + 0xdc, 4);
  this.tevStageIndices = u16s(b, at + 0xe4, 16);
  this.tevSwapModeIndices = u16s(b, at + 0x104, 16);
  this.tevSwapTableIndices = u16s(b, at + 0x124, 4);
  this.unknownIndices = u16s(b, at + 0x12c, 12);
  this.fogIndex = u16(0x144);
  this.alphaCompIndex = u16(0x146);
  this.blendIndex = u16(0x148);
  this.nbtScaleIndex = u16(0x14a);
});

/** A MAT3 chunk's first keys; readMat3 adds the others (some lazily) in Mat3's key order. */
const Mat3Head = plainRecord(function (this: Mat3, offsets: number[], names: string[], remap: number[]) {
  this.offsets = offsets;
  this.names = names;
  this.remap = remap;
});

/**
 * Reads MAT3 from its chunk reader: the tables, the indirect records and every material resolved, which every
 * conversion reads. Resolving checks each index of each material against its table (a ParseError). The init
 * entries and layout, which only a rewrite (and `info`) reads, are built when first read: deferring the tables
 * and materials too cost a conversion more than it spared (three more lazy properties defined per read, the
 * materials' turned into a data property on their first read, and every index checked twice, once by readJ3d
 * and again when resolving). Keys are in the order of an eager read.
 */
export function readMat3(r: BinaryReader, diagnostics: Diagnostic[]): Mat3 {
  const count = r.u16At(0x08);
  const headerPad = r.u16At(0x0a);
  const offsets = holesOf<number>(30);
  // The header's offsets read whole through the reader's bufferView when all are there (the reader's checked
  // reads throw otherwise): one load each, where making a u32 from its four bytes is four typed-array accesses.
  if (r.length >= 0x84) {
    const v = r.bufferView;
    const p = r.bytes.byteOffset + 0x0c;
    for (let i = 0; i < 30; i++) offsets[i] = v.getUint32(p + i * 4);
  } else for (let i = 0; i < 30; i++) offsets[i] = r.u32At(0x0c + i * 4);
  const at = (i: number) => offsets[i]!;
  const counts = mat3TableCounts(offsets, r.length);
  checkCountAt(r, count, 2, 'material remap table', at(1));
  const remap = u16s(r.bytes, at(1), count);
  let usedEntries = 0;
  for (const e of remap) if (e + 1 > usedEntries) usedEntries = e + 1;
  checkCountAt(r, usedEntries, 0x14c, 'material entries', at(0));
  // Entries no material uses are kept too: the table runs to the next one.
  const entryCount = Math.max(usedEntries, counts[0]!);
  const entriesAt = at(0);
  const names = readNameTable(r, at(2), diagnostics);
  if (names.length !== count)
    diagnostics.push({
      code: 'j3d/name-count',
      message: `MAT3 has ${count} materials but ${names.length} names`,
      severity: 'warning',
    });
  const indirectCount = Math.min(count, counts[3]!);
  checkMat3TableStarts(r, offsets);
  const fail = (sentence: string): never => {
    throw r.error(sentence, 0x0c);
  };
  const b = r.bytes;
  const tables = readMat3Tables(r, offsets, counts);
  const indirect: GxIndirect[] = holesOf(indirectCount);
  for (let i = 0; i < indirectCount; i++) indirect[i] = parseIndirect(r, at(3) + i * 0x138);
  const materials: GxMaterial[] = holesOf(count);
  const view = r.bufferView;
  for (let i = 0; i < count; i++) {
    const e = remap[i]!;
    const name = names[i] ?? `material${i}`;
    materials[i] = resolveMaterial(name, e, b, entriesAt + e * 0x14c, tables, indirect[i] ?? null, fail, view);
  }

  let entries: J3dMaterialEntry[] | undefined;
  const readEntries = (): J3dMaterialEntry[] => {
    if (!entries) {
      entries = holesOf(entryCount);
      for (let i = 0; i < entryCount; i++) entries[i] = new MaterialEntry(b, entriesAt + i * 0x14c);
    }
    return entries;
  };
  const mat3 = lazyEntries.define(new Mat3Head(offsets, names, remap), readEntries);
  mat3.tables = tables;
  mat3.indirect = indirect;
  mat3.materials = materials;
  return lazyLayout.define(mat3, () =>
    readMat3Layout(r, offsets, {
      headerPad,
      materials: count,
      entries: readEntries(),
      names,
      indirect: indirectCount,
    }),
  );
}

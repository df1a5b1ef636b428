/*
 * MAT3 table elements, read (spec j3d.md §9.3): colour-channel control (8), light (0x34), texgen (4), texture
 * matrix (0x64), TEV order (4), TEV colour s16×4, TEV stage (0x14), swap mode (4), fog (0x2C), alpha compare
 * (8), blend (4), z mode (4), NBT scale (0x10), RGBA8 colours, u8/u16/u32 values, and the 0x138 indirect record.
 * Padding bytes inside elements are skipped (the writer restores them).
 */
import { type BinaryReader, plainRecord } from '@retromodel/binary';
import type { Vec4 } from '@retromodel/scene';
import type {
  GxAlphaCompare,
  GxBlend,
  GxChannelControl,
  GxFog,
  GxIndirect,
  GxLight,
  GxNbtScale,
  GxSwapMode,
  GxTevOrder,
  GxTevStage,
  GxTexGen,
  GxTexMatrix,
  GxZMode,
} from '../gx/material-types.js';
import { f32x2, f32x3, f32x6, f32x16, holesOf, s16x4, u8x4, u16x10 } from './mat3-lists.js';
import type { Mat3Tables } from './read-mat3.js';

/*
 * Each table element is made by a constructor (plainRecord: its objects are plain objects, allocated young even
 * in a process that has kept many models, see packages/binary/src/plain-records.ts), which reads it at `at` of
 * the chunk's bytes `b` (in bounds: readMat3Tables checks each table's span), floats through `v`, a DataView of
 * b's buffer, at `p` = `b.byteOffset + at`. Fields are set in the order of the element's interface.
 */
const ChannelControl = plainRecord(function (this: GxChannelControl, b: Uint8Array, at: number) {
  this.lightingEnabled = b[at] !== 0;
  this.materialSource = b[at + 1]!;
  this.lightMask = b[at + 2]!;
  this.diffuseFunction = b[at + 3]!;
  this.attenuationFunction = b[at + 4]!;
  this.ambientSource = b[at + 5]!;
});
const Light = plainRecord(function (this: GxLight, b: Uint8Array, v: DataView, at: number) {
  const p = b.byteOffset + at;
  this.position = f32x3(v, p);
  this.direction = f32x3(v, p + 12);
  this.color = u8x4(b, at + 24);
  this.angleAttenuation = f32x3(v, p + 28);
  this.distanceAttenuation = f32x3(v, p + 40);
});
const TexGen = plainRecord(function (this: GxTexGen, b: Uint8Array, at: number) {
  this.type = b[at]!;
  this.source = b[at + 1]!;
  this.matrix = b[at + 2]!;
});
const TexMatrix = plainRecord(function (this: GxTexMatrix, b: Uint8Array, v: DataView, at: number) {
  const p = b.byteOffset + at;
  const info = b[at + 1]!;
  this.projection = b[at]!;
  this.info = info;
  this.mappingMode = info & 0x3f;
  this.maya = (info & 0x80) !== 0;
  this.center = f32x3(v, p + 4);
  this.scale = f32x2(v, p + 0x10);
  this.rotationRaw = v.getInt16(p + 0x18);
  this.translation = f32x2(v, p + 0x1c);
  this.effectMatrix = f32x16(v, p + 0x24);
});
const TevOrder = plainRecord(function (this: GxTevOrder, b: Uint8Array, at: number) {
  this.texCoord = b[at]!;
  this.texMap = b[at + 1]!;
  this.channel = b[at + 2]!;
});
const TevStage = plainRecord(function (this: GxTevStage, b: Uint8Array, at: number) {
  this.mode = b[at]!;
  this.colorIn = u8x4(b, at + 1);
  this.colorOp = b[at + 5]!;
  this.colorBias = b[at + 6]!;
  this.colorScale = b[at + 7]!;
  this.colorClamp = b[at + 8] !== 0;
  this.colorRegister = b[at + 9]!;
  this.alphaIn = u8x4(b, at + 10);
  this.alphaOp = b[at + 14]!;
  this.alphaBias = b[at + 15]!;
  this.alphaScale = b[at + 16]!;
  this.alphaClamp = b[at + 17] !== 0;
  this.alphaRegister = b[at + 18]!;
});
const SwapMode = plainRecord(function (this: GxSwapMode, b: Uint8Array, at: number) {
  this.rasSel = b[at]!;
  this.texSel = b[at + 1]!;
});
const Fog = plainRecord(function (this: GxFog, b: Uint8Array, v: DataView, at: number) {
  const p = b.byteOffset + at;
  this.type = b[at]!;
  this.adjustEnabled = b[at + 1] !== 0;
  this.adjustCenter = v.getUint16(p + 2);
  this.startZ = v.getFloat32(p + 4);
  this.endZ = v.getFloat32(p + 8);
  this.nearZ = v.getFloat32(p + 12);
  this.farZ = v.getFloat32(p + 16);
  this.color = u8x4(b, at + 20);
  this.adjustTable = u16x10(v, p + 0x18);
});
const AlphaCompare = plainRecord(function (this: GxAlphaCompare, b: Uint8Array, at: number) {
  this.comp0 = b[at]!;
  this.ref0 = b[at + 1]!;
  this.op = b[at + 2]!;
  this.comp1 = b[at + 3]!;
  this.ref1 = b[at + 4]!;
});
const Blend = plainRecord(function (this: GxBlend, b: Uint8Array, at: number) {
  this.mode = b[at]!;
  this.srcFactor = b[at + 1]!;
  this.dstFactor = b[at + 2]!;
  this.logicOp = b[at + 3]!;
});
const ZMode = plainRecord(function (this: GxZMode, b: Uint8Array, at: number) {
  this.enable = b[at] !== 0;
  this.func = b[at + 1]!;
  this.updateEnable = b[at + 2] !== 0;
});
const NbtScale = plainRecord(function (this: GxNbtScale, b: Uint8Array, v: DataView, at: number) {
  this.enable = b[at] !== 0;
  this.scale = f32x3(v, b.byteOffset + at + 4);
});

type GxIndirectOrder = GxIndirect['orders'][number];
type GxIndirectMatrix = GxIndirect['matrices'][number];
type GxIndirectCoordScale = GxIndirect['coordScales'][number];
type GxIndirectStage = GxIndirect['tevStages'][number];

/** The parts of an indirect record (see plainRecord above), at `at` of `b`. */
const IndirectOrder = plainRecord(function (this: GxIndirectOrder, b: Uint8Array, at: number) {
  this.texCoord = b[at]!;
  this.texMap = b[at + 1]!;
});
const IndirectMatrix = plainRecord(function (this: GxIndirectMatrix, b: Uint8Array, v: DataView, at: number) {
  this.matrix = f32x6(v, b.byteOffset + at);
  this.scaleExponent = (b[at + 0x18]! << 24) >> 24;
});
const IndirectCoordScale = plainRecord(function (this: GxIndirectCoordScale, b: Uint8Array, at: number) {
  this.scaleS = b[at]!;
  this.scaleT = b[at + 1]!;
});
const IndirectStage = plainRecord(function (this: GxIndirectStage, b: Uint8Array, at: number) {
  this.indStage = b[at]!;
  this.format = b[at + 1]!;
  this.biasSel = b[at + 2]!;
  this.matrixId = b[at + 3]!;
  this.wrapS = b[at + 4]!;
  this.wrapT = b[at + 5]!;
  this.addPrev = b[at + 6] !== 0;
  this.useOrigLod = b[at + 7] !== 0;
  this.alphaSel = b[at + 8]!;
});

/** The 0x138 indirect record at `b[at]` (in bounds), `v` a DataView of b's buffer: 30 objects and lists. */
const Indirect = plainRecord(function (this: GxIndirect, b: Uint8Array, v: DataView, at: number) {
  const orders: GxIndirectOrder[] = holesOf(4);
  for (let i = 0; i < 4; i++) orders[i] = new IndirectOrder(b, at + 4 + i * 4);
  const matrices: GxIndirectMatrix[] = holesOf(3);
  for (let i = 0; i < 3; i++) matrices[i] = new IndirectMatrix(b, v, at + 0x14 + i * 0x1c);
  const coordScales: GxIndirectCoordScale[] = holesOf(4);
  for (let i = 0; i < 4; i++) coordScales[i] = new IndirectCoordScale(b, at + 0x68 + i * 4);
  const tevStages: GxIndirectStage[] = holesOf(16);
  for (let i = 0; i < 16; i++) tevStages[i] = new IndirectStage(b, at + 0x78 + i * 0x0c);
  this.enabled = b[at] !== 0;
  this.stageCount = b[at + 1]!;
  this.orders = orders;
  this.matrices = matrices;
  this.coordScales = coordScales;
  this.tevStages = tevStages;
});

/**
 * The 0x138-byte indirect record Nintendo's and SuperBMD's tools write for a material without indirect texturing:
 * off, no stages, then 0xFFFF; four orders 0xFF 0xFF 0xFFFF; three matrices [0.5 0 0; 0 0.5 0] (f32) with scale
 * exponent 1 and 0xFF 0xFF 0xFF; four coordinate scales 0 0 0xFFFF; sixteen stages of eight zeros, alpha select 0
 * and 0xFF 0xFF 0xFF. 82 of the 84 records in the shared models are these bytes.
 */
function disabledRecordBytes(): Uint8Array {
  const b = new Uint8Array(0x138);
  const v = new DataView(b.buffer);
  v.setUint16(2, 0xffff);
  for (let i = 0; i < 4; i++) v.setUint32(0x04 + i * 4, 0xffffffff);
  for (let i = 0; i < 3; i++) {
    const m = 0x14 + i * 0x1c;
    v.setFloat32(m, 0.5);
    v.setFloat32(m + 16, 0.5);
    v.setUint32(m + 0x18, 0x01ffffff);
  }
  for (let i = 0; i < 4; i++) v.setUint16(0x68 + i * 4 + 2, 0xffff);
  for (let i = 0; i < 16; i++) v.setUint32(0x78 + i * 0x0c + 8, 0x00ffffff);
  return b;
}
const disabledBytes = disabledRecordBytes();
const disabledView = new DataView(disabledBytes.buffer);
/**
 * disabledBytes as 78 32-bit words, compared a word at a time; read little-endian (here and from the file), which
 * is the same comparison with no byte swap per word.
 */
const disabledWords = Int32Array.from({ length: 0x138 / 4 }, (_, k) => disabledView.getInt32(k * 4, true));

/** `value` and every object and array reachable from it, frozen. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const x of Object.values(value)) deepFreeze(x);
    Object.freeze(value);
  }
  return value;
}

/**
 * The record of disabledRecordBytes, read once and frozen: every material whose record is those bytes gets this
 * one object (in any file), which cannot be changed. Building a record is 35 objects and lists, most of the cost
 * of resolving a small model's material; comparing its bytes with these is a twelfth of that.
 */
export const disabledIndirectRecord: GxIndirect = deepFreeze(new Indirect(disabledBytes, disabledView, 0));

/**
 * The indirect record at `at` of the chunk: the shared disabledIndirectRecord when its bytes are that record's,
 * else a new one.
 */
export function parseIndirect(r: BinaryReader, at: number): GxIndirect {
  r.ensure(0x138, 'indirect record', at);
  const v = r.bufferView;
  const p = r.bytes.byteOffset + at;
  for (let k = 0; k < 0x138 / 4; k++)
    if (v.getInt32(p + k * 4, true) !== disabledWords[k]) return new Indirect(r.bytes, v, at);
  return disabledIndirectRecord;
}

/**
 * Throws the ParseError of the first MAT3 value table (slots 4..29) that starts outside the chunk. The tables
 * themselves are read when first used (readMat3Tables), and are counted by mat3TableCounts.
 */
export function checkMat3TableStarts(r: BinaryReader, offsets: readonly number[]): void {
  for (let slot = 4; slot < 30; slot++) {
    const start = offsets[slot]!;
    if (start > r.length)
      throw r.error(`table ${slot} starts outside the chunk (0x${start.toString(16)})`, 0x0c + slot * 4);
  }
}

/** The MAT3 value tables, one list a table, in Mat3Tables' key order. */
const Tables = plainRecord(function (
  this: Mat3Tables,
  cullModes: number[],
  materialColors: Vec4[],
  colorChanCounts: number[],
  channelControls: GxChannelControl[],
  ambientColors: Vec4[],
  lights: GxLight[],
  texGenCounts: number[],
  texGens: GxTexGen[],
  postTexGens: GxTexGen[],
  texMatrices: GxTexMatrix[],
  postTexMatrices: GxTexMatrix[],
  textureNumbers: number[],
  tevOrders: GxTevOrder[],
  tevColors: Vec4[],
  konstColors: Vec4[],
  tevStageCounts: number[],
  tevStages: GxTevStage[],
  swapModes: GxSwapMode[],
  swapTables: Vec4[],
  fogs: GxFog[],
  alphaCompares: GxAlphaCompare[],
  blends: GxBlend[],
  zModes: GxZMode[],
  zCompLocs: number[],
  dithers: number[],
  nbtScales: GxNbtScale[],
) {
  this.cullModes = cullModes;
  this.materialColors = materialColors;
  this.colorChanCounts = colorChanCounts;
  this.channelControls = channelControls;
  this.ambientColors = ambientColors;
  this.lights = lights;
  this.texGenCounts = texGenCounts;
  this.texGens = texGens;
  this.postTexGens = postTexGens;
  this.texMatrices = texMatrices;
  this.postTexMatrices = postTexMatrices;
  this.textureNumbers = textureNumbers;
  this.tevOrders = tevOrders;
  this.tevColors = tevColors;
  this.konstColors = konstColors;
  this.tevStageCounts = tevStageCounts;
  this.tevStages = tevStages;
  this.swapModes = swapModes;
  this.swapTables = swapTables;
  this.fogs = fogs;
  this.alphaCompares = alphaCompares;
  this.blends = blends;
  this.zModes = zModes;
  this.zCompLocs = zCompLocs;
  this.dithers = dithers;
  this.nbtScales = nbtScales;
});

/**
 * The MAT3 value tables (slots 4..29) of a chunk whose table offsets are `offsets`, each of `n[slot]` elements
 * (mat3TableCounts; checkMat3TableStarts has checked that they lie inside the chunk). Every table is read by a
 * loop of its own, not by one loop calling each element's constructor: that call site saw a dozen of them, so
 * no call was inlined.
 */
export function readMat3Tables(r: BinaryReader, offsets: readonly number[], n: readonly number[]): Mat3Tables {
  const b = r.bytes;
  const v = r.bufferView;
  // Every element read below lies inside its span, which lies inside the chunk (checked by the caller).
  const cullModes = u32s(b, offsets[4]!, n[4]!);
  const materialColors = colors(b, offsets[5]!, n[5]!);
  const colorChanCounts = u8s(b, offsets[6]!, n[6]!);
  const channelControls: GxChannelControl[] = holesOf(n[7]!);
  for (let i = 0, at = offsets[7]!; i < n[7]!; i++, at += 8) channelControls[i] = new ChannelControl(b, at);
  const ambientColors = colors(b, offsets[8]!, n[8]!);
  const lights: GxLight[] = holesOf(n[9]!);
  for (let i = 0, at = offsets[9]!; i < n[9]!; i++, at += 0x34) lights[i] = new Light(b, v, at);
  const texGenCounts = u8s(b, offsets[10]!, n[10]!);
  const texGens: GxTexGen[] = holesOf(n[11]!);
  for (let i = 0, at = offsets[11]!; i < n[11]!; i++, at += 4) texGens[i] = new TexGen(b, at);
  const postTexGens: GxTexGen[] = holesOf(n[12]!);
  for (let i = 0, at = offsets[12]!; i < n[12]!; i++, at += 4) postTexGens[i] = new TexGen(b, at);
  const texMatrices: GxTexMatrix[] = holesOf(n[13]!);
  for (let i = 0, at = offsets[13]!; i < n[13]!; i++, at += 0x64) texMatrices[i] = new TexMatrix(b, v, at);
  const postTexMatrices: GxTexMatrix[] = holesOf(n[14]!);
  for (let i = 0, at = offsets[14]!; i < n[14]!; i++, at += 0x64) postTexMatrices[i] = new TexMatrix(b, v, at);
  const textureNumbers = u16s(b, offsets[15]!, n[15]!);
  const tevOrders: GxTevOrder[] = holesOf(n[16]!);
  for (let i = 0, at = offsets[16]!; i < n[16]!; i++, at += 4) tevOrders[i] = new TevOrder(b, at);
  const tevColors: Vec4[] = holesOf(n[17]!);
  for (let i = 0, at = offsets[17]!; i < n[17]!; i++, at += 8) tevColors[i] = s16x4(v, b.byteOffset + at);
  const konstColors = colors(b, offsets[18]!, n[18]!);
  const tevStageCounts = u8s(b, offsets[19]!, n[19]!);
  const tevStages: GxTevStage[] = holesOf(n[20]!);
  for (let i = 0, at = offsets[20]!; i < n[20]!; i++, at += 0x14) tevStages[i] = new TevStage(b, at);
  const swapModes: GxSwapMode[] = holesOf(n[21]!);
  for (let i = 0, at = offsets[21]!; i < n[21]!; i++, at += 4) swapModes[i] = new SwapMode(b, at);
  const swapTables = colors(b, offsets[22]!, n[22]!);
  const fogs: GxFog[] = holesOf(n[23]!);
  for (let i = 0, at = offsets[23]!; i < n[23]!; i++, at += 0x2c) fogs[i] = new Fog(b, v, at);
  const alphaCompares: GxAlphaCompare[] = holesOf(n[24]!);
  for (let i = 0, at = offsets[24]!; i < n[24]!; i++, at += 8) alphaCompares[i] = new AlphaCompare(b, at);
  const blends: GxBlend[] = holesOf(n[25]!);
  for (let i = 0, at = offsets[25]!; i < n[25]!; i++, at += 4) blends[i] = new Blend(b, at);
  const zModes: GxZMode[] = holesOf(n[26]!);
  for (let i = 0, at = offsets[26]!; i < n[26]!; i++, at += 4) zModes[i] = new ZMode(b, at);
  const zCompLocs = u8s(b, offsets[27]!, n[27]!);
  const dithers = u8s(b, offsets[28]!, n[28]!);
  const nbtScales: GxNbtScale[] = holesOf(n[29]!);
  for (let i = 0, at = offsets[29]!; i < n[29]!; i++, at += 0x10) nbtScales[i] = new NbtScale(b, v, at);
  return new Tables(
    cullModes,
    materialColors,
    colorChanCounts,
    channelControls,
    ambientColors,
    lights,
    texGenCounts,
    texGens,
    postTexGens,
    texMatrices,
    postTexMatrices,
    textureNumbers,
    tevOrders,
    tevColors,
    konstColors,
    tevStageCounts,
    tevStages,
    swapModes,
    swapTables,
    fogs,
    alphaCompares,
    blends,
    zModes,
    zCompLocs,
    dithers,
    nbtScales,
  );
}

/** `n` u8 values at `b[at]` (in bounds). */
function u8s(b: Uint8Array, at: number, n: number): number[] {
  const out = holesOf<number>(n);
  for (let i = 0; i < n; i++) out[i] = b[at + i]!;
  return out;
}

/** `n` big-endian u16 values at `b[at]` (in bounds). */
function u16s(b: Uint8Array, at: number, n: number): number[] {
  const out = holesOf<number>(n);
  for (let i = 0, p = at; i < n; i++, p += 2) out[i] = (b[p]! << 8) | b[p + 1]!;
  return out;
}

/** `n` big-endian u32 values at `b[at]` (in bounds). */
function u32s(b: Uint8Array, at: number, n: number): number[] {
  const out = holesOf<number>(n);
  for (let i = 0, p = at; i < n; i++, p += 4)
    out[i] = ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
  return out;
}

/** `n` RGBA8 colours at `b[at]` (in bounds). */
function colors(b: Uint8Array, at: number, n: number): Vec4[] {
  const out: Vec4[] = holesOf(n);
  for (let i = 0, p = at; i < n; i++, p += 4) out[i] = u8x4(b, p);
  return out;
}

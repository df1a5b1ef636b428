/*
 * MAT3 table element parsers (spec j3d.md §9.3): colour-channel control (8), light (0x34), texgen (4), texture
 * matrix (0x64), TEV order (4), TEV colour s16×4, TEV stage (0x14), swap mode (4), fog (0x2C), alpha compare
 * (8), blend (4), z mode (4), NBT scale (0x10), RGBA8 colours, u8/u16/u32 values, and the 0x138 indirect record.
 * Padding bytes inside elements are skipped (the writer restores them).
 */
import type { BinaryReader } from '@retromodel/binary';
import type { Vec3, Vec4 } from '@retromodel/scene';
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
import { s16be } from './read-be.js';
import type { Mat3Tables } from './read-mat3.js';

/**
 * Parses one table element at `at` (in bounds: readMat3Tables checks each table's span). Bytes are read from
 * the chunk's bytes, not through the reader's checked reads: a parser is inlined into its table's loop, and
 * the reader's calls it made were past what V8 inlines into a function, each a call of its own.
 */
type Parse<T> = (r: BinaryReader, at: number) => T;

/**
 * The three big-endian f32 at `p` of `v`. Floats are read through the reader's bufferView (at
 * `r.bytes.byteOffset + at`): one load each, where making one from its four bytes costs about 70 instructions.
 */
const f3 = (v: DataView, p: number): Vec3 => [v.getFloat32(p), v.getFloat32(p + 4), v.getFloat32(p + 8)];

const parseChannel: Parse<GxChannelControl> = (r, at) => {
  const b = r.bytes;
  return {
    lightingEnabled: b[at] !== 0,
    materialSource: b[at + 1]!,
    lightMask: b[at + 2]!,
    diffuseFunction: b[at + 3]!,
    attenuationFunction: b[at + 4]!,
    ambientSource: b[at + 5]!,
  };
};
const parseLight: Parse<GxLight> = (r, at) => {
  const b = r.bytes;
  const v = r.bufferView;
  const p = b.byteOffset + at;
  return {
    position: f3(v, p),
    direction: f3(v, p + 12),
    color: [b[at + 24]!, b[at + 25]!, b[at + 26]!, b[at + 27]!],
    angleAttenuation: f3(v, p + 28),
    distanceAttenuation: f3(v, p + 40),
  };
};
const parseTexGen: Parse<GxTexGen> = (r, at) => {
  const b = r.bytes;
  return { type: b[at]!, source: b[at + 1]!, matrix: b[at + 2]! };
};
const parseTexMatrix: Parse<GxTexMatrix> = (r, at) => {
  const b = r.bytes;
  const v = r.bufferView;
  const p = b.byteOffset + at;
  const info = b[at + 1]!;
  const effectMatrix: number[] = new Array(16);
  for (let i = 0; i < 16; i++) effectMatrix[i] = v.getFloat32(p + 0x24 + i * 4);
  return {
    projection: b[at]!,
    info,
    mappingMode: info & 0x3f,
    maya: (info & 0x80) !== 0,
    center: f3(v, p + 4),
    scale: [v.getFloat32(p + 0x10), v.getFloat32(p + 0x14)],
    rotationRaw: v.getInt16(p + 0x18),
    translation: [v.getFloat32(p + 0x1c), v.getFloat32(p + 0x20)],
    effectMatrix,
  };
};
const parseTevOrder: Parse<GxTevOrder> = (r, at) => {
  const b = r.bytes;
  return { texCoord: b[at]!, texMap: b[at + 1]!, channel: b[at + 2]! };
};
const parseTevColor: Parse<Vec4> = (r, at) => {
  const b = r.bytes;
  return [s16be(b, at), s16be(b, at + 2), s16be(b, at + 4), s16be(b, at + 6)];
};
const parseTevStage: Parse<GxTevStage> = (r, at) => {
  const b = r.bytes;
  return {
    mode: b[at]!,
    colorIn: [b[at + 1]!, b[at + 2]!, b[at + 3]!, b[at + 4]!],
    colorOp: b[at + 5]!,
    colorBias: b[at + 6]!,
    colorScale: b[at + 7]!,
    colorClamp: b[at + 8] !== 0,
    colorRegister: b[at + 9]!,
    alphaIn: [b[at + 10]!, b[at + 11]!, b[at + 12]!, b[at + 13]!],
    alphaOp: b[at + 14]!,
    alphaBias: b[at + 15]!,
    alphaScale: b[at + 16]!,
    alphaClamp: b[at + 17] !== 0,
    alphaRegister: b[at + 18]!,
  };
};
const parseSwapMode: Parse<GxSwapMode> = (r, at) => ({ rasSel: r.bytes[at]!, texSel: r.bytes[at + 1]! });
const parseFog: Parse<GxFog> = (r, at) => {
  const b = r.bytes;
  const v = r.bufferView;
  const p = b.byteOffset + at;
  const adjustTable: number[] = new Array(10);
  for (let i = 0; i < 10; i++) adjustTable[i] = v.getUint16(p + 0x18 + i * 2);
  return {
    type: b[at]!,
    adjustEnabled: b[at + 1] !== 0,
    adjustCenter: v.getUint16(p + 2),
    startZ: v.getFloat32(p + 4),
    endZ: v.getFloat32(p + 8),
    nearZ: v.getFloat32(p + 12),
    farZ: v.getFloat32(p + 16),
    color: [b[at + 20]!, b[at + 21]!, b[at + 22]!, b[at + 23]!],
    adjustTable,
  };
};
const parseAlphaCompare: Parse<GxAlphaCompare> = (r, at) => {
  const b = r.bytes;
  return { comp0: b[at]!, ref0: b[at + 1]!, op: b[at + 2]!, comp1: b[at + 3]!, ref1: b[at + 4]! };
};
const parseBlend: Parse<GxBlend> = (r, at) => {
  const b = r.bytes;
  return { mode: b[at]!, srcFactor: b[at + 1]!, dstFactor: b[at + 2]!, logicOp: b[at + 3]! };
};
const parseZMode: Parse<GxZMode> = (r, at) => {
  const b = r.bytes;
  return { enable: b[at] !== 0, func: b[at + 1]!, updateEnable: b[at + 2] !== 0 };
};
const parseNbt: Parse<GxNbtScale> = (r, at) => ({
  enable: r.bytes[at] !== 0,
  scale: f3(r.bufferView, r.bytes.byteOffset + at + 4),
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
export const disabledIndirectRecord: GxIndirect = deepFreeze(buildIndirect(disabledBytes, disabledView, 0));

/**
 * The indirect record at `at` of the chunk: the shared disabledIndirectRecord when its bytes are that record's,
 * else a new one.
 */
export function parseIndirect(r: BinaryReader, at: number): GxIndirect {
  r.ensure(0x138, 'indirect record', at);
  const v = r.bufferView;
  const p = r.bytes.byteOffset + at;
  for (let k = 0; k < 0x138 / 4; k++)
    if (v.getInt32(p + k * 4, true) !== disabledWords[k]) return buildIndirect(r.bytes, v, at);
  return disabledIndirectRecord;
}

/** The 0x138 indirect record at `b[at]` (in bounds), `v` a DataView of b's buffer. */
function buildIndirect(b: Uint8Array, v: DataView, at: number): GxIndirect {
  // Lists made at their length (not grown by push): a record is 30 objects.
  const orders: GxIndirect['orders'] = new Array(4);
  for (let i = 0; i < 4; i++) orders[i] = { texCoord: b[at + 4 + i * 4]!, texMap: b[at + 5 + i * 4]! };
  const matrices: GxIndirect['matrices'] = new Array(3);
  for (let i = 0; i < 3; i++) {
    const m = at + 0x14 + i * 0x1c;
    const p = b.byteOffset + m;
    const matrix = [
      v.getFloat32(p),
      v.getFloat32(p + 4),
      v.getFloat32(p + 8),
      v.getFloat32(p + 12),
      v.getFloat32(p + 16),
      v.getFloat32(p + 20),
    ];
    matrices[i] = { matrix, scaleExponent: (b[m + 0x18]! << 24) >> 24 };
  }
  const coordScales: GxIndirect['coordScales'] = new Array(4);
  for (let i = 0; i < 4; i++) coordScales[i] = { scaleS: b[at + 0x68 + i * 4]!, scaleT: b[at + 0x69 + i * 4]! };
  const tevStages: GxIndirectStage[] = new Array(16);
  for (let i = 0; i < 16; i++) {
    const s = at + 0x78 + i * 0x0c;
    tevStages[i] = {
      indStage: b[s]!,
      format: b[s + 1]!,
      biasSel: b[s + 2]!,
      matrixId: b[s + 3]!,
      wrapS: b[s + 4]!,
      wrapT: b[s + 5]!,
      addPrev: b[s + 6] !== 0,
      useOrigLod: b[s + 7] !== 0,
      alphaSel: b[s + 8]!,
    };
  }
  return { enabled: b[at] !== 0, stageCount: b[at + 1]!, orders, matrices, coordScales, tevStages };
}
type GxIndirectStage = GxIndirect['tevStages'][number];

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

/**
 * The MAT3 value tables (slots 4..29) of a chunk whose table offsets are `offsets`, each of `n[slot]` elements
 * (mat3TableCounts; checkMat3TableStarts has checked that they lie inside the chunk). Every table is read by a loop of its own,
 * not by one loop calling each table's parser: that call site saw a dozen parsers, so no call was inlined, and the
 * loop itself was too big to inline into its caller at its 26 call sites.
 */
export function readMat3Tables(r: BinaryReader, offsets: readonly number[], n: readonly number[]): Mat3Tables {
  // Every element read below lies inside its span, which lies inside the chunk (checked above).
  const b = r.bytes;
  const channelControls: GxChannelControl[] = new Array(n[7]!);
  for (let i = 0, at = offsets[7]!; i < n[7]!; i++, at += 8) channelControls[i] = parseChannel(r, at);
  const lights: GxLight[] = new Array(n[9]!);
  for (let i = 0, at = offsets[9]!; i < n[9]!; i++, at += 0x34) lights[i] = parseLight(r, at);
  const texGens: GxTexGen[] = new Array(n[11]!);
  for (let i = 0, at = offsets[11]!; i < n[11]!; i++, at += 4) texGens[i] = parseTexGen(r, at);
  const postTexGens: GxTexGen[] = new Array(n[12]!);
  for (let i = 0, at = offsets[12]!; i < n[12]!; i++, at += 4) postTexGens[i] = parseTexGen(r, at);
  const texMatrices: GxTexMatrix[] = new Array(n[13]!);
  for (let i = 0, at = offsets[13]!; i < n[13]!; i++, at += 0x64) texMatrices[i] = parseTexMatrix(r, at);
  const postTexMatrices: GxTexMatrix[] = new Array(n[14]!);
  for (let i = 0, at = offsets[14]!; i < n[14]!; i++, at += 0x64) postTexMatrices[i] = parseTexMatrix(r, at);
  const tevOrders: GxTevOrder[] = new Array(n[16]!);
  for (let i = 0, at = offsets[16]!; i < n[16]!; i++, at += 4) tevOrders[i] = parseTevOrder(r, at);
  const tevColors: Vec4[] = new Array(n[17]!);
  for (let i = 0, at = offsets[17]!; i < n[17]!; i++, at += 8) tevColors[i] = parseTevColor(r, at);
  const tevStages: GxTevStage[] = new Array(n[20]!);
  for (let i = 0, at = offsets[20]!; i < n[20]!; i++, at += 0x14) tevStages[i] = parseTevStage(r, at);
  const swapModes: GxSwapMode[] = new Array(n[21]!);
  for (let i = 0, at = offsets[21]!; i < n[21]!; i++, at += 4) swapModes[i] = parseSwapMode(r, at);
  const fogs: GxFog[] = new Array(n[23]!);
  for (let i = 0, at = offsets[23]!; i < n[23]!; i++, at += 0x2c) fogs[i] = parseFog(r, at);
  const alphaCompares: GxAlphaCompare[] = new Array(n[24]!);
  for (let i = 0, at = offsets[24]!; i < n[24]!; i++, at += 8) alphaCompares[i] = parseAlphaCompare(r, at);
  const blends: GxBlend[] = new Array(n[25]!);
  for (let i = 0, at = offsets[25]!; i < n[25]!; i++, at += 4) blends[i] = parseBlend(r, at);
  const zModes: GxZMode[] = new Array(n[26]!);
  for (let i = 0, at = offsets[26]!; i < n[26]!; i++, at += 4) zModes[i] = parseZMode(r, at);
  const nbtScales: GxNbtScale[] = new Array(n[29]!);
  for (let i = 0, at = offsets[29]!; i < n[29]!; i++, at += 0x10) nbtScales[i] = parseNbt(r, at);
  return {
    cullModes: u32s(b, offsets[4]!, n[4]!),
    materialColors: colors(b, offsets[5]!, n[5]!),
    colorChanCounts: u8s(b, offsets[6]!, n[6]!),
    channelControls,
    ambientColors: colors(b, offsets[8]!, n[8]!),
    lights,
    texGenCounts: u8s(b, offsets[10]!, n[10]!),
    texGens,
    postTexGens,
    texMatrices,
    postTexMatrices,
    textureNumbers: u16s(b, offsets[15]!, n[15]!),
    tevOrders,
    tevColors,
    konstColors: colors(b, offsets[18]!, n[18]!),
    tevStageCounts: u8s(b, offsets[19]!, n[19]!),
    tevStages,
    swapModes,
    swapTables: colors(b, offsets[22]!, n[22]!),
    fogs,
    alphaCompares,
    blends,
    zModes,
    zCompLocs: u8s(b, offsets[27]!, n[27]!),
    dithers: u8s(b, offsets[28]!, n[28]!),
    nbtScales,
  };
}

/** `n` u8 values at `b[at]` (in bounds). */
function u8s(b: Uint8Array, at: number, n: number): number[] {
  const out: number[] = new Array(n);
  for (let i = 0; i < n; i++) out[i] = b[at + i]!;
  return out;
}

/** `n` big-endian u16 values at `b[at]` (in bounds). */
function u16s(b: Uint8Array, at: number, n: number): number[] {
  const out: number[] = new Array(n);
  for (let i = 0, p = at; i < n; i++, p += 2) out[i] = (b[p]! << 8) | b[p + 1]!;
  return out;
}

/** `n` big-endian u32 values at `b[at]` (in bounds). */
function u32s(b: Uint8Array, at: number, n: number): number[] {
  const out: number[] = new Array(n);
  for (let i = 0, p = at; i < n; i++, p += 4)
    out[i] = ((b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!) >>> 0;
  return out;
}

/** `n` RGBA8 colours at `b[at]` (in bounds). */
function colors(b: Uint8Array, at: number, n: number): Vec4[] {
  const out: Vec4[] = new Array(n);
  for (let i = 0, p = at; i < n; i++, p += 4) out[i] = [b[p]!, b[p + 1]!, b[p + 2]!, b[p + 3]!];
  return out;
}

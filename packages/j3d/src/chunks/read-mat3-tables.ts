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

/** Parses one table element at `at`. */
export type Parse<T> = (r: BinaryReader, at: number) => T;

export const rgba8: Parse<Vec4> = (r, at) => [r.u8At(at), r.u8At(at + 1), r.u8At(at + 2), r.u8At(at + 3)];
const f3 = (r: BinaryReader, at: number): Vec3 => [r.f32At(at), r.f32At(at + 4), r.f32At(at + 8)];

export const parseChannel: Parse<GxChannelControl> = (r, at) => ({
  lightingEnabled: r.u8At(at) !== 0,
  materialSource: r.u8At(at + 1),
  lightMask: r.u8At(at + 2),
  diffuseFunction: r.u8At(at + 3),
  attenuationFunction: r.u8At(at + 4),
  ambientSource: r.u8At(at + 5),
});
export const parseLight: Parse<GxLight> = (r, at) => ({
  position: f3(r, at),
  direction: f3(r, at + 12),
  color: rgba8(r, at + 24),
  angleAttenuation: f3(r, at + 28),
  distanceAttenuation: f3(r, at + 40),
});
export const parseTexGen: Parse<GxTexGen> = (r, at) => ({
  type: r.u8At(at),
  source: r.u8At(at + 1),
  matrix: r.u8At(at + 2),
});
export const parseTexMatrix: Parse<GxTexMatrix> = (r, at) => {
  const info = r.u8At(at + 1);
  const effectMatrix: number[] = new Array(16);
  for (let i = 0; i < 16; i++) effectMatrix[i] = r.f32At(at + 0x24 + i * 4);
  return {
    projection: r.u8At(at),
    info,
    mappingMode: info & 0x3f,
    maya: (info & 0x80) !== 0,
    center: f3(r, at + 4),
    scale: [r.f32At(at + 0x10), r.f32At(at + 0x14)],
    rotationRaw: r.s16At(at + 0x18),
    translation: [r.f32At(at + 0x1c), r.f32At(at + 0x20)],
    effectMatrix,
  };
};
export const parseTevOrder: Parse<GxTevOrder> = (r, at) => ({
  texCoord: r.u8At(at),
  texMap: r.u8At(at + 1),
  channel: r.u8At(at + 2),
});
export const parseTevColor: Parse<Vec4> = (r, at) => [r.s16At(at), r.s16At(at + 2), r.s16At(at + 4), r.s16At(at + 6)];
export const parseTevStage: Parse<GxTevStage> = (r, at) => ({
  mode: r.u8At(at),
  colorIn: [r.u8At(at + 1), r.u8At(at + 2), r.u8At(at + 3), r.u8At(at + 4)],
  colorOp: r.u8At(at + 5),
  colorBias: r.u8At(at + 6),
  colorScale: r.u8At(at + 7),
  colorClamp: r.u8At(at + 8) !== 0,
  colorRegister: r.u8At(at + 9),
  alphaIn: [r.u8At(at + 10), r.u8At(at + 11), r.u8At(at + 12), r.u8At(at + 13)],
  alphaOp: r.u8At(at + 14),
  alphaBias: r.u8At(at + 15),
  alphaScale: r.u8At(at + 16),
  alphaClamp: r.u8At(at + 17) !== 0,
  alphaRegister: r.u8At(at + 18),
});
export const parseSwapMode: Parse<GxSwapMode> = (r, at) => ({ rasSel: r.u8At(at), texSel: r.u8At(at + 1) });
export const parseFog: Parse<GxFog> = (r, at) => {
  const adjustTable: number[] = new Array(10);
  for (let i = 0; i < 10; i++) adjustTable[i] = r.u16At(at + 0x18 + i * 2);
  return {
    type: r.u8At(at),
    adjustEnabled: r.u8At(at + 1) !== 0,
    adjustCenter: r.u16At(at + 2),
    startZ: r.f32At(at + 4),
    endZ: r.f32At(at + 8),
    nearZ: r.f32At(at + 12),
    farZ: r.f32At(at + 16),
    color: rgba8(r, at + 20),
    adjustTable,
  };
};
export const parseAlphaCompare: Parse<GxAlphaCompare> = (r, at) => ({
  comp0: r.u8At(at),
  ref0: r.u8At(at + 1),
  op: r.u8At(at + 2),
  comp1: r.u8At(at + 3),
  ref1: r.u8At(at + 4),
});
export const parseBlend: Parse<GxBlend> = (r, at) => ({
  mode: r.u8At(at),
  srcFactor: r.u8At(at + 1),
  dstFactor: r.u8At(at + 2),
  logicOp: r.u8At(at + 3),
});
export const parseZMode: Parse<GxZMode> = (r, at) => ({
  enable: r.u8At(at) !== 0,
  func: r.u8At(at + 1),
  updateEnable: r.u8At(at + 2) !== 0,
});
export const parseNbt: Parse<GxNbtScale> = (r, at) => ({ enable: r.u8At(at) !== 0, scale: f3(r, at + 4) });
export const parseU8: Parse<number> = (r, at) => r.u8At(at);
export const parseU16: Parse<number> = (r, at) => r.u16At(at);
export const parseU32: Parse<number> = (r, at) => r.u32At(at);

export function parseIndirect(r: BinaryReader, at: number): GxIndirect {
  r.ensure(0x138, 'indirect record', at);
  // Lists made at their length (not grown by push): a record is 30 objects, read for every material.
  const b = r.bytes;
  const orders: GxIndirect['orders'] = new Array(4);
  for (let i = 0; i < 4; i++) orders[i] = { texCoord: b[at + 4 + i * 4]!, texMap: b[at + 5 + i * 4]! };
  const matrices: GxIndirect['matrices'] = new Array(3);
  for (let i = 0; i < 3; i++) {
    const m = at + 0x14 + i * 0x1c;
    const matrix = [r.f32At(m), r.f32At(m + 4), r.f32At(m + 8), r.f32At(m + 12), r.f32At(m + 16), r.f32At(m + 20)];
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

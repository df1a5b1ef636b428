/*
 * The complete GX material state a J3D material sets, as plain data (spec j3d.md §9.2–9.3). Enum values are
 * kept as the GX API numbers the file stores; colours are [r, g, b, a] in 0..255 (TEV colour registers are
 * signed, −1024..1023). `null` marks a slot the material leaves unset (index 0xFFFF / 0xFF).
 * This is what scene materials carry in `extras.gx`, and what the MDL3 check compares.
 */
import type { Vec3, Vec4 } from '@retromodel/scene';

/** Colour-channel control (GXSetChanCtrl). */
export interface GxChannelControl {
  lightingEnabled: boolean;
  /** 0 register, 1 vertex colour. */
  materialSource: number;
  lightMask: number;
  /** 0 none, 1 sign, 2 clamp. */
  diffuseFunction: number;
  /** J3D attenuation function: 0 spec, 1 spot, 2 none. */
  attenuationFunction: number;
  /** 0 register, 1 vertex colour. */
  ambientSource: number;
}

/** A light (J3D light info). */
export interface GxLight {
  position: Vec3;
  direction: Vec3;
  color: Vec4;
  /** Angle attenuation a0..a2 and distance attenuation k0..k2. */
  angleAttenuation: Vec3;
  distanceAttenuation: Vec3;
}

/** Texture-coordinate generation (GXSetTexCoordGen). */
export interface GxTexGen {
  /** 0 MTX3x4, 1 MTX2x4, 2..9 BUMP0..7, 10 SRTG. */
  type: number;
  /** 0 POS, 1 NRM, 2 BINRM, 3 TANGENT, 4..11 TEX0..7, 12..18 TEXCOORD0..6, 19 COLOR0, 20 COLOR1. */
  source: number;
  /** 60 identity, 30 + 3n TEXMTXn, 3n PNMTXn. */
  matrix: number;
}

/** A texture matrix (J3D TexMtxInfo). */
export interface GxTexMatrix {
  /** 0 3×4 (projected), 1 2×4. */
  projection: number;
  /** Raw info byte: bits 0-5 mapping mode, bit 7 Maya-style SRT. */
  info: number;
  mappingMode: number;
  maya: boolean;
  center: Vec3;
  scale: [number, number];
  /** Raw s16, 0x8000 = π. */
  rotationRaw: number;
  translation: [number, number];
  /** Row-major 4×4. */
  effectMatrix: number[];
}

/** TEV stage order (GXSetTevOrder). */
export interface GxTevOrder {
  texCoord: number;
  texMap: number;
  channel: number;
}

/** TEV stage combiner (GXSetTevColorIn/Op, AlphaIn/Op). */
export interface GxTevStage {
  mode: number;
  colorIn: [number, number, number, number];
  colorOp: number;
  colorBias: number;
  colorScale: number;
  colorClamp: boolean;
  colorRegister: number;
  alphaIn: [number, number, number, number];
  alphaOp: number;
  alphaBias: number;
  alphaScale: number;
  alphaClamp: boolean;
  alphaRegister: number;
}

/** TEV swap mode of one stage: which swap table the rasterised colour and the texture use. */
export interface GxSwapMode {
  rasSel: number;
  texSel: number;
}

/** Fog (GXSetFog + range adjustment). */
export interface GxFog {
  type: number;
  adjustEnabled: boolean;
  adjustCenter: number;
  startZ: number;
  endZ: number;
  nearZ: number;
  farZ: number;
  color: Vec4;
  adjustTable: number[];
}

/** Alpha compare (GXSetAlphaCompare): pass = comp0(a, ref0) op comp1(a, ref1). */
export interface GxAlphaCompare {
  comp0: number;
  ref0: number;
  op: number;
  comp1: number;
  ref1: number;
}

/** Blend mode (GXSetBlendMode): 0 NONE, 1 BLEND, 2 LOGIC, 3 SUBTRACT. */
export interface GxBlend {
  mode: number;
  srcFactor: number;
  dstFactor: number;
  logicOp: number;
}

/** Depth mode (GXSetZMode). */
export interface GxZMode {
  enable: boolean;
  func: number;
  updateEnable: boolean;
}

/** NBT scale (J3D). */
export interface GxNbtScale {
  enable: boolean;
  scale: Vec3;
}

/** One indirect TEV stage (GXSetTevIndirect). */
export interface GxIndirectStage {
  indStage: number;
  format: number;
  biasSel: number;
  matrixId: number;
  wrapS: number;
  wrapT: number;
  addPrev: boolean;
  useOrigLod: boolean;
  alphaSel: number;
}

/** J3D indirect-texturing record of one material. */
export interface GxIndirect {
  enabled: boolean;
  stageCount: number;
  orders: { texCoord: number; texMap: number }[];
  /** 2×3 matrices (row-major) with their scale exponent. */
  matrices: { matrix: number[]; scaleExponent: number }[];
  coordScales: { scaleS: number; scaleT: number }[];
  tevStages: GxIndirectStage[];
}

/** The complete state of one J3D material. */
export interface GxMaterial {
  name: string;
  /** Index of the 0x14C init-data entry it uses (materials may share entries). */
  entryIndex: number;
  /** 1 opaque, 2 edge, 4 translucent (draw pass). */
  materialMode: number;
  /** GX_CULL_*: 0 none, 1 front, 2 back, 3 all. */
  cullMode: number | null;
  colorChannelCount: number | null;
  /** COLOR0, ALPHA0, COLOR1, ALPHA1. */
  channelControls: (GxChannelControl | null)[];
  materialColors: (Vec4 | null)[];
  ambientColors: (Vec4 | null)[];
  lights: (GxLight | null)[];
  texGenCount: number | null;
  texGens: (GxTexGen | null)[];
  postTexGens: (GxTexGen | null)[];
  texMatrices: (GxTexMatrix | null)[];
  postTexMatrices: (GxTexMatrix | null)[];
  /** TEX1 texture (sampler) index of each texture map slot TEXMAP0..7. */
  textures: (number | null)[];
  konstColors: (Vec4 | null)[];
  konstColorSelection: number[];
  konstAlphaSelection: number[];
  tevOrders: (GxTevOrder | null)[];
  /** C0, C1, C2, PREV (signed). */
  tevColors: (Vec4 | null)[];
  tevStageCount: number | null;
  tevStages: (GxTevStage | null)[];
  tevSwapModes: (GxSwapMode | null)[];
  /** Four swap tables: channel selectors [r, g, b, a]. */
  tevSwapTables: (Vec4 | null)[];
  fog: GxFog | null;
  alphaCompare: GxAlphaCompare | null;
  blend: GxBlend | null;
  zMode: GxZMode | null;
  zCompLoc: boolean | null;
  dither: boolean | null;
  nbtScale: GxNbtScale | null;
  indirect: GxIndirect | null;
}

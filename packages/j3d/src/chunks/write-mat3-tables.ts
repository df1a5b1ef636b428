/*
 * MAT3 element writers (spec j3d.md §9.2–9.3): the 0x14C init entry, the 0x138 indirect record and one writer
 * per value table, the exact mirror of read-mat3's parsers, with the padding bytes every maker writes (0xFF after
 * texgens, TEV orders/stages, z modes, alpha compares and NBT enables; u16 0xFFFF after channel controls, swap
 * modes and the texture-matrix projection/rotation; in the indirect record 0xFF after every sub-record).
 * `mat3Slots` names, per table slot 4..29, the `Mat3Tables` list and how a resolved material uses it.
 */
import type { BinaryWriter } from '@retromodel/binary';
import type { Vec4 } from '@retromodel/scene';
import type { GxIndirect, GxMaterial, GxTexMatrix } from '../gx/material-types.js';
import type { J3dMaterialEntry, Mat3Tables } from './read-mat3.js';

type Put<T> = (w: BinaryWriter, v: T) => void;

const rgba8: Put<Vec4> = (w, c) => {
  for (const x of c) w.u8(x);
};
const f32s = (w: BinaryWriter, list: readonly number[]) => {
  for (const x of list) w.f32(x);
};
const u8s = (w: BinaryWriter, list: readonly number[]) => {
  for (const x of list) w.u8(x);
};
const texMatrix: Put<GxTexMatrix> = (w, m) => {
  w.u8(m.projection).u8(m.info).u16(0xffff);
  f32s(w, [...m.center, ...m.scale]);
  w.s16(m.rotationRaw).u16(0xffff);
  f32s(w, [...m.translation, ...m.effectMatrix]);
};

/** One value table: its `Mat3Tables` key, element writer, and the material field(s) whose values it holds. */
export interface Mat3Slot {
  slot: number;
  key: keyof Mat3Tables;
  put: Put<never>;
  /** The material's values for this table, one per index slot of the entry field (null = none). */
  values: (m: GxMaterial) => readonly unknown[];
}

const one = <T>(v: T | null): (T | null)[] => [v];
const bool = (v: boolean | null) => (v === null ? null : Number(v));

function slot<K extends keyof Mat3Tables>(
  n: number,
  key: K,
  put: Put<Mat3Tables[K][number]>,
  values: (m: GxMaterial) => readonly (Mat3Tables[K][number] | null)[],
): Mat3Slot {
  return { slot: n, key, put: put as Put<never>, values };
}

/** Table slots 4..29 in slot order. */
export const mat3Slots: readonly Mat3Slot[] = [
  slot(
    4,
    'cullModes',
    (w, v) => w.u32(v),
    (m) => one(m.cullMode),
  ),
  slot(5, 'materialColors', rgba8, (m) => m.materialColors),
  slot(
    6,
    'colorChanCounts',
    (w, v) => w.u8(v),
    (m) => one(m.colorChannelCount),
  ),
  slot(
    7,
    'channelControls',
    (w, c) => {
      w.u8(Number(c.lightingEnabled)).u8(c.materialSource).u8(c.lightMask).u8(c.diffuseFunction);
      w.u8(c.attenuationFunction).u8(c.ambientSource).u16(0xffff);
    },
    (m) => m.channelControls,
  ),
  slot(8, 'ambientColors', rgba8, (m) => m.ambientColors),
  slot(
    9,
    'lights',
    (w, l) => {
      f32s(w, [...l.position, ...l.direction]);
      rgba8(w, l.color);
      f32s(w, [...l.angleAttenuation, ...l.distanceAttenuation]);
    },
    (m) => m.lights,
  ),
  slot(
    10,
    'texGenCounts',
    (w, v) => w.u8(v),
    (m) => one(m.texGenCount),
  ),
  slot(
    11,
    'texGens',
    (w, g) => u8s(w, [g.type, g.source, g.matrix, 0xff]),
    (m) => m.texGens,
  ),
  slot(
    12,
    'postTexGens',
    (w, g) => u8s(w, [g.type, g.source, g.matrix, 0xff]),
    (m) => m.postTexGens,
  ),
  slot(13, 'texMatrices', texMatrix, (m) => m.texMatrices),
  slot(14, 'postTexMatrices', texMatrix, (m) => m.postTexMatrices),
  slot(
    15,
    'textureNumbers',
    (w, v) => w.u16(v),
    (m) => m.textures,
  ),
  slot(
    16,
    'tevOrders',
    (w, o) => u8s(w, [o.texCoord, o.texMap, o.channel, 0xff]),
    (m) => m.tevOrders,
  ),
  slot(
    17,
    'tevColors',
    (w, c) => {
      for (const x of c) w.s16(x);
    },
    (m) => m.tevColors,
  ),
  slot(18, 'konstColors', rgba8, (m) => m.konstColors),
  slot(
    19,
    'tevStageCounts',
    (w, v) => w.u8(v),
    (m) => one(m.tevStageCount),
  ),
  slot(
    20,
    'tevStages',
    (w, s) =>
      u8s(w, [
        s.mode,
        ...s.colorIn,
        s.colorOp,
        s.colorBias,
        s.colorScale,
        Number(s.colorClamp),
        s.colorRegister,
        ...s.alphaIn,
        s.alphaOp,
        s.alphaBias,
        s.alphaScale,
        Number(s.alphaClamp),
        s.alphaRegister,
        0xff,
      ]),
    (m) => m.tevStages,
  ),
  slot(
    21,
    'swapModes',
    (w, s) => w.u8(s.rasSel).u8(s.texSel).u16(0xffff),
    (m) => m.tevSwapModes,
  ),
  slot(22, 'swapTables', rgba8, (m) => m.tevSwapTables),
  slot(
    23,
    'fogs',
    (w, f) => {
      w.u8(f.type).u8(Number(f.adjustEnabled)).u16(f.adjustCenter);
      f32s(w, [f.startZ, f.endZ, f.nearZ, f.farZ]);
      rgba8(w, f.color);
      for (const x of f.adjustTable) w.u16(x);
    },
    (m) => one(m.fog),
  ),
  slot(
    24,
    'alphaCompares',
    (w, a) => u8s(w, [a.comp0, a.ref0, a.op, a.comp1, a.ref1, 0xff, 0xff, 0xff]),
    (m) => one(m.alphaCompare),
  ),
  slot(
    25,
    'blends',
    (w, b) => u8s(w, [b.mode, b.srcFactor, b.dstFactor, b.logicOp]),
    (m) => one(m.blend),
  ),
  slot(
    26,
    'zModes',
    (w, z) => u8s(w, [Number(z.enable), z.func, Number(z.updateEnable), 0xff]),
    (m) => one(m.zMode),
  ),
  slot(
    27,
    'zCompLocs',
    (w, v) => w.u8(v),
    (m) => one(bool(m.zCompLoc)),
  ),
  slot(
    28,
    'dithers',
    (w, v) => w.u8(v),
    (m) => one(bool(m.dither)),
  ),
  slot(
    29,
    'nbtScales',
    (w, n) => {
      u8s(w, [Number(n.enable), 0xff, 0xff, 0xff]);
      f32s(w, n.scale);
    },
    (m) => one(m.nbtScale),
  ),
];

/** Writes one 0x14C init entry. */
export function writeMaterialEntry(w: BinaryWriter, e: J3dMaterialEntry): void {
  u8s(w, [e.materialMode, e.cullModeIndex, e.colorChanNumIndex, e.texGenNumIndex, e.tevStageNumIndex]);
  u8s(w, [e.zCompLocIndex, e.zModeIndex, e.ditherIndex]);
  const u16s = (list: readonly number[], n: number) => {
    for (let i = 0; i < n; i++) w.u16(list[i] ?? 0xffff);
  };
  u16s(e.matColorIndices, 2);
  u16s(e.colorChanIndices, 4);
  u16s(e.ambColorIndices, 2);
  u16s(e.lightIndices, 8);
  u16s(e.texGenIndices, 8);
  u16s(e.postTexGenIndices, 8);
  u16s(e.texMtxIndices, 10);
  u16s(e.postTexMtxIndices, 20);
  u16s(e.texNoIndices, 8);
  u16s(e.konstColorIndices, 4);
  for (let i = 0; i < 16; i++) w.u8(e.konstColorSelection[i] ?? 0x0c);
  for (let i = 0; i < 16; i++) w.u8(e.konstAlphaSelection[i] ?? 0x1c);
  u16s(e.tevOrderIndices, 16);
  u16s(e.tevColorIndices, 4);
  u16s(e.tevStageIndices, 16);
  u16s(e.tevSwapModeIndices, 16);
  u16s(e.tevSwapTableIndices, 4);
  u16s(e.unknownIndices, 12);
  w.u16(e.fogIndex).u16(e.alphaCompIndex).u16(e.blendIndex).u16(e.nbtScaleIndex);
}

/** Writes one 0x138 indirect record. */
export function writeIndirect(w: BinaryWriter, d: GxIndirect): void {
  w.u8(Number(d.enabled)).u8(d.stageCount).u16(0xffff);
  for (let i = 0; i < 4; i++) {
    const o = d.orders[i];
    w.u8(o?.texCoord ?? 0xff)
      .u8(o?.texMap ?? 0xff)
      .u16(0xffff);
  }
  for (let i = 0; i < 3; i++) {
    const m = d.matrices[i];
    f32s(w, m?.matrix ?? [0.5, 0, 0, 0, 0.5, 0]);
    w.s8(m?.scaleExponent ?? 1)
      .u8(0xff)
      .u8(0xff)
      .u8(0xff);
  }
  for (let i = 0; i < 4; i++) {
    const s = d.coordScales[i];
    w.u8(s?.scaleS ?? 0)
      .u8(s?.scaleT ?? 0)
      .u16(0xffff);
  }
  for (let i = 0; i < 16; i++) {
    const s = d.tevStages[i];
    if (s)
      u8s(w, [s.indStage, s.format, s.biasSel, s.matrixId, s.wrapS, s.wrapT, Number(s.addPrev), Number(s.useOrigLod)]);
    else u8s(w, [0, 0, 0, 0, 0, 0, 0, 0]);
    u8s(w, [s?.alphaSel ?? 0, 0xff, 0xff, 0xff]);
  }
}

/** The indirect record of a material without indirect texturing (as Nintendo's tools write it). */
export const disabledIndirect: GxIndirect = {
  enabled: false,
  stageCount: 0,
  orders: [],
  matrices: [],
  coordScales: [],
  tevStages: [],
};

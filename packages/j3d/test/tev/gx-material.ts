/*
 * A one-stage GX material for TEV tests: no lighting, COLOR0 from the register (material colour), one texture
 * on TEXMAP0/TEXCOORD0 read by stage 0, identity swap tables, konst selectors K0 / K0.a, registers zero.
 * Stage inputs default to `out = d` with d = ZERO.
 */
import type { GxMaterial, GxTevStage } from '../../src/gx/material-types.js';

/** A stage: out = d + lerp(a, b, c) with the given inputs, no bias, ×1, clamped, into PREV. */
export function tevStage(fields: Partial<GxTevStage> = {}): GxTevStage {
  return {
    mode: 0xff,
    colorIn: [15, 15, 15, 15],
    colorOp: 0,
    colorBias: 0,
    colorScale: 0,
    colorClamp: true,
    colorRegister: 0,
    alphaIn: [7, 7, 7, 7],
    alphaOp: 0,
    alphaBias: 0,
    alphaScale: 0,
    alphaClamp: true,
    alphaRegister: 0,
    ...fields,
  };
}

/** A material with the given stages (each reading TEXMAP0/TEXCOORD0 and COLOR0A0) and overrides. */
export function gxMaterial(stages: GxTevStage[], fields: Partial<GxMaterial> = {}): GxMaterial {
  const control = {
    lightingEnabled: false,
    materialSource: 0,
    lightMask: 0,
    diffuseFunction: 0,
    attenuationFunction: 2,
    ambientSource: 0,
  };
  return {
    name: 'test',
    entryIndex: 0,
    materialMode: 1,
    cullMode: 2,
    colorChannelCount: 1,
    channelControls: [control, { ...control }, null, null],
    materialColors: [[255, 255, 255, 255], null],
    ambientColors: [null, null],
    lights: [],
    texGenCount: 1,
    texGens: [{ type: 1, source: 4, matrix: 60 }],
    postTexGens: [],
    texMatrices: [],
    postTexMatrices: [],
    textures: [0, null, null, null, null, null, null, null],
    konstColors: [
      [255, 255, 255, 255],
      [255, 255, 255, 255],
      [255, 255, 255, 255],
      [255, 255, 255, 255],
    ],
    konstColorSelection: stages.map(() => 0x0c),
    konstAlphaSelection: stages.map(() => 0x1c),
    tevOrders: stages.map(() => ({ texCoord: 0, texMap: 0, channel: 4 })),
    tevColors: [
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
      [0, 0, 0, 0],
    ],
    tevStageCount: stages.length,
    tevStages: stages,
    tevSwapModes: stages.map(() => ({ rasSel: 0, texSel: 0 })),
    tevSwapTables: [
      [0, 1, 2, 3],
      [0, 1, 2, 3],
      [0, 1, 2, 3],
      [0, 1, 2, 3],
    ],
    fog: null,
    alphaCompare: { comp0: 7, ref0: 0, op: 1, comp1: 7, ref1: 0 },
    blend: { mode: 0, srcFactor: 1, dstFactor: 0, logicOp: 3 },
    zMode: { enable: true, func: 3, updateEnable: true },
    zCompLoc: true,
    dither: true,
    nbtScale: null,
    indirect: null,
    ...fields,
  };
}

/*
 * The GX state of a new J3D material before its colours, texture and TEV are set (spec j3d.md §9.2–9.3), with
 * the values Nintendo's files carry for what a simple material leaves alone (seen in the shared fixtures):
 * channel controls COLOR0/ALPHA0 unlit from the material colour (diffuse CLAMP, attenuation SPOT as stored),
 * COLOR1/ALPHA1 as Nintendo's unused pair; ambient (50, 50, 50, 50); TEV colour registers C0–C2 white, PREV 0;
 * four white konst colours, konst selections K0 (0x0C) / K0_A (0x1C); identity swap tables; fog off (type 0);
 * alpha test ALWAYS OR ALWAYS; no blending (mode 0, ONE/ZERO, logic op COPY); depth test LEQUAL with update,
 * early Z; no dither; NBT scale off; a disabled indirect record (Nintendo's: 3 matrices 0.5·I scale exponent 1),
 * so the indirect table is present for every material as the game's loader reads it.
 */
import type { GxChannelControl, GxIndirect, GxMaterial } from '../gx/material-types.js';

/** Colour-channel control: lighting off, colours from the register (0) or the vertices (1). */
export function channelControl(lit: boolean, source: number): GxChannelControl {
  return {
    lightingEnabled: lit,
    materialSource: source,
    lightMask: lit ? 1 : 0,
    diffuseFunction: 2,
    attenuationFunction: 1,
    ambientSource: 0,
  };
}

/** A colour channel no stage uses, as Nintendo's files store the unused fourth one. */
export const unusedChannelControl: Readonly<GxChannelControl> = {
  lightingEnabled: false,
  materialSource: 0,
  lightMask: 0,
  diffuseFunction: 0,
  attenuationFunction: 2,
  ambientSource: 0,
};

function disabledIndirect(): GxIndirect {
  return {
    enabled: false,
    stageCount: 0,
    orders: Array.from({ length: 4 }, () => ({ texCoord: 0xff, texMap: 0xff })),
    matrices: Array.from({ length: 3 }, () => ({ matrix: [0.5, 0, 0, 0, 0.5, 0], scaleExponent: 1 })),
    coordScales: Array.from({ length: 4 }, () => ({ scaleS: 0, scaleT: 0 })),
    tevStages: Array.from({ length: 16 }, () => ({
      indStage: 0,
      format: 0,
      biasSel: 0,
      matrixId: 0,
      wrapS: 0,
      wrapT: 0,
      addPrev: false,
      useOrigLod: false,
      alphaSel: 0,
    })),
  };
}

const nulls = (n: number) => Array.from({ length: n }, () => null);

/** A material with every table slot at its default and no TEV stage yet. */
export function defaultGxMaterial(name: string): GxMaterial {
  return {
    name,
    entryIndex: 0,
    materialMode: 1,
    cullMode: 2,
    colorChannelCount: 1,
    channelControls: [
      channelControl(false, 0),
      channelControl(false, 0),
      {
        lightingEnabled: true,
        materialSource: 0,
        lightMask: 0,
        diffuseFunction: 1,
        attenuationFunction: 0,
        ambientSource: 0,
      },
      { ...unusedChannelControl },
    ],
    materialColors: [
      [255, 255, 255, 255],
      [255, 255, 255, 255],
    ],
    ambientColors: [
      [50, 50, 50, 50],
      [0, 0, 0, 0],
    ],
    lights: nulls(8),
    texGenCount: 0,
    texGens: nulls(8),
    postTexGens: nulls(8),
    texMatrices: nulls(10),
    postTexMatrices: nulls(20),
    textures: nulls(8),
    konstColors: Array.from({ length: 4 }, () => [255, 255, 255, 255]),
    konstColorSelection: Array.from({ length: 16 }, () => 0x0c),
    konstAlphaSelection: Array.from({ length: 16 }, () => 0x1c),
    tevOrders: nulls(16),
    tevColors: [
      [255, 255, 255, 255],
      [255, 255, 255, 255],
      [255, 255, 255, 255],
      [0, 0, 0, 0],
    ],
    tevStageCount: 0,
    tevStages: nulls(16),
    tevSwapModes: nulls(16),
    tevSwapTables: Array.from({ length: 4 }, () => [0, 1, 2, 3]),
    fog: {
      type: 0,
      adjustEnabled: false,
      adjustCenter: 0,
      startZ: 0,
      endZ: 0,
      nearZ: 0,
      farZ: 0,
      color: [255, 255, 255, 255],
      adjustTable: Array.from({ length: 10 }, () => 0),
    },
    alphaCompare: { comp0: 7, ref0: 0, op: 1, comp1: 7, ref1: 0 },
    blend: { mode: 0, srcFactor: 1, dstFactor: 0, logicOp: 3 },
    zMode: { enable: true, func: 3, updateEnable: true },
    zCompLoc: true,
    dither: false,
    nbtScale: { enable: false, scale: [1, 1, 1] },
    indirect: disabledIndirect(),
  };
}

/*
 * A glTF-style scene material as a GX material (spec j3d.md §9.3–9.4), the inverse of what build-material and
 * reduce-tev read back:
 *   colour = texture × factor × vertex colour, alpha likewise. Colour channel 0 (COLOR0/ALPHA0) gives the
 *     rasterised colour: from the vertices (material source VTX) when the material uses COLOR_0 and the shape has
 *     it, else from the material colour register set to the factor; lit (lightMask light 0) unless `unlit`.
 *     TEV stage 0 (texture map 0, texture coordinate 0, channel COLOR0A0): TEXC × RASC and TEXA × RASA, or RASC /
 *     RASA alone without a texture. With vertex colours and a factor other than white, stage 1 multiplies by
 *     konst colour 0 (CPREV × KONST, APREV × KONST_A; K0 / K0_A). An emissive factor is added by one more stage
 *     (CPREV + KONST with K1). GX colours are display values: the linear factors go through the sRGB curve, alpha
 *     as it is. Normal and emissive textures have no place in this TEV (info). A factor an animation changes
 *     always has its konst stage (K0 multiplies, K1 adds; the material colour register then white), so that a
 *     BRK can animate it.
 *   texture coordinate 0 = texgen MTX2x4 from TEXn (the texture's set) with the identity matrix, or TEXMTX0 for
 *     a KHR_texture_transform (also for an animated one, which a BTK then animates): without rotation a basic SRT (scale, translation = offset, centre 0); with one, the
 *     Maya SRT (info bit 7), which is the same scale-then-rotate-then-offset as KHR_texture_transform:
 *     rows [sS·cos, −sT·sin, sS·(−½cos − (½sin − ½) − tS)] / [sS·sin, sT·cos, sT·(−½cos + (½sin − ½) + tT) + 1],
 *     its rotation on the s16 grid (0x8000 = π).
 *   alpha MASK → alpha compare GEQUAL ceil(cutoff · 255) AND ALWAYS, late depth test; BLEND → blend mode BLEND
 *     SRCALPHA / INVSRCALPHA, translucent draw pass (material mode 4), no depth update.
 *   doubleSided → cull NONE (0), else BACK (2).
 */
import type { Diagnostic, Material, TextureTransform } from '@retromodel/scene';
import type { GxMaterial, GxTevStage, GxTexMatrix } from '../gx/material-types.js';
import { radiansToS16 } from '../gx/s16-angle.js';
import { linearToSrgb } from '../gx/srgb.js';
import { channelControl, defaultGxMaterial } from './gx-material-defaults.js';

/** The material properties an animation of the scene changes (KHR_animation_pointer channels). */
export interface AnimatedMaterialProperties {
  baseColorFactor?: boolean;
  emissiveFactor?: boolean;
  /** The base colour texture's KHR_texture_transform. */
  textureTransform?: boolean;
}

/** What the material needs to know about the shape it draws and the textures written. */
export interface GltfMaterialContext {
  /** The shape carries CLR0. */
  hasVertexColor: boolean;
  /**
   * What animations change: an animated factor is kept in a konst colour a BRK can animate (base colour K0,
   * emissive K1, each by a TEV stage of its own), an animated texture transform in TEXMTX0 (a BTK's matrix).
   */
  animated?: AnimatedMaterialProperties;
  /** TEX1 index of a scene texture, or undefined when it was not written. */
  textureOf: (sceneTexture: number) => number | undefined;
  diagnostics: Diagnostic[];
}

const byte = (v: number) => Math.round(Math.min(1, Math.max(0, v)) * 255);

function stage(colorIn: GxTevStage['colorIn'], alphaIn: GxTevStage['alphaIn']): GxTevStage {
  return {
    mode: 0xff,
    colorIn,
    colorOp: 0,
    colorBias: 0,
    colorScale: 0,
    colorClamp: true,
    colorRegister: 0,
    alphaIn,
    alphaOp: 0,
    alphaBias: 0,
    alphaScale: 0,
    alphaClamp: true,
    alphaRegister: 0,
  };
}

/** A texture matrix doing what a KHR_texture_transform does. */
export function texMatrixOfTransform(t: TextureTransform): GxTexMatrix {
  const rotationRaw = radiansToS16(t.rotation);
  const [sS, sT] = t.scale;
  const base: Pick<GxTexMatrix, 'projection' | 'mappingMode' | 'center' | 'scale' | 'effectMatrix'> = {
    projection: 1,
    mappingMode: 0,
    center: [0, 0, 0],
    scale: [sS, sT],
    effectMatrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1],
  };
  if (rotationRaw === 0 || sS === 0 || sT === 0)
    return { ...base, info: 0, maya: false, rotationRaw: 0, translation: [t.offset[0], t.offset[1]] };
  // A rotation needs the Maya form, which rotates about the texture's centre.
  const theta = (rotationRaw * Math.PI) / 32768;
  const cos = Math.cos(theta);
  const sin = Math.sin(theta);
  return {
    ...base,
    info: 0x80,
    maya: true,
    rotationRaw,
    translation: [
      -t.offset[0] / sS - 0.5 * cos - 0.5 * sin + 0.5,
      (t.offset[1] - 1) / sT + 0.5 * cos - 0.5 * sin + 0.5,
    ],
  };
}

/** The GX material for a scene material drawing one shape. */
export function gxMaterialFromGltf(name: string, m: Material, ctx: GltfMaterialContext): GxMaterial {
  const gx = defaultGxMaterial(name);
  const lit = !m.unlit;
  const vertex = m.vertexColors && ctx.hasVertexColor;
  const f = m.baseColorFactor;
  const factor: [number, number, number, number] = [
    byte(linearToSrgb(f[0])),
    byte(linearToSrgb(f[1])),
    byte(linearToSrgb(f[2])),
    byte(f[3]),
  ];
  const animated = ctx.animated ?? {};
  const inKonst = (vertex && factor.some((c) => c !== 255)) || animated.baseColorFactor === true;
  const source = vertex ? 1 : 0;
  gx.channelControls[0] = channelControl(lit, source);
  gx.channelControls[1] = channelControl(false, source);
  gx.materialColors[0] = vertex || inKonst ? [255, 255, 255, 255] : factor;
  const ref = m.baseColorTexture;
  const tex1 = ref ? ctx.textureOf(ref.texture) : undefined;
  const textured = ref !== undefined && tex1 !== undefined;
  if (ref && !textured)
    ctx.diagnostics.push({
      code: 'j3d/texture-not-written',
      message: `material "${name}": its texture ${ref.texture} could not be written; the material is drawn without it`,
      severity: 'warning',
    });
  const stages: GxTevStage[] = [
    textured ? stage([15, 8, 10, 15], [7, 4, 5, 7]) : stage([15, 15, 15, 10], [7, 7, 7, 5]),
  ];
  gx.tevOrders[0] = textured ? { texCoord: 0, texMap: 0, channel: 4 } : { texCoord: 0xff, texMap: 0xff, channel: 4 };
  if (inKonst) {
    stages.push(stage([15, 0, 14, 15], [7, 0, 6, 7]));
    gx.tevOrders[1] = { texCoord: 0xff, texMap: 0xff, channel: 0xff };
    gx.konstColors[0] = factor;
  }
  const emissive = (m.emissiveFactor ?? [0, 0, 0]).map((c) => byte(linearToSrgb(c)));
  if (emissive.some((c) => c > 0) || animated.emissiveFactor === true) {
    gx.konstColorSelection[stages.length] = 0x0d;
    gx.tevOrders[stages.length] = { texCoord: 0xff, texMap: 0xff, channel: 0xff };
    stages.push(stage([14, 15, 15, 0], [7, 7, 7, 0]));
    gx.konstColors[1] = [emissive[0]!, emissive[1]!, emissive[2]!, 255];
  }
  const dropped = [m.normalTexture && 'normal texture', m.emissiveTexture && 'emissive texture'].filter(Boolean);
  if (dropped.length > 0)
    ctx.diagnostics.push({
      code: 'j3d/material-reduced',
      message: `material "${name}": its ${dropped.join(' and ')} cannot be expressed in the TEV stages written; left out`,
      severity: 'info',
    });
  stages.forEach((s, k) => {
    gx.tevStages[k] = s;
    gx.tevSwapModes[k] = { rasSel: 0, texSel: 0 };
  });
  gx.tevStageCount = stages.length;
  if (textured && ref) {
    const set = Math.min(7, Math.max(0, ref.texCoord));
    if (set !== ref.texCoord)
      ctx.diagnostics.push({
        code: 'j3d/texcoord-sets',
        message: `material "${name}": texture coordinate set ${ref.texCoord} does not exist in J3D (TEX0–TEX7); TEX7 is used`,
        severity: 'warning',
      });
    gx.textures[0] = tex1;
    gx.texGenCount = 1;
    const transform =
      ref.transform ?? (animated.textureTransform ? { offset: [0, 0], scale: [1, 1], rotation: 0 } : undefined);
    gx.texGens[0] = { type: 1, source: 4 + set, matrix: transform ? 30 : 60 };
    if (transform) gx.texMatrices[0] = texMatrixOfTransform(transform as TextureTransform);
  }
  gx.cullMode = m.doubleSided ? 0 : 2;
  if (m.alphaMode === 'MASK') {
    const ref0 = Math.min(255, Math.max(0, Math.ceil((m.alphaCutoff ?? 0.5) * 255 - 1e-9)));
    gx.alphaCompare = { comp0: 6, ref0, op: 0, comp1: 7, ref1: 0 };
    gx.zCompLoc = false;
  } else if (m.alphaMode === 'BLEND') {
    gx.materialMode = 4;
    gx.blend = { mode: 1, srcFactor: 4, dstFactor: 5, logicOp: 3 };
    gx.zMode = { enable: true, func: 3, updateEnable: false };
  }
  return gx;
}

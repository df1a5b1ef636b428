/*
 * T3DM material -> scene material (spec §7): alpha blending when the blender is set (tiny3d writes only
 * MULTIPLY), cutout when the SOM alpha-compare bit is set (threshold = blend colour alpha), double-sided when
 * neither cull flag is set, unlit with the NO_LIGHT flag, vertex colours when the material is SHADED, texture A as base colour texture when
 * its PNG was found. Everything N64-specific goes to `extras.n64` (see n64-extras.ts).
 */
import { createMaterial, type Material, type Sampler } from '@retromodel/scene';
import { stringAt } from '../codec/string-table.js';
import {
  hex64,
  type N64MaterialExtras,
  type N64TextureExtras,
  RENDER_CULL_BACK,
  RENDER_CULL_FRONT,
  RENDER_NO_LIGHT,
  RENDER_SHADED,
  SOM_ALPHA_COMPARE,
  SOM_SAMPLE_MASK,
} from '../n64-extras.js';
import type { T3dmMaterial, T3dmMaterialAxis, T3dmMaterialTexture } from '../t3dm-file.js';

function textureExtras(t: T3dmMaterialTexture, table: Uint8Array): N64TextureExtras {
  const out: N64TextureExtras = {
    texReference: t.texReference,
    width: t.texWidth,
    height: t.texHeight,
    s: { ...t.s },
    t: { ...t.t },
  };
  const path = stringAt(table, t.texPath);
  if (path !== undefined) out.path = path;
  return out;
}

/** The `extras.n64` record of a material. */
export function materialExtras(m: T3dmMaterial, table: Uint8Array): N64MaterialExtras {
  return {
    combiner: hex64(m.colorCombiner),
    otherModeValue: hex64(m.otherModeValue),
    otherModeMask: hex64(m.otherModeMask),
    blendMode: m.blendMode,
    renderFlags: m.renderFlags,
    fogMode: m.fogMode,
    setColorFlags: m.setColorFlags,
    vertexFx: m.vertexFxFunc,
    primColor: [...m.primColor],
    envColor: [...m.envColor],
    blendColor: [...m.blendColor],
    textureA: textureExtras(m.textureA, table),
    textureB: textureExtras(m.textureB, table),
  };
}

/** True when the material samples textures with a filter (which shifts UVs by half a texel). */
export function isFiltered(m: Pick<T3dmMaterial, 'otherModeValue' | 'otherModeMask'>): boolean {
  return (m.otherModeValue & m.otherModeMask & SOM_SAMPLE_MASK) !== 0n;
}

/** A scene material for a T3DM material; `texture` is the scene texture of texture A, when resolved. */
export function materialToScene(m: T3dmMaterial, table: Uint8Array, texture: number | undefined): Material {
  const material = createMaterial({
    vertexColors: (m.renderFlags & RENDER_SHADED) !== 0,
    doubleSided: (m.renderFlags & (RENDER_CULL_BACK | RENDER_CULL_FRONT)) === 0,
    unlit: (m.renderFlags & RENDER_NO_LIGHT) !== 0,
    extras: { n64: materialExtras(m, table) },
  });
  const name = stringAt(table, m.name);
  if (name !== undefined) material.name = name;
  if (m.blendMode !== 0) material.alphaMode = 'BLEND';
  else if ((m.otherModeValue & m.otherModeMask & SOM_ALPHA_COMPARE) !== 0n) {
    material.alphaMode = 'MASK';
    material.alphaCutoff = m.blendColor[3] > 0 ? m.blendColor[3] / 255 : 0.5;
  }
  if (texture !== undefined) material.baseColorTexture = { texture, texCoord: 0 };
  return material;
}

function wrapOf(axis: T3dmMaterialAxis): Sampler['wrapS'] {
  if (axis.clamp) return 'CLAMP_TO_EDGE';
  return axis.mirror ? 'MIRRORED_REPEAT' : 'REPEAT';
}

/** The sampler for texture A of a material. */
export function samplerOf(m: T3dmMaterial): Sampler {
  const filter = isFiltered(m) ? 'LINEAR' : 'NEAREST';
  return { wrapS: wrapOf(m.textureA.s), wrapT: wrapOf(m.textureA.t), magFilter: filter, minFilter: filter };
}

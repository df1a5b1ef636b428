/*
 * Materials, with their texture slots, and the glTF `textures` and `samplers` (one to one with the scene's).
 * glTF has no "use vertex colours" flag (COLOR_0 always tints): `Material.vertexColors` is written into the
 * material's extras as `retromodel.vertexColors` only when it differs from what a reader would infer (true
 * exactly when a primitive using the material has COLOR_0).
 * Keys and defaults as glTF-Transform wrote them: `name, extras, alphaMode, alphaCutoff, doubleSided,
 * pbrMetallicRoughness (always, maybe empty), emissiveFactor, emissiveTexture, normalTexture, extensions`; a
 * factor within 1e-5 of its default (glTF-Transform's MathUtils.eq, which also takes NaN as equal) is left out.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Material, Scene, TextureRef } from '@retromodel/scene';
import { magFilterCodes, minFilterCodes, wrapCodes } from '../gltf-enums.js';
import { VERTEX_COLORS_KEY } from '../retromodel-marks.js';
import { propertyDef } from './property-def.js';

const KHR_MATERIALS_UNLIT = 'KHR_materials_unlit';
const KHR_TEXTURE_TRANSFORM = 'KHR_texture_transform';

/** glTF-Transform's MathUtils.eq: same length, every component within 1e-5 (a NaN counts as equal). */
function nearly(a: readonly number[], b: readonly number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (Math.abs(a[i]! - b[i]!) > 10e-6) return false;
  return true;
}

/** The materials some primitive with COLOR_0 is drawn with (gltfToScene infers `vertexColors` from this). */
function materialsWithColors(scene: Scene): Set<number | undefined> {
  const out = new Set<number | undefined>();
  for (const m of scene.meshes)
    for (const p of m.primitives) if (p.attributes.COLOR_0 !== undefined) out.add(p.material);
  return out;
}

/** True when a slot refers to an image the file has (only such slots are written). */
const hasImage = (scene: Scene, ref: TextureRef | undefined): ref is TextureRef =>
  ref !== undefined && scene.images[scene.textures[ref.texture]?.image ?? -1] !== undefined;

/** True when a material slot is written, which put `samplers` and `textures` early in glTF-Transform's JSON. */
export function hasTexturedSlot(scene: Scene): boolean {
  return scene.materials.some(
    (m) =>
      hasImage(scene, m.baseColorTexture) || hasImage(scene, m.normalTexture) || hasImage(scene, m.emissiveTexture),
  );
}

/** The extensions the materials use (KHR_texture_transform as soon as any slot has a transform). */
export function materialExtensions(scene: Scene): string[] {
  const out: string[] = [];
  if (scene.materials.some((m) => m.unlit)) out.push(KHR_MATERIALS_UNLIT);
  if (
    scene.materials.some(
      (m) => m.baseColorTexture?.transform || m.normalTexture?.transform || m.emissiveTexture?.transform,
    )
  )
    out.push(KHR_TEXTURE_TRANSFORM);
  return out;
}

function textureInfoDef(ref: TextureRef): GLTF.ITextureInfo {
  const def: GLTF.ITextureInfo = { index: ref.texture };
  if (ref.texCoord !== 0) def.texCoord = ref.texCoord;
  const t = ref.transform;
  if (t) {
    const transform: { offset?: number[]; rotation?: number; scale?: number[] } = {};
    if (!nearly(t.offset, [0, 0])) transform.offset = t.offset;
    if (t.rotation !== 0) transform.rotation = t.rotation;
    if (!nearly(t.scale, [1, 1])) transform.scale = t.scale;
    def.extensions = { [KHR_TEXTURE_TRANSFORM]: transform };
  }
  return def;
}

export function materialDefs(scene: Scene): GLTF.IMaterial[] {
  const colored = materialsWithColors(scene);
  return scene.materials.map((m: Material, i) => {
    const extras: Record<string, unknown> = { ...m.extras };
    if (m.vertexColors !== colored.has(i)) extras[VERTEX_COLORS_KEY] = { vertexColors: m.vertexColors };
    const def = propertyDef(m.name, extras) as GLTF.IMaterial;
    if (m.alphaMode !== 'OPAQUE') def.alphaMode = m.alphaMode;
    if (m.alphaMode === 'MASK') def.alphaCutoff = m.alphaCutoff ?? 0.5;
    if (m.doubleSided) def.doubleSided = true;
    const pbr: GLTF.IMaterialPbrMetallicRoughness = {};
    def.pbrMetallicRoughness = pbr;
    if (!nearly(m.baseColorFactor, [1, 1, 1, 1])) pbr.baseColorFactor = m.baseColorFactor;
    if (m.emissiveFactor && !nearly(m.emissiveFactor, [0, 0, 0])) def.emissiveFactor = m.emissiveFactor;
    if (m.roughnessFactor !== 1) pbr.roughnessFactor = m.roughnessFactor;
    if (m.metallicFactor !== 1) pbr.metallicFactor = m.metallicFactor;
    if (hasImage(scene, m.baseColorTexture)) pbr.baseColorTexture = textureInfoDef(m.baseColorTexture);
    if (hasImage(scene, m.emissiveTexture)) def.emissiveTexture = textureInfoDef(m.emissiveTexture);
    if (hasImage(scene, m.normalTexture)) def.normalTexture = textureInfoDef(m.normalTexture);
    if (m.unlit) def.extensions = { [KHR_MATERIALS_UNLIT]: {} };
    return def;
  });
}

export function samplerDefs(scene: Scene): GLTF.ISampler[] {
  return scene.samplers.map((s) => {
    const def: GLTF.ISampler = { wrapS: wrapCodes[s.wrapS], wrapT: wrapCodes[s.wrapT] };
    if (s.magFilter) def.magFilter = magFilterCodes[s.magFilter];
    if (s.minFilter) def.minFilter = minFilterCodes[s.minFilter];
    return def;
  });
}

export function textureDefs(scene: Scene): GLTF.ITexture[] {
  return scene.textures.map((t) => {
    const def: GLTF.ITexture = { source: t.image, sampler: t.sampler };
    return Object.assign(def, propertyDef(t.name, t.extras));
  });
}

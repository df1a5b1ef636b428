/*
 * What gltf-transform's document model does not hold, applied to the glTF JSON it wrote:
 * - `textures` and `samplers` are rebuilt one to one from the scene's (gltf-transform keeps samplers per
 *   material slot and merges equal ones, and drops texture names and extras), and each material slot's
 *   `index` is pointed at the scene's texture. glTF image i is scene image i.
 * - LOD groups become MSFT_lod: the most detailed node (levels[0]) gets `extensions.MSFT_lod.ids` = the
 *   other levels' node indices. The group's name, distances and extras go into the extension object's
 *   `extras` (MSFT_lod's own MSFT_screencoverage hint is a screen fraction, not a distance).
 * - Empty arrays and an unused zero-length buffer (a scene without geometry) are removed: glTF forbids them.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Diagnostic, Scene, TextureRef } from '@retromodel/scene';
import { magFilterCodes, minFilterCodes, wrapCodes } from '../../src/gltf-enums.js';

/** The MSFT_lod extension object as retromodel writes and reads it. */
export interface MsftLod {
  ids: number[];
  extras?: { name?: string; distances?: number[]; extras?: Record<string, unknown> };
}

/** Applies the scene's textures, samplers and LOD groups to the JSON gltf-transform wrote. */
export function patchWrittenJson(json: GLTF.IGLTF, scene: Scene, diagnostics: Diagnostic[]): void {
  json.samplers = scene.samplers.map((s) => {
    const def: GLTF.ISampler = { wrapS: wrapCodes[s.wrapS], wrapT: wrapCodes[s.wrapT] };
    if (s.magFilter) def.magFilter = magFilterCodes[s.magFilter];
    if (s.minFilter) def.minFilter = minFilterCodes[s.minFilter];
    return def;
  });
  json.textures = scene.textures.map((t) => {
    const def: GLTF.ITexture = { source: t.image, sampler: t.sampler };
    if (t.name) def.name = t.name;
    if (t.extras && Object.keys(t.extras).length > 0) def.extras = t.extras;
    return def;
  });
  scene.materials.forEach((m, i) => {
    const def = json.materials?.[i];
    if (!def) return;
    const point = (info: GLTF.ITextureInfo | undefined, ref: TextureRef | undefined) => {
      if (info && ref) info.index = ref.texture;
    };
    point(def.pbrMetallicRoughness?.baseColorTexture, m.baseColorTexture);
    point(def.normalTexture, m.normalTexture);
    point(def.emissiveTexture, m.emissiveTexture);
  });

  scene.lodGroups.forEach((g, i) => {
    const [first, ...others] = g.levels;
    const node = first === undefined ? undefined : json.nodes?.[first];
    if (!node) return;
    node.extensions ??= {};
    const extensions = node.extensions;
    if (extensions.MSFT_lod) {
      diagnostics.push({
        code: 'gltf/lod-dropped',
        message: `LOD group ${i}: node ${first} already heads another LOD group`,
        severity: 'warning',
      });
      return;
    }
    const lod: MsftLod = { ids: others };
    const extras: NonNullable<MsftLod['extras']> = {};
    if (g.name !== undefined) extras.name = g.name;
    if (g.distances) extras.distances = g.distances;
    if (g.extras) extras.extras = g.extras;
    if (Object.keys(extras).length > 0) lod.extras = extras;
    extensions.MSFT_lod = lod;
    json.extensionsUsed = [...new Set([...(json.extensionsUsed ?? []), 'MSFT_lod'])];
  });

  // glTF forbids empty arrays and zero-length buffers: a scene without geometry has neither.
  for (const scene of (json.scenes ?? []) as { nodes?: number[] }[]) if (scene.nodes?.length === 0) delete scene.nodes;
  if (!json.bufferViews?.length) delete json.buffers;
  for (const key of ['samplers', 'textures', 'extensionsUsed', 'bufferViews'] as const) {
    if (json[key]?.length === 0) delete json[key];
  }
}

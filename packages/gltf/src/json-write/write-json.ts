/*
 * A prepared scene as glTF JSON and its resources (the buffer, and for a .gltf the image files), made directly
 * from the scene: the sections live beside this file. The output is the same, byte for byte, as when the file
 * was made through a glTF-Transform Document (the old path, kept as the oracle in test/document-write/).
 * Top-level keys come in the order that path left them in: glTF-Transform's writer put `asset, accessors,
 * bufferViews, samplers, textures, images, buffers, materials, meshes, skins, animations, extensionsUsed`
 * (dropping empty ones), then nodes, scenes and scene were added, then `samplers` and `textures` when
 * glTF-Transform had left them out (no material slot with a texture), then `extensionsUsed` for MSFT_lod when
 * it was not there yet.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Diagnostic, Scene } from '@retromodel/scene';
import { KHR_ANIMATION_POINTER } from '../json-animation-pointer.js';
import { GENERATOR } from '../retromodel-marks.js';
import type { AccessorRecord } from './accessors.js';
import {
  animationDefs,
  collectAnimations,
  offerAnimationAccessors,
  replaceAnimationAccessors,
  usesPointers,
} from './animations.js';
import { layoutBuffer } from './buffer-layout.js';
import { DedupGroup } from './dedup-accessors.js';
import type { PngEncodings } from './encode-images.js';
import { startImages } from './images.js';
import { writeLodGroups } from './lod.js';
import { hasTexturedSlot, materialDefs, materialExtensions, samplerDefs, textureDefs } from './materials.js';
import { collectMeshes, meshDefs, offerMeshAccessors, replaceMeshAccessors } from './meshes.js';
import { nodeDefs, sceneDef } from './nodes.js';
import { collectSkins, skinDefs } from './skins.js';
import { createWriteContext } from './write-context.js';

/** The resource name of a GLB's binary chunk (glTF-Transform's GLB_BUFFER). */
export const GLB_BUFFER = '@glb.bin';

export type JsonWriteOptions = {
  optimize?: boolean;
  /** The scene images' PNG encodings when the caller started them (encodeImagesAsPng of `scene.images`). */
  pngs?: PngEncodings;
} & (
  | { format: 'glb' }
  | {
      format: 'gltf';
      /** URI of the .bin. */
      bufferUri: string;
      /** Called with each image index and its mime type; returns the image's URI. */
      imageUri: (index: number, mimeType: string) => string;
    }
);

export interface WrittenJson {
  json: GLTF.IGLTF;
  /** The buffer (GLB: under GLB_BUFFER) and, for a .gltf, the images, by URI. */
  resources: Record<string, Uint8Array<ArrayBuffer>>;
}

/** The source's own asset fields go to `asset.extras`; the generator is retromodel. */
function assetDef(scene: Scene): GLTF.IAsset {
  const asset: GLTF.IAsset = { generator: GENERATOR, version: '2.0' };
  if (scene.asset.copyright !== undefined) asset.copyright = scene.asset.copyright;
  const extras: Record<string, string> = {};
  if (scene.asset.sourceFormat !== undefined) extras.sourceFormat = scene.asset.sourceFormat;
  if (scene.asset.sourceName !== undefined) extras.sourceName = scene.asset.sourceName;
  if (scene.asset.generator !== undefined) extras.sourceGenerator = scene.asset.generator;
  if (Object.keys(extras).length > 0) asset.extras = extras;
  return asset;
}

/** The complete glTF JSON and resources of a prepared scene (sanitized, checked, tidied with `optimize`). */
export async function writeSceneJson(
  scene: Scene,
  diagnostics: Diagnostic[],
  options: JsonWriteOptions,
): Promise<WrittenJson> {
  const ctx = createWriteContext(scene, diagnostics);
  const glb = options.format === 'glb';
  const images = startImages(ctx, glb ? undefined : options.imageUri, options.pngs);
  // Accessors are made in glTF-Transform's order (meshes, skins, animations): it decides their indices.
  const meshes = collectMeshes(ctx);
  const matrices = collectSkins(ctx);
  const animations = collectAnimations(ctx);
  const replaced = new Map<AccessorRecord, AccessorRecord>();
  if (options.optimize) {
    offerMeshAccessors(meshes, new DedupGroup(replaced), new DedupGroup(replaced));
    offerAnimationAccessors(animations, new DedupGroup(replaced), new DedupGroup(replaced));
    replaceMeshAccessors(meshes, replaced);
    replaceAnimationAccessors(animations, replaced);
  }
  const layout = layoutBuffer(ctx.accessors.records, replaced, glb ? scene.images.length : 0);

  const json: GLTF.IGLTF = { asset: assetDef(scene) };
  if (layout.accessors.length > 0) json.accessors = layout.accessors;
  if (layout.bufferViews.length > 0) json.bufferViews = layout.bufferViews;
  const textured = hasTexturedSlot(scene);
  if (textured) {
    json.samplers = samplerDefs(scene);
    json.textures = textureDefs(scene);
  }
  if (images.defs.length > 0) json.images = images.defs;
  const buffer: GLTF.IBuffer = { name: 'buffer' } as GLTF.IBuffer;
  if (layout.bufferViews.length > 0) json.buffers = [buffer];
  const materials = materialDefs(scene);
  if (materials.length > 0) json.materials = materials;
  if (meshes.length > 0) json.meshes = meshDefs(meshes, materials.length);
  if (matrices.length > 0) json.skins = skinDefs(ctx, matrices);
  if (animations.length > 0) json.animations = animationDefs(animations);
  const extensions = [...(usesPointers(animations) ? [KHR_ANIMATION_POINTER] : []), ...materialExtensions(scene)];
  if (extensions.length > 0) json.extensionsUsed = extensions.sort();
  if (scene.nodes.length > 0) json.nodes = nodeDefs(scene);
  json.scenes = [sceneDef(scene)];
  json.scene = 0;
  if (!textured) {
    json.samplers = samplerDefs(scene);
    json.textures = textureDefs(scene);
  }
  if (writeLodGroups(json.nodes ?? [], scene, diagnostics))
    json.extensionsUsed = [...(json.extensionsUsed ?? []), 'MSFT_lod'];
  if (json.samplers?.length === 0) delete json.samplers;
  if (json.textures?.length === 0) delete json.textures;

  const data = await images.data;
  const bin = layout.pack(glb ? data : []) as Uint8Array<ArrayBuffer>;
  const resources: WrittenJson['resources'] = {};
  if (!glb) {
    // A URI two images share keeps the first image's bytes, as glTF-Transform kept them.
    data.forEach((bytes, i) => {
      const uri = images.defs[i]!.uri!;
      if (!(uri in resources)) resources[uri] = bytes as Uint8Array<ArrayBuffer>;
    });
  }
  if (bin.byteLength > 0) {
    const uri = glb ? GLB_BUFFER : options.bufferUri;
    if (!glb) buffer.uri = uri;
    buffer.byteLength = bin.byteLength;
    resources[uri] = bin;
  }
  return { json, resources };
}

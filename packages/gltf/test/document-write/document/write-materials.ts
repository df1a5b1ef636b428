/*
 * Images, texture slots and materials. Each scene image becomes one glTF-Transform Texture (= one glTF image,
 * same order): RGBA8 pixels are encoded as PNG (mipmaps are dropped: glTF has no place for them), encoded
 * images are kept as their bytes. PNG encoding runs while the rest of the document is built
 * (encode-images.ts); imagesEncoded(doc) waits for it and puts the bytes into the textures. Samplers go on each material slot's TextureInfo (the exact glTF
 * `textures`/`samplers` arrays are rebuilt afterwards from the scene, see patch-json.ts).
 * glTF has no "use vertex colours" flag (COLOR_0 always tints): `Material.vertexColors` is written into the
 * material's extras as `retromodel.vertexColors` only when it differs from what a reader would infer (true
 * exactly when a primitive using the material has COLOR_0).
 */
import type { Document, Material as GltfMaterial, Texture as GltfTexture, TextureInfo } from '@gltf-transform/core';
import { KHRMaterialsUnlit, KHRTextureTransform } from '@gltf-transform/extensions';
import type { Material, Scene, TextureRef } from '@retromodel/scene';
import { magFilterCodes, minFilterCodes, wrapCodes } from '../../../src/gltf-enums.js';
import { encodeImagesAsPng } from '../../../src/json-write/encode-images.js';
import { VERTEX_COLORS_KEY } from '../../../src/retromodel-marks.js';
import type { DocumentContext } from './document-context.js';

/** The value gltfToScene infers for `vertexColors`: any primitive drawn with the material has COLOR_0. */
export function inferVertexColors(scene: Scene, materialIndex: number): boolean {
  return scene.meshes.some((m) =>
    m.primitives.some((p) => p.material === materialIndex && p.attributes.COLOR_0 !== undefined),
  );
}

/** The PNG encodings writeImages started for a document, until imagesEncoded takes them. */
const pendingImages = new WeakMap<Document, Promise<void>>();

/** Waits until the PNG images writeImages started for `doc` are in its textures (rejects if encoding failed). */
export async function imagesEncoded(doc: Document): Promise<void> {
  const pending = pendingImages.get(doc);
  pendingImages.delete(doc);
  await pending;
}

/**
 * One texture per scene image; `imageUri` names it for a .gltf with external files. The PNG bytes of decoded
 * images are set when `imagesEncoded(ctx.doc)` resolves.
 */
export function writeImages(
  ctx: DocumentContext,
  imageUri: ((index: number, mimeType: string) => string) | undefined,
): GltfTexture[] {
  const pngs = encodeImagesAsPng(ctx.scene.images);
  const textures = ctx.scene.images.map((image, i) => {
    const texture = ctx.doc.createTexture(image.name ?? '');
    if (image.extras) texture.setExtras(image.extras);
    if (image.kind === 'rgba8') {
      texture.setMimeType('image/png');
    } else {
      if (image.mimeType !== 'image/png' && image.mimeType !== 'image/jpeg') {
        ctx.warn('image-type', `image ${i} is ${image.mimeType}; glTF viewers only read image/png and image/jpeg`);
      }
      texture.setImage(image.data as Uint8Array<ArrayBuffer>).setMimeType(image.mimeType);
    }
    if (imageUri) texture.setURI(imageUri(i, texture.getMimeType()));
    return texture;
  });
  const settled = Promise.all(
    pngs.map(async (png, i) => {
      if (png) textures[i]!.setImage((await png) as Uint8Array<ArrayBuffer>);
    }),
  ).then(() => undefined);
  // Marked as handled: when building the document fails first, nobody awaits this (its error is not the one to report).
  settled.catch(() => {});
  pendingImages.set(ctx.doc, settled);
  return textures;
}

export function writeMaterials(ctx: DocumentContext, images: GltfTexture[]): GltfMaterial[] {
  const { doc, scene } = ctx;
  const unlit = scene.materials.some((m) => m.unlit) ? doc.createExtension(KHRMaterialsUnlit) : undefined;
  const transform = scene.materials.some(
    (m) => m.baseColorTexture?.transform || m.normalTexture?.transform || m.emissiveTexture?.transform,
  )
    ? doc.createExtension(KHRTextureTransform)
    : undefined;
  const setTextureInfo = (info: TextureInfo | null, ref: TextureRef) => {
    if (!info) return;
    info.setTexCoord(ref.texCoord);
    const texture = scene.textures[ref.texture];
    const sampler = texture ? scene.samplers[texture.sampler] : undefined;
    if (sampler) {
      info.setWrapS(wrapCodes[sampler.wrapS]).setWrapT(wrapCodes[sampler.wrapT]);
      info.setMagFilter(sampler.magFilter ? magFilterCodes[sampler.magFilter] : null);
      info.setMinFilter(sampler.minFilter ? minFilterCodes[sampler.minFilter] : null);
    }
    if (ref.transform && transform) {
      const t = transform
        .createTransform()
        .setOffset(ref.transform.offset)
        .setScale(ref.transform.scale)
        .setRotation(ref.transform.rotation);
      info.setExtension('KHR_texture_transform', t);
    }
  };
  const imageOf = (ref: TextureRef) => images[scene.textures[ref.texture]?.image ?? -1] ?? null;

  return scene.materials.map((m: Material, i) => {
    const mat = doc
      .createMaterial(m.name ?? '')
      .setBaseColorFactor(m.baseColorFactor)
      .setMetallicFactor(m.metallicFactor)
      .setRoughnessFactor(m.roughnessFactor)
      .setAlphaMode(m.alphaMode)
      .setDoubleSided(m.doubleSided);
    if (m.alphaMode === 'MASK' && m.alphaCutoff !== undefined) mat.setAlphaCutoff(m.alphaCutoff);
    if (m.emissiveFactor) mat.setEmissiveFactor(m.emissiveFactor);
    if (m.baseColorTexture)
      setTextureInfo(
        mat.setBaseColorTexture(imageOf(m.baseColorTexture)).getBaseColorTextureInfo(),
        m.baseColorTexture,
      );
    if (m.normalTexture)
      setTextureInfo(mat.setNormalTexture(imageOf(m.normalTexture)).getNormalTextureInfo(), m.normalTexture);
    if (m.emissiveTexture)
      setTextureInfo(mat.setEmissiveTexture(imageOf(m.emissiveTexture)).getEmissiveTextureInfo(), m.emissiveTexture);
    if (m.unlit && unlit) mat.setExtension('KHR_materials_unlit', unlit.createUnlit());
    const extras: Record<string, unknown> = { ...m.extras };
    if (m.vertexColors !== inferVertexColors(scene, i)) extras[VERTEX_COLORS_KEY] = { vertexColors: m.vertexColors };
    if (Object.keys(extras).length > 0) mat.setExtras(extras);
    return mat;
  });
}

/*
 * glTF images, samplers, textures and materials -> the scene's, from the JSON. The `textures` and `samplers`
 * arrays and each slot's texture index are taken one to one; a texture naming no sampler gets glTF's default
 * (REPEAT, no filters), appended once. Images stay encoded (PNG/JPEG bytes and mime type, width/height from
 * the header, scene-build/image-header.ts; an image over MAX_IMAGE_SIDE a side refuses the file, as every reader
 * does, before any writer decodes it); the mime type is what the bytes are when a PNG or JPEG is declared
 * as anything else (a warning), since glTF viewers and the validator go by the declared type; an image with
 * no mimeType takes it from its URI's extension. A material's `vertexColors` comes from
 * `extras.retromodel.vertexColors` when we wrote it; the caller infers the others from COLOR_0.
 * KHR_materials_unlit and KHR_texture_transform count only when extensionsUsed lists them.
 * Occlusion and metallic-roughness textures have no place in the scene (info diagnostic), but their texture
 * references must be sound, like the others'.
 */
import type { GLTF } from '@gltf-transform/core';
import {
  type EncodedImage,
  imageSizeProblem,
  type Material,
  type Sampler,
  type Texture,
  type TextureRef,
  type Vec2,
  type Vec3,
} from '@retromodel/scene';
import { isObject, jsonError } from './check-json.js';
import { magFilterCodes, minFilterCodes, nameOfCode, wrapCodes } from './gltf-enums.js';
import { imageStreamProblem } from './image-stream.js';
import { extrasOf, named, nameOf, oneOf, propertyExtras, vector } from './json-values.js';
import { VERTEX_COLORS_KEY } from './retromodel-marks.js';
import { bufferViewBytes } from './scene-build/accessor-data.js';
import type { BuildContext } from './scene-build/build-context.js';
import { imageSize, sniffImageType } from './scene-build/image-header.js';

/** The last part of a URI after its last "/" or "\" and ".", or the type a data URI names (as glTF-Transform). */
function uriExtension(uri: string): string {
  if (uri.startsWith('data:image/')) {
    const type = /data:(image\/\w+)/.exec(uri);
    if (!type) throw new Error(`a data URI names no image type (${uri.slice(0, 40)})`);
    return type[1] === 'image/jpeg' ? 'jpg' : type[1]!.split('/').pop()!;
  }
  if (uri.startsWith('data:model/gltf+json')) return 'gltf';
  if (uri.startsWith('data:model/gltf-binary')) return 'glb';
  if (uri.startsWith('data:application/')) return 'bin';
  return uri.split(/[\\/]/).pop()!.split(/[.]/).pop()!;
}

/** The declared mime type: `mimeType`, else from the URI's extension, else ''. */
function declaredMimeType(def: GLTF.IImage): unknown {
  if (def.mimeType !== undefined) return def.mimeType;
  if (!def.uri) return '';
  const extension = uriExtension(def.uri);
  if (extension === 'jpg') return 'image/jpeg';
  return extension ? `image/${extension}` : '';
}

/**
 * An image's bytes: a copy of its buffer view's, else its URI's resource as given (the size probes read to
 * the end of the ArrayBuffer, so this is the array glTF-Transform probed). `owned` when it is a copy already.
 */
function imageBytes(context: BuildContext, def: GLTF.IImage): { data?: Uint8Array; owned: boolean } {
  if (def.bufferView !== undefined) return { data: bufferViewBytes(context, def.bufferView).slice(), owned: true };
  return { data: def.uri !== undefined ? context.resources[def.uri] : undefined, owned: false };
}

/** The scene's images, samplers and textures. */
export function readTextures(context: BuildContext) {
  const { json, where, info } = context;
  const images = (json.images ?? []).map((def, i): EncodedImage => {
    const { data, owned } = imageBytes(context, def);
    const declared = declaredMimeType(def);
    if (!data || data.length === 0) throw jsonError(where, `image ${i} has no data`);
    const sniffed = sniffImageType(data);
    const isPngOrJpeg = sniffed !== null;
    if (declared && isPngOrJpeg && declared !== sniffed)
      context.warn(
        'image-mime-type',
        `image ${i} is declared as "${declared}" but holds a ${sniffed}; read as ${sniffed}`,
      );
    const mimeType = ((isPngOrJpeg ? sniffed : declared) || sniffed || 'application/octet-stream') as string;
    const problem = imageStreamProblem(data, mimeType);
    if (problem) throw jsonError(where, `image ${i} (${mimeType}) is damaged: ${problem}`);
    const size = imageSize(data, mimeType);
    const tooLarge = size && imageSizeProblem(size[0], size[1]);
    if (tooLarge) throw jsonError(where, `image ${i} (${mimeType}): ${tooLarge}`);
    const image: EncodedImage = named(nameOf(def), {
      kind: 'encoded' as const,
      mimeType,
      data: owned ? data : data.slice(),
    });
    if (size && size[0] > 0 && size[1] > 0) {
      image.width = size[0];
      image.height = size[1];
    } else
      info('image-size-unknown', `image ${i} (${mimeType}): its width and height could not be read from its header`);
    const extras = propertyExtras(def);
    if (extras) image.extras = extras;
    return image;
  });
  const samplers: Sampler[] = (json.samplers ?? []).map((s, i) => {
    const wrap = (code: unknown) => (code === undefined ? 'REPEAT' : nameOfCode(wrapCodes, code));
    const wrapS = wrap(s.wrapS);
    const wrapT = wrap(s.wrapT);
    if (!wrapS || !wrapT) throw jsonError(where, `samplers[${i}] has an unknown wrap mode`);
    const sampler: Sampler = { wrapS, wrapT };
    const mag = nameOfCode(magFilterCodes, s.magFilter);
    const min = nameOfCode(minFilterCodes, s.minFilter);
    if (mag) sampler.magFilter = mag;
    if (min) sampler.minFilter = min;
    return sampler;
  });
  let defaultSampler: number | undefined;
  const textures: Texture[] = (json.textures ?? []).map((t, i) => {
    if (!(Number.isInteger(t.source) && t.source! >= 0 && t.source! < images.length)) {
      throw jsonError(where, `textures[${i}] has no usable image (source ${String(t.source)})`);
    }
    let sampler = t.sampler;
    if (sampler === undefined) sampler = defaultSampler ??= samplers.push({ wrapS: 'REPEAT', wrapT: 'REPEAT' }) - 1;
    if (!(Number.isInteger(sampler) && sampler >= 0 && sampler < samplers.length))
      throw jsonError(where, `textures[${i}] names sampler ${sampler}, which does not exist`);
    const texture: Texture = named(typeof t.name === 'string' ? t.name : '', { image: t.source!, sampler });
    const extras = extrasOf(t);
    if (extras) texture.extras = extras;
    return texture;
  });

  return { images, samplers, textures };
}

type SlotDef = GLTF.ITextureInfo & { extensions?: Record<string, unknown> };

/**
 * The slot, when it names a texture; undefined when the slot is empty. glTF-Transform looked the texture up as
 * `textures[slot.index]` (JavaScript's lookup, json-refs.ts) and needed something there. What it found that
 * is not a texture (a property of the list itself, such as its length) gave no texture, silently, unless the
 * slot also had a texCoord, extras or (read) texture transform to set on it.
 */
function slotTexture(json: GLTF.IGLTF, slot: SlotDef | undefined, transformRead: boolean, what: string) {
  if (slot === undefined) return undefined;
  const index = (slot as { index: unknown }).index;
  const found = ((json.textures || []) as unknown as Record<string, unknown>)[index as string];
  if (found === undefined || found === null)
    throw new Error(`${what} names texture ${String(index)}, which does not exist`);
  if (isObject(found)) return slot;
  if (
    slot.texCoord !== undefined ||
    slot.extras !== undefined ||
    (transformRead && slot.extensions?.KHR_texture_transform)
  )
    throw new Error(`${what} names ${JSON.stringify(index)}, which is not a texture`);
  return undefined;
}

/** The scene's materials, and which of them carried an explicit vertexColors marker. */
export function readMaterials(context: BuildContext, textureCount: number) {
  const { json, where, info } = context;
  const unlitRead = context.extensions.has('KHR_materials_unlit');
  const transformRead = context.extensions.has('KHR_texture_transform');
  const explicitVertexColors = new Set<number>();
  const materials = (json.materials ?? []).map((def, i): Material => {
    const pbr = (def.pbrMetallicRoughness || {}) as GLTF.IMaterialPbrMetallicRoughness;
    const ref = (slotDef: SlotDef | undefined, what: string): TextureRef | undefined => {
      if (!slotTexture(json, slotDef, transformRead, `materials[${i}].${what}`) || !slotDef) return undefined;
      if (!(Number.isInteger(slotDef.index) && slotDef.index >= 0 && slotDef.index < textureCount)) {
        throw jsonError(where, `materials[${i}].${what} names texture ${slotDef.index}, which does not exist`);
      }
      const out: TextureRef = {
        texture: slotDef.index,
        texCoord: slotDef.texCoord === undefined ? 0 : slotDef.texCoord,
      };
      const t = transformRead && slotDef.extensions ? slotDef.extensions.KHR_texture_transform : undefined;
      if (t) {
        const { offset, scale, rotation } = t as { offset?: unknown; scale?: unknown; rotation?: unknown };
        out.transform = {
          offset: vector<Vec2>(offset === undefined ? [0, 0] : offset, 2, `materials[${i}].${what} offset`, where),
          scale: vector<Vec2>(scale === undefined ? [1, 1] : scale, 2, `materials[${i}].${what} scale`, where),
          rotation: vector<[number]>(
            [rotation === undefined ? 0 : rotation],
            1,
            `materials[${i}].${what} rotation`,
            where,
          )[0],
        };
      }
      return out;
    };
    const value = <T>(v: T | undefined, fallback: T) => (v === undefined ? fallback : v);
    const material: Material = named(nameOf(def), {
      baseColorFactor: vector<Material['baseColorFactor']>(
        value<unknown>(pbr.baseColorFactor, [1, 1, 1, 1]),
        4,
        `materials[${i}].baseColorFactor`,
        where,
      ),
      metallicFactor: vector<[number]>([value(pbr.metallicFactor, 1)], 1, `materials[${i}].metallicFactor`, where)[0],
      roughnessFactor: vector<[number]>(
        [value(pbr.roughnessFactor, 1)],
        1,
        `materials[${i}].roughnessFactor`,
        where,
      )[0],
      vertexColors: false,
      alphaMode: oneOf(
        value<unknown>(def.alphaMode, 'OPAQUE'),
        ['OPAQUE', 'MASK', 'BLEND'] as const,
        `materials[${i}].alphaMode`,
        where,
      ),
      doubleSided: def.doubleSided === true,
      unlit: Boolean(unlitRead && def.extensions && (def.extensions as Record<string, unknown>).KHR_materials_unlit),
    });
    const base = ref(pbr.baseColorTexture, 'baseColorTexture');
    const normal = ref(def.normalTexture, 'normalTexture');
    const emissive = ref(def.emissiveTexture, 'emissiveTexture');
    if (base) material.baseColorTexture = base;
    if (normal) material.normalTexture = normal;
    if (emissive) material.emissiveTexture = emissive;
    const emissiveFactor = vector<Vec3>(
      value<unknown>(def.emissiveFactor, [0, 0, 0]),
      3,
      `materials[${i}].emissiveFactor`,
      where,
    );
    if (emissiveFactor.some((v) => v !== 0))
      material.emissiveFactor = [...emissiveFactor] as Material['emissiveFactor'] & {};
    if (material.alphaMode === 'MASK') {
      material.alphaCutoff = vector<[number]>(
        [value(def.alphaCutoff, 0.5)],
        1,
        `materials[${i}].alphaCutoff`,
        where,
      )[0];
    }
    const occlusion = slotTexture(json, def.occlusionTexture, transformRead, `materials[${i}].occlusionTexture`);
    const metallicRoughness = slotTexture(
      json,
      pbr.metallicRoughnessTexture,
      transformRead,
      `materials[${i}].metallicRoughnessTexture`,
    );
    if (occlusion || metallicRoughness) {
      info(
        'texture-slot-dropped',
        `material ${i}: occlusion and metallic-roughness textures have no place in the scene`,
      );
    }
    const extras = propertyExtras(def);
    const marker = extras?.[VERTEX_COLORS_KEY];
    if (extras && isObject(marker) && typeof marker.vertexColors === 'boolean') {
      material.vertexColors = marker.vertexColors;
      explicitVertexColors.add(i);
      delete extras[VERTEX_COLORS_KEY];
    }
    if (extras && Object.keys(extras).length > 0) material.extras = extras;
    return material;
  });
  return { materials, explicitVertexColors };
}

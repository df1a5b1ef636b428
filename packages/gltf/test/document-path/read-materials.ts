/*
 * glTF images, samplers, textures and materials -> the scene's. gltf-transform keeps one Texture per glTF
 * image (same order) and puts sampler settings on each material slot, so the glTF `textures` and
 * `samplers` arrays and each slot's texture index are taken from the JSON, one to one; a texture naming no
 * sampler gets glTF's default (REPEAT, no filters), appended once. Images stay encoded (PNG/JPEG bytes and
 * mime type, width/height from the header); the mime type is what the bytes are when a PNG or JPEG is declared
 * as anything else (a warning), since glTF viewers and the validator go by the declared type. A material's
 * `vertexColors` comes from `extras.retromodel.vertexColors` when we wrote it; the caller infers the others from
 * COLOR_0.
 * Occlusion and metallic-roughness textures have no place in the scene (info diagnostic).
 */
import { type GLTF, ImageUtils, type Root, type TextureInfo } from '@gltf-transform/core';
import type { Transform } from '@gltf-transform/extensions';
import type { EncodedImage, Material, Sampler, Texture, TextureRef, Vec2, Vec3 } from '@retromodel/scene';
import { isObject, type JsonLocation, jsonError } from '../../src/check-json.js';
import { magFilterCodes, minFilterCodes, nameOfCode, wrapCodes } from '../../src/gltf-enums.js';
import { imageStreamProblem } from '../../src/image-stream.js';
import { named, oneOf, vector } from '../../src/json-values.js';
import { VERTEX_COLORS_KEY } from '../../src/retromodel-marks.js';
import { extrasOf } from './property-extras.js';

type Info = (code: string, message: string) => void;

/** The scene's images, samplers and textures. */
export function readTextures(root: Root, json: GLTF.IGLTF, where: JsonLocation, report: { info: Info; warn: Info }) {
  const { info } = report;
  const images = root.listTextures().map((t, i): EncodedImage => {
    const data = t.getImage();
    if (!data || data.length === 0) throw jsonError(where, `image ${i} has no data`);
    const declared = t.getMimeType();
    const sniffed = ImageUtils.getMimeType(data);
    const isPngOrJpeg = sniffed === 'image/png' || sniffed === 'image/jpeg';
    if (declared && isPngOrJpeg && declared !== sniffed)
      report.warn(
        'image-mime-type',
        `image ${i} is declared as "${declared}" but holds a ${sniffed}; read as ${sniffed}`,
      );
    const mimeType = (isPngOrJpeg ? sniffed : declared) || sniffed || 'application/octet-stream';
    const problem = imageStreamProblem(data, mimeType);
    if (problem) throw jsonError(where, `image ${i} (${mimeType}) is damaged: ${problem}`);
    let size: number[] | null = null;
    try {
      size = ImageUtils.getSize(data, mimeType);
    } catch {
      size = null;
    }
    const image: EncodedImage = named(t.getName(), { kind: 'encoded' as const, mimeType, data: data.slice() });
    if (size && size[0]! > 0 && size[1]! > 0) {
      image.width = size[0]!;
      image.height = size[1]!;
    } else
      info('image-size-unknown', `image ${i} (${mimeType}): its width and height could not be read from its header`);
    const extras = extrasOf(t);
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

/** The scene's materials, and which of them carried an explicit vertexColors marker. */
export function readMaterials(root: Root, json: GLTF.IGLTF, textureCount: number, where: JsonLocation, info: Info) {
  const explicitVertexColors = new Set<number>();
  const materials = root.listMaterials().map((m, i): Material => {
    const def = json.materials?.[i];
    const ref = (
      slot: TextureInfo | null,
      slotDef: GLTF.ITextureInfo | undefined,
      what: string,
    ): TextureRef | undefined => {
      if (!slot || !slotDef) return undefined;
      if (!(Number.isInteger(slotDef.index) && slotDef.index >= 0 && slotDef.index < textureCount)) {
        throw jsonError(where, `materials[${i}].${what} names texture ${slotDef.index}, which does not exist`);
      }
      const out: TextureRef = { texture: slotDef.index, texCoord: slot.getTexCoord() };
      const t = slot.getExtension<Transform>('KHR_texture_transform');
      if (t)
        out.transform = {
          offset: vector<Vec2>(t.getOffset(), 2, `materials[${i}].${what} offset`, where),
          scale: vector<Vec2>(t.getScale(), 2, `materials[${i}].${what} scale`, where),
          rotation: vector<[number]>([t.getRotation()], 1, `materials[${i}].${what} rotation`, where)[0],
        };
      return out;
    };
    const material: Material = named(m.getName(), {
      baseColorFactor: vector<Material['baseColorFactor']>(
        m.getBaseColorFactor(),
        4,
        `materials[${i}].baseColorFactor`,
        where,
      ),
      metallicFactor: vector<[number]>([m.getMetallicFactor()], 1, `materials[${i}].metallicFactor`, where)[0],
      roughnessFactor: vector<[number]>([m.getRoughnessFactor()], 1, `materials[${i}].roughnessFactor`, where)[0],
      vertexColors: false,
      alphaMode: oneOf(m.getAlphaMode(), ['OPAQUE', 'MASK', 'BLEND'] as const, `materials[${i}].alphaMode`, where),
      doubleSided: m.getDoubleSided() === true,
      unlit: m.getExtension('KHR_materials_unlit') !== null,
    });
    const base = ref(m.getBaseColorTextureInfo(), def?.pbrMetallicRoughness?.baseColorTexture, 'baseColorTexture');
    const normal = ref(m.getNormalTextureInfo(), def?.normalTexture, 'normalTexture');
    const emissive = ref(m.getEmissiveTextureInfo(), def?.emissiveTexture, 'emissiveTexture');
    if (base) material.baseColorTexture = base;
    if (normal) material.normalTexture = normal;
    if (emissive) material.emissiveTexture = emissive;
    const emissiveFactor = vector<Vec3>(m.getEmissiveFactor(), 3, `materials[${i}].emissiveFactor`, where);
    if (emissiveFactor.some((v) => v !== 0))
      material.emissiveFactor = [...emissiveFactor] as Material['emissiveFactor'] & {};
    if (material.alphaMode === 'MASK') {
      material.alphaCutoff = vector<[number]>([m.getAlphaCutoff()], 1, `materials[${i}].alphaCutoff`, where)[0];
    }
    if (m.getOcclusionTexture() || m.getMetallicRoughnessTexture()) {
      info(
        'texture-slot-dropped',
        `material ${i}: occlusion and metallic-roughness textures have no place in the scene`,
      );
    }
    const extras = extrasOf(m);
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

/*
 * Scene -> gltf-transform Document. One glTF node, mesh, material, skin and animation per scene one, in the
 * same order, so indices carry over. Each scene image becomes one gltf-transform Texture (= one glTF image,
 * same order): RGBA8 pixels are encoded as PNG (mipmaps are dropped: glTF has no place for them), encoded
 * images are kept as their bytes. Samplers go on each material slot's TextureInfo; the exact glTF
 * `textures`/`samplers` arrays are rebuilt afterwards from the scene (see patch-json.ts).
 * glTF has no "use vertex colours" flag (COLOR_0 always tints): `Material.vertexColors` is written into the
 * material's extras as `retromodel.vertexColors` only when it differs from what a reader would infer (true
 * exactly when a primitive using the material has COLOR_0). Animation channels on `weights` are dropped,
 * since the scene has no morph targets, and so are samplers no channel uses and animations left empty. A joint listed twice for a vertex is merged (attribute-types.ts).
 */
import {
  type Accessor,
  Document,
  type Material as GltfMaterial,
  type Node as GltfNode,
  type Texture as GltfTexture,
  type TextureInfo,
} from '@gltf-transform/core';
import { KHRMaterialsUnlit, KHRTextureTransform } from '@gltf-transform/extensions';
import type { Attribute, Diagnostic, Material, Primitive, Scene, TextureRef } from '@retromodel/scene';
import { isCoreAttribute, mergeDuplicateJoints, toCoreAttribute } from './attribute-types.js';
import { accessorTypes, magFilterCodes, minFilterCodes, primitiveModes, wrapCodes } from './gltf-enums.js';
import { encodePng } from './png.js';

/** The generator name written into `asset.generator`. */
export const GENERATOR = 'retromodel';

/** Key under a material's extras where a vertexColors value that differs from the inferred one is kept. */
export const VERTEX_COLORS_KEY = 'retromodel';

/** The value gltfToScene infers for `vertexColors`: any primitive drawn with the material has COLOR_0. */
export function inferVertexColors(scene: Scene, materialIndex: number): boolean {
  return scene.meshes.some((m) =>
    m.primitives.some((p) => p.material === materialIndex && p.attributes.COLOR_0 !== undefined),
  );
}

export interface DocumentOptions {
  /** Called with each image index and its mime type; returns the URI for a .gltf with external files. */
  imageUri?: (index: number, mimeType: string) => string;
  /** URI of the .bin for a .gltf with external files. */
  bufferUri?: string;
}

/** Builds the gltf-transform Document for a scene; problems that do not stop writing go into `diagnostics`. */
export function buildDocument(scene: Scene, diagnostics: Diagnostic[], options: DocumentOptions = {}): Document {
  const doc = new Document();
  const buffer = doc.createBuffer('buffer');
  if (options.bufferUri) buffer.setURI(options.bufferUri);
  const warn = (code: string, message: string) =>
    diagnostics.push({ code: `gltf/${code}`, message, severity: 'warning' });
  const accessor = (array: Attribute['array'], itemSize: number, normalized = false): Accessor => {
    const type = accessorTypes[itemSize];
    if (!type) throw new Error(`an accessor cannot have ${itemSize} components`);
    return doc.createAccessor().setType(type).setArray(array).setNormalized(normalized).setBuffer(buffer);
  };

  const asset = doc.getRoot().getAsset();
  asset.generator = GENERATOR;
  if (scene.asset.copyright !== undefined) asset.copyright = scene.asset.copyright;
  const assetExtras: Record<string, string> = {};
  if (scene.asset.sourceFormat !== undefined) assetExtras.sourceFormat = scene.asset.sourceFormat;
  if (scene.asset.sourceName !== undefined) assetExtras.sourceName = scene.asset.sourceName;
  if (scene.asset.generator !== undefined) assetExtras.sourceGenerator = scene.asset.generator;
  if (Object.keys(assetExtras).length > 0) asset.extras = assetExtras;

  const images = scene.images.map((image, i): GltfTexture => {
    const texture = doc.createTexture(image.name ?? '');
    if (image.extras) texture.setExtras(image.extras);
    if (image.kind === 'rgba8') {
      texture.setImage(encodePng(image) as Uint8Array<ArrayBuffer>).setMimeType('image/png');
    } else {
      if (image.mimeType !== 'image/png' && image.mimeType !== 'image/jpeg') {
        warn('image-type', `image ${i} is ${image.mimeType}; glTF viewers only read image/png and image/jpeg`);
      }
      texture.setImage(image.data as Uint8Array<ArrayBuffer>).setMimeType(image.mimeType);
    }
    if (options.imageUri) texture.setURI(options.imageUri(i, texture.getMimeType()));
    return texture;
  });

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

  const materials = scene.materials.map((m: Material, i): GltfMaterial => {
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

  const meshes = scene.meshes.map((mesh, m) => {
    const out = doc.createMesh(mesh.name ?? '');
    if (mesh.extras) out.setExtras(mesh.extras);
    mesh.primitives.forEach((p: Primitive, k) => {
      const prim = doc.createPrimitive().setMode(primitiveModes.indexOf(p.mode) as 0 | 1 | 2 | 3 | 4 | 5 | 6);
      const attributes: Partial<Record<string, Attribute>> = { ...p.attributes };
      const merged =
        attributes.JOINTS_0 && attributes.WEIGHTS_0
          ? mergeDuplicateJoints(attributes.JOINTS_0, attributes.WEIGHTS_0)
          : undefined;
      if (merged) {
        warn(
          'joints-merged',
          `mesh ${m} primitive ${k}: a joint listed twice for one vertex was merged into one influence`,
        );
        attributes.JOINTS_0 = merged.joints;
        attributes.WEIGHTS_0 = merged.weights;
      }
      for (const [name, attr] of Object.entries(attributes)) {
        if (!attr) continue;
        if (!isCoreAttribute(name, attr))
          warn(
            'attribute-converted',
            `mesh ${m} primitive ${k}: ${name} converted to a component type glTF core accepts`,
          );
        const core = clampColor(name, toCoreAttribute(name, attr), () =>
          warn('color-clamped', `mesh ${m} primitive ${k}: ${name} clamped to 0..1`),
        );
        prim.setAttribute(name, accessor(core.array, core.itemSize, core.normalized ?? false));
      }
      if (p.indices) {
        // 0xFFFF is the primitive-restart value glTF forbids in u16 indices; such lists are written as u32.
        const indices =
          p.indices instanceof Uint16Array && p.indices.includes(0xffff) ? Uint32Array.from(p.indices) : p.indices;
        prim.setIndices(accessor(indices, 1));
      }
      const material = p.material === undefined ? undefined : materials[p.material];
      if (material) prim.setMaterial(material);
      if (p.extras) prim.setExtras(p.extras);
      out.addPrimitive(prim);
    });
    return out;
  });

  const nodes = scene.nodes.map((n): GltfNode => {
    const node = doc.createNode(n.name ?? '');
    if (n.translation) node.setTranslation(n.translation);
    if (n.rotation) node.setRotation(n.rotation);
    if (n.scale) node.setScale(n.scale);
    if (n.extras) node.setExtras(n.extras);
    const mesh = n.mesh === undefined ? undefined : meshes[n.mesh];
    if (mesh) node.setMesh(mesh);
    return node;
  });
  scene.nodes.forEach((n, i) => {
    for (const c of n.children) nodes[i]!.addChild(nodes[c]!);
  });

  const skins = scene.skins.map((s) => {
    const skin = doc.createSkin(s.name ?? '');
    for (const j of s.joints) skin.addJoint(nodes[j]!);
    skin.setInverseBindMatrices(accessor(s.inverseBindMatrices, 16));
    if (s.skeleton !== undefined) skin.setSkeleton(nodes[s.skeleton]!);
    if (s.extras) skin.setExtras(s.extras);
    return skin;
  });
  scene.nodes.forEach((n, i) => {
    if (n.skin !== undefined) nodes[i]!.setSkin(skins[n.skin]!);
  });

  const gltfScene = doc.createScene(scene.name ?? '');
  if (scene.extras) gltfScene.setExtras(scene.extras);
  for (const r of scene.roots) gltfScene.addChild(nodes[r]!);
  doc.getRoot().setDefaultScene(gltfScene);

  scene.animations.forEach((a, i) => {
    const channels = a.channels.filter((ch) => ch.path !== 'weights');
    if (channels.length < a.channels.length) {
      warn(
        'morph-weights-dropped',
        `animation ${i}: channels animating morph weights were dropped (the scene has no morph targets)`,
      );
    }
    if (channels.length === 0) {
      warn('animation-dropped', `animation ${i} has no channel glTF can hold and was left out`);
      return;
    }
    const anim = doc.createAnimation(a.name ?? '');
    if (a.extras) anim.setExtras(a.extras);
    const rotations = new Set(channels.filter((ch) => ch.path === 'rotation').map((ch) => ch.sampler));
    const used = new Set(channels.map((ch) => ch.sampler));
    if (used.size < a.samplers.length)
      diagnostics.push({
        code: 'gltf/animation-sampler-dropped',
        message: `animation ${i}: samplers no channel uses were left out`,
        severity: 'info',
      });
    const samplers = new Map(
      [...used]
        .sort((x, y) => x - y)
        .map((k) => {
          const s = a.samplers[k]!;
          const sampler = doc
            .createAnimationSampler()
            .setInput(accessor(s.input, 1))
            .setOutput(accessor(s.output, rotations.has(k) ? 4 : 3))
            .setInterpolation(s.interpolation);
          anim.addSampler(sampler);
          return [k, sampler] as const;
        }),
    );
    for (const ch of channels) {
      anim.addChannel(
        doc
          .createAnimationChannel()
          .setTargetNode(nodes[ch.node]!)
          .setTargetPath(ch.path)
          .setSampler(samplers.get(ch.sampler)!),
      );
    }
  });
  return doc;
}

/** Float colours outside 0..1 are an error for the validator; they are clamped (with a warning). */
function clampColor(name: string, attr: Attribute, onClamp: () => void): Attribute {
  if (!name.startsWith('COLOR_') || !(attr.array instanceof Float32Array)) return attr;
  if (attr.array.every((v) => v >= 0 && v <= 1)) return attr;
  onClamp();
  return { ...attr, array: attr.array.map((v) => Math.min(1, Math.max(0, Number.isNaN(v) ? 0 : v))) };
}

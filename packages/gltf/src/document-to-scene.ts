/*
 * gltf-transform Document (+ the raw JSON it was read from) -> Scene. Nodes, meshes, materials, skins,
 * animations and images keep the file's order and indices (textures and materials: read-materials.ts).
 * MSFT_lod groups are taken from the JSON. Choices:
 * - POSITION, NORMAL, TANGENT and WEIGHTS_n become Float32 (KHR_mesh_quantization data is de-quantized);
 *   u8 indices become u16; colours and UVs keep their component type.
 * - Material.vertexColors is `extras.retromodel.vertexColors` when we wrote it, else true exactly when a
 *   primitive drawn with the material has COLOR_0.
 * - Morph targets, cameras and `weights` channels have no place in
 *   the scene and are dropped with an info diagnostic; nodes of other glTF scenes stay, but not as roots.
 */
import type { Accessor, Document, GLTF, Node as GltfNode } from '@gltf-transform/core';
import type {
  Animation,
  AnimationChannel,
  Attribute,
  AttributeName,
  Diagnostic,
  LodGroup,
  Mesh,
  Primitive,
  Quat,
  Scene,
  SceneNode,
  Skin,
  Vec3,
} from '@retromodel/scene';
import { toFloat32 } from './attribute-types.js';
import { isObject, type JsonLocation, jsonError } from './check-json.js';
import { primitiveModes } from './gltf-enums.js';
import { extrasOf, named, oneOf, vector } from './json-values.js';
import { readMaterials, readTextures } from './read-materials.js';
import { GENERATOR } from './scene-to-document.js';

const attributeName = /^(POSITION|NORMAL|TANGENT|(COLOR|TEXCOORD|JOINTS|WEIGHTS)_\d+)$/;
const floatAttribute = /^(POSITION|NORMAL|TANGENT|WEIGHTS_\d+)$/;

/** Accessor values as they are (glTF's component types are exactly the scene's typed arrays). */
function accessorArray(accessor: Accessor): Attribute['array'] {
  const array = accessor.getArray();
  if (!array) throw new Error('an accessor has no data');
  if (array instanceof Float64Array || array instanceof Int32Array) return Float32Array.from(array);
  return array as Attribute['array'];
}

/** Accessor values as floats, de-normalized. */
function floatArray(accessor: Accessor): Float32Array {
  return toFloat32(accessorArray(accessor), accessor.getNormalized());
}

/** Every JOINTS_0 value of a skinned node's primitives must name one of its skin's joints. */
function checkJointIndices(nodes: SceneNode[], meshes: Mesh[], skins: Skin[], where: JsonLocation): void {
  nodes.forEach((node, i) => {
    const skin = node.skin === undefined ? undefined : skins[node.skin];
    const mesh = node.mesh === undefined ? undefined : meshes[node.mesh];
    if (!skin || !mesh) return;
    for (const p of mesh.primitives) {
      const joints = p.attributes.JOINTS_0?.array ?? [];
      for (let v = 0; v < joints.length; v++) {
        if (joints[v]! >= skin.joints.length) {
          throw jsonError(
            where,
            `node ${i}: JOINTS_0 names joint ${joints[v]}, but its skin has ${skin.joints.length} joints`,
          );
        }
      }
    }
  });
}

export interface SceneBuildContext {
  json: GLTF.IGLTF;
  where: JsonLocation;
  diagnostics: Diagnostic[];
  fileName?: string;
}

/** Builds the scene from a document read by gltf-transform and its JSON. */
export function buildScene(doc: Document, context: SceneBuildContext): Scene {
  const { json, where, diagnostics } = context;
  const info = (code: string, message: string) => diagnostics.push({ code: `gltf/${code}`, message, severity: 'info' });
  const root = doc.getRoot();
  const gltfNodes = root.listNodes();
  const nodeIndex = new Map<GltfNode, number>(gltfNodes.map((n, i) => [n, i]));
  const indexOf = <T>(map: Map<T, number>, item: T | null, what: string): number | undefined => {
    if (item === null) return undefined;
    const i = map.get(item);
    if (i === undefined) throw jsonError(where, `a reference to a ${what} that is not in the file`);
    return i;
  };
  const meshIndex = new Map(root.listMeshes().map((m, i) => [m, i]));
  const skinIndex = new Map(root.listSkins().map((s, i) => [s, i]));
  const materialIndex = new Map(root.listMaterials().map((m, i) => [m, i]));

  const { images, samplers, textures } = readTextures(root, json, where, info);
  const { materials, explicitVertexColors } = readMaterials(root, json, textures.length, where, info);

  // Meshes.
  const meshes = root.listMeshes().map((mesh, m): Mesh => {
    const primitives = mesh.listPrimitives().map((p, k): Primitive => {
      const attributes: Partial<Record<AttributeName, Attribute>> = {};
      for (const semantic of p.listSemantics()) {
        const accessor = p.getAttribute(semantic)!;
        if (!attributeName.test(semantic)) {
          info('attribute-dropped', `mesh ${m} primitive ${k}: attribute ${semantic} has no place in the scene`);
          continue;
        }
        const float = floatAttribute.test(semantic);
        const attr: Attribute = {
          array: float ? floatArray(accessor) : accessorArray(accessor),
          itemSize: accessor.getElementSize(),
        };
        if (!float && accessor.getNormalized()) attr.normalized = true;
        attributes[semantic as AttributeName] = attr;
      }
      const position = attributes.POSITION;
      if (!position) throw jsonError(where, `mesh ${m} primitive ${k} has no POSITION attribute`);
      const mode = primitiveModes[p.getMode()];
      if (!mode) throw jsonError(where, `mesh ${m} primitive ${k} has unknown mode ${p.getMode()}`);
      const prim: Primitive = { attributes: { ...attributes, POSITION: position }, mode };
      const indices = p.getIndices();
      if (indices) {
        const array = indices.getArray();
        if (array instanceof Uint8Array) prim.indices = Uint16Array.from(array);
        else if (array instanceof Uint16Array || array instanceof Uint32Array) prim.indices = array;
        else throw jsonError(where, `mesh ${m} primitive ${k}: indices must be unsigned integers`);
      }
      const material = indexOf(materialIndex, p.getMaterial(), 'material');
      if (material !== undefined) prim.material = material;
      if (p.listTargets().length > 0)
        info('morph-targets-dropped', `mesh ${m} primitive ${k}: morph targets have no place in the scene`);
      const extras = extrasOf(p);
      if (extras) prim.extras = extras;
      return prim;
    });
    const out: Mesh = named(mesh.getName(), { primitives });
    const extras = extrasOf(mesh);
    if (extras) out.extras = extras;
    return out;
  });
  materials.forEach((mat, i) => {
    if (!explicitVertexColors.has(i))
      mat.vertexColors = meshes.some((m) => m.primitives.some((p) => p.material === i && p.attributes.COLOR_0));
  });

  // Nodes.
  const nodes = gltfNodes.map((n, i): SceneNode => {
    const node: SceneNode = named(n.getName(), {
      children: n.listChildren().map((c) => indexOf(nodeIndex, c, 'node')!),
    });
    const t = vector<Vec3>(n.getTranslation(), 3, `nodes[${i}].translation`, where);
    const r = vector<Quat>(n.getRotation(), 4, `nodes[${i}].rotation`, where);
    const s = vector<Vec3>(n.getScale(), 3, `nodes[${i}].scale`, where);
    if (t.some((v) => v !== 0)) node.translation = t;
    if (r[0] !== 0 || r[1] !== 0 || r[2] !== 0 || r[3] !== 1) node.rotation = r;
    if (s.some((v) => v !== 1)) node.scale = s;
    const mesh = indexOf(meshIndex, n.getMesh(), 'mesh');
    const skin = indexOf(skinIndex, n.getSkin(), 'skin');
    if (mesh !== undefined) node.mesh = mesh;
    if (skin !== undefined) node.skin = skin;
    const extras = extrasOf(n);
    if (extras) node.extras = extras;
    return node;
  });

  const skins = root.listSkins().map((s): Skin => {
    const joints = s.listJoints().map((j) => indexOf(nodeIndex, j, 'node')!);
    const ibm = s.getInverseBindMatrices();
    let inverseBindMatrices: Float32Array;
    if (ibm) inverseBindMatrices = floatArray(ibm);
    else {
      inverseBindMatrices = new Float32Array(joints.length * 16);
      for (let j = 0; j < joints.length; j++) for (let k = 0; k < 4; k++) inverseBindMatrices[j * 16 + k * 5] = 1;
    }
    const skin: Skin = named(s.getName(), { joints, inverseBindMatrices });
    const skeleton = indexOf(nodeIndex, s.getSkeleton(), 'node');
    if (skeleton !== undefined) skin.skeleton = skeleton;
    const extras = extrasOf(s);
    if (extras) skin.extras = extras;
    return skin;
  });

  checkJointIndices(nodes, meshes, skins, where);

  const animations = root.listAnimations().map((a, i): Animation => {
    const samplerList = a.listSamplers();
    const samplerIndex = new Map(samplerList.map((s, k) => [s, k]));
    const samplers = samplerList.map((s, k) => {
      const input = s.getInput();
      const output = s.getOutput();
      if (!input || !output) throw jsonError(where, `animation ${i} sampler ${k} has no input or output`);
      const interpolation = oneOf(
        s.getInterpolation(),
        ['LINEAR', 'STEP', 'CUBICSPLINE'] as const,
        `animations[${i}].samplers[${k}].interpolation`,
        where,
      );
      return { input: floatArray(input), output: floatArray(output), interpolation };
    });
    const channels: AnimationChannel[] = [];
    for (const ch of a.listChannels()) {
      const path = ch.getTargetPath();
      const node = ch.getTargetNode();
      if (path === 'weights') {
        info('morph-weights-dropped', `animation ${i}: a channel animating morph weights was dropped`);
        continue;
      }
      if (!node || !path) {
        info('channel-dropped', `animation ${i}: a channel without a target node was dropped`);
        continue;
      }
      channels.push({
        node: indexOf(nodeIndex, node, 'node')!,
        path: oneOf(path, ['translation', 'rotation', 'scale'] as const, `animations[${i}] channel path`, where),
        sampler: indexOf(samplerIndex, ch.getSampler(), 'animation sampler')!,
      });
    }
    const anim: Animation = named(a.getName(), { channels, samplers });
    const extras = extrasOf(a);
    if (extras) anim.extras = extras;
    return anim;
  });

  // LOD groups (MSFT_lod on nodes).
  const lodGroups: LodGroup[] = [];
  (json.nodes ?? []).forEach((def, i) => {
    const lod = isObject(def.extensions) ? def.extensions.MSFT_lod : undefined;
    if (lod === undefined) return;
    const ids = isObject(lod) ? lod.ids : undefined;
    if (!Array.isArray(ids) || !ids.every((id) => Number.isInteger(id) && id >= 0 && id < nodes.length)) {
      throw jsonError(where, `nodes[${i}].extensions.MSFT_lod.ids are not node indices`);
    }
    const extras = isObject(lod) && isObject(lod.extras) ? lod.extras : {};
    const group: LodGroup = named(typeof extras.name === 'string' ? extras.name : '', {
      levels: [i, ...(ids as number[])],
    });
    if (Array.isArray(extras.distances) && extras.distances.every((d) => typeof d === 'number'))
      group.distances = extras.distances as number[];
    if (isObject(extras.extras)) group.extras = extras.extras;
    lodGroups.push(group);
  });

  // The scene: default scene (or the first), its root nodes.
  const scenes = root.listScenes();
  const gltfScene = root.getDefaultScene() ?? scenes[0];
  if (scenes.length > 1)
    info('scenes-merged', `the file has ${scenes.length} scenes; only "${gltfScene?.getName() ?? ''}" gives the roots`);
  if (root.listCameras().length > 0) info('cameras-dropped', 'cameras have no place in the scene');
  const asset = json.asset;
  const assetExtras = isObject(asset.extras) ? asset.extras : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const sourceFormat = text(assetExtras.sourceFormat) ?? 'gltf';
  const sourceName = text(assetExtras.sourceName) ?? context.fileName;
  const generator =
    text(assetExtras.sourceGenerator) ?? (asset.generator === GENERATOR ? undefined : text(asset.generator));
  const scene: Scene = named(gltfScene?.getName() ?? '', {
    asset: {
      sourceFormat,
      ...(sourceName !== undefined ? { sourceName } : {}),
      ...(generator !== undefined ? { generator } : {}),
      ...(text(asset.copyright) !== undefined ? { copyright: text(asset.copyright) } : {}),
    },
    roots: gltfScene ? gltfScene.listChildren().map((n) => indexOf(nodeIndex, n, 'node')!) : [],
    nodes,
    meshes,
    materials,
    textures,
    images,
    samplers,
    skins,
    animations,
    lodGroups,
  });
  const sceneExtras = gltfScene ? extrasOf(gltfScene) : undefined;
  if (sceneExtras) scene.extras = sceneExtras;
  return scene;
}

/*
 * The glTF JSON and its buffers -> Scene, directly (no glTF-Transform Document). Nodes, meshes, materials,
 * skins, animations and images keep the file's order and indices; the steps live in scene-build/ (textures
 * and materials: read-materials.ts). The result is the scene glTF-Transform's Document gave before (the
 * package's tests compare the two on every fixture and on mutated files): references that name nothing are
 * no reference (scene-build/json-refs.ts), node lists behave as its node graph did (read-hierarchy.ts).
 * MSFT_lod groups are taken from the JSON. Choices:
 * - Material.vertexColors is `extras.retromodel.vertexColors` when we wrote it, else true exactly when a
 *   primitive drawn with the material has COLOR_0.
 * - Morph targets, cameras and `weights` channels have no place in the scene and are dropped with an info
 *   diagnostic (KHR_animation_pointer channels: read-animations.ts); nodes of other glTF scenes stay, but not
 *   as roots.
 */
import type { Scene } from '@retromodel/scene';
import { isObject } from './check-json.js';
import { checkExtensions } from './json-extensions.js';
import { named, nameOf, propertyExtras } from './json-values.js';
import type { GltfInput } from './read-gltf.js';
import { readMaterials, readTextures } from './read-materials.js';
import { GENERATOR } from './retromodel-marks.js';
import { readAccessors } from './scene-build/accessor-data.js';
import { type BuildContext, createContext } from './scene-build/build-context.js';
import { refIndex } from './scene-build/json-refs.js';
import { readAnimations } from './scene-build/read-animations.js';
import { readHierarchy } from './scene-build/read-hierarchy.js';
import { readLodGroups } from './scene-build/read-lod-groups.js';
import { readMeshes } from './scene-build/read-meshes.js';
import { checkJointIndices, readNodes, readSkins } from './scene-build/read-nodes.js';

/** The asset fields: the source's own when retromodel wrote the file (asset.extras), else the file's. */
function readAsset(json: BuildContext['json'], fileName: string | undefined): Scene['asset'] {
  const asset = json.asset;
  const extras = isObject(asset.extras) ? asset.extras : {};
  const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
  const sourceName = text(extras.sourceName) ?? fileName;
  const generator = text(extras.sourceGenerator) ?? (asset.generator === GENERATOR ? undefined : text(asset.generator));
  const copyright = text(asset.copyright);
  return {
    sourceFormat: text(extras.sourceFormat) ?? 'gltf',
    ...(sourceName !== undefined ? { sourceName } : {}),
    ...(generator !== undefined ? { generator } : {}),
    ...(copyright !== undefined ? { copyright } : {}),
  };
}

/** A camera needs its perspective or orthographic object (cameras are dropped, but must be whole). */
function checkCameras(json: BuildContext['json']): number {
  const cameras = json.cameras ?? [];
  cameras.forEach((camera, i) => {
    const part = camera.type === 'perspective' ? camera.perspective : camera.orthographic;
    if (part === undefined || part === null) throw new Error(`cameras[${i}] has no ${String(camera.type)} object`);
  });
  return cameras.length;
}

/** Builds the scene from a checked glTF input (read-gltf.ts); throws ParseError or, for a broken file, Error. */
export function buildScene(input: GltfInput, fileName: string | undefined): Scene {
  const { json, where } = input;
  const extensions = checkExtensions(json, input.diagnostics);
  const at = createContext(input, readAccessors(input, where), extensions);
  const cameraCount = checkCameras(json);
  const hierarchy = readHierarchy(json);
  const { images, samplers, textures } = readTextures(at);
  const { materials, explicitVertexColors } = readMaterials(at, textures.length);
  const meshes = readMeshes(at, materials.length);
  materials.forEach((mat, i) => {
    if (!explicitVertexColors.has(i))
      mat.vertexColors = meshes.some((m) => m.primitives.some((p) => p.material === i && p.attributes.COLOR_0));
  });
  const skins = readSkins(at);
  const nodes = readNodes(at, hierarchy.children, meshes.length, skins.length);
  checkJointIndices(nodes, meshes, skins, where);

  // The scene: default scene (or the first), its root nodes.
  const sceneDefs = json.scenes ?? [];
  const chosen = json.scene === undefined ? undefined : refIndex(sceneDefs.length, json.scene);
  const sceneIndex = chosen ?? (sceneDefs.length > 0 ? 0 : undefined);
  const gltfScene = sceneIndex === undefined ? undefined : sceneDefs[sceneIndex];
  if (sceneDefs.length > 1)
    at.info(
      'scenes-merged',
      `the file has ${sceneDefs.length} scenes; only "${(gltfScene && nameOf(gltfScene)) ?? ''}" gives the roots`,
    );
  if (cameraCount > 0) at.info('cameras-dropped', 'cameras have no place in the scene');
  const scene: Scene = named(gltfScene ? nameOf(gltfScene) : '', {
    asset: readAsset(json, fileName),
    roots: sceneIndex === undefined ? [] : hierarchy.sceneRoots[sceneIndex]!,
    nodes,
    meshes,
    materials,
    textures,
    images,
    samplers,
    skins,
    animations: readAnimations(at, materials),
    lodGroups: readLodGroups(json, nodes.length, where),
  });
  const sceneExtras = gltfScene ? propertyExtras(gltfScene) : undefined;
  if (sceneExtras) scene.extras = sceneExtras;
  return scene;
}

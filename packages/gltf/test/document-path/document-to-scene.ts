/*
 * gltf-transform Document (+ the raw JSON it was read from) -> Scene. Nodes, meshes, materials, skins,
 * animations and images keep the file's order and indices; the steps live in scene-build/ (textures and
 * materials: read-materials.ts). MSFT_lod groups are taken from the JSON. Choices:
 * - Material.vertexColors is `extras.retromodel.vertexColors` when we wrote it, else true exactly when a
 *   primitive drawn with the material has COLOR_0.
 * - Morph targets, cameras and `weights` channels have no place in
 *   the scene and are dropped with an info diagnostic (KHR_animation_pointer channels: read-animations.ts); nodes of other glTF scenes stay, but not as roots.
 */
import type { Document } from '@gltf-transform/core';
import type { Scene } from '@retromodel/scene';
import { isObject } from '../../src/check-json.js';
import { named } from '../../src/json-values.js';
import { GENERATOR } from '../../src/retromodel-marks.js';
import { readLodGroups } from '../../src/scene-build/read-lod-groups.js';
import { extrasOf } from './property-extras.js';
import { readMaterials, readTextures } from './read-materials.js';
import { createLookups, type SceneBuildContext } from './scene-build/build-context.js';
import { readAnimations } from './scene-build/read-animations.js';
import { readMeshes } from './scene-build/read-meshes.js';
import { checkJointIndices, readNodes, readSkins } from './scene-build/read-nodes.js';

export type { SceneBuildContext } from './scene-build/build-context.js';

/** The asset fields: the source's own when retromodel wrote the file (asset.extras), else the file's. */
function readAsset(json: SceneBuildContext['json'], fileName: string | undefined): Scene['asset'] {
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

/** Builds the scene from a document read by gltf-transform and its JSON. */
export function buildScene(doc: Document, context: SceneBuildContext): Scene {
  const { json, where } = context;
  const root = doc.getRoot();
  const at = createLookups(doc, context);
  const { images, samplers, textures } = readTextures(root, json, where, at);
  const { materials, explicitVertexColors } = readMaterials(root, json, textures.length, where, at.info);
  const meshes = readMeshes(root, at);
  materials.forEach((mat, i) => {
    if (!explicitVertexColors.has(i))
      mat.vertexColors = meshes.some((m) => m.primitives.some((p) => p.material === i && p.attributes.COLOR_0));
  });
  const nodes = readNodes(root, at);
  const skins = readSkins(root, at);
  checkJointIndices(nodes, meshes, skins, where);

  // The scene: default scene (or the first), its root nodes.
  const scenes = root.listScenes();
  const gltfScene = root.getDefaultScene() ?? scenes[0];
  if (scenes.length > 1)
    at.info(
      'scenes-merged',
      `the file has ${scenes.length} scenes; only "${gltfScene?.getName() ?? ''}" gives the roots`,
    );
  if (root.listCameras().length > 0) at.info('cameras-dropped', 'cameras have no place in the scene');
  const scene: Scene = named(gltfScene?.getName() ?? '', {
    asset: readAsset(json, context.fileName),
    roots: gltfScene ? gltfScene.listChildren().map((n) => at.node(n)!) : [],
    nodes,
    meshes,
    materials,
    textures,
    images,
    samplers,
    skins,
    animations: readAnimations(root, at, materials),
    lodGroups: readLodGroups(json, nodes.length, where),
  });
  const sceneExtras = gltfScene ? extrasOf(gltfScene) : undefined;
  if (sceneExtras) scene.extras = sceneExtras;
  return scene;
}

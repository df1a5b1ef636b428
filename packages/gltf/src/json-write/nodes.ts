/*
 * The node hierarchy and the default scene: one glTF node per scene node in the same order. TRS equal to
 * glTF's defaults is left out. Keys: `name, extras, translation, rotation, scale, mesh, skin, children`.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Scene, SceneNode } from '@retromodel/scene';
import { propertyDef } from './property-def.js';

const isDefault = (value: readonly number[], fallback: readonly number[]) => value.every((v, i) => v === fallback[i]);

function nodeDef(n: SceneNode): GLTF.INode {
  const def: GLTF.INode = propertyDef(n.name, n.extras);
  if (n.translation && !isDefault(n.translation, [0, 0, 0])) def.translation = [...n.translation];
  if (n.rotation && !isDefault(n.rotation, [0, 0, 0, 1])) def.rotation = [...n.rotation];
  if (n.scale && !isDefault(n.scale, [1, 1, 1])) def.scale = [...n.scale];
  if (n.mesh !== undefined) def.mesh = n.mesh;
  if (n.skin !== undefined) def.skin = n.skin;
  if (n.children.length > 0) def.children = [...n.children];
  return def;
}

export function nodeDefs(scene: Scene): GLTF.INode[] {
  return scene.nodes.map(nodeDef);
}

/** The one scene of the file (its root nodes, left out when there are none: glTF forbids empty arrays). */
export function sceneDef(scene: Scene): GLTF.IScene {
  const def: { nodes?: number[]; name?: string; extras?: GLTF.IScene['extras'] } = {};
  if (scene.roots.length > 0) def.nodes = [...scene.roots];
  return Object.assign(def, propertyDef(scene.name, scene.extras)) as GLTF.IScene;
}

/*
 * The node hierarchy, written straight into the glTF JSON rather than through gltf-transform's property
 * graph, whose change events cost about 50 µs a node (3.5 s for a 65,535-joint TMD): one glTF node per scene
 * node in the same order, the default scene, each skin's joints and skeleton root, and each animation
 * channel's target node. Meshes and skins keep the scene's indices (scene-to-document writes one per scene
 * one, in order). TRS equal to glTF's defaults is left out, as gltf-transform does.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Scene, SceneNode } from '@retromodel/scene';

const isDefault = (value: readonly number[], fallback: readonly number[]) => value.every((v, i) => v === fallback[i]);

function nodeDef(n: SceneNode): GLTF.INode {
  const def: GLTF.INode = {};
  if (n.name) def.name = n.name;
  if (n.extras && Object.keys(n.extras).length > 0) def.extras = n.extras;
  if (n.translation && !isDefault(n.translation, [0, 0, 0])) def.translation = [...n.translation];
  if (n.rotation && !isDefault(n.rotation, [0, 0, 0, 1])) def.rotation = [...n.rotation];
  if (n.scale && !isDefault(n.scale, [1, 1, 1])) def.scale = [...n.scale];
  if (n.mesh !== undefined) def.mesh = n.mesh;
  if (n.skin !== undefined) def.skin = n.skin;
  if (n.children.length > 0) def.children = [...n.children];
  return def;
}

/**
 * Adds nodes, the default scene, skin joints and channel targets to the JSON gltf-transform wrote from the
 * document of scene-to-document. `channelNodes[a][c]` is the node of channel c of written animation a
 * (undefined for a KHR_animation_pointer channel, which targets no node).
 */
export function writeNodeJson(json: GLTF.IGLTF, scene: Scene, channelNodes: (number | undefined)[][]): void {
  if (scene.nodes.length > 0) json.nodes = scene.nodes.map(nodeDef);
  // An empty `nodes` is removed by patch-json.ts.
  const sceneDef: GLTF.IScene = { nodes: [...scene.roots] };
  if (scene.name) sceneDef.name = scene.name;
  if (scene.extras && Object.keys(scene.extras).length > 0) sceneDef.extras = scene.extras;
  json.scenes = [sceneDef];
  json.scene = 0;
  scene.skins.forEach((s, i) => {
    const def = json.skins?.[i];
    if (!def) throw new Error(`the written glTF has no skin ${i}`);
    def.joints = [...s.joints];
    if (s.skeleton !== undefined) def.skeleton = s.skeleton;
  });
  channelNodes.forEach((nodes, a) => {
    const channels = json.animations?.[a]?.channels;
    if (channels?.length !== nodes.length) throw new Error(`the written glTF's animation ${a} lost channels`);
    channels.forEach((channel, c) => {
      const node = nodes[c];
      if (node !== undefined) channel.target.node = node;
    });
  });
}

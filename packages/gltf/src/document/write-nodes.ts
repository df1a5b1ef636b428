/*
 * Nodes, their hierarchy, skins and the default scene. One glTF node and skin per scene one, in the same
 * order. A skin names its joints, inverse bind matrices (an accessor of MAT4) and skeleton root; the nodes
 * that use it are set after every skin exists.
 */
import type { Mesh as GltfMesh, Node as GltfNode } from '@gltf-transform/core';
import type { DocumentContext } from './document-context.js';

export function writeNodes(ctx: DocumentContext, meshes: GltfMesh[]): GltfNode[] {
  const { doc, scene } = ctx;
  const nodes = scene.nodes.map((n) => {
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
  writeSkins(ctx, nodes);
  const gltfScene = doc.createScene(scene.name ?? '');
  if (scene.extras) gltfScene.setExtras(scene.extras);
  for (const r of scene.roots) gltfScene.addChild(nodes[r]!);
  doc.getRoot().setDefaultScene(gltfScene);
  return nodes;
}

function writeSkins(ctx: DocumentContext, nodes: GltfNode[]): void {
  const { doc, scene, accessor } = ctx;
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
}

/*
 * Nodes and skins. A transform equal to the identity is left out; a skin without inverse bind matrices gets
 * identities (the glTF default). Every JOINTS_0 value of a skinned node's primitives must name one of its
 * skin's joints.
 */
import type { Root } from '@gltf-transform/core';
import type { Mesh, Quat, SceneNode, Skin, Vec3 } from '@retromodel/scene';
import { type JsonLocation, jsonError } from '../../../src/check-json.js';
import { named, vector } from '../../../src/json-values.js';
import { extrasOf } from '../property-extras.js';
import { floatArray } from './accessor-arrays.js';
import type { BuildLookups } from './build-context.js';

export function readNodes(root: Root, at: BuildLookups): SceneNode[] {
  const { where } = at;
  return root.listNodes().map((n, i): SceneNode => {
    const node: SceneNode = named(n.getName(), { children: n.listChildren().map((c) => at.node(c)!) });
    const t = vector<Vec3>(n.getTranslation(), 3, `nodes[${i}].translation`, where);
    const r = vector<Quat>(n.getRotation(), 4, `nodes[${i}].rotation`, where);
    const s = vector<Vec3>(n.getScale(), 3, `nodes[${i}].scale`, where);
    if (t.some((v) => v !== 0)) node.translation = t;
    if (r[0] !== 0 || r[1] !== 0 || r[2] !== 0 || r[3] !== 1) node.rotation = r;
    if (s.some((v) => v !== 1)) node.scale = s;
    const mesh = at.mesh(n.getMesh());
    const skin = at.skin(n.getSkin());
    if (mesh !== undefined) node.mesh = mesh;
    if (skin !== undefined) node.skin = skin;
    const extras = extrasOf(n);
    if (extras) node.extras = extras;
    return node;
  });
}

export function readSkins(root: Root, at: BuildLookups): Skin[] {
  return root.listSkins().map((s): Skin => {
    const joints = s.listJoints().map((j) => at.node(j)!);
    const ibm = s.getInverseBindMatrices();
    let inverseBindMatrices: Float32Array;
    if (ibm) inverseBindMatrices = floatArray(ibm);
    else {
      inverseBindMatrices = new Float32Array(joints.length * 16);
      for (let j = 0; j < joints.length; j++) for (let k = 0; k < 4; k++) inverseBindMatrices[j * 16 + k * 5] = 1;
    }
    const skin: Skin = named(s.getName(), { joints, inverseBindMatrices });
    const skeleton = at.node(s.getSkeleton());
    if (skeleton !== undefined) skin.skeleton = skeleton;
    const extras = extrasOf(s);
    if (extras) skin.extras = extras;
    return skin;
  });
}

/** Every JOINTS_0 value of a skinned node's primitives must name one of its skin's joints. */
export function checkJointIndices(nodes: SceneNode[], meshes: Mesh[], skins: Skin[], where: JsonLocation): void {
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

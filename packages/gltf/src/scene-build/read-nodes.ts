/*
 * Nodes and skins. A transform equal to the identity is left out; a node `matrix` replaces its TRS
 * (node-matrix.ts); a skin without (usable) inverse bind matrices gets identities (the glTF default). A mesh,
 * skin or skeleton reference that names nothing is no reference (json-refs.ts); joints must be nodes, and a
 * joint named twice counts once, at its last place. Every JOINTS_0 value of a skinned node's primitives must
 * name one of its skin's joints.
 */
import type { Mesh, Quat, SceneNode, Skin, Vec3 } from '@retromodel/scene';
import { type JsonLocation, jsonError } from '../check-json.js';
import { named, nameOf, propertyExtras, vector } from '../json-values.js';
import { floatArray } from './accessor-arrays.js';
import { accessorRef, type BuildContext } from './build-context.js';
import { refIndex, requiredRef } from './json-refs.js';
import { decomposeMatrix } from './node-matrix.js';

export function readNodes(context: BuildContext, children: number[][], meshCount: number, skinCount: number) {
  const { json, where } = context;
  const cameraCount = (json.cameras ?? []).length;
  return (json.nodes ?? []).map((def, i): SceneNode => {
    const node: SceneNode = named(nameOf(def), { children: children[i]! });
    let translation: unknown = def.translation === undefined ? [0, 0, 0] : def.translation;
    let rotation: unknown = def.rotation === undefined ? [0, 0, 0, 1] : def.rotation;
    let scale: unknown = def.scale === undefined ? [1, 1, 1] : def.scale;
    if (def.matrix !== undefined) ({ translation, rotation, scale } = decomposeMatrix(def.matrix));
    const t = vector<Vec3>(translation, 3, `nodes[${i}].translation`, where);
    const r = vector<Quat>(rotation, 4, `nodes[${i}].rotation`, where);
    const s = vector<Vec3>(scale, 3, `nodes[${i}].scale`, where);
    if (t.some((v) => v !== 0)) node.translation = t;
    if (r[0] !== 0 || r[1] !== 0 || r[2] !== 0 || r[3] !== 1) node.rotation = r;
    if (s.some((v) => v !== 1)) node.scale = s;
    const mesh = def.mesh === undefined ? undefined : refIndex(meshCount, def.mesh);
    const skin = def.skin === undefined ? undefined : refIndex(skinCount, def.skin);
    if (def.camera !== undefined) refIndex(cameraCount, def.camera);
    if (mesh !== undefined) node.mesh = mesh;
    if (skin !== undefined) node.skin = skin;
    const extras = propertyExtras(def);
    if (extras) node.extras = extras;
    return node;
  });
}

export function readSkins(context: BuildContext): Skin[] {
  const nodeCount = (context.json.nodes ?? []).length;
  return (context.json.skins ?? []).map((def, i): Skin => {
    // An ordered set: a joint named again moves to the end (a JS Set keeps insertion order).
    const jointSet = new Set<number>();
    for (const value of def.joints as Iterable<unknown>) {
      const joint = requiredRef(nodeCount, value, `skins[${i}].joints`);
      jointSet.delete(joint);
      jointSet.add(joint);
    }
    const joints = [...jointSet];
    const ibm = def.inverseBindMatrices === undefined ? undefined : accessorRef(context, def.inverseBindMatrices);
    let inverseBindMatrices: Float32Array;
    if (ibm) inverseBindMatrices = floatArray(ibm);
    else {
      inverseBindMatrices = new Float32Array(joints.length * 16);
      for (let j = 0; j < joints.length; j++) for (let k = 0; k < 4; k++) inverseBindMatrices[j * 16 + k * 5] = 1;
    }
    const skin: Skin = named(nameOf(def), { joints, inverseBindMatrices });
    const skeleton = def.skeleton === undefined ? undefined : refIndex(nodeCount, def.skeleton);
    if (skeleton !== undefined) skin.skeleton = skeleton;
    const extras = propertyExtras(def);
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

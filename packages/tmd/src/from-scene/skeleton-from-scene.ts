/*
 * The TMD skeleton from a scene (the mirror of build-skeleton.ts). TMD nodes are the joints of every skin a mesh
 * uses and every node that carries a mesh without a skin (its vertices are bound to it whole), in the scene's
 * depth-first order, so parents come before children as jpog-blender's importer needs. A node's TMD parent is
 * its nearest ancestor that is also a TMD node; the transforms of ancestors in between are baked into the bind
 * matrices, which are model space (the node's world transform in the bind pose, turned Z-up): a joint's comes
 * from its skin's inverse bind matrix, another node's from its rest pose. The rest rotation (+0) and translation
 * (+164) are the local transform inverse(parentBind) · bind, as both community tools write them; a bind with a
 * scale keeps it in the matrices, which the rest TRS cannot hold (reported). Names are cut to 15 characters.
 * The flag (+162) is written later, once the vertices are bound (geometry-from-scene.ts).
 */
import {
  type Diagnostic,
  type Mat4,
  mat4Decompose,
  mat4Invert,
  mat4Multiply,
  parentIndices,
  type Scene,
  worldMatrices,
} from '@retromodel/scene';
import type { TmdNode } from '../tmd-file.js';
import { NameTable } from './tmd-names.js';
import { toZUp } from './z-up.js';

/** The TMD skeleton and how it maps to the scene. */
export interface SkeletonPlan {
  nodes: TmdNode[];
  /** Scene node of each TMD node. */
  sceneNodes: number[];
  /** TMD node of each scene node, −1 when it is none. */
  tmdOf: Int32Array;
  /** Each TMD node's bind matrix (model space, Z-up), in double precision. */
  binds: Mat4[];
  /** Each scene node's rest world matrix (Y-up, as the scene has it). */
  world: Mat4[];
  /** TMD parent of each scene node: its nearest TMD ancestor (−1 for none). */
  tmdParentOf: Int32Array;
}

/** Scene nodes in depth-first order from the roots, then from the LOD alternatives (each once, cycles cut). */
export function depthFirst(scene: Scene): number[] {
  const order: number[] = [];
  const seen = new Uint8Array(scene.nodes.length);
  const stack = [...scene.roots, ...scene.lodGroups.flatMap((g) => g.levels.slice(1))].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (seen[n]) continue;
    seen[n] = 1;
    order.push(n);
    const children = scene.nodes[n]?.children ?? [];
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return order;
}

/** Chooses the TMD nodes of a scene and computes their bind pose. */
export function skeletonFromScene(scene: Scene, diagnostics: Diagnostic[]): SkeletonPlan {
  const world = worldMatrices(scene);
  const parents = parentIndices(scene);
  const wanted = new Uint8Array(scene.nodes.length);
  const inverseBind = new Map<number, Float32Array>();
  let conflicting = 0;
  for (const node of scene.nodes) {
    if (node.mesh === undefined) continue;
    const skin = node.skin === undefined ? undefined : scene.skins[node.skin];
    if (!skin) continue;
    skin.joints.forEach((j, k) => {
      wanted[j] = 1;
      const ibm = skin.inverseBindMatrices.subarray(k * 16, k * 16 + 16);
      const known = inverseBind.get(j);
      if (!known) inverseBind.set(j, ibm);
      else if (known.some((v, e) => Math.abs(v - ibm[e]!) > 1e-5 * Math.max(1, Math.abs(v)))) conflicting++;
    });
  }
  scene.nodes.forEach((node, i) => {
    if (node.mesh !== undefined && node.skin === undefined) wanted[i] = 1;
  });
  const order = depthFirst(scene);
  const sceneNodes = order.filter((n) => wanted[n] === 1);
  const tmdOf = new Int32Array(scene.nodes.length).fill(-1);
  sceneNodes.forEach((n, i) => {
    tmdOf[n] = i;
  });
  const tmdParentOf = new Int32Array(scene.nodes.length).fill(-1);
  for (const n of order) {
    const p = parents[n]!;
    if (p >= 0) tmdParentOf[n] = tmdOf[p]! >= 0 ? tmdOf[p]! : tmdParentOf[p]!;
  }
  const binds = sceneNodes.map((n) => {
    const ibm = inverseBind.get(n);
    const bind = ibm ? mat4Invert(ibm) : world[n]!;
    return toZUp(bind ?? world[n]!);
  });
  const names = new NameTable('node', 15);
  let scaled = 0;
  const nodes = sceneNodes.map((n, i): TmdNode => {
    const parent = tmdParentOf[n]!;
    const inverseParent = parent >= 0 ? mat4Invert(binds[parent]!) : null;
    const local = inverseParent ? mat4Multiply(inverseParent, binds[i]!) : binds[i]!;
    const { translation, rotation, scale } = mat4Decompose(local);
    if (scale.some((s) => Math.abs(s - 1) > 1e-4)) scaled++;
    const name = names.take(scene.nodes[n]!.name, `node${i}`);
    return {
      rotation,
      bindMatrix: Float32Array.from(binds[i]!),
      inverseBindMatrix: Float32Array.from(mat4Invert(binds[i]!) ?? binds[i]!),
      nameLength: name.length,
      name,
      parent,
      flag: 1,
      translation,
    };
  });
  names.report(diagnostics);
  if (conflicting > 0)
    diagnostics.push({
      code: 'tmd/bind-conflict',
      message: `${conflicting} joint(s) have different inverse bind matrices in different skins; the first skin's was used`,
      severity: 'warning',
    });
  if (scaled > 0)
    diagnostics.push({
      code: 'tmd/bind-scale',
      message: `${scaled} node(s) are scaled in the bind pose; the bind matrices keep the scale, the rest rotation and translation cannot`,
      severity: 'warning',
    });
  return { nodes, sceneNodes, tmdOf, binds, world, tmdParentOf };
}

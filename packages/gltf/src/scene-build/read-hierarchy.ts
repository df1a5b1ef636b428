/*
 * Node children and scene roots as glTF-Transform's Document had them (the scene must come out the same):
 * nodes take their children in node order, then scenes their nodes in scene order, and
 * - a node has at most one parent: taking a child (node or scene) takes it away from the node that had it;
 * - a list holds a node once: naming it again moves it to the end;
 * - a node may stay in several scenes, and be its own child (validateScene then refuses the cycle).
 * Every child and scene node must be a node of the file.
 */
import type { GLTF } from '@gltf-transform/core';
import { listOf, requiredRef } from './json-refs.js';

export interface Hierarchy {
  children: number[][];
  sceneRoots: number[][];
}

/** Adds `item` at the end of an ordered set, moving it there when it is in already (a JS Set keeps order). */
function addLast(set: Set<number>, item: number): void {
  set.delete(item);
  set.add(item);
}

export function readHierarchy(json: GLTF.IGLTF): Hierarchy {
  const nodeDefs = json.nodes ?? [];
  const count = nodeDefs.length;
  const children = nodeDefs.map(() => new Set<number>());
  const parent = new Int32Array(count).fill(-1);
  nodeDefs.forEach((def, i) => {
    for (const value of listOf(def.children, `nodes[${i}].children`)) {
      const child = requiredRef(count, value, `nodes[${i}].children`);
      const from = parent[child]!;
      if (from >= 0) children[from]!.delete(child);
      addLast(children[i]!, child);
      parent[child] = i;
    }
  });
  const sceneRoots = (json.scenes ?? []).map((def, s) => {
    const roots = new Set<number>();
    for (const value of listOf(def.nodes, `scenes[${s}].nodes`)) {
      const node = requiredRef(count, value, `scenes[${s}].nodes`);
      const from = parent[node]!;
      if (from >= 0) children[from]!.delete(node);
      parent[node] = -1;
      addLast(roots, node);
    }
    return [...roots];
  });
  return { children: children.map((set) => [...set]), sceneRoots };
}

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

function moveToEnd(list: number[], item: number): void {
  const at = list.indexOf(item);
  if (at >= 0) list.splice(at, 1);
  list.push(item);
}

export function readHierarchy(json: GLTF.IGLTF): Hierarchy {
  const nodeDefs = json.nodes ?? [];
  const count = nodeDefs.length;
  const children: number[][] = nodeDefs.map(() => []);
  const parent = new Int32Array(count).fill(-1);
  nodeDefs.forEach((def, i) => {
    for (const value of listOf(def.children, `nodes[${i}].children`)) {
      const child = requiredRef(count, value, `nodes[${i}].children`);
      const from = parent[child]!;
      if (from === i) moveToEnd(children[i]!, child);
      else {
        if (from >= 0) children[from]!.splice(children[from]!.indexOf(child), 1);
        children[i]!.push(child);
        parent[child] = i;
      }
    }
  });
  const sceneRoots = (json.scenes ?? []).map((def, s) => {
    const roots: number[] = [];
    const inRoots = new Set<number>();
    for (const value of listOf(def.nodes, `scenes[${s}].nodes`)) {
      const node = requiredRef(count, value, `scenes[${s}].nodes`);
      const from = parent[node]!;
      if (from >= 0) {
        children[from]!.splice(children[from]!.indexOf(node), 1);
        parent[node] = -1;
      }
      if (inRoots.has(node)) moveToEnd(roots, node);
      else {
        roots.push(node);
        inRoots.add(node);
      }
    }
    return roots;
  });
  return { children, sceneRoots };
}

import { describe, expect, it } from 'vitest';
import {
  createScene,
  mat4Compose,
  mat4Identity,
  mat4Multiply,
  parentIndices,
  quatFromEuler,
  type Scene,
  worldMatrices,
  worldMatrixOf,
} from '../src/index.js';

/** A random forest of `count` nodes (parent always an earlier node or none), some with parts of TRS missing. */
function randomHierarchy(count: number, seed: number): Scene {
  let s = seed;
  const rand = () => {
    s = (s * 1103515245 + 12345) % 2 ** 31;
    return s / 2 ** 31;
  };
  const scene = createScene();
  for (let i = 0; i < count; i++) {
    scene.nodes.push({
      children: [],
      ...(rand() < 0.8 ? { translation: [rand() * 4 - 2, rand() * 4 - 2, rand() * 4 - 2] } : {}),
      ...(rand() < 0.8 ? { rotation: quatFromEuler(rand() * 6, rand() * 6, rand() * 6) } : {}),
      ...(rand() < 0.5 ? { scale: [0.5 + rand(), 0.5 + rand(), 0.5 + rand()] } : {}),
    });
    const parent = i === 0 || rand() < 0.2 ? -1 : Math.floor(rand() * i);
    if (parent === -1) scene.roots.push(i);
    else scene.nodes[parent]!.children.push(i);
  }
  return scene;
}

describe('worldMatrixOf', () => {
  it('gives each node the product of its ancestors’ TRS matrices, in any order of asking', () => {
    const scene = randomHierarchy(300, 7);
    const world = worldMatrixOf(scene);
    const parents = parentIndices(scene);
    // Independent of both implementations: multiply up the chain by hand.
    const byHand = (n: number) => {
      let m = mat4Compose(scene.nodes[n]!.translation, scene.nodes[n]!.rotation, scene.nodes[n]!.scale);
      for (let p = parents[n]!; p >= 0; p = parents[p]!)
        m = mat4Multiply(mat4Compose(scene.nodes[p]!.translation, scene.nodes[p]!.rotation, scene.nodes[p]!.scale), m);
      return m;
    };
    const order = [...scene.nodes.keys()].reverse(); // leaves first: memoised ancestors are reused later
    const got = new Map(order.map((n) => [n, Array.from(world(n))]));
    for (const n of scene.nodes.keys()) {
      const want = byHand(n);
      for (const [k, v] of got.get(n)!.entries()) expect(Math.abs(v - want[k]!)).toBeLessThan(1e-9);
    }
    const all = worldMatrices(scene);
    for (const n of scene.nodes.keys()) expect(got.get(n)).toEqual(Array.from(all[n]!));
  });

  it('gives nodes caught in a parent cycle the identity, as worldMatrices does', () => {
    const scene = createScene();
    scene.nodes.push({ children: [1], translation: [1, 0, 0] }, { children: [0], translation: [0, 1, 0] });
    const world = worldMatrixOf(scene);
    const identity = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1];
    expect(Array.from(world(0))).toEqual(identity);
    expect(Array.from(world(1))).toEqual(identity);
    expect(worldMatrices(scene).map((m) => Array.from(m))).toEqual([identity, identity]);
  });
});

describe('worldMatrices', () => {
  it('gives each node its parent’s world matrix times its TRS matrix, a root the identity times it, bit for bit', () => {
    const scene = randomHierarchy(200, 11);
    // A root whose translation holds -0: the identity times its matrix makes that entry +0.
    scene.nodes.push({ children: [], translation: [-0, 2, -0], scale: [1, -0, 1] });
    scene.roots.push(scene.nodes.length - 1);
    const parents = parentIndices(scene);
    const all = worldMatrices(scene);
    // The definition, node by node from the roots down (parents are earlier nodes, or none).
    const want: Float64Array[] = [];
    for (const [n, node] of scene.nodes.entries()) {
      const p = parents[n]!;
      want[n] = mat4Multiply(
        p >= 0 ? want[p]! : mat4Identity(),
        mat4Compose(node.translation, node.rotation, node.scale),
      );
    }
    for (const n of scene.nodes.keys())
      for (let k = 0; k < 16; k++) expect(Object.is(all[n]![k], want[n]![k]), `node ${n} entry ${k}`).toBe(true);
    expect(Object.is(all[scene.nodes.length - 1]![12], 0)).toBe(true);
    // Every node has an array of its own.
    expect(new Set(all).size).toBe(all.length);
  });
});

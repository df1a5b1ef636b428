/*
 * Comparing scenes independently of how they were made: the triangles every mesh node draws in the bind pose
 * (world space, skins applied with the scene's own skinPositions), matched as sets of triangles (same winding:
 * cyclic rotations of one triangle match, mirror images do not) within a tolerance; world matrices of named
 * nodes.
 */
import {
  type Mat4,
  mat4TransformPointTo,
  type Scene,
  skinPositions,
  triangleIndices,
  worldMatrices,
} from '@retromodel/scene';

/** Nodes reachable from the roots, depth first. */
export function reachable(scene: Scene): number[] {
  const out: number[] = [];
  const stack = [...scene.roots].reverse();
  while (stack.length > 0) {
    const n = stack.pop()!;
    out.push(n);
    stack.push(...[...scene.nodes[n]!.children].reverse());
  }
  return out;
}

/**
 * Every drawn triangle, 9 numbers each (three world-space corners); triangles that draw nothing (a repeated
 * index or two corners at the same place) are left out.
 */
export function worldTriangles(scene: Scene): Float64Array {
  const world = worldMatrices(scene);
  const out: number[] = [];
  for (const n of reachable(scene)) {
    const node = scene.nodes[n]!;
    if (node.mesh === undefined) continue;
    for (const p of scene.meshes[node.mesh]!.primitives) {
      if (p.mode !== 'TRIANGLES' && p.mode !== 'TRIANGLE_STRIP' && p.mode !== 'TRIANGLE_FAN') continue;
      let pos: ArrayLike<number>;
      if (node.skin !== undefined && p.attributes.JOINTS_0) pos = skinPositions(scene, node.skin, p);
      else {
        const a = p.attributes.POSITION.array;
        const m = world[n]!;
        const moved = new Float64Array(a.length);
        for (let v = 0; v < a.length / 3; v++) mat4TransformPointTo(m, a, v * 3, moved, v * 3);
        pos = moved;
      }
      const t = triangleIndices(p);
      for (let k = 0; k + 2 < t.length; k += 3) {
        const [a, b, c] = [t[k]!, t[k + 1]!, t[k + 2]!];
        const same = (u: number, v: number) =>
          pos[u * 3] === pos[v * 3] && pos[u * 3 + 1] === pos[v * 3 + 1] && pos[u * 3 + 2] === pos[v * 3 + 2];
        if (same(a, b) || same(b, c) || same(a, c)) continue;
        for (const v of [a, b, c]) out.push(pos[v * 3]!, pos[v * 3 + 1]!, pos[v * 3 + 2]!);
      }
    }
  }
  return Float64Array.from(out);
}

/** Largest corner distance (per coordinate) between triangle i of `a` and triangle j of `b` at the best rotation. */
function triangleDistance(a: Float64Array, i: number, b: Float64Array, j: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 3; r++) {
    let d = 0;
    for (let c = 0; c < 3; c++)
      for (let k = 0; k < 3; k++) d = Math.max(d, Math.abs(a[i * 9 + c * 3 + k]! - b[j * 9 + ((c + r) % 3) * 3 + k]!));
    best = Math.min(best, d);
  }
  return best;
}

/**
 * Matches the triangles of `a` with those of `b` one to one within `tolerance` (per coordinate). Returns how many
 * of each side found no partner, and the largest distance of a matched pair.
 */
export function matchTriangles(
  a: Float64Array,
  b: Float64Array,
  tolerance: number,
): { unmatchedA: number; unmatchedB: number; maxError: number } {
  const cell = Math.max(tolerance * 4, 1e-9);
  const cellOf = (t: Float64Array, i: number) =>
    [0, 1, 2].map((k) => Math.floor((t[i * 9 + k]! + t[i * 9 + 3 + k]! + t[i * 9 + 6 + k]!) / 3 / cell));
  const grid = new Map<string, number[]>();
  for (let j = 0; j < b.length / 9; j++) {
    const key = cellOf(b, j).join(',');
    const list = grid.get(key);
    if (list) list.push(j);
    else grid.set(key, [j]);
  }
  const used = new Uint8Array(b.length / 9);
  let unmatchedA = 0;
  let maxError = 0;
  for (let i = 0; i < a.length / 9; i++) {
    const [x, y, z] = cellOf(a, i) as [number, number, number];
    let found = -1;
    let error = 0;
    for (let dx = -1; dx <= 1 && found < 0; dx++)
      for (let dy = -1; dy <= 1 && found < 0; dy++)
        for (let dz = -1; dz <= 1 && found < 0; dz++) {
          for (const j of grid.get(`${x + dx},${y + dy},${z + dz}`) ?? []) {
            if (used[j]) continue;
            const d = triangleDistance(a, i, b, j);
            if (d <= tolerance) {
              found = j;
              error = d;
              break;
            }
          }
        }
    if (found < 0) unmatchedA++;
    else {
      used[found] = 1;
      maxError = Math.max(maxError, error);
    }
  }
  return { unmatchedA, unmatchedB: used.length - used.reduce((n, u) => n + u, 0), maxError };
}

/** Largest absolute coordinate of any triangle corner. */
export function extent(triangles: Float64Array): number {
  return triangles.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
}

/** World matrix of every reachable node with a name no other reachable node has. */
export function namedWorlds(scene: Scene): Map<string, Mat4> {
  const world = worldMatrices(scene);
  const count = new Map<string, number>();
  const nodes = reachable(scene);
  for (const n of nodes) {
    const name = scene.nodes[n]!.name;
    if (name) count.set(name, (count.get(name) ?? 0) + 1);
  }
  const out = new Map<string, Mat4>();
  for (const n of nodes) {
    const name = scene.nodes[n]!.name;
    if (name && count.get(name) === 1) out.set(name, world[n]!);
  }
  return out;
}

/**
 * Largest element difference of two affine matrices, the elements of each of the first three columns measured
 * against that column's length in `b` when it is over 1 (a joint's scale multiplies the error its rotation may
 * have: J3D stores rotations on an s16 grid, π/32768 a step).
 */
export function matrixDifference(a: ArrayLike<number>, b: ArrayLike<number>): number {
  let d = 0;
  for (let c = 0; c < 4; c++) {
    const scale = c < 3 ? Math.max(1, Math.hypot(b[c * 4]!, b[c * 4 + 1]!, b[c * 4 + 2]!)) : 1;
    for (let r = 0; r < 4; r++) d = Math.max(d, Math.abs(a[c * 4 + r]! - b[c * 4 + r]!) / scale);
  }
  return d;
}

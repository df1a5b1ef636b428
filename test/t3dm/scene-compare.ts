/*
 * Helpers to compare two scenes the way the T3DM tests need: triangles per material name in model space
 * quantised to a grid (node transforms applied, skinned meshes in their bind pose as tiny3d stores them),
 * skeleton names and parents, and animation sampling.
 */
import {
  type AnimationSampler,
  mat4TransformPoint,
  type Quat,
  quatSlerp,
  type Scene,
  triangleIndices,
  worldMatrices,
} from '@retromodel/scene';

/** Triangle keys per material name: 9 integers (positions × scale, rounded) with the winding kept. */
export function trianglesByMaterial(
  scene: Scene,
  scale: number,
  skip: (nodeName: string | undefined) => boolean = () => false,
): Map<string, number[][]> {
  const world = worldMatrices(scene);
  const out = new Map<string, number[][]>();
  scene.nodes.forEach((node, n) => {
    if (node.mesh === undefined || skip(node.name)) return;
    for (const prim of scene.meshes[node.mesh]!.primitives) {
      if (prim.mode !== 'TRIANGLES' && prim.mode !== 'TRIANGLE_STRIP' && prim.mode !== 'TRIANGLE_FAN') continue;
      const material = prim.material === undefined ? undefined : scene.materials[prim.material]?.name;
      if (!material) continue;
      const pos = prim.attributes.POSITION.array;
      const tris = triangleIndices(prim);
      const list = out.get(material) ?? [];
      for (let t = 0; t < tris.length; t += 3) {
        const corners = [tris[t]!, tris[t + 1]!, tris[t + 2]!].map((i) =>
          mat4TransformPoint(world[n]!, [pos[i * 3]!, pos[i * 3 + 1]!, pos[i * 3 + 2]!]).map((v) =>
            Math.round(v * scale),
          ),
        );
        list.push(canonical(corners));
      }
      out.set(material, list);
    }
  });
  return out;
}

/** Rotates the corners so the lexicographically smallest comes first (winding kept), flattened. */
function canonical(c: number[][]): number[] {
  const less = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
  let k = 0;
  for (let i = 1; i < 3; i++) if (less(c[i]!, c[k]!) < 0) k = i;
  return [...c[k]!, ...c[(k + 1) % 3]!, ...c[(k + 2) % 3]!];
}

/**
 * Matches triangles of `a` against `b` allowing `tolerance` grid steps per coordinate (closest partner first,
 * triangles bucketed by centroid). Returns how many of `a` found no partner.
 */
export function unmatchedTriangles(a: number[][], b: number[][], tolerance: number): number {
  const size = Math.max(8, tolerance * 4);
  const cellOf = (t: number[]) => [0, 1, 2].map((i) => Math.floor((t[i]! + t[i + 3]! + t[i + 6]!) / 3 / size));
  const pool = new Map<string, number[][]>();
  for (const t of b) {
    const k = cellOf(t).join(',');
    const list = pool.get(k) ?? [];
    list.push(t);
    pool.set(k, list);
  }
  let missing = 0;
  for (const t of a) {
    const [x, y, z] = cellOf(t) as [number, number, number];
    let best: { list: number[][]; i: number; d: number } | undefined;
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++) {
          const list = pool.get(`${x + dx},${y + dy},${z + dz}`);
          list?.forEach((u, i) => {
            const d = distance(t, u);
            if (d <= tolerance && (!best || d < best.d)) best = { list, i, d };
          });
        }
    if (best) best.list.splice(best.i, 1);
    else missing++;
  }
  return missing;
}

/** Largest coordinate difference between two triangles over the three rotations of `b` (winding kept). */
function distance(a: number[], b: number[]): number {
  let best = Number.POSITIVE_INFINITY;
  for (let r = 0; r < 3; r++) {
    let d = 0;
    for (let i = 0; i < 9; i++) d = Math.max(d, Math.abs(a[i]! - b[(i + r * 3) % 9]!));
    best = Math.min(best, d);
  }
  return best;
}

/** Samples a LINEAR/STEP sampler at time t (components per key = output / input length). */
export function sampleAt(sampler: AnimationSampler, t: number, rotation: boolean): number[] {
  const { input, output } = sampler;
  const n = output.length / input.length;
  const at = (k: number) => Array.from(output.subarray(k * n, k * n + n));
  if (t <= input[0]!) return at(0);
  const last = input.length - 1;
  if (t >= input[last]!) return at(last);
  let k = 0;
  while (input[k + 1]! < t) k++;
  if (sampler.interpolation === 'STEP') return at(k);
  const f = (t - input[k]!) / (input[k + 1]! - input[k]!);
  if (rotation) return quatSlerp(at(k) as Quat, at(k + 1) as Quat, f);
  return at(k).map((v, i) => v + (at(k + 1)[i]! - v) * f);
}

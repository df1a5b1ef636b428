/*
 * Helpers to compare two scenes the way the T3DM tests need: triangles per material name in model space
 * quantised to a grid (node transforms applied, skinned meshes in their bind pose as tiny3d stores them),
 * skeleton names and parents, animation sampling, and where a T3DM's rest pose draws its vertices.
 */
import {
  type AnimationSampler,
  mat4Compose,
  mat4Invert,
  mat4Multiply,
  mat4TransformDirection,
  mat4TransformPoint,
  type Quat,
  quatSlerp,
  type Scene,
  triangleIndices,
  worldMatrices,
} from '@retromodel/scene';
import type { N64MaterialExtras, T3dmFile } from '@retromodel/t3dm';

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
 * Pairs triangles of `a` with triangles of `b` that differ by at most `tolerance` grid steps per coordinate
 * (triangles bucketed by centroid), as many as can be paired: a maximum bipartite matching (closest partners
 * tried first, then augmenting paths), so near-duplicate triangles cannot steal each other's partners as a
 * greedy pass would let them. Returns how many of `a` found no partner.
 */
export function unmatchedTriangles(a: number[][], b: number[][], tolerance: number): number {
  const size = Math.max(8, tolerance * 4);
  const cellOf = (t: number[]) => [0, 1, 2].map((i) => Math.floor((t[i]! + t[i + 3]! + t[i + 6]!) / 3 / size));
  const pool = new Map<string, number[]>();
  b.forEach((t, j) => {
    const k = cellOf(t).join(',');
    const list = pool.get(k) ?? [];
    list.push(j);
    pool.set(k, list);
  });
  // Each triangle of `a`: the triangles of `b` within tolerance, closest first.
  const partners = a.map((t) => {
    const [x, y, z] = cellOf(t) as [number, number, number];
    const found: { j: number; d: number }[] = [];
    for (let dx = -1; dx <= 1; dx++)
      for (let dy = -1; dy <= 1; dy++)
        for (let dz = -1; dz <= 1; dz++)
          for (const j of pool.get(`${x + dx},${y + dy},${z + dz}`) ?? []) {
            const d = distance(t, b[j]!);
            if (d <= tolerance) found.push({ j, d });
          }
    return found.sort((p, q) => p.d - q.d).map((p) => p.j);
  });
  const ofB = new Int32Array(b.length).fill(-1);
  const ofA = new Int32Array(a.length).fill(-1);
  for (let i = 0; i < a.length; i++) {
    const j = partners[i]!.find((j) => ofB[j] === -1);
    if (j !== undefined) {
      ofA[i] = j;
      ofB[j] = i;
    }
  }
  // Augmenting paths from each unpaired triangle of `a` (depth-first, with an explicit stack).
  const seen = new Int32Array(b.length).fill(-1);
  for (let root = 0; root < a.length; root++) {
    if (ofA[root] !== -1) continue;
    const stack = [{ i: root, next: 0 }];
    const path: number[] = [];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const list = partners[top.i]!;
      if (top.next >= list.length) {
        stack.pop();
        path.pop();
        continue;
      }
      const j = list[top.next++]!;
      if (seen[j] === root) continue;
      seen[j] = root;
      path.push(j);
      if (ofB[j] === -1) {
        // Flip the path: each triangle of `a` on the stack takes the `b` triangle after it.
        for (let k = 0; k < stack.length; k++) {
          const i = stack[k]!.i;
          const partner = path[k]!;
          ofA[i] = partner;
          ofB[partner] = i;
        }
        break;
      }
      stack.push({ i: ofB[j]!, next: 0 });
    }
  }
  let missing = 0;
  for (let i = 0; i < a.length; i++) if (ofA[i] === -1) missing++;
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

/** Per-vertex attributes in model space, keyed by the vertex position on the grid. */
export interface VertexSample {
  uv?: [number, number];
  normal?: [number, number, number];
  /** RGBA, linear. */
  color?: [number, number, number, number];
}

/**
 * Vertex attributes of every triangle-drawn vertex, in model space (positions by node world matrix, normals by
 * `normalMatrix(world)` then normalised), grouped by grid position.
 */
export function verticesByPosition(
  scene: Scene,
  scale: number,
  normalMatrix: (world: ArrayLike<number>) => ArrayLike<number>,
  skip: (nodeName: string | undefined) => boolean = () => false,
): Map<string, VertexSample[]> {
  const world = worldMatrices(scene);
  const out = new Map<string, VertexSample[]>();
  scene.nodes.forEach((node, n) => {
    if (node.mesh === undefined || skip(node.name)) return;
    const nm = normalMatrix(world[n]!);
    for (const prim of scene.meshes[node.mesh]!.primitives) {
      const pos = prim.attributes.POSITION.array;
      const normal = prim.attributes.NORMAL?.array;
      const uv = prim.attributes.TEXCOORD_0;
      const color = prim.attributes.COLOR_0;
      const norm = (a: ArrayLike<number>, i: number, normalized: boolean | undefined) => {
        const v = a[i]!;
        if (!normalized) return v;
        return a instanceof Uint8Array ? v / 255 : a instanceof Uint16Array ? v / 65535 : v;
      };
      for (let v = 0; v < pos.length / 3; v++) {
        const p = mat4TransformPoint(world[n]!, [pos[v * 3]!, pos[v * 3 + 1]!, pos[v * 3 + 2]!]).map((x) =>
          Math.round(x * scale),
        );
        const sample: VertexSample = {};
        if (uv) sample.uv = [norm(uv.array, v * 2, uv.normalized), norm(uv.array, v * 2 + 1, uv.normalized)];
        if (normal) {
          const d = mat4TransformDirection(nm, [normal[v * 3]!, normal[v * 3 + 1]!, normal[v * 3 + 2]!]);
          const len = Math.hypot(d[0], d[1], d[2]) || 1;
          sample.normal = [d[0] / len, d[1] / len, d[2] / len];
        }
        if (color) {
          const k = color.itemSize;
          sample.color = [0, 1, 2, 3].map((c) => (c < k ? norm(color.array, v * k + c, color.normalized) : 1)) as [
            number,
            number,
            number,
            number,
          ];
        }
        const key = p.join(',');
        const list = out.get(key) ?? [];
        list.push(sample);
        out.set(key, list);
      }
    }
  });
  return out;
}

/** Transpose of the inverse of the upper 3×3 (the correct normal matrix). */
export function inverseTranspose(m: ArrayLike<number>): ArrayLike<number> {
  const inv = mat4Invert(m);
  if (!inv) return m;
  const t = new Float64Array(16);
  for (let r = 0; r < 4; r++) for (let c = 0; c < 4; c++) t[c * 4 + r] = inv[r * 4 + c]!;
  return t;
}

/** What one decoded vertex may differ from its source by. */
export interface AttributeTolerance {
  /** Texture size the UVs were quantised against (S10.5 texels). */
  texSize: [number, number];
  /** Minimum dot product between normals. */
  normalDot: number;
}

/** Tolerances for a decoded T3DM scene: UVs against texture A's size (32 when unknown), 5.6.5 normals (5.7°). */
export function t3dmTolerance(scene: Scene): (material: number | undefined) => AttributeTolerance {
  return (m) => {
    const n64 = (m === undefined ? undefined : scene.materials[m]?.extras?.n64) as N64MaterialExtras | undefined;
    return { texSize: [n64?.textureA.width || 32, n64?.textureA.height || 32], normalDot: 0.995 };
  };
}

/**
 * Counts the vertices of `decoded` that have no source vertex within `radius` grid steps whose UV (one S10.5
 * step), normal and gamma-encoded colour (one 8-bit step) match. UVs beyond the s16 range of S10.5 are not
 * compared (tiny3d's converter wraps them, retromodel clips them).
 */
export function unmatchedVertices(
  decoded: Scene,
  source: Map<string, VertexSample[]>,
  scale: number,
  radius: number,
  tolerance: (material: number | undefined) => AttributeTolerance,
): number {
  let bad = 0;
  const dec = (c: number) => Math.max(0, c) ** 0.4545;
  decoded.meshes.forEach((mesh) => {
    for (const prim of mesh.primitives) {
      const tol = tolerance(prim.material);
      const pos = prim.attributes.POSITION.array;
      const uv = prim.attributes.TEXCOORD_0?.array;
      const normal = prim.attributes.NORMAL?.array;
      const color = prim.attributes.COLOR_0?.array;
      for (let v = 0; v < pos.length / 3; v++) {
        const at = [0, 1, 2].map((a) => Math.round(pos[v * 3 + a]! * scale));
        const candidates: VertexSample[] = [];
        for (let dx = -radius; dx <= radius; dx++)
          for (let dy = -radius; dy <= radius; dy++)
            for (let dz = -radius; dz <= radius; dz++)
              candidates.push(...(source.get(`${at[0]! + dx},${at[1]! + dy},${at[2]! + dz}`) ?? []));
        const ok = candidates.some((s) => {
          if (uv && s.uv) {
            for (let a = 0; a < 2; a++) {
              const texels = s.uv[a]! * tol.texSize[a]! * 32;
              if (Math.abs(texels) < 32000 && Math.abs(uv[v * 2 + a]! - s.uv[a]!) > 1 / (32 * tol.texSize[a]!) + 1e-6)
                return false;
            }
          }
          if (normal && s.normal) {
            const dot =
              normal[v * 3]! * s.normal[0] + normal[v * 3 + 1]! * s.normal[1] + normal[v * 3 + 2]! * s.normal[2];
            if (dot < tol.normalDot) return false;
          }
          const c = s.color ?? [1, 1, 1, 1];
          if (color || s.color) {
            for (let k = 0; k < 4; k++) {
              const got = color ? color[v * 4 + k]! : 1;
              const diff = k < 3 ? Math.abs(dec(got) - dec(c[k]!)) : Math.abs(got - c[k]!);
              if (diff > 1 / 255 + 1e-4) return false;
            }
          }
          return true;
        });
        if (!ok) bad++;
      }
    }
  });
  return bad;
}

/**
 * How many vertex loads put a vertex outside the header's box where the runtime draws it in the rest pose: as
 * stored without a bone, else through the bone's model matrix (S chunk TRS down the parent chain).
 */
export function outsideHeaderBox(file: T3dmFile): number {
  const bones = file.chunks.find((c) => c.kind === 'skeleton')?.bones ?? [];
  const model: Float64Array[] = [];
  for (const b of bones) {
    const local = mat4Compose(b.position, b.rotation, b.scale);
    model.push(b.parentIdx === 0xffff ? local : mat4Multiply(model[b.parentIdx]!, local));
  }
  const v = file.chunks[file.header.chunkIdxVertices];
  if (v?.kind !== 'vertices') return -1;
  const { aabbMin, aabbMax } = file.header;
  let outside = 0;
  for (const o of file.chunks) {
    if (o.kind !== 'object') continue;
    for (const p of o.parts) {
      for (let k = 0; k < p.vertLoadCount; k++) {
        const at = (p.vert / 16 + k) * 3;
        const stored = [v.position[at]!, v.position[at + 1]!, v.position[at + 2]!];
        const drawn = p.matrixIdx === 0xffff ? stored : mat4TransformPoint(model[p.matrixIdx]!, stored);
        // Float32 bone values read back: half a unit of slack.
        if (drawn.some((c, a) => c < aabbMin[a]! - 0.5 || c > aabbMax[a]! + 0.5)) outside++;
      }
    }
  }
  return outside;
}

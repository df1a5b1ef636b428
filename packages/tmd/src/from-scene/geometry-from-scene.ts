/*
 * The triangles a TMD LOD level draws, from a scene (the mirror of build-level-mesh.ts): every mesh node of the
 * level, its primitives as triangles (strips and fans unrolled), grouped by material, one TMD mesh each.
 * Vertices are model (bind) space, Z-up: a skinned primitive's positions as they are (glTF skins ignore the mesh
 * node's transform), a rigid one's through its node's world transform, bound whole to that node. Normals follow
 * (the inverse transpose for rigid ones) and are normalised. V is stored negated: v_file = v_gltf − 1. A vertex
 * keeps its 4 heaviest influences of any JOINTS_n/WEIGHTS_n set (the format holds 4), renormalised and stored
 * as bytes summing to 255 (largest remainders), heaviest first as both community writers store them.
 */
import {
  attributeComponent,
  type Diagnostic,
  mat4Invert,
  mat4TransformDirection,
  mat4TransformPoint,
  type Primitive,
  type Scene,
  triangleIndices,
} from '@retromodel/scene';
import type { SkeletonPlan } from './skeleton-from-scene.js';
import { toZUp, Y_UP_TO_Z_UP } from './z-up.js';

/** The triangles of one material in one level, over de-duplicated vertices. */
export interface MaterialTriangles {
  /** Scene material index, −1 for none. */
  material: number;
  /** xyz per vertex (model space, Z-up). */
  positions: number[];
  normals: number[];
  /** u, v per vertex as stored (V negated). */
  uvs: number[];
  /** 4 weight bytes per vertex (sum 255; unused 0). */
  weights: number[];
  /** 4 TMD node ids per vertex (−1 unused). */
  joints: number[];
  /** Index triples. */
  triangles: number[];
}

interface Tally {
  skippedModes: number;
  droppedInfluences: number;
  unweighted: number;
}

/** Up to 4 (node, weight) pairs, heaviest first, as bytes summing to 255. */
function quantiseWeights(pairs: Map<number, number>, joints: number[], weights: number[], tally: Tally): void {
  const sorted = [...pairs].filter(([, w]) => w > 0).sort((a, b) => b[1] - a[1] || a[0] - b[0]);
  if (sorted.length > 4) tally.droppedInfluences++;
  const kept = sorted.slice(0, 4);
  const sum = kept.reduce((s, [, w]) => s + w, 0);
  const scaled = kept.map(([, w]) => (w / sum) * 255);
  const bytes = scaled.map(Math.floor);
  let left = 255 - bytes.reduce((s, b) => s + b, 0);
  const order = scaled.map((v, i) => [v - bytes[i]!, i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  for (const [, i] of order) {
    if (left <= 0) break;
    bytes[i]!++;
    left--;
  }
  for (let k = 0; k < 4; k++) {
    joints.push(k < kept.length && bytes[k]! > 0 ? kept[k]![0] : -1);
    weights.push(k < kept.length ? bytes[k]! : 0);
  }
}

function influenceSets(
  p: Primitive,
): [NonNullable<Primitive['attributes']['JOINTS_0']>, NonNullable<Primitive['attributes']['WEIGHTS_0']>][] {
  const sets: [NonNullable<Primitive['attributes']['JOINTS_0']>, NonNullable<Primitive['attributes']['WEIGHTS_0']>][] =
    [];
  for (let s = 0; ; s++) {
    const j = p.attributes[`JOINTS_${s}`];
    const w = p.attributes[`WEIGHTS_${s}`];
    if (!j || !w) return sets;
    sets.push([j, w]);
  }
}

/** Collects the triangles of the given mesh nodes by material. */
export function geometryFromScene(
  scene: Scene,
  meshNodes: number[],
  skeleton: SkeletonPlan,
  diagnostics: Diagnostic[],
  where: string,
): MaterialTriangles[] {
  const byMaterial = new Map<number, MaterialTriangles & { index: Map<string, number> }>();
  const tally: Tally = { skippedModes: 0, droppedInfluences: 0, unweighted: 0 };
  for (const n of meshNodes) {
    const node = scene.nodes[n]!;
    const mesh = scene.meshes[node.mesh!];
    if (!mesh) continue;
    const skin = node.skin === undefined ? undefined : scene.skins[node.skin];
    const rigid = toZUp(skeleton.world[n]!);
    const normalMatrix = mat4Invert(rigid);
    const rigidNode = skeleton.tmdOf[n]!;
    for (const p of mesh.primitives) {
      if (p.mode === 'POINTS' || p.mode === 'LINES' || p.mode === 'LINE_LOOP' || p.mode === 'LINE_STRIP') {
        tally.skippedModes++;
        continue;
      }
      const sets = skin ? influenceSets(p) : [];
      const skinned = skin !== undefined && sets.length > 0;
      const toModel = skinned ? Y_UP_TO_Z_UP : rigid;
      const key = p.material ?? -1;
      let group = byMaterial.get(key);
      if (!group) {
        group = {
          material: key,
          positions: [],
          normals: [],
          uvs: [],
          weights: [],
          joints: [],
          triangles: [],
          index: new Map(),
        };
        byMaterial.set(key, group);
      }
      const pos = p.attributes.POSITION;
      const nrm = p.attributes.NORMAL;
      const uv = p.attributes.TEXCOORD_0;
      const count = pos.array.length / 3;
      const local = new Int32Array(count).fill(-1);
      const vertexOf = (v: number): number => {
        if (local[v]! >= 0) return local[v]!;
        const position = mat4TransformPoint(toModel, [
          attributeComponent(pos, v * 3),
          attributeComponent(pos, v * 3 + 1),
          attributeComponent(pos, v * 3 + 2),
        ]);
        let normal = nrm
          ? [attributeComponent(nrm, v * 3), attributeComponent(nrm, v * 3 + 1), attributeComponent(nrm, v * 3 + 2)]
          : [0, 0, 1];
        if (nrm) {
          // Normals go through the inverse transpose: n' = (M⁻¹)ᵀ n.
          const m = skinned ? null : normalMatrix;
          normal = m
            ? [
                m[0]! * normal[0]! + m[1]! * normal[1]! + m[2]! * normal[2]!,
                m[4]! * normal[0]! + m[5]! * normal[1]! + m[6]! * normal[2]!,
                m[8]! * normal[0]! + m[9]! * normal[1]! + m[10]! * normal[2]!,
              ]
            : mat4TransformDirection(Y_UP_TO_Z_UP, normal);
        }
        const length = Math.hypot(normal[0]!, normal[1]!, normal[2]!) || 1;
        const u = uv ? attributeComponent(uv, v * 2) : 0;
        const vv = uv ? attributeComponent(uv, v * 2 + 1) - 1 : 0;
        const joints: number[] = [];
        const weights: number[] = [];
        if (skinned) {
          const pairs = new Map<number, number>();
          for (const [j, w] of sets) {
            for (let k = 0; k < 4; k++) {
              const weight = attributeComponent(w, v * 4 + k);
              const joint = skin.joints[attributeComponent(j, v * 4 + k)];
              const tmd = joint === undefined ? -1 : skeleton.tmdOf[joint]!;
              if (weight > 0 && tmd >= 0) pairs.set(tmd, (pairs.get(tmd) ?? 0) + weight);
            }
          }
          if (pairs.size === 0) {
            tally.unweighted++;
            pairs.set(Math.max(0, skeleton.tmdOf[skin.joints[0] ?? -1] ?? 0), 1);
          }
          quantiseWeights(pairs, joints, weights, tally);
        } else {
          joints.push(rigidNode, -1, -1, -1);
          weights.push(255, 0, 0, 0);
        }
        const record = [...position.map(Math.fround), ...normal.map((c) => Math.fround(c / length)), u, vv].map(
          Math.fround,
        );
        const id = `${record.join(',')}|${joints.join(',')}|${weights.join(',')}`;
        let at = group.index.get(id);
        if (at === undefined) {
          at = group.positions.length / 3;
          group.index.set(id, at);
          group.positions.push(...record.slice(0, 3));
          group.normals.push(...record.slice(3, 6));
          group.uvs.push(record[6]!, record[7]!);
          group.joints.push(...joints);
          group.weights.push(...weights);
        }
        local[v] = at;
        return at;
      };
      const tris = triangleIndices(p);
      for (let t = 0; t + 2 < tris.length; t += 3) {
        const a = vertexOf(tris[t]!);
        const b = vertexOf(tris[t + 1]!);
        const c = vertexOf(tris[t + 2]!);
        if (a !== b && b !== c && a !== c) group.triangles.push(a, b, c);
      }
    }
  }
  const report = (count: number, code: string, message: string) => {
    if (count > 0) diagnostics.push({ code, message: `${where}: ${count} ${message}`, severity: 'warning' });
  };
  report(
    tally.skippedModes,
    'tmd/not-triangles',
    'primitive(s) of points or lines have no place in a TMD and were left out',
  );
  report(
    tally.droppedInfluences,
    'tmd/influences',
    'vertex(es) have more than 4 joint influences; the 4 heaviest were kept and renormalised',
  );
  report(tally.unweighted, 'tmd/unweighted', "vertex(es) have no weight; they were bound to their skin's first joint");
  return [...byMaterial.values()].map(({ index: _index, ...rest }) => rest);
}

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
  type Primitive,
  type Scene,
  triangleIndices,
} from '@retromodel/scene';
import type { SkeletonPlan } from './skeleton-from-scene.js';
import { RECORD_WORDS, VertexRecords } from './vertex-records.js';
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

// One vertex as its record's bytes (8 f32: position, normal, uv; 4 i32 joints; 4 u8 weights), whose words find
// an equal vertex already stored (vertex-records.ts).
const record = new ArrayBuffer(RECORD_WORDS * 4);
const recordF32 = new Float32Array(record, 0, 8);
const recordJoints = new Int32Array(record, 32, 4);
const recordWeights = new Uint8Array(record, 48, 4);
const recordWords = new Int32Array(record);
// Influences of one vertex being gathered: node and summed weight.
const pairNodes: number[] = [];
const pairWeights: number[] = [];

/** Adds `weight` to `node`'s influence. */
function addInfluence(node: number, weight: number): void {
  const at = pairNodes.indexOf(node);
  if (at >= 0) pairWeights[at] = pairWeights[at]! + weight;
  else {
    pairNodes.push(node);
    pairWeights.push(weight);
  }
}

const keptNodes = new Int32Array(4);
const keptWeights = new Float64Array(4);
const keptBytes = new Int32Array(4);

/** The gathered influences as up to 4 (node, weight byte) pairs, heaviest first, bytes summing to 255. */
function quantiseWeights(tally: Tally): void {
  // The 4 heaviest (ties: lower node first), by insertion into a sorted list of 4.
  let count = 0;
  for (let i = 0; i < pairNodes.length; i++) {
    const node = pairNodes[i]!;
    const weight = pairWeights[i]!;
    let at = count;
    while (at > 0 && (keptWeights[at - 1]! < weight || (keptWeights[at - 1] === weight && keptNodes[at - 1]! > node)))
      at--;
    if (at >= 4) continue;
    for (let k = Math.min(count, 3); k > at; k--) {
      keptNodes[k] = keptNodes[k - 1]!;
      keptWeights[k] = keptWeights[k - 1]!;
    }
    keptNodes[at] = node;
    keptWeights[at] = weight;
    count = Math.min(4, count + 1);
  }
  if (pairNodes.length > 4) tally.droppedInfluences++;
  let sum = 0;
  for (let k = 0; k < count; k++) sum += keptWeights[k]!;
  // Bytes by largest remainders: floor each share of 255, then give the bytes left to the largest remainders.
  let left = 255;
  for (let k = 0; k < count; k++) {
    keptBytes[k] = Math.floor((keptWeights[k]! / sum) * 255);
    left -= keptBytes[k]!;
  }
  while (left > 0) {
    let best = 0;
    let bestRest = -1;
    for (let k = 0; k < count; k++) {
      const rest = (keptWeights[k]! / sum) * 255 - keptBytes[k]!;
      if (rest > bestRest) {
        bestRest = rest;
        best = k;
      }
    }
    keptBytes[best]!++;
    left--;
  }
  for (let k = 0; k < 4; k++) {
    const used = k < count && keptBytes[k]! > 0;
    recordJoints[k] = used ? keptNodes[k]! : -1;
    recordWeights[k] = used ? keptBytes[k]! : 0;
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
  const byMaterial = new Map<number, MaterialTriangles & { index: VertexRecords }>();
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
          index: new VertexRecords(),
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
        const x = attributeComponent(pos, v * 3);
        const y = attributeComponent(pos, v * 3 + 1);
        const z = attributeComponent(pos, v * 3 + 2);
        const m = toModel;
        recordF32[0] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
        recordF32[1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
        recordF32[2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
        let nx = 0;
        let ny = 0;
        let nz = 1;
        if (nrm) {
          const ax = attributeComponent(nrm, v * 3);
          const ay = attributeComponent(nrm, v * 3 + 1);
          const az = attributeComponent(nrm, v * 3 + 2);
          // Normals go through the inverse transpose, n' = (M⁻¹)ᵀ n (for a skinned one M is the axis turn).
          const n = skinned || !normalMatrix ? Y_UP_TO_Z_UP : normalMatrix;
          const t = skinned || !normalMatrix;
          nx = t ? n[0]! * ax + n[4]! * ay + n[8]! * az : n[0]! * ax + n[1]! * ay + n[2]! * az;
          ny = t ? n[1]! * ax + n[5]! * ay + n[9]! * az : n[4]! * ax + n[5]! * ay + n[6]! * az;
          nz = t ? n[2]! * ax + n[6]! * ay + n[10]! * az : n[8]! * ax + n[9]! * ay + n[10]! * az;
        }
        const length = Math.hypot(nx, ny, nz) || 1;
        recordF32[3] = nx / length;
        recordF32[4] = ny / length;
        recordF32[5] = nz / length;
        recordF32[6] = uv ? attributeComponent(uv, v * 2) : 0;
        recordF32[7] = uv ? attributeComponent(uv, v * 2 + 1) - 1 : 0;
        if (skinned) {
          pairNodes.length = 0;
          pairWeights.length = 0;
          for (let s = 0; s < sets.length; s++) {
            const j = sets[s]![0];
            const w = sets[s]![1];
            for (let k = 0; k < 4; k++) {
              const weight = attributeComponent(w, v * 4 + k);
              const joint = skin.joints[attributeComponent(j, v * 4 + k)];
              const tmd = joint === undefined ? -1 : skeleton.tmdOf[joint]!;
              if (weight > 0 && tmd >= 0) addInfluence(tmd, weight);
            }
          }
          if (pairNodes.length === 0) {
            tally.unweighted++;
            addInfluence(Math.max(0, skeleton.tmdOf[skin.joints[0] ?? -1] ?? 0), 1);
          }
          quantiseWeights(tally);
        } else {
          recordJoints.fill(-1);
          recordJoints[0] = rigidNode;
          recordWeights.fill(0);
          recordWeights[0] = 255;
        }
        const stored = group.index.count;
        const at = group.index.indexOf(recordWords);
        if (at === stored) {
          group.positions.push(recordF32[0]!, recordF32[1]!, recordF32[2]!);
          group.normals.push(recordF32[3]!, recordF32[4]!, recordF32[5]!);
          group.uvs.push(recordF32[6]!, recordF32[7]!);
          for (let k = 0; k < 4; k++) {
            group.joints.push(recordJoints[k]!);
            group.weights.push(recordWeights[k]!);
          }
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

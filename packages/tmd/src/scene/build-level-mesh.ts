/*
 * One TMD LOD level to one scene mesh: a primitive per TMD mesh (one material each). Strips are decoded per
 * piece (strip-triangles.ts) over the mesh's concatenated vertex arrays (indices are mesh-global). A vertex's
 * bone bytes / 3 are slots in the bone table of the piece whose strip draws it; a vertex drawn by pieces with
 * different tables is emitted once per distinct binding. A slot outside the drawing piece's table is looked up
 * in the table of the piece that stores the vertex (the repacker leaves such vertices behind when it splits a
 * mesh by bone count). Weights are u8/255 and are renormalised to sum to 1; V is stored negated, v_gltf = v + 1.
 */
import type { Diagnostic, Mesh, Primitive } from '@retromodel/scene';
import type { TmdLodLevel, TmdMesh } from '../tmd-types.js';
import { stripTriangles } from './strip-triangles.js';

/** Counts of the repairs made while building, turned into one diagnostic each. */
interface Tally {
  badIndices: number;
  conflicts: number;
  slotFallbacks: number;
  droppedInfluences: number;
  unweighted: number;
  nonFinite: number;
  badNormals: number;
}

interface Binding {
  joints: number[];
  weights: number[];
}

function resolveBinding(
  mesh: TmdMesh,
  local: number,
  drawing: number,
  owner: number,
  numNodes: number,
  tally: Tally,
): Binding {
  const owned = mesh.pieces[owner]!;
  const acc = new Map<number, number>();
  for (let k = 0; k < 4; k++) {
    const w = owned.vertices.weights[local * 4 + k]!;
    if (w === 0) continue;
    const slot = Math.floor(owned.vertices.boneBytes[local * 4 + k]! / 3);
    let node = mesh.pieces[drawing]!.boneNodeIds[slot];
    if (node === undefined) {
      node = owned.boneNodeIds[slot];
      if (node !== undefined) tally.slotFallbacks++;
    }
    if (node === undefined || node >= numNodes) {
      tally.droppedInfluences++;
      continue;
    }
    acc.set(node, (acc.get(node) ?? 0) + w);
  }
  let entries = [...acc.entries()].sort((a, b) => b[1] - a[1]).slice(0, 4);
  if (entries.length === 0) {
    tally.unweighted++;
    const fallback = mesh.pieces[drawing]!.boneNodeIds[0] ?? owned.boneNodeIds[0] ?? 0;
    entries = [[fallback < numNodes ? fallback : 0, 1]];
  }
  const sum = entries.reduce((s, e) => s + e[1], 0);
  return { joints: entries.map((e) => e[0]), weights: entries.map((e) => e[1] / sum) };
}

function buildPrimitive(
  mesh: TmdMesh,
  numNodes: number,
  skinned: boolean,
  material: number | undefined,
  tally: Tally,
): Primitive | undefined {
  const starts: number[] = [];
  let total = 0;
  for (const p of mesh.pieces) {
    starts.push(total);
    total += p.vertCount;
  }
  const ownerOf = (v: number) => {
    let o = 0;
    while (o + 1 < starts.length && starts[o + 1]! <= v) o++;
    return o;
  };
  const emitted = new Map<number, { key: string; index: number }[]>();
  const source: number[] = [];
  const bindings: Binding[] = [];
  const indices: number[] = [];
  mesh.pieces.forEach((piece, drawing) => {
    const tris = stripTriangles(piece.strip);
    for (let t = 0; t < tris.length; t += 3) {
      const tri = [tris[t]!, tris[t + 1]!, tris[t + 2]!];
      if (tri.some((i) => i < 0 || i >= total)) {
        tally.badIndices++;
        continue;
      }
      for (const v of tri) {
        const owner = ownerOf(v);
        const binding = skinned
          ? resolveBinding(mesh, v - starts[owner]!, drawing, owner, numNodes, tally)
          : { joints: [], weights: [] };
        const key = `${binding.joints.join(',')}|${binding.weights.join(',')}`;
        const list = emitted.get(v) ?? [];
        let found = list.find((e) => e.key === key);
        if (!found) {
          if (list.length > 0) tally.conflicts++;
          found = { key, index: source.length };
          list.push(found);
          emitted.set(v, list);
          source.push(v);
          bindings.push(binding);
        }
        indices.push(found.index);
      }
    }
  });
  if (indices.length === 0) return undefined;
  const n = source.length;
  const positions = new Float32Array(n * 3);
  const normals = new Float32Array(n * 3);
  const uvs = new Float32Array(n * 2);
  source.forEach((v, out) => {
    const owner = ownerOf(v);
    const local = v - starts[owner]!;
    const vs = mesh.pieces[owner]!.vertices;
    for (let k = 0; k < 3; k++) positions[out * 3 + k] = vs.positions[local * 3 + k]!;
    const nx = vs.normals[local * 3]!;
    const ny = vs.normals[local * 3 + 1]!;
    const nz = vs.normals[local * 3 + 2]!;
    const len = Math.hypot(nx, ny, nz);
    if (Number.isFinite(len) && len > 1e-6) {
      normals.set([nx / len, ny / len, nz / len], out * 3);
    } else {
      tally.badNormals++;
      normals.set([0, 0, 1], out * 3);
    }
    uvs[out * 2] = vs.uvs[local * 2]!;
    uvs[out * 2 + 1] = vs.uvs[local * 2 + 1]! + 1;
  });
  for (const arr of [positions, uvs]) {
    for (let i = 0; i < arr.length; i++) {
      if (!Number.isFinite(arr[i]!)) {
        arr[i] = 0;
        tally.nonFinite++;
      }
    }
  }
  const primitive: Primitive = {
    attributes: {
      POSITION: { array: positions, itemSize: 3 },
      NORMAL: { array: normals, itemSize: 3 },
      TEXCOORD_0: { array: uvs, itemSize: 2 },
    },
    indices: n > 0xffff ? Uint32Array.from(indices) : Uint16Array.from(indices),
    mode: 'TRIANGLES',
    material,
    extras: {
      toshi: {
        material: mesh.material,
        pieces: mesh.pieces.map((p) => ({
          stripLen: p.stripLen,
          vertCount: p.vertCount,
          vertsRequired: p.vertsRequired,
          boneNodeIds: Array.from(p.boneNodeIds),
          bboxCenter: p.bboxCenter,
          bboxExtents: p.bboxExtents,
        })),
      },
    },
  };
  if (skinned) {
    const joints = numNodes > 256 ? new Uint16Array(n * 4) : new Uint8Array(n * 4);
    const weights = new Float32Array(n * 4);
    bindings.forEach((b, out) => {
      b.joints.forEach((j, k) => {
        joints[out * 4 + k] = j;
        weights[out * 4 + k] = b.weights[k]!;
      });
    });
    primitive.attributes.JOINTS_0 = { array: joints, itemSize: 4 };
    primitive.attributes.WEIGHTS_0 = { array: weights, itemSize: 4 };
  }
  return primitive;
}

/**
 * Builds the scene mesh of one LOD level. `materialOf` gives the scene material of a TMD mesh. Primitives
 * are skinned (JOINTS_0 = node indices) when `skinned`. Repairs are reported as diagnostics.
 */
export function buildLevelMesh(
  level: TmdLodLevel,
  levelIndex: number,
  numNodes: number,
  skinned: boolean,
  materialOf: (mesh: TmdMesh) => number | undefined,
  diagnostics: Diagnostic[],
): Mesh {
  const tally: Tally = {
    badIndices: 0,
    conflicts: 0,
    slotFallbacks: 0,
    droppedInfluences: 0,
    unweighted: 0,
    nonFinite: 0,
    badNormals: 0,
  };
  const primitives: Primitive[] = [];
  level.meshes.forEach((m, i) => {
    const p = buildPrimitive(m, numNodes, skinned, materialOf(m), tally);
    if (p) primitives.push(p);
    else
      diagnostics.push({
        code: 'tmd/empty-mesh',
        message: `LOD ${levelIndex} mesh ${i} (${m.material}) draws no triangles`,
        severity: 'info',
      });
  });
  const where = `LOD ${levelIndex}`;
  const report = (count: number, code: string, message: string, severity: Diagnostic['severity'] = 'warning') => {
    if (count > 0) diagnostics.push({ code, message: `${where}: ${count} ${message}`, severity });
  };
  report(
    tally.badIndices,
    'tmd/strip-index',
    'triangle(s) use a strip index outside the mesh’s vertices and were dropped',
  );
  report(
    tally.conflicts,
    'tmd/bone-binding-conflict',
    'vertex use(s) are drawn by pieces whose bone tables bind them differently; the vertex was duplicated per binding',
    'info',
  );
  report(
    tally.slotFallbacks,
    'tmd/bone-slot-out-of-range',
    'influence(s) name a bone slot outside the drawing piece’s table; the storing piece’s table was used',
  );
  report(tally.droppedInfluences, 'tmd/bad-bone', 'influence(s) name no valid bone and were dropped');
  report(
    tally.unweighted,
    'tmd/unweighted-vertex',
    'vertex binding(s) have no usable weight; bound fully to the piece’s first bone',
  );
  report(tally.nonFinite, 'tmd/non-finite', 'position/UV value(s) are not numbers and were set to 0');
  report(tally.badNormals, 'tmd/bad-normal', 'normal(s) have zero length or are not numbers; set to +Z');
  return { name: `LOD${levelIndex}`, primitives, extras: { toshi: { unk1: level.unk1, unk2: level.unk2 } } };
}

/*
 * One TMD LOD level to one scene mesh: a primitive per TMD mesh (one material each). Strips are decoded per
 * piece (strip-triangles.ts) over the mesh's concatenated vertex arrays (indices are mesh-global). A vertex's
 * bone bytes / 3 are slots in the bone table of the piece whose strip draws it; a vertex drawn by pieces with
 * different tables is emitted once per distinct binding. A slot outside the drawing piece's table is looked up
 * in the table of the piece that stores the vertex (the repacker leaves such vertices behind when it splits a
 * mesh by bone count). Weights are u8/255 and are renormalised to sum to 1; V is stored negated, v_gltf = v + 1.
 */
import type { Diagnostic, Mesh, Primitive } from '@retromodel/scene';
import type { TmdLodLevel, TmdMesh } from '../tmd-file.js';
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

/** Scratch space for one vertex binding: up to 4 joints and weights (unused slots: joint 0, weight 0). */
interface Binding {
  joints: Uint16Array;
  weights: Float32Array;
}

function resolveBinding(
  mesh: TmdMesh,
  local: number,
  drawing: number,
  owner: number,
  numNodes: number,
  out: Binding,
  tally: Tally,
): void {
  const owned = mesh.pieces[owner]!;
  const table = mesh.pieces[drawing]!.boneNodeIds;
  out.joints.fill(0);
  out.weights.fill(0);
  let used = 0;
  for (let k = 0; k < 4; k++) {
    const w = owned.vertices.weights[local * 4 + k]!;
    if (w === 0) continue;
    const slot = Math.floor(owned.vertices.boneBytes[local * 4 + k]! / 3);
    let node = table[slot];
    if (node === undefined) {
      node = owned.boneNodeIds[slot];
      if (node !== undefined) tally.slotFallbacks++;
    }
    if (node === undefined || node >= numNodes) {
      tally.droppedInfluences++;
      continue;
    }
    let j = 0;
    while (j < used && out.joints[j] !== node) j++;
    if (j === used) out.joints[used++] = node;
    out.weights[j] = out.weights[j]! + w;
  }
  if (used === 0) {
    tally.unweighted++;
    const fallback = table[0] ?? owned.boneNodeIds[0] ?? 0;
    out.joints[0] = fallback < numNodes ? fallback : 0;
    out.weights[0] = 1;
    return;
  }
  // Sort by weight, heaviest first (stable), then renormalise.
  for (let a = 1; a < used; a++) {
    for (let b = a; b > 0 && out.weights[b]! > out.weights[b - 1]!; b--) {
      const j = out.joints[b]!;
      const w = out.weights[b]!;
      out.joints[b] = out.joints[b - 1]!;
      out.weights[b] = out.weights[b - 1]!;
      out.joints[b - 1] = j;
      out.weights[b - 1] = w;
    }
  }
  let sum = 0;
  for (let k = 0; k < used; k++) sum += out.weights[k]!;
  for (let k = 0; k < used; k++) out.weights[k] = out.weights[k]! / sum;
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
  // Output vertices: their source vertex, binding, and a chain linking the outputs of the same source vertex.
  const source: number[] = [];
  const joints: number[] = [];
  const weights: number[] = [];
  const firstOut = new Int32Array(total).fill(-1);
  const nextOut: number[] = [];
  const indices: number[] = [];
  const scratch: Binding = { joints: new Uint16Array(4), weights: new Float32Array(4) };
  const sameBinding = (o: number) => {
    for (let k = 0; k < 4; k++)
      if (joints[o * 4 + k] !== scratch.joints[k] || weights[o * 4 + k] !== scratch.weights[k]) return false;
    return true;
  };
  mesh.pieces.forEach((piece, drawing) => {
    const tris = stripTriangles(piece.strip);
    const resolved = new Map<number, number>();
    for (let t = 0; t < tris.length; t += 3) {
      const a = tris[t]!;
      const b = tris[t + 1]!;
      const c = tris[t + 2]!;
      if (a < 0 || b < 0 || c < 0 || a >= total || b >= total || c >= total) {
        tally.badIndices++;
        continue;
      }
      for (const v of [a, b, c]) {
        const known = resolved.get(v);
        if (known !== undefined) {
          indices.push(known);
          continue;
        }
        const owner = ownerOf(v);
        if (skinned) resolveBinding(mesh, v - starts[owner]!, drawing, owner, numNodes, scratch, tally);
        let out = firstOut[v]!;
        let last = -1;
        while (out !== -1 && !sameBinding(out)) {
          last = out;
          out = nextOut[out]!;
        }
        if (out === -1) {
          out = source.length;
          if (last === -1) firstOut[v] = out;
          else {
            nextOut[last] = out;
            tally.conflicts++;
          }
          source.push(v);
          nextOut.push(-1);
          for (let k = 0; k < 4; k++) {
            joints.push(scratch.joints[k]!);
            weights.push(scratch.weights[k]!);
          }
        }
        resolved.set(v, out);
        indices.push(out);
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
    primitive.attributes.JOINTS_0 = {
      array: numNodes > 256 ? Uint16Array.from(joints) : Uint8Array.from(joints),
      itemSize: 4,
    };
    primitive.attributes.WEIGHTS_0 = { array: Float32Array.from(weights), itemSize: 4 };
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

/*
 * One material's triangles as TMD meshes and pieces, by the rules of spec tmd.md §2.7–2.8:
 * - a piece draws with one bone table of at most 27 nodes (jpog-blender's MAX_BONES_PER_PIECE; the repacker
 *   allows 28), and a vertex's bone bytes are slot · 3 in that table. Triangles are grouped greedily: each goes
 *   to a group that already has all its bones, else to the one that grows least within 27, else to a new group;
 * - a vertex used by groups with different bone tables is stored once per group (its bone bytes differ), so no
 *   vertex is ever drawn through a table it was not written for (the repacker's flaw, spec §2.8);
 * - strip indices are i16 and mesh-global, so a mesh holds at most 32767 vertices: groups are packed into meshes
 *   of that size (a group is closed before it would pass it);
 * - every group's triangles become one stitched strip (stripify.ts), cut into pieces of at most 7500 indices at
 *   even offsets, each continuation repeating the previous piece's last 2 indices, so the winding parity that
 *   restarts at every piece loses no triangle;
 * - all of a mesh's vertices are stored in its first piece and the others store none, as both community
 *   writers do.
 * Fields no reader relies on are written as the OpenJPOG repacker writes them (spec §2.6): vertsRequired = the
 * mesh's vertex count, and the bounding box as OpenJPOG computes it, the centre and half extents of the vertices
 * the piece's strip draws (jpog-blender writes the whole object's full size instead; which one the game reads
 * is unverified, so the writer that was checked against the shipping files is followed).
 */
import type { TmdMesh, TmdPiece } from '../tmd-file.js';
import type { MaterialTriangles } from './geometry-from-scene.js';
import { stripify } from './stripify.js';

/** Bones a piece's table holds at most. */
export const MAX_PIECE_BONES = 27;
/** Indices a piece's strip holds at most. */
export const MAX_STRIP = 7500;
/** Vertices a mesh holds at most (strip indices are i16). */
export const MAX_MESH_VERTICES = 32767;

interface Group {
  bones: Set<number>;
  /** Source vertex → vertex within the group. */
  vertices: Map<number, number>;
  triangles: number[];
}

function groupTriangles(src: MaterialTriangles): Group[] {
  const groups: Group[] = [];
  const bones: number[] = [];
  for (let t = 0; t < src.triangles.length; t += 3) {
    bones.length = 0;
    for (let c = 0; c < 3; c++) {
      const v = src.triangles[t + c]!;
      for (let k = 0; k < 4; k++) {
        const j = src.joints[v * 4 + k]!;
        if (j >= 0 && src.weights[v * 4 + k]! > 0 && !bones.includes(j)) bones.push(j);
      }
    }
    let best: Group | undefined;
    let bestGrowth = Number.POSITIVE_INFINITY;
    // The last group first: neighbouring triangles mostly share their bones.
    for (let g = groups.length - 1; g >= 0; g--) {
      const group = groups[g]!;
      if (group.vertices.size + 3 > MAX_MESH_VERTICES) continue;
      let growth = 0;
      for (const b of bones) if (!group.bones.has(b)) growth++;
      if (group.bones.size + growth > MAX_PIECE_BONES || growth >= bestGrowth) continue;
      best = group;
      bestGrowth = growth;
      if (growth === 0) break;
    }
    if (!best) {
      best = { bones: new Set(), vertices: new Map(), triangles: [] };
      groups.push(best);
    }
    for (const b of bones) best.bones.add(b);
    for (let c = 0; c < 3; c++) {
      const v = src.triangles[t + c]!;
      let local = best.vertices.get(v);
      if (local === undefined) {
        local = best.vertices.size;
        best.vertices.set(v, local);
      }
      best.triangles.push(local);
    }
  }
  return groups;
}

/** Splits a strip into pieces' strips: ≤ MAX_STRIP indices, cut at even offsets, overlapping by 2. */
export function splitStrip(strip: number[]): number[][] {
  if (strip.length <= MAX_STRIP) return [strip];
  const out: number[][] = [];
  for (let start = 0; ; start += MAX_STRIP - 2) {
    out.push(strip.slice(start, start + MAX_STRIP));
    if (start + MAX_STRIP >= strip.length) return out;
  }
}

function boundingBox(
  positions: Float32Array,
  strip: number[],
): { center: [number, number, number]; extents: [number, number, number] } {
  const lo = [Infinity, Infinity, Infinity];
  const hi = [-Infinity, -Infinity, -Infinity];
  for (const v of strip) {
    for (let k = 0; k < 3; k++) {
      lo[k] = Math.min(lo[k]!, positions[v * 3 + k]!);
      hi[k] = Math.max(hi[k]!, positions[v * 3 + k]!);
    }
  }
  if (strip.length === 0) return { center: [0, 0, 0], extents: [0, 0, 0] };
  const center = [0, 1, 2].map((k) => (lo[k]! + hi[k]!) / 2) as [number, number, number];
  return { center, extents: [0, 1, 2].map((k) => hi[k]! - center[k]!) as [number, number, number] };
}

/** The TMD meshes (one or more, all named `material`) that draw a material's triangles. */
export function piecesFromScene(src: MaterialTriangles, material: string): TmdMesh[] {
  const groups = groupTriangles(src);
  // Pack groups into meshes of at most MAX_MESH_VERTICES vertices.
  const packs: Group[][] = [];
  let size = Number.POSITIVE_INFINITY;
  for (const g of groups) {
    if (size + g.vertices.size > MAX_MESH_VERTICES) {
      packs.push([]);
      size = 0;
    }
    packs[packs.length - 1]!.push(g);
    size += g.vertices.size;
  }
  return packs.map((pack) => {
    const total = pack.reduce((s, g) => s + g.vertices.size, 0);
    const positions = new Float32Array(total * 3);
    const normals = new Float32Array(total * 3);
    const uvs = new Float32Array(total * 2);
    const weights = new Uint8Array(total * 4);
    const boneBytes = new Uint8Array(total * 4);
    const pieces: TmdPiece[] = [];
    let base = 0;
    for (const g of pack) {
      const table = [...g.bones].sort((a, b) => a - b);
      const slot = new Map(table.map((b, i) => [b, i]));
      for (const [v, local] of g.vertices) {
        const o = base + local;
        for (let k = 0; k < 3; k++) {
          positions[o * 3 + k] = src.positions[v * 3 + k]!;
          normals[o * 3 + k] = src.normals[v * 3 + k]!;
        }
        uvs[o * 2] = src.uvs[v * 2]!;
        uvs[o * 2 + 1] = src.uvs[v * 2 + 1]!;
        for (let k = 0; k < 4; k++) {
          const j = src.joints[v * 4 + k]!;
          weights[o * 4 + k] = j >= 0 ? src.weights[v * 4 + k]! : 0;
          boneBytes[o * 4 + k] = j >= 0 ? slot.get(j)! * 3 : 0;
        }
      }
      const strip = stripify(g.triangles).map((v) => v + base);
      for (const part of splitStrip(strip)) {
        const box = boundingBox(positions, part);
        pieces.push({
          offset: 0,
          stripLen: part.length,
          vertCount: 0,
          boneCount: table.length,
          vertsRequired: total,
          bboxCenter: box.center,
          bboxExtents: box.extents,
          boneNodeIds: Uint32Array.from(table),
          vertices: {
            count: 0,
            positions: new Float32Array(0),
            normals: new Float32Array(0),
            weights: new Uint8Array(0),
            boneBytes: new Uint8Array(0),
            uvs: new Float32Array(0),
          },
          strip: Int16Array.from(part),
        });
      }
      base += g.vertices.size;
    }
    const first = pieces[0]!;
    first.vertCount = total;
    first.vertices = { count: total, positions, normals, weights, boneBytes, uvs };
    return {
      offset: 0,
      pieceCount: pieces.length,
      totalStripLen: pieces.reduce((s, p) => s + p.stripLen, 0),
      totalVerts: total,
      material,
      pieces,
    };
  });
}

/*
 * Quantised objects -> the shared V and I buffers and each object's parts (spec §4, §5, §6): every vertex load
 * of a part appends its vertices to V (a part's `vert` is the byte offset of its first vertex, 16 bytes each),
 * and the drawing load appends to I its u8 triangles, then each strip command aligned to 8 bytes as big-endian
 * u16 entries. The object's AABB covers every loaded vertex, pads included. Parts are built first, so the
 * buffers are allocated once at their final size.
 */
import type { S16Vec3, T3dmPart } from '../t3dm-file.js';
import { type BuiltPart, buildParts, type SubLoad } from './build-parts.js';
import type { QuantObject } from './quantise-objects.js';

/** The geometry chunks' contents and each object's parts and bounds, in object order. */
export interface EmittedGeometry {
  position: Int16Array;
  normal: Uint16Array;
  rgba: Uint32Array;
  st: Int16Array;
  indices: Uint8Array;
  objects: { object: QuantObject; parts: T3dmPart[]; min: S16Vec3; max: S16Vec3 }[];
}

/** Splits every object into parts and lays out its vertices and indices. */
export function emitGeometry(objects: QuantObject[], strips: boolean): EmittedGeometry {
  const built = objects.map((o) => buildParts(o.tris, o.bone, o.vertexCount, strips));
  let vertexCount = 0;
  // Most index bytes: every strip command may need up to 7 bytes of alignment before it.
  let indexBound = 0;
  for (const parts of built) {
    for (const part of parts) {
      for (const load of part.loads) vertexCount += load.vertices.length;
      indexBound += part.list.length;
      for (const command of part.strips) indexBound += 7 + command.length * 2;
    }
  }
  const position = new Int16Array(vertexCount * 3);
  const normal = new Uint16Array(vertexCount);
  const rgba = new Uint32Array(vertexCount);
  const st = new Int16Array(vertexCount * 2);
  const indices = new Uint8Array(indexBound);
  let vertices = 0;
  let indexLength = 0;
  const out: EmittedGeometry['objects'] = [];
  const target: VertexTarget = { position, normal, rgba, st };
  // The object's bounds as min x, y, z, max x, y, z.
  const bounds = new Int32Array(6);
  for (let o = 0; o < objects.length; o++) {
    const object = objects[o]!;
    const parts: T3dmPart[] = [];
    bounds.set(EMPTY_BOUNDS);
    for (const part of built[o]!) {
      part.loads.forEach((load, li) => {
        const first = vertices;
        vertices = copyVertices(object, load.vertices, target, vertices, bounds);
        // Only the last load draws.
        const last = li === part.loads.length - 1;
        parts.push(emitLoad(part, load, last, first, indexLength));
        if (last) indexLength = emitIndices(part, parts[parts.length - 1]!, indices, indexLength);
      });
    }
    out.push({ object, parts, min: [bounds[0]!, bounds[1]!, bounds[2]!], max: [bounds[3]!, bounds[4]!, bounds[5]!] });
  }
  return { position, normal, rgba, st, indices: indices.slice(0, indexLength), objects: out };
}

/** The V chunk's arrays, filled in load order. */
interface VertexTarget {
  position: Int16Array;
  normal: Uint16Array;
  rgba: Uint32Array;
  st: Int16Array;
}

const EMPTY_BOUNDS = [32767, 32767, 32767, -32768, -32768, -32768];

/**
 * Appends the object's vertices `ids` to `to` from vertex `at` and widens `bounds` (min x, y, z, max x, y, z) to
 * their positions; returns the new vertex count. A small function of its own: it runs per vertex loaded, and V8
 * optimises it alone, once, instead of the whole of emitGeometry (several times, on stack replacement).
 */
function copyVertices(object: QuantObject, ids: number[], to: VertexTarget, at: number, bounds: Int32Array): number {
  const { position: from, normal: fromNormal, rgba: fromRgba, st: fromSt } = object;
  const { position, normal, rgba, st } = to;
  let minX = bounds[0]!;
  let minY = bounds[1]!;
  let minZ = bounds[2]!;
  let maxX = bounds[3]!;
  let maxY = bounds[4]!;
  let maxZ = bounds[5]!;
  let n = at;
  for (let i = 0; i < ids.length; i++) {
    const v = ids[i]!;
    const x = from[v * 3]!;
    const y = from[v * 3 + 1]!;
    const z = from[v * 3 + 2]!;
    position[n * 3] = x;
    position[n * 3 + 1] = y;
    position[n * 3 + 2] = z;
    if (x < minX) minX = x;
    if (x > maxX) maxX = x;
    if (y < minY) minY = y;
    if (y > maxY) maxY = y;
    if (z < minZ) minZ = z;
    if (z > maxZ) maxZ = z;
    normal[n] = fromNormal[v]!;
    rgba[n] = fromRgba[v]!;
    st[n * 2] = fromSt[v * 2]!;
    st[n * 2 + 1] = fromSt[v * 2 + 1]!;
    n++;
  }
  bounds[0] = minX;
  bounds[1] = minY;
  bounds[2] = minZ;
  bounds[3] = maxX;
  bounds[4] = maxY;
  bounds[5] = maxZ;
  return n;
}

/** The T3DM part of one vertex load (from vertex `first`, indices from `at`). */
function emitLoad(part: BuiltPart, load: SubLoad, last: boolean, first: number, at: number): T3dmPart {
  return {
    vert: first * 16,
    vertLoadCount: load.vertices.length,
    vertDestOffset: load.dest,
    indices: at,
    numIndices: last ? part.list.length : 0,
    matrixIdx: load.bone < 0 ? 0xffff : load.bone,
    numStripIndices: [0, 0, 0, 0],
    idxSeqBase: last ? part.sequence.base : 0,
    idxSeqCount: last ? part.sequence.count : 0,
  };
}

/** Writes a drawing part's u8 triangles and strip commands from `at`; returns the new end. */
function emitIndices(part: BuiltPart, emitted: T3dmPart, indices: Uint8Array, at: number): number {
  let end = at;
  const list = part.list;
  for (let i = 0; i < list.length; i++) indices[end++] = list[i]!;
  for (let s = 0; s < part.strips.length; s++) {
    const command = part.strips[s]!;
    end = Math.ceil(end / 8) * 8;
    for (let i = 0; i < command.length; i++) {
      const e = command[i]!;
      indices[end++] = e >> 8;
      indices[end++] = e & 0xff;
    }
    emitted.numStripIndices[s] = command.length;
  }
  return end;
}

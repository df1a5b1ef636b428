/*
 * Quantised objects -> the shared V and I buffers and each object's parts (spec §4, §5, §6): every vertex load
 * of a part appends its vertices to V (a part's `vert` is the byte offset of its first vertex, 16 bytes each),
 * and the drawing load appends to I its u8 triangles, then each strip command aligned to 8 bytes as big-endian
 * u16 entries. The object's AABB covers every loaded vertex, pads included. Parts are built first, so the
 * buffers are allocated once at their final size.
 */
import type { S16Vec3, T3dmPart } from '../t3dm-file.js';
import { type BuiltPart, buildParts, type SubLoad } from './build-parts.js';
import { copyLoads, type VertexTarget, writeBigEndian16 } from './quantise-module.js';
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

/** Whether two integer lists hold the same values. */
function sameInts(a: Int32Array, b: Int32Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The most distinct geometries of one vertex count and triangle count an object is compared with. Past them an
 * object is planned on its own: a file of many objects that only look alike (each differing late in its lists)
 * then costs comparisons linear in its size, not quadratic.
 */
const LOOKALIKES = 16;

/**
 * Every object's parts. buildParts depends only on the triangles, the vertices' bones and the vertex count, so
 * objects equal in those (the instances of one mesh, as a scene places a mesh several times) share the parts
 * planned for the first of them: the planning runs once per distinct geometry, not once per placement (the
 * examples' median model, 06_offscreen's target.glb, draws 47 objects of 7 distinct geometries).
 */
export function partsOfObjects(objects: QuantObject[], strips: boolean): BuiltPart[][] {
  const planned = new Map<string, { object: QuantObject; parts: BuiltPart[] }[]>();
  return objects.map((o) => {
    const key = `${o.vertexCount} ${o.tris.length}`;
    let same = planned.get(key);
    if (!same) {
      same = [];
      planned.set(key, same);
    }
    for (const p of same) if (sameInts(p.object.tris, o.tris) && sameInts(p.object.bone, o.bone)) return p.parts;
    const parts = buildParts(o.tris, o.bone, o.vertexCount, strips);
    if (same.length < LOOKALIKES) same.push({ object: o, parts });
    return parts;
  });
}

/** Splits every object into parts and lays out its vertices and indices. */
export function emitGeometry(objects: QuantObject[], strips: boolean): EmittedGeometry {
  const built = partsOfObjects(objects, strips);
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
  // Every strip command and where it goes, written at the end in one call (writeBigEndian16).
  const pending: Strips = { commands: [], at: [] };
  for (let o = 0; o < objects.length; o++) {
    const object = objects[o]!;
    const parts: T3dmPart[] = [];
    const loads: Int32Array[] = [];
    for (const part of built[o]!) for (const load of part.loads) loads.push(load.vertices);
    copyLoads(object, loads, target, vertices, bounds);
    for (const part of built[o]!) {
      for (let li = 0; li < part.loads.length; li++) {
        const load = part.loads[li]!;
        const first = vertices;
        vertices += load.vertices.length;
        // Only the last load draws.
        const last = li === part.loads.length - 1;
        parts.push(emitLoad(part, load, last, first, indexLength));
        if (last) indexLength = emitIndices(part, parts[parts.length - 1]!, indices, indexLength, pending);
      }
    }
    out.push({ object, parts, min: [bounds[0]!, bounds[1]!, bounds[2]!], max: [bounds[3]!, bounds[4]!, bounds[5]!] });
  }
  writeBigEndian16(pending.commands, pending.at, indices);
  return { position, normal, rgba, st, indices: indices.slice(0, indexLength), objects: out };
}

/** Strip commands to write, and the offset in I of each. */
interface Strips {
  commands: Int32Array[];
  at: number[];
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

/**
 * Writes a drawing part's u8 triangles from `at` and places its strip commands after them (each at the next
 * multiple of 8), listing them in `strips` to be written; returns the new end.
 */
function emitIndices(part: BuiltPart, emitted: T3dmPart, indices: Uint8Array, at: number, strips: Strips): number {
  let end = at;
  indices.set(part.list, end);
  end += part.list.length;
  for (let s = 0; s < part.strips.length; s++) {
    const command = part.strips[s]!;
    end = Math.ceil(end / 8) * 8;
    strips.commands.push(command);
    strips.at.push(end);
    end += command.length * 2;
    emitted.numStripIndices[s] = command.length;
  }
  return end;
}

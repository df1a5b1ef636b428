/*
 * Quantised objects -> the shared V and I buffers and each object's parts (spec §4, §5, §6): every vertex load
 * of a part appends its vertices to V (a part's `vert` is the byte offset of its first vertex, 16 bytes each),
 * and the drawing load appends to I its u8 triangles, then each strip command aligned to 8 bytes as big-endian
 * u16 entries. The object's AABB covers every loaded vertex, pads included.
 */
import type { S16Vec3, T3dmPart } from '../t3dm-file.js';
import { buildParts } from './build-parts.js';
import type { QuantObject } from './quantise-objects.js';

/** The geometry chunks' contents and each object's parts and bounds, in object order. */
export interface EmittedGeometry {
  position: number[];
  normal: number[];
  rgba: number[];
  st: number[];
  indices: number[];
  objects: { object: QuantObject; parts: T3dmPart[]; min: S16Vec3; max: S16Vec3 }[];
}

/** Splits every object into parts and lays out its vertices and indices. */
export function emitGeometry(objects: QuantObject[], strips: boolean): EmittedGeometry {
  const out: EmittedGeometry = { position: [], normal: [], rgba: [], st: [], indices: [], objects: [] };
  const { position, normal, rgba, st, indices } = out;
  for (const object of objects) {
    const parts: T3dmPart[] = [];
    const min: S16Vec3 = [32767, 32767, 32767];
    const max: S16Vec3 = [-32768, -32768, -32768];
    for (const part of buildParts(object.tris, object.bone, object.bone.length, strips)) {
      part.loads.forEach((load, li) => {
        const first = normal.length;
        for (const v of load.vertices) {
          for (let a = 0; a < 3; a++) {
            const c = object.position[v * 3 + a]!;
            position.push(c);
            min[a] = Math.min(min[a]!, c);
            max[a] = Math.max(max[a]!, c);
          }
          normal.push(object.normal[v]!);
          rgba.push(object.rgba[v]!);
          st.push(object.st[v * 2]!, object.st[v * 2 + 1]!);
        }
        // Only the last load draws.
        const last = li === part.loads.length - 1;
        const emitted: T3dmPart = {
          vert: first * 16,
          vertLoadCount: load.vertices.length,
          vertDestOffset: load.dest,
          indices: indices.length,
          numIndices: last ? part.list.length : 0,
          matrixIdx: load.bone < 0 ? 0xffff : load.bone,
          numStripIndices: [0, 0, 0, 0],
          idxSeqBase: last ? part.sequence.base : 0,
          idxSeqCount: last ? part.sequence.count : 0,
        };
        if (last) {
          for (const slot of part.list) indices.push(slot);
          part.strips.forEach((command, s) => {
            while (indices.length % 8) indices.push(0);
            for (const e of command) indices.push(e >> 8, e & 0xff);
            emitted.numStripIndices[s] = command.length;
          });
        }
        parts.push(emitted);
      });
    }
    out.objects.push({ object, parts, min, max });
  }
  return out;
}

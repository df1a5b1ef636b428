/*
 * Replays how tiny3d draws an object (spec §4, §6): each part loads `vertLoadCount` vertices from the V chunk
 * into RSP vertex-cache slots starting at `vertDestOffset` (the bone matrix in effect is the part's
 * `matrixIdx`), then draws u8 triangle-list indices, an un-indexed sequence (b+3k, b+3k+1, b+3k+2) and up to four
 * strip commands. In a strip command an entry with bit 15 set (v3+; v1/v2: a negative value -(idx+1)) starts a
 * new strip; triangle i of a strip is (s[i], s[i+1], s[i+2]) when i is even and (s[i+2], s[i+1], s[i]) when odd.
 * The cache keeps earlier loads, which is how bone-split parts (load-only parts, then one drawing part) work.
 */
import type { Diagnostic } from '@retromodel/scene';
import { stripCommandOffset } from '../from-scene/part-layout.js';
import type { T3dmObject } from '../t3dm-file.js';

/** RSP vertex-cache slots tiny3d has (70), plus the temp slots a pad vertex may spill into. */
export const CACHE_SLOTS = 70;
const SLOTS_WITH_SPILL = 72;

/** Triangles of one object: per corner, the V-chunk vertex index and the bone it was loaded with (-1 = none). */
export interface DecodedTriangles {
  vertex: number[];
  bone: number[];
}

/** Decodes the triangles tiny3d draws for `object`, in draw order, reporting slots that were never loaded. */
export function decodeTriangles(
  object: T3dmObject,
  indexBytes: Uint8Array,
  version: number,
  diagnostics: Diagnostic[],
): DecodedTriangles {
  const out: DecodedTriangles = { vertex: [], bone: [] };
  const { bad } = replay(object, indexBytes, version, out);
  if (bad > 0) {
    diagnostics.push({
      code: 't3dm/unloaded-cache-slot',
      message: `${bad} triangle(s) use vertex-cache slots no part loaded; they were dropped`,
      severity: 'warning',
    });
  }
  return out;
}

/** Triangles drawn and triangles dropped (a slot never loaded). */
export interface Replayed {
  drawn: number;
  bad: number;
}

/**
 * Draws `object`'s parts through the cache, appending the triangles to `out`: the part's fields in
 * locals, the strip commands located as part-layout.ts places them, their entries read from the bytes. The
 * writer's check counts the triangles of every object it writes by the same rules in WebAssembly
 * (assembly/replay.ts, through replayParts in from-scene/quantise-module.ts).
 */
function replay(object: T3dmObject, indexBytes: Uint8Array, version: number, out: DecodedTriangles): Replayed {
  const cache: Cache = {
    vertex: new Int32Array(SLOTS_WITH_SPILL).fill(-1),
    bone: new Int32Array(SLOTS_WITH_SPILL).fill(-1),
    out,
    drawn: 0,
  };
  const { vertex, bone: boneOf } = cache;
  let bad = 0;
  const end = indexBytes.length;
  const parts = object.parts;
  for (let p = 0; p < parts.length; p++) {
    const part = parts[p]!;
    const bone = part.matrixIdx === 0xffff ? -1 : part.matrixIdx;
    const first = part.vert / 16;
    const dest = part.vertDestOffset;
    // Slots past the spill slots are not loaded.
    const loaded = Math.min(part.vertLoadCount, SLOTS_WITH_SPILL - dest);
    for (let k = 0; k < loaded; k++) {
      vertex[dest + k] = first + k;
      boneOf[dest + k] = bone;
    }
    const indices = part.indices;
    const numIndices = part.numIndices;
    for (let i = 0; i + 2 < numIndices; i += 3) {
      const at = indices + i;
      if (at + 2 < end) bad += emit(cache, indexBytes[at]!, indexBytes[at + 1]!, indexBytes[at + 2]!);
      else bad++;
    }
    const sequenceBase = part.idxSeqBase;
    for (let k = 0; k < part.idxSeqCount; k++) {
      const b = sequenceBase + k * 3;
      bad += emit(cache, b, b + 1, b + 2);
    }
    const counts = part.numStripIndices;
    let at = indices + numIndices;
    for (let s = 0; s < counts.length; s++) {
      const count = counts[s]!;
      if (count === 0) break;
      at = stripCommandOffset(at);
      if (at + count * 2 > end) bad += count;
      else bad += emitStripCommand(cache, indexBytes, at, count, version);
      at += count * 2;
    }
  }
  return { drawn: cache.drawn, bad };
}

/**
 * The vertex-cache slots (V-chunk vertex and bone of each, -1 when never loaded), the triangles drawn and their
 * count.
 */
interface Cache {
  vertex: Int32Array;
  bone: Int32Array;
  out: DecodedTriangles;
  drawn: number;
}

/** Draws triangle (a, b, c) of cache slots: 0, or 1 when a slot was never loaded (nothing is drawn then). */
function emit(cache: Cache, a: number, b: number, c: number): number {
  const { vertex, bone, out } = cache;
  if (a >= SLOTS_WITH_SPILL || b >= SLOTS_WITH_SPILL || c >= SLOTS_WITH_SPILL) return 1;
  if (vertex[a]! < 0 || vertex[b]! < 0 || vertex[c]! < 0) return 1;
  cache.drawn++;
  out.vertex.push(vertex[a]!, vertex[b]!, vertex[c]!);
  out.bone.push(bone[a]!, bone[b]!, bone[c]!);
  return 0;
}

/**
 * Draws the strips of the strip command of `count` entries (big-endian u16) at `offset`, in order; returns how
 * many were bad.
 */
function emitStripCommand(cache: Cache, bytes: Uint8Array, offset: number, count: number, version: number): number {
  let bad = 0;
  // The current strip's last two entries and its length so far.
  let a = 0;
  let b = 0;
  let length = 0;
  for (let k = 0; k < count; k++) {
    const raw = (bytes[offset + k * 2]! << 8) | bytes[offset + k * 2 + 1]!;
    const restart = (raw & 0x8000) !== 0;
    // v3+: restart bit | index; v1/v2: a restart is the negative value -(index + 1).
    const index = version >= 3 || !restart ? raw & 0x7fff : (0x10000 - raw - 1) & 0x7fff;
    if (restart && k > 0) length = 0;
    if (length >= 2) bad += length % 2 === 0 ? emit(cache, a, b, index) : emit(cache, index, b, a);
    a = b;
    b = index;
    length++;
  }
  return bad;
}

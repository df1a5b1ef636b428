/*
 * Replays how tiny3d draws an object (spec §4, §6): each part loads `vertLoadCount` vertices from the V chunk
 * into RSP vertex-cache slots starting at `vertDestOffset` (the bone matrix in effect is the part's
 * `matrixIdx`), then draws u8 triangle-list indices, an un-indexed sequence (b+3k, b+3k+1, b+3k+2) and up to four
 * strip commands. In a strip command an entry with bit 15 set (v3+; v1/v2: a negative value -(idx+1)) starts a
 * new strip; triangle i of a strip is (s[i], s[i+1], s[i+2]) when i is even and (s[i+2], s[i+1], s[i]) when odd.
 * The cache keeps earlier loads, which is how bone-split parts (load-only parts, then one drawing part) work.
 */
import type { Diagnostic } from '@retromodel/scene';
import { type StripRange, stripRanges } from '../from-scene/part-layout.js';
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

/**
 * How many triangles tiny3d draws for `object`, and how many it cannot (a slot never loaded), without
 * listing them: what decodeTriangles would return and report.
 */
export function countTriangles(object: T3dmObject, indexBytes: Uint8Array, version: number): Replayed {
  return replay(object, indexBytes, version, undefined);
}

/** Triangles drawn and triangles dropped (a slot never loaded). */
export interface Replayed {
  drawn: number;
  bad: number;
}

/** Draws `object`'s parts through the cache, appending the triangles to `out` when given. */
function replay(
  object: T3dmObject,
  indexBytes: Uint8Array,
  version: number,
  out: DecodedTriangles | undefined,
): Replayed {
  const cache: Cache = {
    vertex: new Int32Array(SLOTS_WITH_SPILL).fill(-1),
    bone: new Int32Array(SLOTS_WITH_SPILL).fill(-1),
    out,
    drawn: 0,
  };
  let bad = 0;
  const view = new DataView(indexBytes.buffer, indexBytes.byteOffset, indexBytes.byteLength);
  for (const part of object.parts) {
    const bone = part.matrixIdx === 0xffff ? -1 : part.matrixIdx;
    const first = part.vert / 16;
    for (let k = 0; k < part.vertLoadCount && part.vertDestOffset + k < SLOTS_WITH_SPILL; k++) {
      cache.vertex[part.vertDestOffset + k] = first + k;
      cache.bone[part.vertDestOffset + k] = bone;
    }
    for (let i = 0; i + 2 < part.numIndices; i += 3) {
      const at = part.indices + i;
      if (at + 2 < indexBytes.length) bad += emit(cache, indexBytes[at]!, indexBytes[at + 1]!, indexBytes[at + 2]!);
      else bad++;
    }
    for (let k = 0; k < part.idxSeqCount; k++) {
      const b = part.idxSeqBase + k * 3;
      bad += emit(cache, b, b + 1, b + 2);
    }
    for (const range of stripRanges(part)) {
      if (range.offset + range.count * 2 > indexBytes.length) bad += range.count;
      else bad += emitStripCommand(cache, view, range, version);
    }
  }
  return { drawn: cache.drawn, bad };
}

/**
 * The vertex-cache slots (V-chunk vertex and bone of each, -1 when never loaded), the triangles drawn (when
 * they are listed) and their count.
 */
interface Cache {
  vertex: Int32Array;
  bone: Int32Array;
  out: DecodedTriangles | undefined;
  drawn: number;
}

/** Draws triangle (a, b, c) of cache slots: 0, or 1 when a slot was never loaded (nothing is drawn then). */
function emit(cache: Cache, a: number, b: number, c: number): number {
  const { vertex, bone, out } = cache;
  if (a >= SLOTS_WITH_SPILL || b >= SLOTS_WITH_SPILL || c >= SLOTS_WITH_SPILL) return 1;
  if (vertex[a]! < 0 || vertex[b]! < 0 || vertex[c]! < 0) return 1;
  cache.drawn++;
  if (out) {
    out.vertex.push(vertex[a]!, vertex[b]!, vertex[c]!);
    out.bone.push(bone[a]!, bone[b]!, bone[c]!);
  }
  return 0;
}

/** Draws the strips of one strip command (entries as big-endian u16), in order; returns how many were bad. */
function emitStripCommand(cache: Cache, view: DataView, range: StripRange, version: number): number {
  let bad = 0;
  // The current strip's last two entries and its length so far.
  let a = 0;
  let b = 0;
  let length = 0;
  for (let k = 0; k < range.count; k++) {
    const raw = view.getUint16(range.offset + k * 2);
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

/*
 * Splits one object's triangles into tiny3d parts (spec §4, §6, §13): each part loads at most 70 vertices into the
 * RSP vertex cache and draws only from them. Triangles are taken greedily, preferring those that need the fewest
 * new vertices, so neighbouring triangles share a part. Vertices bound to different bones are loaded by separate
 * sub-loads (one per bone, each an even count, the odd pad overwritten by the next load), only the last of
 * which draws. Unskinned parts draw triangles touching the last two cache slots as a u8 list, then pack strips
 * (longest-worth strips only, at least 7 entries) into up to four strip commands, each small enough to be DMA'd
 * into the cache slots above the highest slot that command and the later ones still read:
 * entries + 1 <= free * 18 - (free odd ? 4 : 0) with free = 70 - (highest slot + 1).
 */
import { CACHE_SLOTS } from '../read/decode-triangles.js';
import { destripify, stripify } from './stripify.js';

/** One vertex load of a part: object vertex ids (an odd count gets the last one repeated) into slots from `dest`. */
export interface SubLoad {
  bone: number;
  dest: number;
  vertices: number[];
}

/** One part as drawn: its loads, then u8 triangles, then strip commands (only the last load draws). */
export interface BuiltPart {
  loads: SubLoad[];
  /** u8 triangle-list cache slots. */
  list: number[];
  /** Strip commands: entries with the restart bit (0x8000) on the first index of every strip but the first. */
  strips: number[][];
}

/** Usable u16 entries when `free` cache slots (36 bytes each) lie above the highest slot read. */
export function usableStripEntries(free: number): number {
  return free * 18 - (free % 2 !== 0 ? 4 : 0);
}

/**
 * Most triangles one part draws: keeps numIndices (u16) in range and the stripifier's work bounded on
 * degenerate input (many triangles over few vertices).
 */
const MAX_PART_TRIANGLES = 1024;

/** Minimum strip length (entries) worth a strip command: shorter strips cost more bytes than a u8 list. */
const MIN_STRIP = 7;

/** Greedy partition of triangles (flat vertex-id triples) into groups of at most CACHE_SLOTS vertices. */
function partition(tris: number[], vertexCount: number): number[][] {
  const triCount = tris.length / 3;
  const byVertex: number[][] = Array.from({ length: vertexCount }, () => []);
  for (let t = 0; t < triCount; t++) for (let k = 0; k < 3; k++) byVertex[tris[t * 3 + k]!]!.push(t);
  const done = new Uint8Array(triCount);
  const inPart = new Int32Array(vertexCount).fill(-1);
  const groups: number[][] = [];
  let scan = 0;
  for (let partId = 0; ; partId++) {
    while (scan < triCount && done[scan]) scan++;
    if (scan >= triCount) break;
    const group: number[] = [];
    let size = 0;
    const newVerts = (t: number) => {
      let n = 0;
      for (let k = 0; k < 3; k++) {
        const v = tris[t * 3 + k]!;
        if (inPart[v] !== partId && (k === 0 || tris[t * 3 + k - 1] !== v) && (k < 2 || tris[t * 3] !== v)) n++;
      }
      return n;
    };
    const candidates = new Set<number>();
    const take = (t: number) => {
      done[t] = 1;
      candidates.delete(t);
      group.push(t);
      for (let k = 0; k < 3; k++) {
        const v = tris[t * 3 + k]!;
        if (inPart[v] !== partId) {
          inPart[v] = partId;
          size++;
          for (const u of byVertex[v]!) if (!done[u]) candidates.add(u);
        }
      }
    };
    take(scan);
    while (group.length < MAX_PART_TRIANGLES) {
      let best = -1;
      let bestNew = 4;
      for (const t of candidates) {
        const n = newVerts(t);
        if (size + n > CACHE_SLOTS) continue;
        if (n < bestNew || (n === bestNew && t < best)) {
          best = t;
          bestNew = n;
          if (n === 0) break;
        }
      }
      if (best < 0 && size + 1 <= CACHE_SLOTS) {
        for (let t = scan; t < triCount; t++) {
          if (!done[t] && size + newVerts(t) <= CACHE_SLOTS) {
            best = t;
            break;
          }
        }
      }
      if (best < 0) break;
      take(best);
    }
    groups.push(group);
  }
  return groups;
}

function buildStrips(list: number[], slotCount: number): { list: number[]; strips: number[][] } {
  const tris: number[] = [];
  const out: number[] = [];
  const reserved = slotCount > CACHE_SLOTS - 2 ? CACHE_SLOTS - 2 : CACHE_SLOTS;
  for (let i = 0; i < list.length; i += 3) {
    const t = [list[i]!, list[i + 1]!, list[i + 2]!];
    if (t.some((s) => s >= reserved)) out.push(...t);
    else tris.push(...t);
  }
  let candidates = stripify(tris).filter((s) => {
    if (s.length >= MIN_STRIP) return true;
    out.push(...destripify(s));
    return false;
  });
  candidates.sort((a, b) => Math.max(...b) - Math.max(...a));
  const commands: number[][] = [];
  while (commands.length < 4 && candidates.length > 0) {
    const highest = Math.max(...candidates.map((s) => Math.max(...s)));
    // numStripIndices is a u8, and the command must fit the free cache tail (see above).
    let room = Math.min(255, usableStripEntries(CACHE_SLOTS - (highest + 1)) - 1);
    const command: number[] = [];
    const rest: number[][] = [];
    for (const s of candidates) {
      if (s.length <= room) {
        command.push(s[0]! | (command.length > 0 ? 0x8000 : 0), ...s.slice(1));
        room -= s.length;
      } else rest.push(s);
    }
    if (command.length === 0) break;
    commands.push(command);
    candidates = rest;
  }
  for (const s of candidates) out.push(...destripify(s));
  return { list: out, strips: commands };
}

/**
 * Parts for one object. `bones[v]` is the bone of vertex v (-1 = none); `strips: false` keeps plain lists.
 */
export function buildParts(
  tris: number[],
  bones: ArrayLike<number>,
  vertexCount: number,
  useStrips: boolean,
): BuiltPart[] {
  const parts: BuiltPart[] = [];
  for (const group of partition(tris, vertexCount)) {
    const order: number[] = [];
    const seen = new Set<number>();
    for (const t of group) {
      for (let k = 0; k < 3; k++) {
        const v = tris[t * 3 + k]!;
        if (!seen.has(v)) {
          seen.add(v);
          order.push(v);
        }
      }
    }
    const byBone = new Map<number, number[]>();
    for (const v of order) {
      const b = bones[v] ?? -1;
      const list = byBone.get(b);
      if (list) list.push(v);
      else byBone.set(b, [v]);
    }
    const slot = new Map<number, number>();
    const loads: SubLoad[] = [];
    let dest = 0;
    for (const [bone, verts] of byBone) {
      for (const [i, v] of verts.entries()) slot.set(v, dest + i);
      const padded = verts.length % 2 ? [...verts, verts[verts.length - 1]!] : verts;
      loads.push({ bone, dest, vertices: padded });
      dest += verts.length;
    }
    const list: number[] = [];
    for (const t of group) for (let k = 0; k < 3; k++) list.push(slot.get(tris[t * 3 + k]!)!);
    if (useStrips && loads.length === 1) {
      const built = buildStrips(list, order.length);
      parts.push({ loads, list: built.list, strips: built.strips });
    } else parts.push({ loads, list, strips: [] });
  }
  return parts;
}

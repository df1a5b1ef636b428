/*
 * Splits one object's triangles into tiny3d parts (spec §4, §13): each part loads at most 70 vertices into the
 * RSP vertex cache and draws only from them. Parts grow as compact patches of the surface, vertex by vertex (the
 * one completing the most triangles first), so they share short borders and few vertices load twice (the
 * WebAssembly planner's partition.ts). Vertices bound
 * to different bones are loaded by separate sub-loads (one per bone, each an even count, the odd pad overwritten
 * by the next load), only the last of which draws. How a part draws (slot order, strips, sequence, u8
 * triangles) is plan-part-draw.ts's choice.
 */
import { CACHE_SLOTS } from '../read/decode-triangles.js';
import { planPartDraw } from './plan-part-draw.js';
import { partition } from './planner-module.js';

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
  /** Unindexed triangles from slot `base`. */
  sequence: { base: number; count: number };
  /** Strip commands: entries with the restart bit (0x8000) on the first index of every strip but the first. */
  strips: number[][];
}

/**
 * Parts filling the cache to these vertex counts are tried (and the whole cache, for an object it holds): a
 * fuller part loads fewer vertices in all, a smaller one leaves its strip commands more room at the top of the
 * cache. The fewest vertex loads win, then the fewest commands. Over the tiny3d examples that loads 1.9% fewer
 * vertices than tiny3d's files (none more in any file) in 66% of their RSP commands. Fewer capacities cost more:
 * 68 and 62 alone loaded 1.7% fewer in 67%; 68, 64 and 60 loaded more than tiny3d in two files; stopping at the
 * first capacity whose parts each draw in one command let a fuller, costlier partition win in two files.
 */
const CAPACITIES = [CACHE_SLOTS - 2, CACHE_SLOTS - 4, CACHE_SLOTS - 6, CACHE_SLOTS - 8];

/** RSP commands to draw `parts` (as read/draw-cost.ts counts them for a file). */
function drawCommands(parts: BuiltPart[]): number {
  let commands = 0;
  for (const p of parts)
    commands += p.loads.length + p.list.length / 3 + (p.sequence.count > 0 ? 1 : 0) + p.strips.length + 1;
  return commands;
}

/**
 * Parts for one object, loading the fewest vertices, then drawn in the fewest RSP commands. `bones[v]` is the bone of
 * vertex v (-1 = none); `strips: false` keeps plain u8 lists and full parts.
 */
export function buildParts(
  tris: ArrayLike<number>,
  bones: ArrayLike<number>,
  vertexCount: number,
  useStrips: boolean,
): BuiltPart[] {
  const planned = new PlannedParts();
  if (!useStrips) return partsOf(tris, bones, partition(tris, vertexCount, CACHE_SLOTS), false, planned);
  // An object the cache holds whole is first tried as one part (one load of each vertex). A partition's vertex
  // loads are known before its parts are planned, so only the partitions loading the fewest are planned.
  const partitions = (vertexCount <= CACHE_SLOTS ? [CACHE_SLOTS, ...CAPACITIES] : CAPACITIES).map((capacity) =>
    partition(tris, vertexCount, capacity),
  );
  const loads = partitions.map((groups) => vertexLoads(tris, bones, vertexCount, groups));
  const fewest = Math.min(...loads);
  let best: { parts: BuiltPart[]; commands: number } | undefined;
  partitions.forEach((groups, i) => {
    if (loads[i] !== fewest) return;
    const parts = partsOf(tris, bones, groups, true, planned);
    const commands = drawCommands(parts);
    if (!best || commands < best.commands) best = { parts, commands };
  });
  return best!.parts;
}

/**
 * Vertices the parts of `groups` load: per part, one load per bone of its vertices on that bone, an odd count
 * padded by one (as plannedPart lays them out).
 */
function vertexLoads(
  tris: ArrayLike<number>,
  bones: ArrayLike<number>,
  vertexCount: number,
  groups: number[][],
): number {
  const inGroup = new Int32Array(vertexCount).fill(-1);
  let total = 0;
  groups.forEach((group, g) => {
    const perBone = new Map<number, number>();
    for (const t of group) {
      for (let k = 0; k < 3; k++) {
        const v = tris[t * 3 + k]!;
        if (inGroup[v] === g) continue;
        inGroup[v] = g;
        const bone = bones[v] ?? -1;
        perBone.set(bone, (perBone.get(bone) ?? 0) + 1);
      }
    }
    for (const n of perBone.values()) total += n + (n % 2);
  });
  return total;
}

/** Parts for the triangle groups of a partition, each planned once (`planned` keeps them). */
function partsOf(
  tris: ArrayLike<number>,
  bones: ArrayLike<number>,
  groups: number[][],
  useStrips: boolean,
  planned: PlannedParts,
): BuiltPart[] {
  const parts: BuiltPart[] = [];
  const boneOf = (v: number) => bones[v] ?? -1;
  for (const group of groups) {
    // The group's triangles, their FNV-1a hash (the key PlannedParts files them under) and whether one bone
    // holds them all, in one pass.
    const local: number[] = [];
    let hash = FNV_OFFSET;
    const bone0 = boneOf(tris[group[0]! * 3]!);
    let singleBone = true;
    for (const t of group) {
      for (let k = 0; k < 3; k++) {
        const v = tris[t * 3 + k]!;
        local.push(v);
        hash = Math.imul(hash ^ v, FNV_PRIME);
        if (singleBone && boneOf(v) !== bone0) singleBone = false;
      }
    }
    hash >>>= 0;
    // One push for a planned and a known part: a push only the first known part reached would have no type
    // feedback when partsOf is optimised, and throw the optimised code away.
    let part = planned.find(local, hash);
    if (!part) {
      part = plannedPart(local, useStrips, boneOf, singleBone);
      planned.add(local, hash, part);
    }
    parts.push(part);
  }
  return parts;
}

/** The part drawing triangles `local`, whose vertices are on bones `boneOf` (all on one when `singleBone`). */
function plannedPart(
  local: number[],
  useStrips: boolean,
  boneOf: (v: number) => number,
  singleBone: boolean,
): BuiltPart {
  const draw = planPartDraw(local, useStrips, singleBone ? undefined : boneOf);
  const loads: SubLoad[] = [];
  let dest = 0;
  while (dest < draw.order.length) {
    const bone = boneOf(draw.order[dest]!);
    let end = dest;
    while (end < draw.order.length && boneOf(draw.order[end]!) === bone) end++;
    const verts = draw.order.slice(dest, end);
    // An odd count loads its last vertex twice; the next load overwrites the pad.
    loads.push({ bone, dest, vertices: verts.length % 2 ? [...verts, verts[verts.length - 1]!] : verts });
    dest = end;
  }
  return { loads, list: draw.list, sequence: draw.sequence, strips: draw.strips };
}

/**
 * The parts planned so far for one object, by their triangles: the partitions for the capacities often share
 * groups (every group, when the object is smaller than the smallest capacity), and planning depends on nothing
 * else, so an equal group gets the same part (read only from here on).
 */
class PlannedParts {
  /** Entries by the FNV-1a hash of their triangles' vertex ids (a key that equal lists share). */
  private readonly byHash = new Map<number, { tris: number[]; part: BuiltPart }[]>();

  /** The part planned for `tris` (whose FNV-1a hash is `hash`), if any. */
  find(tris: number[], hash: number): BuiltPart | undefined {
    const entries = this.byHash.get(hash);
    if (!entries) return undefined;
    for (const e of entries) if (sameNumbers(e.tris, tris)) return e.part;
    return undefined;
  }

  add(tris: number[], hash: number, part: BuiltPart): void {
    const entries = this.byHash.get(hash);
    if (entries) entries.push({ tris, part });
    else this.byHash.set(hash, [{ tris, part }]);
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

function sameNumbers(a: number[], b: number[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/*
 * Splits one object's triangles into tiny3d parts (spec §4, §13): each part loads at most 70 vertices into the
 * RSP vertex cache and draws only from them. Parts grow as compact patches of the surface, vertex by vertex (the
 * one completing the most triangles first), so they share short borders and few vertices load twice (the
 * WebAssembly planner's partition.ts). Vertices bound to different bones are loaded by separate sub-loads (one
 * per bone, each an even count, the odd pad overwritten by the next load), only the last of which draws. How a
 * part draws (slot order, strips, sequence, u8 triangles) is plan-part-draw.ts's choice.
 *
 * Parts filling the cache to 68, 66, 64 and 62 vertices are tried (and the whole cache, 70, for an object it
 * holds): a fuller part loads fewer vertices in all, a smaller one leaves its strip commands more room at the
 * top of the cache. The fewest vertex loads win, then the fewest RSP commands (as read/draw-cost.ts counts them),
 * then the larger capacity. Over the tiny3d examples that loads 1.9% fewer vertices than tiny3d's files (none
 * more in any file) in 66% of their RSP commands. Fewer capacities cost more: 68 and 62 alone loaded 1.7% fewer
 * in 67%; 68, 64 and 60 loaded more than tiny3d in two files; stopping at the first capacity whose parts each
 * draw in one command let a fuller, costlier partition win in two files. The trials run in the WebAssembly
 * planner (assembly/build-parts.ts), which shares their work and gives up a trial as soon as it cannot win.
 */
import { planObject } from './planner-module.js';

/** One vertex load of a part: object vertex ids (an odd count gets the last one repeated) into slots from `dest`. */
export interface SubLoad {
  bone: number;
  dest: number;
  vertices: Int32Array;
}

/** One part as drawn: its loads, then u8 triangles, then strip commands (only the last load draws). */
export interface BuiltPart {
  loads: SubLoad[];
  /** u8 triangle-list cache slots. */
  list: Int32Array;
  /** Unindexed triangles from slot `base`. */
  sequence: { base: number; count: number };
  /** Strip commands: entries with the restart bit (0x8000) on the first index of every strip but the first. */
  strips: Int32Array[];
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
  const out = planObject(tris, bones, vertexCount, useStrips);
  const parts: BuiltPart[] = [];
  for (let p = out.next(); p > 0; p--) {
    out.next(); // the part's RSP commands
    const loads: SubLoad[] = [];
    for (let l = out.next(); l > 0; l--) {
      const bone = out.next();
      const dest = out.next();
      loads.push({ bone, dest, vertices: out.ids() });
    }
    const list = out.ids();
    const base = out.next();
    const count = out.next();
    parts.push({ loads, list, sequence: { base, count }, strips: out.idLists() });
  }
  return parts;
}

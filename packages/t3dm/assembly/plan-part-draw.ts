/*
 * How one part draws from its loaded vertices, chosen to cost the RSP as few commands as possible (spec §4, §6);
 * src/from-scene/plan-part-draw.ts explains the plan and calls this over the part's dense vertex ids. Per part
 * the runtime issues one command per u8 triangle, one for the unindexed sequence and one per strip command, so
 * triangles go to strips first, a run of triangles that share no vertex becomes the sequence, and u8 triangles
 * are only what is left. Vertices get slots from the bottom up in the order the strips use them (the strip
 * adding the fewest new vertices next), commands are filled from the lowest slots up, and what no command has
 * room for near the top of the cache is drawn as u8 triangles (strip-commands.ts).
 */

import { put, putRef } from './list-store';
import { packCommands } from './strip-commands';
import { byNewVertices } from './strip-order';
import { pushTriangle, stripifyDense } from './stripify';
import { unfilledList, unfilledRefs, unfilledStatic, unfilledStaticOf } from './unfilled';

/** Most vertices the planning peels off the top of the cache. */
const MAX_PEEL: i32 = 2;

/** A plan: the slot order of the dense vertices, u8 triangles, a sequence and strip commands (in slots). */
export class Plan {
  constructor(
    public order: i32[],
    public list: i32[],
    public sequenceBase: i32,
    public sequenceCount: i32,
    public strips: i32[][],
  ) {}
}

/** Triangles split by classify: degenerate ones, the sequence and the rest. */
class Classified {
  constructor(
    public plain: i32[],
    public sequence: i32[],
    public rest: i32[],
  ) {}
}

/**
 * Plans a part: `tris` are its triangles as dense ids below `n`; `groups` (when not null) each vertex's bone, the
 * vertices then kept together per bone and no sequence formed. Strips may hold the sequence's triangles for free
 * when the commands have room, and peeling the vertices used least off the top of the cache (their triangles
 * drawn as u8) frees room for the strip commands: every combination is planned and the cheapest kept. A plan
 * whose cost bound cannot beat the best so far is skipped, and as the bound never falls with the depth, so
 * are the deeper ones. The first plan of the lowest cost is kept.
 */
export function planPart(tris: Int32Array, n: i32, groups: Int32Array | null): Plan {
  const split = classify(tris, n, groups === null);
  const plain = split.plain;
  const sequences = [split.sequence];
  const rests = [split.rest];
  if (split.sequence.length > 0) {
    sequences.push([] as i32[]);
    rests.push(split.rest.concat(split.sequence));
  }
  let best: Plan | null = null;
  let bestCost: i32 = i32.MAX_VALUE;
  for (let choice = 0; choice < sequences.length; choice++) {
    const sequence = sequences[choice];
    const rest = rests[choice];
    const sequenceCost: i32 = sequence.length > 0 ? 1 : 0;
    if (plain.length / 3 + sequenceCost + (rest.length > 0 ? 1 : 0) >= bestCost) continue;
    let kept = byNewVertices(stripifyDense(rest, n), n);
    const peeled: i32[] = [];
    // Depth d peels d vertices: each round peels one more off what the previous depth kept.
    for (let depth = 0; depth <= MAX_PEEL; depth++) {
      if (depth > 0) {
        // The peel moves at least one triangle to u8 and may leave no strip: when even that cannot beat the
        // best, neither can this depth's plan, so the peel is not worked out.
        if ((plain.length + peeled.length) / 3 + 1 + sequenceCost >= bestCost) break;
        kept = peelOnce(kept, n, peeled);
      }
      const bound = (plain.length + peeled.length) / 3 + sequenceCost + (kept.length > 0 ? 1 : 0);
      if (bound >= bestCost) break;
      const plan = planStrips(plain, peeled, sequence, kept, groups, n);
      const cost = plan.list.length / 3 + plan.strips.length + (plan.sequenceCount > 0 ? 1 : 0);
      if (cost < bestCost) {
        best = plan;
        bestCost = cost;
      }
      if (kept.length === 0) break;
    }
  }
  return best!;
}

/**
 * Degenerate triangles (drawn as u8: strips never hold one), triangles whose three vertices no other triangle
 * uses (a sequence, when there are at least two and `sequenceAllowed`), and the rest (for strips).
 */
function classify(tris: Int32Array, n: i32, sequenceAllowed: bool): Classified {
  const uses = new StaticArray<i32>(n);
  for (let i = 0; i < tris.length; i++) uses[tris[i]]++;
  // Each triangle's class (0 plain, 1 sequence, 2 rest), counted, then the lists made at their full length.
  const classOf = unfilledStaticOf<u8>(tris.length / 3);
  const counts = new StaticArray<i32>(3);
  for (let i = 0; i + 2 < tris.length; i += 3) {
    const a = tris[i];
    const b = tris[i + 1];
    const c = tris[i + 2];
    let into: u8 = 2;
    if (a === b || b === c || a === c) into = 0;
    else if (sequenceAllowed && uses[a] === 1 && uses[b] === 1 && uses[c] === 1) into = 1;
    classOf[i / 3] = into;
    counts[into] += 3;
  }
  const plain = unfilledList(counts[0]);
  const sequence = unfilledList(counts[1]);
  const rest = unfilledList(counts[2]);
  counts.fill(0);
  for (let i = 0; i + 2 < tris.length; i += 3) {
    const into = classOf[i / 3];
    const list = into === 0 ? plain : into === 1 ? sequence : rest;
    const at = counts[into];
    put(list, at, tris[i]);
    put(list, at + 1, tris[i + 1]);
    put(list, at + 2, tris[i + 2]);
    counts[into] = at + 3;
  }
  if (sequence.length < 6) return new Classified(plain, [] as i32[], rest.concat(sequence));
  return new Classified(plain, sequence, rest);
}

/**
 * Removes the vertex used by the fewest triangles of `strips` (the first such in strip order): its triangles
 * are appended to `peeled`, and each strip it cuts stays as its pieces, in place (a piece that would start at an
 * odd triangle, and so flip its winding, starts one triangle later, that triangle becoming a strip of its own).
 */
function peelOnce(strips: i32[][], n: i32, peeled: i32[]): i32[][] {
  // Triangle count per vertex; vertices in the order the strips' triangles first use them.
  const uses = new StaticArray<i32>(n);
  const seen = unfilledStatic(n);
  let seenCount = 0;
  for (let si = 0; si < strips.length; si++) {
    const s = strips[si];
    for (let t = 0; t + 2 < s.length; t++) {
      // Triangle t's corners in its winding (odd triangles reversed).
      const a = s[t % 2 === 0 ? t : t + 2];
      const b = s[t + 1];
      const c = s[t % 2 === 0 ? t + 2 : t];
      if (uses[a]++ === 0) seen[seenCount++] = a;
      if (uses[b]++ === 0) seen[seenCount++] = b;
      if (uses[c]++ === 0) seen[seenCount++] = c;
    }
  }
  let vertex = -1;
  let least = i32.MAX_VALUE;
  for (let i = 0; i < seenCount; i++) {
    const v = seen[i];
    if (uses[v] < least) {
      vertex = v;
      least = uses[v];
    }
  }
  const next: i32[][] = [];
  for (let si = 0; si < strips.length; si++) {
    const s = strips[si];
    if (!s.includes(vertex)) {
      next.push(s);
      continue;
    }
    let from = -1;
    for (let t = 0; t + 2 < s.length; t++) {
      if (s[t] === vertex || s[t + 1] === vertex || s[t + 2] === vertex) {
        keepPiece(s, from, t, next);
        from = -1;
        pushTriangle(peeled, s, t);
      } else if (from < 0) from = t;
    }
    keepPiece(s, from, s.length - 2, next);
  }
  return next;
}

/** Appends to `next` the piece of strip `s` from triangle `from` (none when -1) to before triangle `end`. */
function keepPiece(s: i32[], from: i32, end: i32, next: i32[][]): void {
  if (from < 0) return;
  if (from % 2 === 1) {
    next.push(pushTriangle([] as i32[], s, from));
    from++;
  }
  if (from < end) next.push(s.slice(from, end + 2));
}

/**
 * One plan: `plain`, then `peeled`, as u8 triangles, `sequence` unindexed, `strips` (in slot order) as far as
 * commands have room.
 */
function planStrips(
  plain: i32[],
  peeled: i32[],
  sequence: i32[],
  strips: i32[][],
  groups: Int32Array | null,
  n: i32,
): Plan {
  // Vertex ids in the order the strips, then `plain`, `peeled` and `sequence` first use them.
  // Lists made at their full length and filled by index (Array#push is a call per entry, and may copy to grow).
  const seen = new StaticArray<u8>(n);
  let order = unfilledList(n);
  let seenCount = 0;
  for (let s = 0; s < strips.length; s++) seenCount = visit(strips[s], seen, order, seenCount);
  seenCount = visit(plain, seen, order, seenCount);
  seenCount = visit(peeled, seen, order, seenCount);
  seenCount = visit(sequence, seen, order, seenCount);
  order.length = seenCount;
  if (groups !== null) order = groupedByBone(order, groups);
  const slot = unfilledStatic(n);
  for (let i = 0; i < order.length; i++) slot[order[i]] = i;
  const inSlots = unfilledRefs<i32[]>(strips.length);
  for (let s = 0; s < strips.length; s++)
    putRef(inSlots, s, putSlots(unfilledList(strips[s].length), 0, strips[s], slot));
  const list = unfilledList(plain.length + peeled.length);
  putSlots(list, 0, plain, slot);
  putSlots(list, plain.length, peeled, slot);
  const commands = packCommands(inSlots, list);
  // A command holding one triangle costs what a u8 triangle does, in more bytes.
  const kept: i32[][] = [];
  for (let c = 0; c < commands.length; c++) {
    const command = commands[c];
    if (command.length > 3) kept.push(command);
    else for (let i = 0; i < command.length; i++) list.push(command[i]);
  }
  return new Plan(order, list, sequence.length > 0 ? slot[sequence[0]] : 0, sequence.length / 3, kept);
}

/** Puts into `order`, from index `count` on, the vertices of `list` not `seen` yet: the new count. */
function visit(list: i32[], seen: StaticArray<u8>, order: i32[], count: i32): i32 {
  for (let i = 0; i < list.length; i++) {
    const v = list[i];
    if (seen[v] !== 0) continue;
    seen[v] = 1;
    put(order, count++, v);
  }
  return count;
}

/** Puts the slots of `vertices` into `out` (returned, long enough) from index `at` on. */
function putSlots(out: i32[], at: i32, vertices: i32[], slot: StaticArray<i32>): i32[] {
  for (let i = 0; i < vertices.length; i++) put(out, at + i, slot[vertices[i]]);
  return out;
}

/** `order` regrouped so each bone's vertices are contiguous, bones in the order of their first vertex. */
function groupedByBone(order: i32[], groups: Int32Array): i32[] {
  const bones: i32[] = [];
  for (let i = 0; i < order.length; i++) if (!bones.includes(groups[order[i]])) bones.push(groups[order[i]]);
  if (bones.length === 1) return order;
  const out: i32[] = [];
  for (let b = 0; b < bones.length; b++)
    for (let i = 0; i < order.length; i++) if (groups[order[i]] === bones[b]) out.push(order[i]);
  return out;
}

/*
 * How one part draws from its loaded vertices, chosen to cost the RSP as few commands as possible (spec §4, §6).
 * Per part the runtime issues one command per u8 triangle, one for the unindexed sequence and one per strip
 * command (up to 4, at most 255 entries each), so triangles go to strips first, a run of triangles that share
 * no vertex becomes the sequence, and u8 triangles are only what is left.
 *
 * The catch is where strip indices live: each command is DMA'd into the cache slots above the highest slot it and
 * the later commands read, so it may hold `usableStripEntries(free) - 1` entries. Vertices are therefore given
 * slots from the bottom up in the order the strips use them (the strip adding the fewest new vertices next),
 * commands are filled from the lowest slots up (the last command drawn reads the lowest slots), and what no
 * command has room for near the top of the cache is drawn as u8 triangles (strip-commands.ts). Vertices read
 * only by u8 triangles or the sequence sit above every strip vertex: they are drawn before the strips, so the
 * index DMA may overwrite them.
 *
 * The planning runs over the part's vertices renumbered 0..n-1 (dense-ids.ts), with typed arrays of n entries.
 */
import { denseIds } from './dense-ids.js';
import { MinHeap } from './min-heap.js';
import { Scratch } from './scratch.js';
import { packCommands } from './strip-commands.js';
import { pushTriangle, stripifyDense } from './stripify.js';

export { usableStripEntries } from './strip-commands.js';

/** How a part draws: the slot order of its vertices, then u8 triangles, a sequence and strip commands. */
export interface PartDraw {
  /** Vertex ids in slot order (slot i holds `order[i]`). */
  order: number[];
  /** u8 triangle-list slots. */
  list: number[];
  /** Unindexed triangles (base, base+1, base+2), (base+3, …): `count` of them from slot `base`. */
  sequence: { base: number; count: number };
  /** Strip commands in draw order: the first index of every strip but the first carries the restart bit 0x8000. */
  strips: number[][];
}

/**
 * Plans one part. `tris` are flat vertex-id triples. `groupOf` (when given) is each vertex's bone: vertices are
 * then kept together per bone (one sub-load each, in the order returned) and no sequence is formed.
 * `useStrips: false` draws everything as u8 triangles.
 */
export function planPartDraw(tris: number[], useStrips: boolean, groupOf?: (v: number) => number): PartDraw {
  // Dense ids are numbered in first use, which is the slot order of a plain u8 list.
  const { dense, ids } = denseIds(tris);
  if (!useStrips) {
    const list: number[] = [];
    for (let i = 0; i < tris.length; i++) list.push(dense[i]!);
    return { order: ids, list, sequence: { base: 0, count: 0 }, strips: [] };
  }
  const n = ids.length;
  let group: Int32Array | undefined;
  if (groupOf) {
    group = scratch.group.any(n);
    for (let v = 0; v < n; v++) group[v] = groupOf(ids[v]!);
  }
  const { plain, sequence, rest } = classify(dense, tris.length, n, group === undefined);
  // Strips may hold the sequence's triangles for free when the commands have room, and peeling the vertices
  // used least off the top of the cache (their triangles drawn as u8) frees room for the strip commands.
  // Every combination is planned and the cheapest kept (one command is as cheap as a part can draw). A plan
  // draws its u8 triangles (`plain` and the peeled ones) one command each, the sequence in one, and at least one
  // more command when strips remain: a plan whose bound cannot beat the best so far is skipped, and as the bound
  // never falls with the depth (each peel moves at least one triangle to u8, and only the last strip can go), so
  // are the deeper ones. The first plan of the lowest cost is kept, as planning every one would keep it.
  const choices = [{ sequence, rest }];
  if (sequence.length > 0) choices.push({ sequence: [], rest: [...rest, ...sequence] });
  let best: PartDraw | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const choice of choices) {
    const sequenceCost = choice.sequence.length > 0 ? 1 : 0;
    if (plain.length / 3 + sequenceCost + (choice.rest.length > 0 ? 1 : 0) >= bestCost) continue;
    let kept = byNewVertices(stripifyDense(choice.rest, n), n);
    const peeled: number[] = [];
    // Depth d peels d vertices: each round peels one more off what the previous depth kept.
    for (let depth = 0; depth <= MAX_PEEL; depth++) {
      if (depth > 0) {
        // The peel moves at least one triangle to u8 and may leave no strip: when even that cannot beat the
        // best, neither can this depth's plan (the bound below would stop it), so the peel is not worked out.
        if ((plain.length + peeled.length) / 3 + 1 + sequenceCost >= bestCost) break;
        kept = peelOnce(kept, n, peeled);
      }
      const bound = (plain.length + peeled.length) / 3 + sequenceCost + (kept.length > 0 ? 1 : 0);
      if (bound >= bestCost) break;
      const plan = planStrips(plain, peeled, choice.sequence, kept, group, n);
      const cost = plan.list.length / 3 + plan.strips.length + (plan.sequence.count > 0 ? 1 : 0);
      if (cost < bestCost) {
        best = plan;
        bestCost = cost;
      }
      if (kept.length === 0) break;
    }
  }
  const plan = best!;
  // The plan's order is its own array: back to the caller's vertex ids in place.
  for (let i = 0; i < plan.order.length; i++) plan.order[i] = ids[plan.order[i]!]!;
  return plan;
}

// Per-call arrays, reused (scratch.ts).
const scratch = {
  group: new Scratch(),
  uses: new Scratch(),
  slot: new Scratch(),
  seen: new Scratch(),
  start: new Scratch(),
  fill: new Scratch(),
  stripsOf: new Scratch(),
  fresh: new Scratch(),
  loaded: new Scratch(),
  taken: new Scratch(),
  first: new Scratch(),
  vertices: new Scratch(),
  rank: new Scratch(),
  byRank: new Scratch(),
  atLength: new Scratch(),
  seenOrder: new Scratch(),
};

/** {@link byNewVertices}'s queue, emptied per call. */
const rankHeap = new MinHeap();

/** Most vertices {@link planPartDraw} peels off the top of the cache. */
const MAX_PEEL = 2;

/**
 * Removes the vertex used by the fewest triangles of `strips` (the first such in strip order): its triangles
 * are appended to `peeled`, and each strip it cuts stays as its pieces, in place (a piece that would start at an
 * odd triangle, and so flip its winding, starts one triangle later, that triangle becoming a strip of its own).
 */
function peelOnce(strips: number[][], n: number, peeled: number[]): number[][] {
  // Triangle count per vertex; vertices in the order the strips' triangles first use them.
  const uses = scratch.uses.filled(n, 0);
  const seen = scratch.seenOrder.any(n);
  let seenCount = 0;
  for (const s of strips) {
    for (let t = 0; t + 2 < s.length; t++) {
      // Triangle t's corners in its winding (odd triangles reversed), as destripify lists them.
      const a = s[t % 2 === 0 ? t : t + 2]!;
      const b = s[t + 1]!;
      const c = s[t % 2 === 0 ? t + 2 : t]!;
      if (uses[a]!++ === 0) seen[seenCount++] = a;
      if (uses[b]!++ === 0) seen[seenCount++] = b;
      if (uses[c]!++ === 0) seen[seenCount++] = c;
    }
  }
  let vertex = -1;
  let least = Number.POSITIVE_INFINITY;
  for (let i = 0; i < seenCount; i++) {
    const v = seen[i]!;
    if (uses[v]! < least) {
      vertex = v;
      least = uses[v]!;
    }
  }
  const next: number[][] = [];
  for (const s of strips) {
    if (!s.includes(vertex)) {
      next.push(s);
      continue;
    }
    let from = -1;
    const close = (end: number) => {
      if (from < 0) return;
      if (from % 2 === 1) {
        next.push(pushTriangle([], s, from));
        from++;
      }
      if (from < end) next.push(s.slice(from, end + 2));
      from = -1;
    };
    for (let t = 0; t + 2 < s.length; t++) {
      if (s[t] === vertex || s[t + 1] === vertex || s[t + 2] === vertex) {
        close(t);
        pushTriangle(peeled, s, t);
      } else if (from < 0) from = t;
    }
    close(s.length - 2);
  }
  return next;
}

/**
 * One plan: `plain`, then `peeled`, as u8 triangles, `sequence` unindexed, `strips` (in slot order) as far as
 * commands have room.
 */
function planStrips(
  plain: number[],
  peeled: number[],
  sequence: number[],
  strips: number[][],
  group: Int32Array | undefined,
  n: number,
): PartDraw {
  let order = firstUse(strips, plain, peeled, sequence, n);
  if (group) order = groupedByBone(order, group);
  const slot = scratch.slot.any(n);
  for (let i = 0; i < order.length; i++) slot[order[i]!] = i;
  const inSlots: number[][] = [];
  for (const s of strips) inSlots.push(pushSlots([], s, slot));
  const list: number[] = [];
  pushSlots(list, plain, slot);
  pushSlots(list, peeled, slot);
  const commands = packCommands(inSlots, list);
  // A command holding one triangle costs what a u8 triangle does, in more bytes.
  const strip = commands.filter((c) => {
    if (c.length > 3) return true;
    list.push(...c);
    return false;
  });
  return {
    order,
    list,
    sequence: { base: sequence.length > 0 ? slot[sequence[0]!]! : 0, count: sequence.length / 3 },
    strips: strip,
  };
}

/**
 * Appends the slots of `vertices` to `out` (returned). Pushed rather than mapped: an optimised `map` makes a holey
 * array where an unoptimised one makes a packed one, and the planning's optimised code, meeting the other shape,
 * is thrown away. The strips and the u8 lists share it, so its type feedback comes from the strips even in a
 * batch whose first parts have no u8 triangles, and the optimised planning keeps it when they appear.
 */
function pushSlots(out: number[], vertices: number[], slot: Int32Array): number[] {
  for (const v of vertices) out.push(slot[v]!);
  return out;
}

/**
 * Degenerate triangles (drawn as u8: strips never hold one), triangles whose three vertices no other triangle
 * uses (a sequence, when there are at least two and `sequenceAllowed`), and the rest (for strips).
 */
function classify(tris: Int32Array, length: number, n: number, sequenceAllowed: boolean) {
  const uses = scratch.uses.filled(n, 0);
  for (let i = 0; i < length; i++) uses[tris[i]!]!++;
  const plain: number[] = [];
  const sequence: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i + 2 < length; i += 3) {
    const a = tris[i]!;
    const b = tris[i + 1]!;
    const c = tris[i + 2]!;
    // One push for all three lists: a push only some inputs reach (degenerate triangles are rare) would have
    // no type feedback when the function is optimised, and throw the optimised code away when first reached.
    const into =
      a === b || b === c || a === c
        ? plain
        : sequenceAllowed && uses[a] === 1 && uses[b] === 1 && uses[c] === 1
          ? sequence
          : rest;
    into.push(a, b, c);
  }
  if (sequence.length < 6) return { plain, sequence: [], rest: [...rest, ...sequence] };
  return { plain, sequence, rest };
}

/** Strips in the order that brings in the fewest new vertices at each step (ties: the longer strip, then the first). */
export function byNewVertices(strips: number[][], n: number): number[][] {
  const count = strips.length;
  // Each strip's distinct vertices (CSR: vertices[first[i] .. first[i + 1]) ), and the strips of each vertex
  // (CSR: stripsOf[start[v] .. start[v + 1]) ).
  const seen = scratch.seen.filled(n, -1);
  const first = scratch.first.any(count + 1);
  let total = 0;
  for (const s of strips) total += s.length;
  const vertices = scratch.vertices.any(total);
  const start = scratch.start.filled(n + 1, 0);
  let length = 0;
  for (let i = 0; i < count; i++) {
    first[i] = length;
    for (const v of strips[i]!) {
      if (seen[v] === i) continue;
      seen[v] = i;
      vertices[length++] = v;
      start[v + 1]!++;
    }
  }
  first[count] = length;
  for (let v = 0; v < n; v++) start[v + 1] = start[v + 1]! + start[v]!;
  const fill = scratch.fill.any(n);
  fill.set(start.subarray(0, n));
  const stripsOf = scratch.stripsOf.any(length);
  for (let i = 0; i < count; i++) for (let e = first[i]!; e < first[i + 1]!; e++) stripsOf[fill[vertices[e]!]!++] = i;
  // The tie-breaks as one rank (longer strip first, then the first in the list: a counting sort by length),
  // and a heap keyed by new-vertex count, then rank (fresh * scale + rank, scale a power of two above every
  // rank so the split is exact; a strip is pushed again each time its count falls, and entries whose count has
  // changed since, or whose strip is taken, are skipped when they reach the top).
  let longest = 0;
  for (const s of strips) if (s.length > longest) longest = s.length;
  const atLength = scratch.atLength.filled(longest + 2, 0);
  for (const s of strips) atLength[longest - s.length + 1]!++;
  for (let l = 1; l <= longest; l++) atLength[l + 1] = atLength[l + 1]! + atLength[l]!;
  const byRank = scratch.byRank.any(count);
  const rank = scratch.rank.any(count);
  for (let i = 0; i < count; i++) {
    const r = atLength[longest - strips[i]!.length]!++;
    byRank[r] = i;
    rank[i] = r;
  }
  let scale = 1;
  while (scale < count) scale *= 2;
  const fresh = scratch.fresh.any(count);
  rankHeap.clear();
  for (let i = 0; i < count; i++) {
    fresh[i] = first[i + 1]! - first[i]!;
    rankHeap.push(fresh[i]! * scale + rank[i]!);
  }
  const loaded = scratch.loaded.filled(n, 0);
  const taken = scratch.taken.filled(count, 0);
  const out: number[][] = [];
  while (out.length < count) {
    const key = rankHeap.top();
    rankHeap.pop();
    const keyFresh = Math.floor(key / scale);
    const best = byRank[key - keyFresh * scale]!;
    if (taken[best] !== 0 || fresh[best] !== keyFresh) continue;
    taken[best] = 1;
    out.push(strips[best]!);
    for (let e = first[best]!; e < first[best + 1]!; e++) {
      const v = vertices[e]!;
      if (loaded[v]) continue;
      loaded[v] = 1;
      for (let f = start[v]!; f < start[v + 1]!; f++) {
        const i = stripsOf[f]!;
        fresh[i]!--;
        if (taken[i] === 0) rankHeap.push(fresh[i]! * scale + rank[i]!);
      }
    }
  }
  return out;
}

/** Vertex ids in the order the strips, then `plain`, `peeled` and `sequence` first use them. */
function firstUse(strips: number[][], plain: number[], peeled: number[], sequence: number[], n: number): number[] {
  const seen = scratch.seen.filled(n, 0);
  const order: number[] = [];
  const visit = (list: number[]) => {
    for (const v of list) {
      if (seen[v]) continue;
      seen[v] = 1;
      order.push(v);
    }
  };
  for (const s of strips) visit(s);
  visit(plain);
  visit(peeled);
  visit(sequence);
  return order;
}

/** `order` regrouped so each bone's vertices are contiguous, bones in the order of their first vertex. */
function groupedByBone(order: number[], group: Int32Array): number[] {
  const bones: number[] = [];
  for (const v of order) if (!bones.includes(group[v]!)) bones.push(group[v]!);
  if (bones.length === 1) return order;
  const out: number[] = [];
  for (const bone of bones) for (const v of order) if (group[v] === bone) out.push(v);
  return out;
}

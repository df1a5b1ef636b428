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
 * command has room for near the top of the cache is drawn as u8 triangles. Vertices read only by u8 triangles
 * or the sequence sit above every strip vertex: they are drawn before the strips, so the index DMA may overwrite
 * them.
 */
import { CACHE_SLOTS } from '../read/decode-triangles.js';
import { destripify, stripify } from './stripify.js';

/** Usable u16 entries when `free` cache slots (36 bytes each) lie above the highest slot read. */
export function usableStripEntries(free: number): number {
  return free * 18 - (free % 2 !== 0 ? 4 : 0);
}

/** Most entries a strip command holds when the highest slot it and the later commands read is `highest`. */
function commandRoom(highest: number): number {
  return Math.min(255, usableStripEntries(CACHE_SLOTS - (highest + 1)) - 1);
}

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
  if (!useStrips) {
    const order = firstUse([tris]);
    const slot = slotsOf(order);
    return { order, list: tris.map((v) => slot.get(v)!), sequence: { base: 0, count: 0 }, strips: [] };
  }
  const { plain, sequence, rest } = classify(tris, groupOf === undefined);
  // Strips may hold the sequence's triangles for free when the commands have room, and peeling the vertices
  // used least off the top of the cache (their triangles drawn as u8) frees room for the strip commands.
  // Every combination is planned and the cheapest kept (one command is as cheap as a part can draw).
  const choices = [{ sequence, rest }];
  if (sequence.length > 0) choices.push({ sequence: [], rest: [...rest, ...sequence] });
  let best: PartDraw | undefined;
  let bestCost = Number.POSITIVE_INFINITY;
  for (const choice of choices) {
    const ordered = byNewVertices(stripify(choice.rest));
    for (let depth = 0; depth <= MAX_PEEL && bestCost > 1; depth++) {
      const { peeled, kept } = peelStrips(ordered, depth);
      const plan = planStrips([...plain, ...peeled], choice.sequence, kept, groupOf);
      const cost = plan.list.length / 3 + plan.strips.length + (plan.sequence.count > 0 ? 1 : 0);
      if (cost < bestCost) {
        best = plan;
        bestCost = cost;
      }
      if (kept.length === 0) break;
    }
  }
  return best!;
}

/** Most vertices {@link planPartDraw} peels off the top of the cache. */
const MAX_PEEL = 2;

/** Triangle count per vertex over `strips`. */
function triangleUses(strips: number[][]): Map<number, number> {
  const uses = new Map<number, number>();
  for (const s of strips) for (const v of destripify(s)) uses.set(v, (uses.get(v) ?? 0) + 1);
  return uses;
}

/**
 * Removes the `depth` vertices used by the fewest triangles (recounted after each removal): their triangles
 * come back as `peeled`, and each strip they cut stays as its pieces, in place (a piece that would start at an
 * odd triangle, and so flip its winding, starts one triangle later, that triangle becoming a strip of its own).
 */
function peelStrips(strips: number[][], depth: number): { peeled: number[]; kept: number[][] } {
  let kept = strips;
  const peeled: number[] = [];
  for (let d = 0; d < depth && kept.length > 0; d++) {
    let vertex = -1;
    let least = Number.POSITIVE_INFINITY;
    for (const [v, n] of triangleUses(kept)) if (n < least) [vertex, least] = [v, n];
    const next: number[][] = [];
    for (const s of kept) {
      if (!s.includes(vertex)) {
        next.push(s);
        continue;
      }
      let from = -1;
      const close = (end: number) => {
        if (from < 0) return;
        if (from % 2 === 1) {
          next.push(triangleAt(s, from));
          from++;
        }
        if (from < end) next.push(s.slice(from, end + 2));
        from = -1;
      };
      for (let t = 0; t + 2 < s.length; t++) {
        if (s[t] === vertex || s[t + 1] === vertex || s[t + 2] === vertex) {
          close(t);
          peeled.push(...triangleAt(s, t));
        } else if (from < 0) from = t;
      }
      close(s.length - 2);
    }
    kept = next;
  }
  return { peeled, kept };
}

/** Triangle `t` of strip `s` in its winding (odd triangles are reversed, spec §6). */
function triangleAt(s: number[], t: number): number[] {
  return t % 2 === 0 ? [s[t]!, s[t + 1]!, s[t + 2]!] : [s[t + 2]!, s[t + 1]!, s[t]!];
}

/** One plan: `plain` as u8 triangles, `sequence` unindexed, `strips` (in slot order) as far as commands have room. */
function planStrips(
  plain: number[],
  sequence: number[],
  strips: number[][],
  groupOf: ((v: number) => number) | undefined,
): PartDraw {
  let order = firstUse([...strips, plain, sequence]);
  if (groupOf) order = groupedByBone(order, groupOf);
  const slot = slotsOf(order);
  const inSlots = strips.map((s) => s.map((v) => slot.get(v)!));
  const { commands, leftover } = packCommands(inSlots);
  const list = [...plain.map((v) => slot.get(v)!), ...leftover.flatMap(destripify)];
  // A command holding one triangle costs what a u8 triangle does, in more bytes.
  const strip = commands.filter((c) => {
    if (c.length > 3) return true;
    list.push(...c);
    return false;
  });
  return {
    order,
    list,
    sequence: { base: sequence.length > 0 ? slot.get(sequence[0]!)! : 0, count: sequence.length / 3 },
    strips: strip,
  };
}

/**
 * Degenerate triangles (drawn as u8: strips never hold one), triangles whose three vertices no other triangle
 * uses (a sequence, when there are at least two and `sequenceAllowed`), and the rest (for strips).
 */
function classify(tris: number[], sequenceAllowed: boolean) {
  const uses = new Map<number, number>();
  for (const v of tris) uses.set(v, (uses.get(v) ?? 0) + 1);
  const plain: number[] = [];
  const sequence: number[] = [];
  const rest: number[] = [];
  for (let i = 0; i < tris.length; i += 3) {
    const [a, b, c] = [tris[i]!, tris[i + 1]!, tris[i + 2]!];
    if (a === b || b === c || a === c) plain.push(a, b, c);
    else if (sequenceAllowed && uses.get(a) === 1 && uses.get(b) === 1 && uses.get(c) === 1) sequence.push(a, b, c);
    else rest.push(a, b, c);
  }
  if (sequence.length < 6) return { plain, sequence: [], rest: [...rest, ...sequence] };
  return { plain, sequence, rest };
}

/** Strips in the order that brings in the fewest new vertices at each step (ties: the longer strip). */
function byNewVertices(strips: number[][]): number[][] {
  const vertices = strips.map((s) => [...new Set(s)]);
  const fresh = vertices.map((v) => v.length);
  const stripsOf = new Map<number, number[]>();
  for (const [i, vs] of vertices.entries()) for (const v of vs) stripsOf.set(v, [...(stripsOf.get(v) ?? []), i]);
  const taken = new Uint8Array(strips.length);
  const out: number[][] = [];
  for (let n = 0; n < strips.length; n++) {
    let best = -1;
    for (let i = 0; i < strips.length; i++) {
      if (taken[i]) continue;
      if (
        best < 0 ||
        fresh[i]! < fresh[best]! ||
        (fresh[i] === fresh[best] && strips[i]!.length > strips[best]!.length)
      )
        best = i;
    }
    taken[best] = 1;
    out.push(strips[best]!);
    for (const v of vertices[best]!) {
      if (!stripsOf.has(v)) continue;
      for (const i of stripsOf.get(v)!) fresh[i]!--;
      stripsOf.delete(v);
    }
  }
  return out;
}

/** Vertex ids in the order the lists first use them. */
function firstUse(lists: number[][]): number[] {
  const seen = new Set<number>();
  for (const list of lists) for (const v of list) seen.add(v);
  return [...seen];
}

/** `order` regrouped so each bone's vertices are contiguous, bones in the order of their first vertex. */
function groupedByBone(order: number[], groupOf: (v: number) => number): number[] {
  const groups = new Map<number, number[]>();
  for (const v of order) {
    const g = groupOf(v);
    const list = groups.get(g);
    if (list) list.push(v);
    else groups.set(g, [v]);
  }
  return [...groups.values()].flat();
}

function slotsOf(order: number[]): Map<number, number> {
  return new Map(order.map((v, i) => [v, i]));
}

/**
 * Fills up to four strip commands from the lowest slots up; a strip that does not fit is cut (at an even
 * triangle, so the rest keeps its winding) to fill the command. Returns the commands in draw order (highest
 * slots first) and the strips no command had room for.
 */
function packCommands(strips: number[][]): { commands: number[][]; leftover: number[][] } {
  const pending = strips.map((s) => ({ s, max: Math.max(...s) })).sort((a, b) => a.max - b.max);
  const built: number[][] = [];
  let highest = -1;
  while (built.length < 4 && pending.length > 0) {
    const command: number[] = [];
    for (;;) {
      const next = pending[0];
      if (!next) break;
      const top = Math.max(highest, next.max);
      if (command.length + next.s.length <= commandRoom(top)) {
        append(command, next.s);
        highest = top;
        pending.shift();
        continue;
      }
      const cut = longestPrefix(next.s, command.length, highest);
      if (cut > 0) {
        const prefix = next.s.slice(0, cut + 2);
        append(command, prefix);
        highest = Math.max(highest, ...prefix);
        next.s = next.s.slice(cut);
        next.max = Math.max(...next.s);
      }
      break;
    }
    if (command.length === 0) break;
    built.push(command);
  }
  return { commands: built.reverse(), leftover: pending.map((p) => p.s) };
}

/** Most triangles (an even count, at least 2) of `s` that fit after `used` entries of a command. */
function longestPrefix(s: number[], used: number, highest: number): number {
  let best = 0;
  let top = Math.max(highest, s[0]!, s[1]!);
  for (let k = 1; k + 2 < s.length; k++) {
    top = Math.max(top, s[k + 1]!);
    if (used + k + 2 > commandRoom(top)) break;
    if (k % 2 === 0) best = k;
  }
  return best;
}

function append(command: number[], strip: number[]): void {
  command.push(strip[0]! | (command.length > 0 ? 0x8000 : 0), ...strip.slice(1));
}

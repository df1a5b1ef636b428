/*
 * Triangle strips for GX display lists (spec j3d.md §7.4). GX strip triangle i (i ≥ 2) is (s[i−2], s[i−1], s[i])
 * for even i and (s[i−2], s[i], s[i−1]) for odd i, so every triangle keeps its winding. Greedy: from each unused
 * triangle (in order), in the rotation that grows longest, the strip takes the next unused triangle across its
 * last edge (directed the way the next triangle's winding needs) while there is one. A strip pays from two
 * triangles on (4 vertices instead of 6, plus a 3-byte command); single triangles are left for one TRIANGLES
 * command. Strips stop at 65535 vertices (the command's u16 count).
 */

/** Strips (vertex lists, two triangles or more) and the triangles left over (three vertices each). */
export interface Strips {
  strips: number[][];
  triangles: number[];
}

const MAX_VERTICES = 0xffff;

/** Strips over `triangles` (three vertex ids each, in the winding to keep). */
export function stripify(triangles: ArrayLike<number>): Strips {
  const count = triangles.length / 3;
  // Directed edge (u → v, as the triangle's cyclic order has it) → triangles with that edge; a numeric key,
  // not a string per edge (vertex ids are below 2^32).
  const edgeKey = (u: number, v: number) => u * 4294967296 + v;
  const edges = new Map<number, number[]>();
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(triangles[t * 3 + k]!, triangles[t * 3 + ((k + 1) % 3)]!);
      const list = edges.get(key);
      if (list) list.push(t);
      else edges.set(key, [t]);
    }
  }
  const used = new Uint8Array(count);
  const stamp = new Int32Array(count).fill(-1);
  let round = 0;
  /** The third vertex and triangle across directed edge u → v, not used and not in the strip being grown. */
  const across = (u: number, v: number): [number, number] | undefined => {
    for (const t of edges.get(edgeKey(u, v)) ?? []) {
      if (used[t] || stamp[t] === round) continue;
      for (let k = 0; k < 3; k++) {
        if (triangles[t * 3 + k] === u && triangles[t * 3 + ((k + 1) % 3)] === v)
          return [triangles[t * 3 + ((k + 2) % 3)]!, t];
      }
    }
    return undefined;
  };
  const grow = (start: number, rotation: number): { strip: number[]; members: number[] } => {
    round++;
    const v = (k: number) => triangles[start * 3 + ((k + rotation) % 3)]!;
    const strip = [v(0), v(1), v(2)];
    const members = [start];
    stamp[start] = round;
    while (strip.length < MAX_VERTICES) {
      const n = strip.length;
      const next = n % 2 === 0 ? across(strip[n - 2]!, strip[n - 1]!) : across(strip[n - 1]!, strip[n - 2]!);
      if (!next) break;
      strip.push(next[0]);
      members.push(next[1]);
      stamp[next[1]] = round;
    }
    return { strip, members };
  };
  const out: Strips = { strips: [], triangles: [] };
  for (let t = 0; t < count; t++) {
    if (used[t]) continue;
    let best = grow(t, 0);
    for (const rotation of [1, 2]) {
      const other = grow(t, rotation);
      if (other.members.length > best.members.length) best = other;
    }
    for (const m of best.members) used[m] = 1;
    if (best.members.length >= 2) out.strips.push(best.strip);
    else out.triangles.push(...best.strip);
  }
  return out;
}

/*
 * A greedy triangle stripifier for tiny3d strips (spec §6): triangle i of a strip is (s[i], s[i+1], s[i+2]) when
 * i is even and (s[i+2], s[i+1], s[i]) when odd, so every strip keeps the input winding. A strip grows from
 * its start triangle through the neighbour sharing the strip's last edge in the required direction; the start
 * triangle is the one with the fewest free neighbours, in the rotation that gives the longest strip.
 */

/** Strips (lists of cache slots) covering `tris` (flat triples); single triangles come back as 3-entry strips. */
export function stripify(tris: ArrayLike<number>): number[][] {
  const count = tris.length / 3;
  const used = new Uint8Array(count);
  const byEdge = new Map<number, number[]>();
  const edgeKey = (a: number, b: number) => a * 4294967296 + b;
  for (let t = 0; t < count; t++) {
    for (let k = 0; k < 3; k++) {
      const key = edgeKey(tris[t * 3 + k]!, tris[t * 3 + ((k + 1) % 3)]!);
      const list = byEdge.get(key);
      if (list) list.push(t);
      else byEdge.set(key, [t]);
    }
  }
  const third = (t: number, a: number, b: number) => {
    for (let k = 0; k < 3; k++) {
      if (tris[t * 3 + k] === a && tris[t * 3 + ((k + 1) % 3)] === b) return tris[t * 3 + ((k + 2) % 3)]!;
    }
    return -1;
  };
  const findNext = (a: number, b: number, taken: Set<number>): number => {
    for (const t of byEdge.get(edgeKey(a, b)) ?? []) if (!used[t] && !taken.has(t)) return t;
    return -1;
  };
  const grow = (start: number, rotation: number): { strip: number[]; tris: number[] } => {
    const s = [0, 1, 2].map((k) => tris[start * 3 + ((k + rotation) % 3)]!);
    const taken = new Set([start]);
    for (;;) {
      const i = s.length - 2;
      const x = s[s.length - 2]!;
      const y = s[s.length - 1]!;
      const [a, b] = i % 2 === 0 ? [x, y] : [y, x];
      const next = findNext(a, b, taken);
      if (next < 0) break;
      const z = third(next, a, b);
      if (z < 0 || s.length >= 0x7fff) break;
      taken.add(next);
      s.push(z);
    }
    return { strip: s, tris: [...taken] };
  };
  // Free neighbours per triangle (edges across which an unused triangle lies), updated as strips use triangles.
  const across = (t: number, k: number) =>
    byEdge.get(edgeKey(tris[t * 3 + ((k + 1) % 3)]!, tris[t * 3 + k]!))?.filter((u) => u !== t) ?? [];
  const neighbours = Array.from({ length: count }, (_, t) => [0, 1, 2].map((k) => across(t, k)));
  const countFree = (t: number) => neighbours[t]!.filter((list) => list.some((u) => !used[u])).length;
  const free = Int8Array.from({ length: count }, (_, t) => countFree(t));
  const out: number[][] = [];
  for (;;) {
    let start = -1;
    for (let t = 0; t < count; t++) if (!used[t] && (start < 0 || free[t]! < free[start]!)) start = t;
    if (start < 0) break;
    let chosen = grow(start, 0);
    for (const r of [1, 2]) {
      const g = grow(start, r);
      if (g.strip.length > chosen.strip.length) chosen = g;
    }
    for (const t of chosen.tris) used[t] = 1;
    for (const t of chosen.tris) for (const list of neighbours[t]!) for (const u of list) free[u] = countFree(u);
    out.push(chosen.strip);
  }
  return out;
}

/** Triangles of a strip as flat triples, in tiny3d's winding. */
export function destripify(strip: number[]): number[] {
  const out: number[] = [];
  for (let i = 0; i + 2 < strip.length; i++) {
    if (i % 2 === 0) out.push(strip[i]!, strip[i + 1]!, strip[i + 2]!);
    else out.push(strip[i + 2]!, strip[i + 1]!, strip[i]!);
  }
  return out;
}

/*
 * The stripifier (assembly/stripify.ts keeps its start candidates in bitsets by free-neighbour count) against the
 * plain definition written out here: while a triangle is unused, start from the first unused triangle with the
 * fewest edges across which an unused triangle lies; grow a strip from each of its three rotations, taking at
 * each step the first unused triangle (in triangle order) holding the strip's last edge in the required
 * direction; keep the first longest. Seeded random meshes, with repeated (degenerate) vertices and islands.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { stripifyDense } from '../src/from-scene/planner-module.js';

function referenceStripify(tris: number[]): number[][] {
  const count = tris.length / 3;
  const used = new Array<boolean>(count).fill(false);
  const corner = (t: number, k: number) => tris[t * 3 + (k % 3)]!;
  /** The triangles holding directed edge (a, b), with the vertex opposite it. */
  const onEdge = (a: number, b: number) => {
    const found: { t: number; z: number }[] = [];
    for (let t = 0; t < count; t++) {
      const k = [0, 1, 2].find((j) => corner(t, j) === a && corner(t, j + 1) === b);
      if (k !== undefined) found.push({ t, z: corner(t, k + 2) });
    }
    return found;
  };
  const freeNeighbours = (t: number) =>
    [0, 1, 2].filter((k) => onEdge(corner(t, k + 1), corner(t, k)).some((o) => o.t !== t && !used[o.t])).length;
  const grow = (start: number, rotation: number) => {
    const strip = [0, 1, 2].map((k) => corner(start, k + rotation));
    const taken = new Set([start]);
    for (;;) {
      const i = strip.length - 2;
      const [a, b] = i % 2 === 0 ? [strip[i]!, strip[i + 1]!] : [strip[i + 1]!, strip[i]!];
      const next = onEdge(a, b).find((o) => !used[o.t] && !taken.has(o.t));
      if (!next || strip.length >= 0x7fff) break;
      taken.add(next.t);
      strip.push(next.z);
    }
    return { strip, taken };
  };
  const out: number[][] = [];
  for (;;) {
    let start = -1;
    for (let t = 0; t < count; t++) {
      if (!used[t] && (start < 0 || freeNeighbours(t) < freeNeighbours(start))) start = t;
    }
    if (start < 0) return out;
    let best = grow(start, 0);
    for (const r of [1, 2]) {
      const other = grow(start, r);
      if (other.strip.length > best.strip.length) best = other;
    }
    for (const t of best.taken) used[t] = true;
    out.push(best.strip);
  }
}

/** `triCount` triangles over `vertexCount` vertices: a grid's worth of shared edges, some random and repeated. */
function randomMesh(rnd: () => number, triCount: number, vertexCount: number): number[] {
  const tris: number[] = [];
  const width = 2 + Math.floor(rnd() * 8);
  for (let t = 0; t < triCount; t++) {
    const v = Math.floor(rnd() * vertexCount);
    const quad = [v, v + 1, v + width + 1, v + width].map((x) => Math.min(vertexCount - 1, x));
    const tri = rnd() < 0.5 ? [quad[0]!, quad[1]!, quad[2]!] : [quad[0]!, quad[2]!, quad[3]!];
    if (rnd() < 0.1) tri[Math.floor(rnd() * 3)] = Math.floor(rnd() * vertexCount);
    if (rnd() < 0.03) tri[2] = tri[0]!;
    tris.push(...tri);
  }
  return tris;
}

describe('stripifyDense', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('matches the plain definition on random meshes (seed %i)', (seed) => {
    const rnd = seededRandom(seed);
    for (let round = 0; round < 8; round++) {
      const vertexCount = 3 + Math.floor(rnd() * 120);
      const tris = randomMesh(rnd, 1 + Math.floor(rnd() * 150), vertexCount);
      expect(stripifyDense(tris, vertexCount)).toEqual(referenceStripify(tris));
    }
  });

  // The strip list is made at one strip per triangle, the most there can be, and cut to the strips made: here
  // every triangle is a strip of its own (no two share an edge; some share a vertex, some repeat one).
  it.each([1, 2, 3])('gives one strip per triangle when no two share an edge (seed %i)', (seed) => {
    const rnd = seededRandom(seed);
    for (let round = 0; round < 8; round++) {
      const count = 1 + Math.floor(rnd() * 60);
      const tris: number[] = [];
      for (let t = 0; t < count; t++) {
        const tri = [t * 2, t * 2 + 1, t * 2 + 2];
        if (rnd() < 0.2) tri[2] = tri[0]!;
        tris.push(...tri);
      }
      const strips = stripifyDense(tris, count * 2 + 1);
      expect(strips).toHaveLength(count);
      expect(strips).toEqual(referenceStripify(tris));
    }
  });
});

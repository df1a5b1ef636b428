/*
 * The part partition (assembly/partition.ts keeps its candidates in heaps by new-vertex count) against the plain
 * definition written out here: each part starts with the first triangle not taken; then, scanning every
 * candidate (a triangle touching the part's vertices, in the order they became candidates), it takes the first
 * bringing no new vertex, else the lowest-numbered among those bringing the fewest that still fit, else the
 * first triangle not taken that fits. Seeded random meshes, with repeated (degenerate) vertices, islands and
 * the capacities the writer uses.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { buildParts } from '../src/from-scene/build-parts.js';
import { partition } from '../src/from-scene/planner-module.js';

function referencePartition(tris: number[], capacity: number, maxTriangles: number): number[][] {
  const triCount = tris.length / 3;
  const done = new Array<boolean>(triCount).fill(false);
  const groups: number[][] = [];
  for (;;) {
    const first = done.indexOf(false);
    if (first < 0) return groups;
    const inPart = new Set<number>();
    const candidates: number[] = [];
    const fresh = (t: number) => new Set([0, 1, 2].map((k) => tris[t * 3 + k]!).filter((v) => !inPart.has(v))).size;
    const group: number[] = [];
    const take = (t: number) => {
      done[t] = true;
      group.push(t);
      for (let k = 0; k < 3; k++) {
        const v = tris[t * 3 + k]!;
        if (inPart.has(v)) continue;
        inPart.add(v);
        for (let u = 0; u < triCount; u++) {
          const touches = [0, 1, 2].some((j) => tris[u * 3 + j] === v);
          if (touches && !done[u] && !candidates.includes(u)) candidates.push(u);
        }
      }
    };
    take(first);
    while (group.length < maxTriangles) {
      const open = candidates.filter((t) => !done[t] && inPart.size + fresh(t) <= capacity);
      let best = open.find((t) => fresh(t) === 0);
      if (best === undefined && open.length > 0) {
        const fewest = Math.min(...open.map(fresh));
        best = Math.min(...open.filter((t) => fresh(t) === fewest));
      }
      if (best === undefined) best = done.findIndex((d, t) => !d && inPart.size + fresh(t) <= capacity);
      if (best === undefined || best < 0) break;
      take(best);
    }
    groups.push(group);
  }
}

/** A mesh of `triCount` triangles over `vertexCount` vertices, mostly local (neighbouring ids), some repeated. */
function randomMesh(rnd: () => number, triCount: number, vertexCount: number): number[] {
  const tris: number[] = [];
  for (let t = 0; t < triCount; t++) {
    const base = Math.floor(rnd() * vertexCount);
    for (let k = 0; k < 3; k++) {
      const v = rnd() < 0.1 ? Math.floor(rnd() * vertexCount) : base + Math.floor(rnd() * 6);
      tris.push(Math.min(vertexCount - 1, v));
    }
    if (rnd() < 0.05) tris[t * 3 + 2] = tris[t * 3]!;
  }
  return tris;
}

describe('partition', () => {
  it.each([1, 2, 3, 4, 5, 6, 7, 8])('matches the plain definition on random meshes (seed %i)', (seed) => {
    const rnd = seededRandom(seed);
    for (let round = 0; round < 6; round++) {
      const vertexCount = 3 + Math.floor(rnd() * 300);
      const tris = randomMesh(rnd, 1 + Math.floor(rnd() * 400), vertexCount);
      for (const capacity of [3, 4, 10, 62, 68, 70]) {
        expect(partition(tris, vertexCount, capacity)).toEqual(referencePartition(tris, capacity, 1024));
      }
    }
  });

  it('caps a part at 1024 triangles', () => {
    // 2000 triangles over 4 vertices: the vertices never fill a part, the triangle cap ends it.
    const rnd = seededRandom(99);
    const tris = randomMesh(rnd, 2000, 4);
    const groups = partition(tris, 4, 70);
    expect(groups).toEqual(referencePartition(tris, 70, 1024));
    expect(groups[0]).toHaveLength(1024);
  });
});

describe('buildParts', () => {
  it('draws an object of 70 vertices, the whole cache, as one part loading each vertex once', () => {
    // A 7 × 10 grid of vertices, two triangles a cell.
    const tris: number[] = [];
    for (let y = 0; y < 9; y++) {
      for (let x = 0; x < 6; x++) {
        const v = y * 7 + x;
        tris.push(v, v + 1, v + 7, v + 1, v + 8, v + 7);
      }
    }
    const parts = buildParts(tris, new Array(70).fill(-1), 70, true);
    expect(parts).toHaveLength(1);
    expect(new Set(parts[0]!.loads.flatMap((l) => l.vertices)).size).toBe(70);
  });
});

/*
 * The part partition (assembly/partition.ts keeps its candidates in heaps with lazy deletion) against the plain
 * definition written out here: a part starts with the first triangle not taken and grows vertex by vertex;
 * whenever a vertex joins, every triangle not taken whose vertices are all in the part is taken (in triangle
 * order); the next vertex is the one completing the most triangles touching the part, then the one leaving the fewest of its
 * triangles open, then the first to have touched the part (appeared in a triangle touching it); without one, a
 * triangle touching the part that misses two vertices (the one whose first missing vertex touched first, then
 * the lowest-numbered), else the lowest-numbered triangle not taken that fits. Seeded random meshes, with
 * repeated (degenerate) vertices, islands and the capacities the writer uses; and on a grid, parts that are
 * compact patches load fewer vertices than the bands a triangle-order greedy makes.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { type BuiltPart, buildParts } from '../src/from-scene/build-parts.js';
import { planPartDraw } from '../src/from-scene/plan-part-draw.js';
import { partition, partitionCounts } from '../src/from-scene/planner-module.js';

function referencePartition(tris: number[], capacity: number, maxTriangles: number): number[][] {
  const triCount = tris.length / 3;
  const corners = (t: number) => [tris[t * 3]!, tris[t * 3 + 1]!, tris[t * 3 + 2]!];
  const distinct = (t: number) => [...new Set(corners(t))];
  const done = new Array<boolean>(triCount).fill(false);
  const groups: number[][] = [];
  for (;;) {
    const first = done.indexOf(false);
    if (first < 0) return groups;
    const inPart = new Set<number>();
    const touched = new Map<number, number>();
    const group: number[] = [];
    const missing = (t: number) => distinct(t).filter((v) => !inPart.has(v));
    const addVertex = (u: number) => {
      inPart.add(u);
      for (let t = 0; t < triCount; t++) {
        if (done[t] || !corners(t).includes(u)) continue;
        if (missing(t).length === 0) {
          if (group.length < maxTriangles) {
            done[t] = true;
            group.push(t);
          }
          continue;
        }
        for (const v of corners(t)) if (!inPart.has(v) && !touched.has(v)) touched.set(v, touched.size);
      }
    };
    const addTriangle = (t: number) => {
      for (const v of corners(t)) if (!inPart.has(v)) addVertex(v);
    };
    const open = (v: number) => done.filter((d, t) => !d && corners(t).includes(v)).length;
    const touches = (t: number) => distinct(t).some((v) => inPart.has(v));
    const gain = (v: number) =>
      done.filter((d, t) => !d && touches(t) && missing(t).length === 1 && missing(t)[0] === v).length;
    addTriangle(first);
    while (group.length < maxTriangles && inPart.size < capacity) {
      const vertices = [...touched.keys()].filter((v) => !inPart.has(v) && gain(v) > 0);
      if (vertices.length > 0) {
        const key = (v: number) => [-gain(v), open(v) - gain(v), touched.get(v)!];
        const less = (a: number[], b: number[]) => a[0]! - b[0]! || a[1]! - b[1]! || a[2]! - b[2]!;
        addVertex(vertices.reduce((a, b) => (less(key(b), key(a)) < 0 ? b : a)));
        continue;
      }
      let best = -1;
      if (inPart.size + 2 <= capacity) {
        const firstTouch = (t: number) => Math.min(...missing(t).map((v) => touched.get(v)!));
        for (let t = 0; t < triCount; t++) {
          if (done[t] || missing(t).length !== 2 || !touches(t)) continue;
          if (best < 0 || firstTouch(t) < firstTouch(best)) best = t;
        }
      }
      if (best < 0) best = done.findIndex((d, t) => !d && inPart.size + missing(t).length <= capacity);
      if (best < 0) break;
      addTriangle(best);
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

/** Per part and bone, the part's distinct vertices on that bone rounded up to even, summed over the parts. */
function loadsPerBone(tris: number[], bones: number[], groups: number[][]): number {
  let total = 0;
  for (const g of groups) {
    const perBone = new Map<number, number>();
    for (const v of new Set(g.flatMap((t) => [tris[t * 3]!, tris[t * 3 + 1]!, tris[t * 3 + 2]!])))
      perBone.set(bones[v]!, (perBone.get(bones[v]!) ?? 0) + 1);
    for (const c of perBone.values()) total += c + (c % 2);
  }
  return total;
}

describe('partition counts', () => {
  it.each([
    1, 2, 3, 4,
  ])('counts loads per part and bone; capacities from the largest part up partition alike (seed %i)', (seed) => {
    const rnd = seededRandom(200 + seed);
    for (let round = 0; round < 6; round++) {
      const vertexCount = 3 + Math.floor(rnd() * 300);
      const tris = randomMesh(rnd, 1 + Math.floor(rnd() * 400), vertexCount);
      const boneCount = 1 + Math.floor(rnd() * 3);
      const bones = Array.from({ length: vertexCount }, (_, v) => Math.floor(v / 23) % boneCount);
      for (const capacity of [6, 11, 62, 64, 66, 68, 70]) {
        const groups = partition(tris, vertexCount, capacity);
        const counts = partitionCounts(tris, bones, vertexCount, capacity);
        expect(counts.loads).toBe(loadsPerBone(tris, bones, groups));
        for (let smaller = counts.largestPart; smaller < capacity; smaller++)
          expect(partition(tris, vertexCount, smaller)).toEqual(groups);
        // And one less than the largest part cuts that part short.
        if (counts.largestPart > 3) expect(partition(tris, vertexCount, counts.largestPart - 1)).not.toEqual(groups);
      }
    }
  });

  it('counts only the vertices of the triangles a part took when it stops at 1024 triangles', () => {
    // Triangle 0 starts the part; vertex 1 completes the 1024 degenerate triangles (0, 1, 1), and vertex 2 then
    // joins without triangle 0, which no longer fits in the part: the part loads vertices 0 and 1 only, and a
    // second part draws triangle 0 (three vertices, four loads).
    const tris = [0, 1, 2];
    for (let t = 0; t < 1024; t++) tris.push(0, 1, 1);
    const bones = [5, 5, 5];
    const groups = partition(tris, 3, 70);
    expect(groups[0]).toHaveLength(1024);
    expect(partitionCounts(tris, bones, 3, 70).loads).toBe(loadsPerBone(tris, bones, groups));
    expect(groups).toHaveLength(2);
    expect(loadsPerBone(tris, bones, groups)).toBe(2 + 4);
  });
});

/** Vertices loaded by parts `groups` of `tris` (each part's distinct vertices, rounded up to even). */
function loads(tris: number[], groups: number[][]): number {
  return groups.reduce((n, g) => {
    const count = new Set(g.flatMap((t) => [tris[t * 3], tris[t * 3 + 1], tris[t * 3 + 2]])).size;
    return n + count + (count % 2);
  }, 0);
}

describe('partition into compact parts', () => {
  it('loads a 24 × 24 grid in fewer vertices than parts grown in triangle order', () => {
    const n = 24;
    const tris: number[] = [];
    for (let y = 0; y < n; y++) {
      for (let x = 0; x < n; x++) {
        const v = y * (n + 1) + x;
        tris.push(v, v + n + 1, v + 1, v + 1, v + n + 1, v + n + 2);
      }
    }
    const vertexCount = (n + 1) ** 2;
    // Parts in triangle order (each takes the next triangles while they fit): bands about two rows high.
    const bands: number[][] = [];
    let band: number[] = [];
    const inBand = new Set<number>();
    for (let t = 0; t < tris.length / 3; t++) {
      const corners = [tris[t * 3]!, tris[t * 3 + 1]!, tris[t * 3 + 2]!];
      if (new Set([...inBand, ...corners]).size > 68) {
        bands.push(band);
        band = [];
        inBand.clear();
      }
      band.push(t);
      for (const v of corners) inBand.add(v);
    }
    bands.push(band);
    const compact = partition(tris, vertexCount, 68);
    expect(loads(tris, compact)).toBeLessThan(loads(tris, bands) * 0.85);
    // Every triangle once.
    expect(compact.flat().sort((a, b) => a - b)).toEqual(tris.slice(0, tris.length / 3).map((_, t) => t));
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
    expect(new Set(parts[0]!.loads.flatMap((l) => [...l.vertices])).size).toBe(70);
  });
});

/**
 * The parts the trials choose, worked out in full: every capacity partitioned, each partition's vertex loads
 * counted, every partition loading the fewest planned group by group, the first drawn in the fewest RSP
 * commands kept.
 */
function referenceParts(tris: number[], bones: number[], vertexCount: number): BuiltPart[] {
  const capacities = vertexCount <= 70 ? [70, 68, 66, 64, 62] : [68, 66, 64, 62];
  const partitions = capacities.map((c) => partition(tris, vertexCount, c));
  const corners = (g: number[]) => g.flatMap((t) => [tris[t * 3]!, tris[t * 3 + 1]!, tris[t * 3 + 2]!]);
  const loadsOf = (groups: number[][]) =>
    groups.reduce((n, g) => {
      const perBone = new Map<number, number>();
      for (const v of new Set(corners(g))) perBone.set(bones[v]!, (perBone.get(bones[v]!) ?? 0) + 1);
      return n + [...perBone.values()].reduce((m, c) => m + c + (c % 2), 0);
    }, 0);
  const loads = partitions.map(loadsOf);
  const fewest = Math.min(...loads);
  let best: { parts: BuiltPart[]; commands: number } | undefined;
  partitions.forEach((groups, i) => {
    if (loads[i] !== fewest) return;
    const parts = groups.map((g): BuiltPart => {
      const local = corners(g);
      const oneBone = local.every((v) => bones[v] === bones[local[0]!]);
      const draw = planPartDraw(local, true, oneBone ? undefined : (v) => bones[v]!);
      const subLoads: BuiltPart['loads'] = [];
      for (let dest = 0; dest < draw.order.length; ) {
        let end = dest;
        while (end < draw.order.length && bones[draw.order[end]!] === bones[draw.order[dest]!]) end++;
        const vertices = draw.order.slice(dest, end);
        if (vertices.length % 2) vertices.push(vertices[vertices.length - 1]!);
        subLoads.push({ bone: bones[draw.order[dest]!]!, dest, vertices: Int32Array.from(vertices) });
        dest = end;
      }
      return {
        loads: subLoads,
        list: Int32Array.from(draw.list),
        sequence: draw.sequence,
        strips: draw.strips.map((s) => Int32Array.from(s)),
      };
    });
    const commands = parts.reduce(
      (n, p) => n + p.loads.length + p.list.length / 3 + (p.sequence.count > 0 ? 1 : 0) + p.strips.length + 1,
      0,
    );
    if (!best || commands < best.commands) best = { parts, commands };
  });
  return best!.parts;
}

describe('buildParts against every trial worked out in full', () => {
  it.each([1, 2, 3, 4, 5, 6])('chooses the same parts on random meshes with bones (seed %i)', (seed) => {
    const rnd = seededRandom(100 + seed);
    for (let round = 0; round < 8; round++) {
      // Objects the cache holds whole (every capacity from 70 down alike) and larger ones; one bone, or several.
      const vertexCount = round % 2 === 0 ? 3 + Math.floor(rnd() * 70) : 71 + Math.floor(rnd() * 400);
      const tris = randomMesh(rnd, 1 + Math.floor(rnd() * vertexCount * 2), vertexCount);
      const boneCount = round % 4 < 2 ? 1 : 2 + Math.floor(rnd() * 3);
      const bones = Array.from({ length: vertexCount }, (_, v) =>
        boneCount === 1 ? -1 : Math.floor(v / 37) % boneCount,
      );
      expect(buildParts(tris, bones, vertexCount, true)).toEqual(referenceParts(tris, bones, vertexCount));
    }
  });
});

/*
 * The planner's WebAssembly module empties its heap at every call without zeroing it, and makes some of its
 * lists without zeroing them either (assembly/unfilled.ts: each is written in full before it is read). So what
 * an earlier call left in memory must never show in a result: the same objects, planned after two different
 * large objects that fill the heap with different values, give the same parts.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { buildParts } from '../src/from-scene/build-parts.js';

interface TestObject {
  tris: number[];
  bones: number[];
  vertexCount: number;
}

/** A random mesh: triangles over nearby vertex ids (so parts share vertices), some degenerate, bones in runs. */
function randomObject(seed: number, triangles: number, vertexCount: number, boneCount: number): TestObject {
  const random = seededRandom(seed);
  const id = (near: number) => Math.min(vertexCount - 1, Math.max(0, near + Math.floor(random() * 9) - 4));
  const tris: number[] = [];
  for (let t = 0; t < triangles; t++) {
    const a = Math.floor(random() * vertexCount);
    const b = random() < 0.05 ? a : id(a);
    tris.push(a, b, id(a));
  }
  const bones = Array.from({ length: vertexCount }, (_, v) =>
    boneCount === 0 ? -1 : Math.floor((v / vertexCount) * boneCount),
  );
  return { tris, bones, vertexCount };
}

/** A grid of w×h quads (two triangles each): strips and sequences plan over it. */
function grid(w: number, h: number): TestObject {
  const tris: number[] = [];
  const at = (x: number, y: number) => y * (w + 1) + x;
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++)
      tris.push(at(x, y), at(x + 1, y), at(x, y + 1), at(x + 1, y), at(x + 1, y + 1), at(x, y + 1));
  const vertexCount = (w + 1) * (h + 1);
  return { tris, bones: new Array(vertexCount).fill(-1), vertexCount };
}

const plan = (o: TestObject, strips: boolean) => buildParts(o.tris, o.bones, o.vertexCount, strips);

describe('the planner module', () => {
  it("plans each object alike whatever an earlier call left in the module's memory", () => {
    const objects = [
      grid(12, 9),
      grid(3, 2),
      randomObject(7, 400, 260, 0),
      randomObject(8, 900, 500, 3),
      randomObject(9, 60, 45, 2),
    ];
    // Large objects of different shapes and bones: their lists and tables leave different values all over the heap.
    const poisons = [randomObject(101, 6000, 2500, 5), randomObject(202, 5000, 4000, 0)];
    const after = poisons.map((poison) =>
      objects.flatMap((o) =>
        [true, false].map((strips) => {
          plan(poison, strips);
          return plan(o, strips);
        }),
      ),
    );
    expect(after[0]!.length).toBe(objects.length * 2);
    expect(after[1]).toEqual(after[0]);
    // The results are real plans (every part loads vertices and draws something).
    for (const parts of after[0]!) {
      expect(parts.length).toBeGreaterThan(0);
      for (const part of parts) {
        expect(part.loads.length).toBeGreaterThan(0);
        expect(part.list.length + part.sequence.count + part.strips.length).toBeGreaterThan(0);
      }
    }
  });
});

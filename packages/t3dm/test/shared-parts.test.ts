/*
 * Objects with the same triangles, vertex bones and vertex count (the instances of one mesh) share the parts
 * planned for the first of them (emit-geometry.ts's partsOfObjects). By definition each object's parts are what
 * buildParts gives for it alone: checked for instances placed apart (other vertex values), and for objects that
 * only look alike (same vertex count and triangle count, but one index, one bone or the vertex count differs).
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { buildParts } from '../src/from-scene/build-parts.js';
import { partsOfObjects } from '../src/from-scene/emit-geometry.js';
import type { QuantObject } from '../src/from-scene/quantise-objects.js';

/** An object over `vertexCount` vertices: random nearby triangles, bones in runs, positions shifted by `offset`. */
function object(seed: number, triangles: number, vertexCount: number, offset: number): QuantObject {
  const random = seededRandom(seed);
  const near = (v: number) => Math.min(vertexCount - 1, Math.max(0, v + Math.floor(random() * 7) - 3));
  const tris = new Int32Array(triangles * 3);
  for (let t = 0; t < triangles; t++) {
    const a = Math.floor(random() * vertexCount);
    tris.set([a, near(a), near(a)], t * 3);
  }
  return {
    name: `object ${seed}`,
    plan: 0,
    blend: false,
    vertexCount,
    position: Int16Array.from({ length: vertexCount * 3 }, (_, i) => (i * 7 + offset) % 1000),
    normal: new Uint16Array(vertexCount),
    rgba: new Uint32Array(vertexCount),
    st: new Int16Array(vertexCount * 2),
    bone: Int32Array.from({ length: vertexCount }, (_, v) => (v < vertexCount / 2 ? 0 : 1)),
    tris,
  };
}

describe('partsOfObjects', () => {
  it("gives every object buildParts' parts for it alone, shared between instances of one geometry", () => {
    const base = object(1, 120, 90, 0);
    const instance = { ...object(1, 120, 90, 500), name: 'instance' };
    const otherIndex = object(1, 120, 90, 0);
    otherIndex.tris[100] = (otherIndex.tris[100]! + 1) % 90;
    const otherBone = object(1, 120, 90, 0);
    otherBone.bone[45] = 0;
    const otherCount = object(1, 120, 91, 0);
    const small = object(2, 10, 12, 0);
    const objects = [base, small, otherIndex, instance, otherBone, otherCount, { ...small, name: 'small again' }];
    for (const strips of [true, false]) {
      const parts = partsOfObjects(objects, strips);
      objects.forEach((o, k) => {
        expect(parts[k]).toEqual(buildParts(o.tris, o.bone, o.vertexCount, strips));
      });
      expect(parts[3]).toBe(parts[0]);
      expect(parts[6]).toBe(parts[1]);
      for (const k of [2, 4, 5]) expect(parts[k]).not.toBe(parts[0]);
    }
    // The objects that only look alike plan differently, so a wrong share would show above.
    expect(buildParts(otherIndex.tris, otherIndex.bone, 90, true)).not.toEqual(
      buildParts(base.tris, base.bone, 90, true),
    );
    expect(buildParts(otherBone.tris, otherBone.bone, 90, true)).not.toEqual(
      buildParts(base.tris, base.bone, 90, true),
    );
  });

  it('compares an object with at most 16 look-alike geometries, and still gives each its own parts', () => {
    // 40 geometries of one vertex count and triangle count, each differing from the first in its last index.
    const lookalikes = Array.from({ length: 40 }, (_, k) => {
      const o = object(3, 60, 50, 0);
      o.tris[o.tris.length - 1] = k;
      return o;
    });
    const objects = [
      ...lookalikes,
      { ...lookalikes[0]!, name: 'first again' },
      { ...lookalikes[29]!, name: '30th again' },
    ];
    const parts = partsOfObjects(objects, true);
    objects.forEach((o, k) => {
      expect(parts[k]).toEqual(buildParts(o.tris, o.bone, o.vertexCount, true));
    });
    expect(parts[40]).toBe(parts[0]);
    // The 30th geometry was past the 16 kept for comparing: planned again, not looked for among all 40.
    expect(parts[41]).not.toBe(parts[29]);
  });
});

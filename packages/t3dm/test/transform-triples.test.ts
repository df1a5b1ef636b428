/*
 * Vertex positions and normals are moved by their node's matrices in WebAssembly (assembly/transform-points.ts,
 * through quantise-module.ts). Each number must be exactly what @retromodel/scene's mat4TransformPointTo and
 * mat4TransformDirectionTo give, or the files written would change: signed zeros (a direction gets no +0
 * translation), float32 and float64 inputs, and values missing from a short list (NaN).
 */
import { mat4TransformDirectionTo, mat4TransformPointTo } from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { transformTriples } from '../src/from-scene/quantise-module.js';

function plain(m: Float64Array, from: ArrayLike<number>, count: number, translate: boolean): Float64Array {
  const out = new Float64Array(count * 3);
  for (let v = 0; v < count; v++) {
    if (translate) mat4TransformPointTo(m, from, v * 3, out, v * 3);
    else mat4TransformDirectionTo(m, from, v * 3, out, v * 3);
  }
  return out;
}

function moved(m: Float64Array, from: ArrayLike<number>, count: number, translate: boolean): Float64Array {
  const out = new Float64Array(count * 3);
  transformTriples(m, from, out, count, translate);
  return out;
}

/** Object.is on every element (toEqual would take -0 for 0 and NaN for NaN). */
const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('transformTriples', () => {
  const random = seededRandom(7);
  const matrix = () => Float64Array.from({ length: 16 }, (_, i) => (i === 15 ? 1 : random() * 200 - 100));

  it('moves float32 points and directions as the scene math does', () => {
    const count = 5000;
    const from = Float32Array.from({ length: count * 3 }, () => Math.fround(random() * 20 - 10));
    for (let k = 0; k < 4; k++) {
      const m = matrix();
      expect(same(moved(m, from, count, true), plain(m, from, count, true))).toBe(true);
      expect(same(moved(m, from, count, false), plain(m, from, count, false))).toBe(true);
    }
  });

  it('keeps signed zeros: a direction gets no +0 translation', () => {
    const m = new Float64Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    const from = new Float64Array([-0, -0, -0, 0, -0, 3]);
    const directions = moved(m, from, 2, false);
    expect(same(directions, plain(m, from, 2, false))).toBe(true);
    expect(Object.is(directions[0], -0)).toBe(true);
    expect(same(moved(m, from, 2, true), plain(m, from, 2, true))).toBe(true);
  });

  it('reads values missing from a short list as NaN', () => {
    const m = matrix();
    const from = [1, 2, 3, 4];
    expect(same(moved(m, from, 2, true), plain(m, from, 2, true))).toBe(true);
    expect(Number.isNaN(moved(m, from, 2, true)[5])).toBe(true);
  });
});

/*
 * The header box's rest-pose part runs in WebAssembly (assembly/rest-bounds.ts, through quantise-module.ts's
 * widenByRestPose). Each bound must be exactly what the loop as JavaScript gave, written out here with
 * @retromodel/scene's mat4TransformPointTo, Math.floor / Math.ceil, the s16 clamp and Math.min / Math.max, or
 * the headers written would change: random matrices and positions (clamped ones among them), -0 from a ceil,
 * and a NaN from a matrix.
 */
import { type Mat4, mat4TransformPointTo } from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { widenByRestPose } from '../src/from-scene/quantise-module.js';

const clampS16 = (v: number) => Math.max(-32768, Math.min(32767, v));

function plain(box: number[], matrices: Mat4[], parts: Int32Array, position: Int16Array): number[] {
  const out = [...box];
  const at = [0, 0, 0];
  for (let p = 0; p < parts.length; p += 3) {
    for (let k = 0; k < parts[p + 2]!; k++) {
      mat4TransformPointTo(matrices[parts[p]!]!, position, (parts[p + 1]! + k) * 3, at, 0);
      for (let a = 0; a < 3; a++) {
        out[a] = Math.min(out[a]!, clampS16(Math.floor(at[a]!)));
        out[a + 3] = Math.max(out[a + 3]!, clampS16(Math.ceil(at[a]!)));
      }
    }
  }
  return out;
}

function widened(box: number[], matrices: Mat4[], parts: Int32Array, position: Int16Array): number[] {
  const out = [...box];
  widenByRestPose(out, matrices, parts, position);
  return out;
}

/** Object.is on every element (toEqual would take -0 for 0). */
const same = (a: number[], b: number[]) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('widenByRestPose', () => {
  const random = seededRandom(19);
  const matrix = (scale: number) =>
    Float64Array.from({ length: 16 }, (_, i) => (i === 15 ? 1 : i % 4 === 3 ? 0 : (random() * 2 - 1) * scale));

  it('widens the box as the scene math, rounding and clamping do', () => {
    for (let run = 0; run < 50; run++) {
      const vertices = 1 + Math.floor(random() * 300);
      const position = Int16Array.from({ length: vertices * 3 }, () => Math.floor(random() * 65536) - 32768);
      const matrices = Array.from({ length: 1 + Math.floor(random() * 5) }, () => matrix(run % 2 === 0 ? 0.01 : 3));
      const parts: number[] = [];
      for (let p = Math.floor(random() * 8); p > 0; p--) {
        const first = Math.floor(random() * vertices);
        parts.push(Math.floor(random() * matrices.length), first, Math.floor(random() * (vertices - first + 1)));
      }
      const box = [32767, 32767, 32767, -32768, -32768, -32768].map((v) => (run % 3 === 0 ? v : v / 100));
      const p = Int32Array.from(parts);
      expect(same(widened(box, matrices, p, position), plain(box, matrices, p, position))).toBe(true);
    }
  });

  it('keeps the -0 a ceil gives, and a NaN', () => {
    const position = new Int16Array([-1, 1, 2]);
    const half = new Float64Array([0.25, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]);
    const box = [0, 0, 0, -1, -1, -1];
    const out = widened(box, [half], new Int32Array([0, 0, 1]), position);
    expect(same(out, plain(box, [half], new Int32Array([0, 0, 1]), position))).toBe(true);
    expect(Object.is(out[3], -0)).toBe(true);
    const broken = Float64Array.from(half, (v, i) => (i === 5 ? Number.NaN : v));
    const withNaN = widened(box, [broken], new Int32Array([0, 0, 1]), position);
    expect(same(withNaN, plain(box, [broken], new Int32Array([0, 0, 1]), position))).toBe(true);
    expect(Number.isNaN(withNaN[1])).toBe(true);
  });
});

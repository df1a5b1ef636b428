/*
 * The bind-pose check of write-vertex-attributes.ts decides on the double whether its Float32Array store is finite:
 * F32_ROUNDS_TO_INFINITY against what Math.fround (the same rounding as a Float32Array store) makes of the doubles
 * around it, and of the largest f32 (3.4028234663852886e38, 0x7f7fffff).
 */
import { describe, expect, it } from 'vitest';
import { F32_ROUNDS_TO_INFINITY } from '../../src/scene/write-vertex-attributes.js';

const bits = new DataView(new ArrayBuffer(8));

describe('F32_ROUNDS_TO_INFINITY', () => {
  it('is the least double a Float32Array stores as infinity', () => {
    bits.setUint32(0, 0x7f7fffff);
    const f32Max = bits.getFloat32(0);
    expect(f32Max).toBe(3.4028234663852886e38);
    const stored = new Float32Array(4);
    stored.set([F32_ROUNDS_TO_INFINITY, -F32_ROUNDS_TO_INFINITY, f32Near(-1), -f32Near(-1)]);
    expect([...stored]).toEqual([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, f32Max, -f32Max]);
  });

  it('splits doubles as Number.isFinite of the stored f32 does', () => {
    const stored = new Float32Array(1);
    const near = [f32Near(-3), f32Near(-1), f32Near(0), f32Near(1), f32Near(3), 1e300, Number.NaN, 0, 1.5e38];
    for (const x of [...near, ...near.map((v) => -v)]) {
      stored[0] = x;
      expect(Math.abs(x) < F32_ROUNDS_TO_INFINITY, String(x)).toBe(Number.isFinite(stored[0]));
    }
  });
});

/** Doubles `steps` representable doubles from the limit (towards zero when negative). */
function f32Near(steps: number): number {
  bits.setFloat64(0, F32_ROUNDS_TO_INFINITY);
  bits.setBigUint64(0, bits.getBigUint64(0) + BigInt(steps));
  return bits.getFloat64(0);
}

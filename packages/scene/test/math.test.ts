import { describe, expect, it } from 'vitest';
import {
  mat4Compose,
  mat4ComposeTo,
  mat4Decompose,
  mat4FromRowMajor3x4,
  mat4Identity,
  mat4Invert,
  mat4InvertTo,
  mat4Multiply,
  mat4MultiplyTo,
  mat4TransformDirection,
  mat4TransformDirectionTo,
  mat4TransformPoint,
  mat4TransformPointTo,
  type Quat,
  quatFromAxisAngle,
  quatFromEuler,
  quatFromMat3,
  quatMultiply,
  quatNormalize,
  quatRotate,
  quatSlerp,
  type Vec3,
} from '../src/index.js';

const close = (a: ArrayLike<number>, b: ArrayLike<number>, eps = 1e-9) => {
  expect(a.length).toBe(b.length);
  for (let i = 0; i < a.length; i++)
    expect(Math.abs(a[i]! - b[i]!), `element ${i}: ${a[i]} vs ${b[i]}`).toBeLessThan(eps);
};
/** Same rotation: q and -q are equal. */
const sameRotation = (a: Quat, b: Quat, eps = 1e-9) => {
  const dot = Math.abs(a[0] * b[0] + a[1] * b[1] + a[2] * b[2] + a[3] * b[3]);
  expect(1 - dot).toBeLessThan(eps);
};

describe('mat4', () => {
  it('rotating (1,0,0) by 90° about Z gives (0,1,0) (right-handed, counter-clockwise)', () => {
    const m = mat4Compose([0, 0, 0], quatFromAxisAngle([0, 0, 1], Math.PI / 2));
    close(mat4TransformPoint(m, [1, 0, 0]), [0, 1, 0]);
  });

  it('compose applies scale, then rotation, then translation', () => {
    const m = mat4Compose([10, 0, 0], quatFromAxisAngle([0, 1, 0], Math.PI / 2), [2, 1, 1]);
    // (1,0,0) → scaled (2,0,0) → rotated about Y by +90° to (0,0,-2) → translated (10,0,-2)
    close(mat4TransformPoint(m, [1, 0, 0]), [10, 0, -2]);
    close(mat4TransformDirection(m, [1, 0, 0]), [0, 0, -2]);
  });

  it('decompose inverts compose, including a mirrored axis', () => {
    const cases: [Vec3, Quat, Vec3][] = [
      [[1, 2, 3], quatNormalize([0.1, 0.2, 0.3, 0.9]), [1, 2, 3]],
      [[0, 0, 0], quatFromEuler(2.5, -1.0, 0.3), [0.5, 0.5, 4]],
      [[-5, 1, 0], quatNormalize([0.9, -0.1, 0.2, -0.3]), [-1, 2, 2]],
    ];
    for (const [t, q, s] of cases) {
      const m = mat4Compose(t, q, s);
      const d = mat4Decompose(m);
      close(mat4Compose(d.translation, d.rotation, d.scale), m, 1e-9);
      close(d.translation, t);
    }
  });

  it('invert · m is the identity; singular matrices give null', () => {
    const m = mat4Compose([3, -2, 7], quatFromEuler(0.3, 1.1, -0.7), [2, 0.5, 3]);
    close(mat4Multiply(mat4Invert(m)!, m), mat4Identity(), 1e-12);
    close(mat4Multiply(m, mat4Invert(m)!), mat4Identity(), 1e-12);
    expect(mat4Invert(mat4Compose([0, 0, 0], [0, 0, 0, 1], [1, 0, 1]))).toBeNull();
  });

  it('multiply applies the right matrix first', () => {
    const t = mat4Compose([1, 0, 0]);
    const r = mat4Compose([0, 0, 0], quatFromAxisAngle([0, 0, 1], Math.PI / 2));
    close(mat4TransformPoint(mat4Multiply(t, r), [1, 0, 0]), [1, 1, 0]);
    close(mat4TransformPoint(mat4Multiply(r, t), [1, 0, 0]), [0, 2, 0]);
  });

  it('the *To forms write the same 16 numbers at an offset of a used array and touch nothing else', () => {
    const a = mat4Compose([3, -2, 7], quatFromEuler(0.3, 1.1, -0.7), [2, 0.5, 3]);
    const b = mat4Compose([-1, 4, 0.5], quatFromEuler(-0.2, 0.4, 2.0), [1, 1, -2]);
    const out = new Float64Array(40).fill(99); // garbage everywhere: the fixed 0 and 1 entries must be written too
    mat4ComposeTo([3, -2, 7], quatFromEuler(0.3, 1.1, -0.7), [2, 0.5, 3], out, 3);
    expect(Array.from(out.subarray(3, 19))).toEqual(Array.from(a));
    mat4MultiplyTo(a, b, out, 20);
    expect(Array.from(out.subarray(20, 36))).toEqual(Array.from(mat4Multiply(a, b)));
    expect(mat4InvertTo(a, out, 3)).toBe(true);
    expect(Array.from(out.subarray(3, 19))).toEqual(Array.from(mat4Invert(a)!));
    expect([out[0], out[1], out[2], out[19], out[36], out[39]]).toEqual([99, 99, 99, 99, 99, 99]);
    const before = Array.from(out);
    expect(mat4InvertTo(mat4Compose([0, 0, 0], [0, 0, 0, 1], [1, 0, 1]), out, 3)).toBe(false);
    expect(Array.from(out)).toEqual(before);
  });

  it('the point and direction *To forms read and write three numbers at offsets and touch nothing else', () => {
    const m = mat4Compose([10, 0, 0], quatFromAxisAngle([0, 1, 0], Math.PI / 2), [2, 2, 2]);
    const points = [7, 7, 1, 0, 0, 7];
    const out = new Float64Array(9).fill(99);
    mat4TransformPointTo(m, points, 2, out, 1);
    mat4TransformDirectionTo(m, points, 2, out, 5);
    // (1, 0, 0) scaled by 2, turned 90° about Y onto -Z, then (for the point only) moved 10 along X.
    close(out.subarray(1, 4), [10, 0, -2]);
    close(out.subarray(5, 8), [0, 0, -2]);
    expect([out[0], out[4], out[8]]).toEqual([99, 99, 99]);
  });

  it('reads 3×4 row-major matrices', () => {
    const m = mat4FromRowMajor3x4([1, 0, 0, 5, 0, 1, 0, 6, 0, 0, 1, 7]);
    close(mat4TransformPoint(m, [0, 0, 0]), [5, 6, 7]);
    expect(m[12]).toBe(5);
    expect(m[15]).toBe(1);
  });
});

describe('quaternions', () => {
  it('Euler XYZ rotates about X first, then Y, then Z', () => {
    const x = 0.4;
    const y = -1.2;
    const z = 2.0;
    const q = quatFromEuler(x, y, z, 'XYZ');
    const step = (v: Vec3) =>
      quatRotate(
        quatFromAxisAngle([0, 0, 1], z),
        quatRotate(quatFromAxisAngle([0, 1, 0], y), quatRotate(quatFromAxisAngle([1, 0, 0], x), v)),
      );
    close(quatRotate(q, [0.3, 0.5, -0.7]), step([0.3, 0.5, -0.7]), 1e-12);
    const qz = quatFromEuler(x, y, z, 'ZYX');
    const stepZ = (v: Vec3) =>
      quatRotate(
        quatFromAxisAngle([1, 0, 0], x),
        quatRotate(quatFromAxisAngle([0, 1, 0], y), quatRotate(quatFromAxisAngle([0, 0, 1], z), v)),
      );
    close(quatRotate(qz, [0.3, 0.5, -0.7]), stepZ([0.3, 0.5, -0.7]), 1e-12);
  });

  it('multiply composes rotations', () => {
    const a = quatFromAxisAngle([0, 0, 1], 0.7);
    const b = quatFromAxisAngle([1, 0, 0], -0.4);
    close(quatRotate(quatMultiply(a, b), [1, 2, 3]), quatRotate(a, quatRotate(b, [1, 2, 3])), 1e-12);
  });

  it('quatFromMat3 recovers rotations in every branch', () => {
    const qs: Quat[] = [
      quatFromAxisAngle([1, 0, 0], 3.0),
      quatFromAxisAngle([0, 1, 0], 3.0),
      quatFromAxisAngle([0, 0, 1], 3.0),
      quatFromAxisAngle([0, 0, 1], 0.3),
    ];
    for (const q of qs) {
      const m = mat4Compose([0, 0, 0], q);
      sameRotation(quatFromMat3([m[0]!, m[1]!, m[2]!, m[4]!, m[5]!, m[6]!, m[8]!, m[9]!, m[10]!]), q, 1e-12);
    }
  });

  it('slerp goes along the shorter arc and hits both ends', () => {
    const a = quatFromAxisAngle([0, 0, 1], 0);
    const b = quatFromAxisAngle([0, 0, 1], Math.PI / 2);
    sameRotation(quatSlerp(a, b, 0), a);
    sameRotation(quatSlerp(a, b, 1), b);
    sameRotation(quatSlerp(a, b, 0.5), quatFromAxisAngle([0, 0, 1], Math.PI / 4), 1e-12);
    const negB: Quat = [-b[0], -b[1], -b[2], -b[3]];
    sameRotation(quatSlerp(a, negB, 0.5), quatFromAxisAngle([0, 0, 1], Math.PI / 4), 1e-12);
    sameRotation(quatSlerp(a, quatFromAxisAngle([0, 0, 1], 1e-4), 0.5), quatFromAxisAngle([0, 0, 1], 5e-5), 1e-12);
  });

  it('normalize handles zero and non-finite input', () => {
    expect(quatNormalize([0, 0, 0, 0])).toEqual([0, 0, 0, 1]);
    expect(quatNormalize([Number.NaN, 0, 0, 1])).toEqual([0, 0, 0, 1]);
    close(quatNormalize([0, 0, 0, 2]), [0, 0, 0, 1]);
  });
});

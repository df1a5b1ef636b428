/*
 * Small matrix and quaternion helpers in glTF's conventions: 4×4 matrices column-major (element (row r,
 * column c) at index c * 4 + r), points as column vectors (M · p), quaternions [x, y, z, w].
 */
import type { Quat, Vec3 } from './types.js';

export type Mat4 = Float64Array;

export function mat4Identity(): Mat4 {
  const m = new Float64Array(16);
  m[0] = m[5] = m[10] = m[15] = 1;
  return m;
}

/** A 4×4 from 12 numbers stored row by row (3 rows × 4 columns), as J3D and TMD store affine matrices. */
export function mat4FromRowMajor3x4(rows: ArrayLike<number>, offset = 0): Mat4 {
  const m = mat4Identity();
  for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) m[c * 4 + r] = rows[offset + r * 4 + c]!;
  return m;
}

/** a · b (apply b first, then a). */
export function mat4Multiply(a: ArrayLike<number>, b: ArrayLike<number>): Mat4 {
  const out = new Float64Array(16);
  mat4MultiplyTo(a, b, out, 0);
  return out;
}

/** Writes a · b into `out` at `offset` (16 numbers); `out` must not overlap a or b. */
export function mat4MultiplyTo(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  out: Float64Array | Float32Array,
  offset: number,
): void {
  for (let c = 0; c < 4; c++) {
    for (let r = 0; r < 4; r++) {
      let sum = 0;
      for (let k = 0; k < 4; k++) sum += a[k * 4 + r]! * b[c * 4 + k]!;
      out[offset + c * 4 + r] = sum;
    }
  }
}

/** The inverse, or null when the matrix is singular. */
export function mat4Invert(m: ArrayLike<number>): Mat4 | null {
  const out = new Float64Array(16);
  return mat4InvertTo(m, out, 0) ? out : null;
}

/**
 * Writes the inverse into `out` at `offset` (16 numbers), so a skeleton's inverses can share one array;
 * returns false (and writes nothing) when the matrix is singular.
 */
export function mat4InvertTo(m: ArrayLike<number>, out: Float64Array | Float32Array, offset: number): boolean {
  // Read once into locals (no intermediate array: this runs per joint, and skeletons can be large).
  const a00 = m[0]!,
    a01 = m[1]!,
    a02 = m[2]!,
    a03 = m[3]!;
  const a10 = m[4]!,
    a11 = m[5]!,
    a12 = m[6]!,
    a13 = m[7]!;
  const a20 = m[8]!,
    a21 = m[9]!,
    a22 = m[10]!,
    a23 = m[11]!;
  const a30 = m[12]!,
    a31 = m[13]!,
    a32 = m[14]!,
    a33 = m[15]!;
  const b00 = a00 * a11 - a01 * a10;
  const b01 = a00 * a12 - a02 * a10;
  const b02 = a00 * a13 - a03 * a10;
  const b03 = a01 * a12 - a02 * a11;
  const b04 = a01 * a13 - a03 * a11;
  const b05 = a02 * a13 - a03 * a12;
  const b06 = a20 * a31 - a21 * a30;
  const b07 = a20 * a32 - a22 * a30;
  const b08 = a20 * a33 - a23 * a30;
  const b09 = a21 * a32 - a22 * a31;
  const b10 = a21 * a33 - a23 * a31;
  const b11 = a22 * a33 - a23 * a32;
  const det = b00 * b11 - b01 * b10 + b02 * b09 + b03 * b08 - b04 * b07 + b05 * b06;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-30) return false;
  const d = 1 / det;
  out[offset + 0] = (a11 * b11 - a12 * b10 + a13 * b09) * d;
  out[offset + 1] = (a02 * b10 - a01 * b11 - a03 * b09) * d;
  out[offset + 2] = (a31 * b05 - a32 * b04 + a33 * b03) * d;
  out[offset + 3] = (a22 * b04 - a21 * b05 - a23 * b03) * d;
  out[offset + 4] = (a12 * b08 - a10 * b11 - a13 * b07) * d;
  out[offset + 5] = (a00 * b11 - a02 * b08 + a03 * b07) * d;
  out[offset + 6] = (a32 * b02 - a30 * b05 - a33 * b01) * d;
  out[offset + 7] = (a20 * b05 - a22 * b02 + a23 * b01) * d;
  out[offset + 8] = (a10 * b10 - a11 * b08 + a13 * b06) * d;
  out[offset + 9] = (a01 * b08 - a00 * b10 - a03 * b06) * d;
  out[offset + 10] = (a30 * b04 - a31 * b02 + a33 * b00) * d;
  out[offset + 11] = (a21 * b02 - a20 * b04 - a23 * b00) * d;
  out[offset + 12] = (a11 * b07 - a10 * b09 - a12 * b06) * d;
  out[offset + 13] = (a00 * b09 - a01 * b07 + a02 * b06) * d;
  out[offset + 14] = (a31 * b01 - a30 * b03 - a32 * b00) * d;
  out[offset + 15] = (a20 * b03 - a21 * b01 + a22 * b00) * d;
  return true;
}

/** Translation · Rotation · Scale, the matrix of a glTF node's TRS. */
export function mat4Compose(t: Vec3 = [0, 0, 0], q: Quat = [0, 0, 0, 1], s: Vec3 = [1, 1, 1]): Mat4 {
  const out = new Float64Array(16);
  mat4ComposeTo(t, q, s, out, 0);
  return out;
}

/**
 * Writes {@link mat4Compose}'s matrix into `out` at `offset` (16 numbers): per-bone work on large skeletons
 * reuses one array instead of allocating a typed array per bone, which costs more than the arithmetic.
 */
export function mat4ComposeTo(
  t: ArrayLike<number>,
  q: ArrayLike<number>,
  s: ArrayLike<number>,
  out: Float64Array | Float32Array,
  offset: number,
): void {
  const x = q[0]!,
    y = q[1]!,
    z = q[2]!,
    w = q[3]!;
  const x2 = x + x;
  const y2 = y + y;
  const z2 = z + z;
  const xx = x * x2;
  const xy = x * y2;
  const xz = x * z2;
  const yy = y * y2;
  const yz = y * z2;
  const zz = z * z2;
  const wx = w * x2;
  const wy = w * y2;
  const wz = w * z2;
  const sx = s[0]!,
    sy = s[1]!,
    sz = s[2]!;
  out[offset + 0] = (1 - (yy + zz)) * sx;
  out[offset + 1] = (xy + wz) * sx;
  out[offset + 2] = (xz - wy) * sx;
  out[offset + 3] = 0;
  out[offset + 4] = (xy - wz) * sy;
  out[offset + 5] = (1 - (xx + zz)) * sy;
  out[offset + 6] = (yz + wx) * sy;
  out[offset + 7] = 0;
  out[offset + 8] = (xz + wy) * sz;
  out[offset + 9] = (yz - wx) * sz;
  out[offset + 10] = (1 - (xx + yy)) * sz;
  out[offset + 11] = 0;
  out[offset + 12] = t[0]!;
  out[offset + 13] = t[1]!;
  out[offset + 14] = t[2]!;
  out[offset + 15] = 1;
}

/**
 * Splits an affine matrix into translation, rotation and scale (the inverse of {@link mat4Compose}).
 * Shear is lost; a negative determinant is put on the X scale.
 */
export function mat4Decompose(m: ArrayLike<number>): { translation: Vec3; rotation: Quat; scale: Vec3 } {
  // sqrt of the sum of squares, not Math.hypot: this runs per joint of skeletons of 65,535 nodes, hypot is
  // several times slower in V8, and squares of f32-range values cannot overflow a double.
  const m0 = m[0]!,
    m1 = m[1]!,
    m2 = m[2]!,
    m4 = m[4]!,
    m5 = m[5]!,
    m6 = m[6]!,
    m8 = m[8]!,
    m9 = m[9]!,
    m10 = m[10]!;
  let sx = Math.sqrt(m0 * m0 + m1 * m1 + m2 * m2);
  const sy = Math.sqrt(m4 * m4 + m5 * m5 + m6 * m6);
  const sz = Math.sqrt(m8 * m8 + m9 * m9 + m10 * m10);
  const det = m0 * (m5 * m10 - m6 * m9) - m4 * (m1 * m10 - m2 * m9) + m8 * (m1 * m6 - m2 * m5);
  if (det < 0) sx = -sx;
  const dx = sx || 1,
    dy = sy || 1,
    dz = sz || 1;
  const r = [m0 / dx, m1 / dx, m2 / dx, m4 / dy, m5 / dy, m6 / dy, m8 / dz, m9 / dz, m10 / dz];
  return { translation: [m[12]!, m[13]!, m[14]!], rotation: quatFromMat3(r), scale: [sx, sy, sz] };
}

/** Quaternion from a column-major 3×3 rotation matrix. */
export function quatFromMat3(r: ArrayLike<number>): Quat {
  const m00 = r[0]!,
    m10 = r[1]!,
    m20 = r[2]!,
    m01 = r[3]!,
    m11 = r[4]!,
    m21 = r[5]!,
    m02 = r[6]!,
    m12 = r[7]!,
    m22 = r[8]!;
  const trace = m00 + m11 + m22;
  let q: Quat;
  if (trace > 0) {
    const s = 0.5 / Math.sqrt(trace + 1);
    q = [(m21 - m12) * s, (m02 - m20) * s, (m10 - m01) * s, 0.25 / s];
  } else if (m00 > m11 && m00 > m22) {
    const s = 2 * Math.sqrt(1 + m00 - m11 - m22);
    q = [0.25 * s, (m01 + m10) / s, (m02 + m20) / s, (m21 - m12) / s];
  } else if (m11 > m22) {
    const s = 2 * Math.sqrt(1 + m11 - m00 - m22);
    q = [(m01 + m10) / s, 0.25 * s, (m12 + m21) / s, (m02 - m20) / s];
  } else {
    const s = 2 * Math.sqrt(1 + m22 - m00 - m11);
    q = [(m02 + m20) / s, (m12 + m21) / s, 0.25 * s, (m10 - m01) / s];
  }
  return quatNormalize(q);
}

/** A writable run of numbers (typed array or plain array). */
type NumberSink = { [index: number]: number };

export function mat4TransformPoint(m: ArrayLike<number>, p: ArrayLike<number>): Vec3 {
  const out: Vec3 = [0, 0, 0];
  mat4TransformPointTo(m, p, 0, out, 0);
  return out;
}

/** Applies the upper 3×3 only (no translation). */
export function mat4TransformDirection(m: ArrayLike<number>, v: ArrayLike<number>): Vec3 {
  const out: Vec3 = [0, 0, 0];
  mat4TransformDirectionTo(m, v, 0, out, 0);
  return out;
}

/** Writes m · p, p being the point p[at .. at+3), to out[outAt .. outAt+3) (for arrays of many points). */
export function mat4TransformPointTo(
  m: ArrayLike<number>,
  p: ArrayLike<number>,
  at: number,
  out: NumberSink,
  outAt: number,
): void {
  const x = p[at]!;
  const y = p[at + 1]!;
  const z = p[at + 2]!;
  out[outAt] = m[0]! * x + m[4]! * y + m[8]! * z + m[12]!;
  out[outAt + 1] = m[1]! * x + m[5]! * y + m[9]! * z + m[13]!;
  out[outAt + 2] = m[2]! * x + m[6]! * y + m[10]! * z + m[14]!;
}

/** {@link mat4TransformPointTo} for a direction: the upper 3×3 only. */
export function mat4TransformDirectionTo(
  m: ArrayLike<number>,
  v: ArrayLike<number>,
  at: number,
  out: NumberSink,
  outAt: number,
): void {
  const x = v[at]!;
  const y = v[at + 1]!;
  const z = v[at + 2]!;
  out[outAt] = m[0]! * x + m[4]! * y + m[8]! * z;
  out[outAt + 1] = m[1]! * x + m[5]! * y + m[9]! * z;
  out[outAt + 2] = m[2]! * x + m[6]! * y + m[10]! * z;
}

/** Writes the unit quaternion of (x, y, z, w) to out[at .. at+4) (the identity for a zero or non-finite one). */
export function quatNormalizeTo(x: number, y: number, z: number, w: number, out: NumberSink, at: number): void {
  const len = Math.sqrt(x * x + y * y + z * z + w * w);
  if (len === 0 || !Number.isFinite(len)) {
    out[at] = 0;
    out[at + 1] = 0;
    out[at + 2] = 0;
    out[at + 3] = 1;
    return;
  }
  out[at] = x / len;
  out[at + 1] = y / len;
  out[at + 2] = z / len;
  out[at + 3] = w / len;
}

export function quatNormalize(q: Quat): Quat {
  const out: Quat = [0, 0, 0, 1];
  quatNormalizeTo(q[0], q[1], q[2], q[3], out, 0);
  return out;
}

/** a · b: rotate by b first, then by a. */
export function quatMultiply(a: Quat, b: Quat): Quat {
  const [ax, ay, az, aw] = a;
  const [bx, by, bz, bw] = b;
  return [
    aw * bx + ax * bw + ay * bz - az * by,
    aw * by - ax * bz + ay * bw + az * bx,
    aw * bz + ax * by - ay * bx + az * bw,
    aw * bw - ax * bx - ay * by - az * bz,
  ];
}

export function quatFromAxisAngle(axis: Vec3, angle: number): Quat {
  const s = Math.sin(angle / 2);
  return [axis[0] * s, axis[1] * s, axis[2] * s, Math.cos(angle / 2)];
}

/**
 * Rotation from Euler angles in radians. `order` names the axes in the order they are applied to a vector:
 * `'XYZ'` rotates about X first, then Y, then Z (matrix Rz · Ry · Rx, as J3D and most DCC exports store).
 */
export function quatFromEuler(x: number, y: number, z: number, order: 'XYZ' | 'ZYX' = 'XYZ'): Quat {
  const qx = quatFromAxisAngle([1, 0, 0], x);
  const qy = quatFromAxisAngle([0, 1, 0], y);
  const qz = quatFromAxisAngle([0, 0, 1], z);
  return order === 'XYZ' ? quatMultiply(qz, quatMultiply(qy, qx)) : quatMultiply(qx, quatMultiply(qy, qz));
}

/**
 * Spherical interpolation along the shorter arc from a[aAt .. aAt+4) to b[bAt .. bAt+4) at t, written to
 * out[at .. at+4) (allocation-free, for hot loops; {@link quatSlerp} returns a new quaternion).
 */
export function quatSlerpTo(
  a: ArrayLike<number>,
  aAt: number,
  b: ArrayLike<number>,
  bAt: number,
  t: number,
  out: NumberSink,
  at: number,
): void {
  const ax = a[aAt]!;
  const ay = a[aAt + 1]!;
  const az = a[aAt + 2]!;
  const aw = a[aAt + 3]!;
  let bx = b[bAt]!;
  let by = b[bAt + 1]!;
  let bz = b[bAt + 2]!;
  let bw = b[bAt + 3]!;
  let cos = ax * bx + ay * by + az * bz + aw * bw;
  if (cos < 0) {
    cos = -cos;
    bx = -bx;
    by = -by;
    bz = -bz;
    bw = -bw;
  }
  if (cos > 0.9995) {
    quatNormalizeTo(ax + (bx - ax) * t, ay + (by - ay) * t, az + (bz - az) * t, aw + (bw - aw) * t, out, at);
    return;
  }
  const theta = Math.acos(cos);
  const sin = Math.sin(theta);
  const wa = Math.sin((1 - t) * theta) / sin;
  const wb = Math.sin(t * theta) / sin;
  out[at] = ax * wa + bx * wb;
  out[at + 1] = ay * wa + by * wb;
  out[at + 2] = az * wa + bz * wb;
  out[at + 3] = aw * wa + bw * wb;
}

/** Spherical interpolation along the shorter arc. */
export function quatSlerp(a: Quat, b: Quat, t: number): Quat {
  const out: Quat = [0, 0, 0, 1];
  quatSlerpTo(a, 0, b, 0, t, out, 0);
  return out;
}

/** Rotates a vector by a unit quaternion. */
export function quatRotate(q: Quat, v: Vec3): Vec3 {
  return mat4TransformDirection(mat4Compose([0, 0, 0], q, [1, 1, 1]), v);
}

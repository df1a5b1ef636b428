/*
 * A node's `matrix` as translation, rotation and scale, computed exactly as glTF-Transform 4 did when it read
 * the file (three.js's Matrix4.decompose: column lengths are the scale, the first negated when the
 * determinant is negative; gl-matrix's mat4.getRotation for the rotation of the scaled-down matrix, whose
 * scaling step keeps its three lengths in a Float32Array). The values are not checked here: non-numbers
 * give NaN (or strings in the translation), which readNodes refuses.
 */

type Trs = { translation: unknown[]; rotation: number[]; scale: number[] };

const length3 = (x: number, y: number, z: number) => Math.sqrt(x * x + y * y + z * z);

/** mat4 determinant (gl-matrix's expansion, column-major). */
function determinant(a: number[]): number {
  const [a00, a01, a02, a03, a10, a11, a12, a13, a20, a21, a22, a23, a30, a31, a32, a33] = a as number[] & {
    length: 16;
  };
  const b0 = a00! * a11! - a01! * a10!;
  const b1 = a00! * a12! - a02! * a10!;
  const b2 = a01! * a12! - a02! * a11!;
  const b3 = a20! * a31! - a21! * a30!;
  const b4 = a20! * a32! - a22! * a30!;
  const b5 = a21! * a32! - a22! * a31!;
  const b6 = a00! * b5 - a01! * b4 + a02! * b3;
  const b7 = a10! * b5 - a11! * b4 + a12! * b3;
  const b8 = a20! * b2 - a21! * b1 + a22! * b0;
  const b9 = a30! * b2 - a31! * b1 + a32! * b0;
  return a13! * b6 - a03! * b7 + a33! * b8 - a23! * b9;
}

/** gl-matrix mat4.getRotation: the quaternion of a rotation matrix, after dividing out its column lengths. */
function rotationOf(m: number[]): number[] {
  const f = Math.fround;
  const is1 = 1 / f(length3(m[0]!, m[1]!, m[2]!));
  const is2 = 1 / f(length3(m[4]!, m[5]!, m[6]!));
  const is3 = 1 / f(length3(m[8]!, m[9]!, m[10]!));
  const sm11 = m[0]! * is1;
  const sm12 = m[1]! * is2;
  const sm13 = m[2]! * is3;
  const sm21 = m[4]! * is1;
  const sm22 = m[5]! * is2;
  const sm23 = m[6]! * is3;
  const sm31 = m[8]! * is1;
  const sm32 = m[9]! * is2;
  const sm33 = m[10]! * is3;
  const trace = sm11 + sm22 + sm33;
  if (trace > 0) {
    const s = Math.sqrt(trace + 1) * 2;
    return [(sm23 - sm32) / s, (sm31 - sm13) / s, (sm12 - sm21) / s, 0.25 * s];
  }
  if (sm11 > sm22 && sm11 > sm33) {
    const s = Math.sqrt(1 + sm11 - sm22 - sm33) * 2;
    return [0.25 * s, (sm12 + sm21) / s, (sm31 + sm13) / s, (sm23 - sm32) / s];
  }
  if (sm22 > sm33) {
    const s = Math.sqrt(1 + sm22 - sm11 - sm33) * 2;
    return [(sm12 + sm21) / s, 0.25 * s, (sm23 + sm32) / s, (sm31 - sm13) / s];
  }
  const s = Math.sqrt(1 + sm33 - sm11 - sm22) * 2;
  return [(sm31 + sm13) / s, (sm23 + sm32) / s, 0.25 * s, (sm12 - sm21) / s];
}

/** Translation, rotation and scale of a node matrix (column-major, as glTF stores it). */
export function decomposeMatrix(matrix: unknown): Trs {
  if (!Array.isArray(matrix)) throw new Error('a node matrix is not a list of numbers');
  const src = matrix as number[];
  let sx = length3(src[0]!, src[1]!, src[2]!);
  const sy = length3(src[4]!, src[5]!, src[6]!);
  const sz = length3(src[8]!, src[9]!, src[10]!);
  if (determinant(src) < 0) sx = -sx;
  const m = src.slice();
  for (const [k, inverse] of [
    [0, 1 / sx],
    [4, 1 / sy],
    [8, 1 / sz],
  ] as const) {
    m[k] = m[k]! * inverse;
    m[k + 1] = m[k + 1]! * inverse;
    m[k + 2] = m[k + 2]! * inverse;
  }
  return { translation: [src[12], src[13], src[14]], rotation: rotationOf(m), scale: [sx, sy, sz] };
}

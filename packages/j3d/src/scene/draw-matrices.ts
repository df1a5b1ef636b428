/*
 * DRW1 draw matrices in the bind pose (spec j3d.md §5–6): a rigid entry (kind 0) is its joint's bind-pose world
 * matrix (the vertices it places are in that joint's space); a weighted entry (kind 1) is
 * Σ w · jointWorld[j] · inverseBind[j] over its envelope (its vertices are already in bind-pose model space, so
 * this is the identity when the inverse binds match the joints). glTF holds at most 4 influences per vertex:
 * envelopes with more keep their 4 largest weights, renormalised, with a diagnostic.
 */
import { type Diagnostic, type Mat4, mat4Invert, mat4MultiplyTo } from '@retromodel/scene';
import type { J3dFile } from '../j3d-file.js';

/** One draw matrix resolved: where it puts vertices, how it turns normals, and the skin influences. */
export interface ResolvedDrawMatrix {
  matrix: Mat4;
  /** Inverse transpose of the upper 3×3 (column-major 3×3) for normals. */
  normalMatrix: Float64Array;
  joints: number[];
  weights: number[];
}

/** Column-major inverse transpose of the upper 3×3 of `m` (identity when singular). */
export function normalMatrixOf(m: Mat4): Float64Array {
  const out = new Float64Array(9);
  normalMatrixTo(m, out);
  return out;
}

/** Writes {@link normalMatrixOf}'s matrix into `out` (9 numbers). */
function normalMatrixTo(m: ArrayLike<number>, out: Float64Array): void {
  const a = m[0]!,
    b = m[4]!,
    c = m[8]!,
    d = m[1]!,
    e = m[5]!,
    f = m[9]!,
    g = m[2]!,
    h = m[6]!,
    i = m[10]!;
  const A = e * i - f * h,
    B = -(d * i - f * g),
    C = d * h - e * g;
  const det = a * A + b * B + c * C;
  if (!Number.isFinite(det) || Math.abs(det) < 1e-30) {
    out.set(IDENTITY3);
    return;
  }
  const D = -(b * i - c * h),
    E = a * i - c * g,
    F = -(a * h - b * g);
  const G = b * f - c * e,
    H = -(a * f - c * d),
    I = a * e - b * d;
  // inverse = adj / det with adj = transpose(cofactors); inverse transpose = cofactors / det.
  // Column-major 3×3 of the cofactor matrix [[A,B,C],[D,E,F],[G,H,I]] (rows).
  out[0] = A / det;
  out[1] = D / det;
  out[2] = G / det;
  out[3] = B / det;
  out[4] = E / det;
  out[5] = H / det;
  out[6] = C / det;
  out[7] = F / det;
  out[8] = I / det;
}

const IDENTITY3 = [1, 0, 0, 0, 1, 0, 0, 0, 1];

/**
 * Resolves every DRW1 entry against the bind-pose joint matrices. The matrices it makes (each envelope's, and the
 * normal matrices) are views of one buffer: a typed array of its own each cost a buffer outside V8's heap, per
 * entry, which for a character of a hundred envelopes cost more than the arithmetic.
 */
export function resolveDrawMatrices(file: J3dFile, world: Mat4[], diagnostics: Diagnostic[]): ResolvedDrawMatrix[] {
  const evp = file.EVP1;
  const entries = file.DRW1.entries;
  const jointCount = world.length;
  let weightedCount = 0;
  for (const d of entries) if (d.weighted) weightedCount++;
  // Per weighted entry its matrix and normal matrix; per joint its normal matrix and world · inverse bind, each
  // worked out once however many entries name it.
  const buffer = new ArrayBuffer((weightedCount * 25 + jointCount * 25) * 8);
  let at = 0;
  const take = (length: number) => {
    const view = new Float64Array(buffer, at, length);
    at += length * 8;
    return view;
  };
  const normalMatrices: (Float64Array | undefined)[] = [];
  const skinMatrices: (Float64Array | undefined)[] = [];
  const inverseBind = new Float64Array(16);
  const joints: number[] = [];
  const sums: number[] = [];
  let missingIbm = false;
  let cut = 0;
  const out: ResolvedDrawMatrix[] = [];
  for (const d of entries) {
    if (!d.weighted) {
      let normalMatrix = normalMatrices[d.index];
      if (!normalMatrix) {
        normalMatrix = take(9);
        normalMatrixTo(world[d.index]!, normalMatrix);
        normalMatrices[d.index] = normalMatrix;
      }
      out.push({ matrix: world[d.index]!, normalMatrix, joints: [d.index], weights: [1] });
      continue;
    }
    const env = evp.envelopes[d.index]!;
    const m = take(16);
    // The influences with each joint once (its weights summed, in the order joints first appear), gathered in
    // the scratch lists and copied out at their length.
    joints.length = 0;
    sums.length = 0;
    for (let k = 0; k < env.joints.length; k++) {
      const j = env.joints[k]!;
      const w = env.weights[k]!;
      if (j >= evp.inverseBindCount) missingIbm = true;
      let jm = skinMatrices[j];
      if (!jm) {
        jm = take(16);
        if (j < evp.inverseBindCount) {
          rowMajor3x4To(evp.inverseBinds, j * 12, inverseBind);
          mat4MultiplyTo(world[j]!, inverseBind, jm, 0);
        } else mat4MultiplyTo(world[j]!, mat4Invert(world[j]!) ?? world[j]!, jm, 0);
        skinMatrices[j] = jm;
      }
      for (let n = 0; n < 16; n++) m[n] = m[n]! + w * jm[n]!;
      const seen = joints.indexOf(j);
      if (seen < 0) {
        joints.push(j);
        sums.push(0 + w);
      } else sums[seen] = sums[seen]! + w;
    }
    if (joints.length > 4) {
      cut++;
      const pairs = joints.map((j, k) => ({ j, w: sums[k]! }));
      pairs.sort((x, y) => y.w - x.w);
      joints.length = 4;
      sums.length = 4;
      for (let k = 0; k < 4; k++) {
        joints[k] = pairs[k]!.j;
        sums[k] = pairs[k]!.w;
      }
    }
    let sum = 0;
    for (const w of sums) sum += w;
    const weights = sums.slice();
    for (let k = 0; k < weights.length; k++) weights[k] = sum > 0 ? sums[k]! / sum : 1 / sums.length;
    const normalMatrix = take(9);
    normalMatrixTo(m, normalMatrix);
    out.push({ matrix: m, normalMatrix, joints: joints.slice(), weights });
  }
  if (cut > 0)
    diagnostics.push({
      code: 'j3d/too-many-influences',
      message: `${cut} envelope(s) have more than 4 joints; the 4 largest weights are kept and renormalised`,
      severity: 'warning',
    });
  if (missingIbm)
    diagnostics.push({
      code: 'j3d/missing-inverse-bind',
      message: 'an envelope uses a joint with no EVP1 inverse bind matrix; the inverse of its bind-pose matrix is used',
      severity: 'warning',
    });
  return out;
}

/** The 4×4 of 12 numbers stored row by row from `offset` (as mat4FromRowMajor3x4 makes it) into `out`. */
function rowMajor3x4To(rows: ArrayLike<number>, offset: number, out: Float64Array): void {
  // The bottom row set one entry at a time (the loop below sets the rest): `fill` is a call into V8's C++ runtime.
  out[3] = 0;
  out[7] = 0;
  out[11] = 0;
  out[15] = 1;
  for (let r = 0; r < 3; r++) for (let c = 0; c < 4; c++) out[c * 4 + r] = rows[offset + r * 4 + c]!;
}

/*
 * DRW1 draw matrices in the bind pose (spec j3d.md §5–6): a rigid entry (kind 0) is its joint's bind-pose world
 * matrix (the vertices it places are in that joint's space); a weighted entry (kind 1) is
 * Σ w · jointWorld[j] · inverseBind[j] over its envelope (its vertices are already in bind-pose model space, so
 * this is the identity when the inverse binds match the joints). glTF holds at most 4 influences per vertex:
 * envelopes with more keep their 4 largest weights, renormalised, with a diagnostic.
 */
import { type Diagnostic, type Mat4, mat4FromRowMajor3x4, mat4Invert, mat4Multiply } from '@retromodel/scene';
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
  if (!Number.isFinite(det) || Math.abs(det) < 1e-30) return new Float64Array([1, 0, 0, 0, 1, 0, 0, 0, 1]);
  const D = -(b * i - c * h),
    E = a * i - c * g,
    F = -(a * h - b * g);
  const G = b * f - c * e,
    H = -(a * f - c * d),
    I = a * e - b * d;
  // inverse = adj / det with adj = transpose(cofactors); inverse transpose = cofactors / det.
  // Column-major 3×3 of the cofactor matrix [[A,B,C],[D,E,F],[G,H,I]] (rows).
  return new Float64Array([A / det, D / det, G / det, B / det, E / det, H / det, C / det, F / det, I / det]);
}

/** Resolves every DRW1 entry against the bind-pose joint matrices. */
export function resolveDrawMatrices(file: J3dFile, world: Mat4[], diagnostics: Diagnostic[]): ResolvedDrawMatrix[] {
  const evp = file.EVP1;
  const inverseBind = (j: number): Mat4 => {
    if (j < evp.inverseBindCount) return mat4FromRowMajor3x4(evp.inverseBinds, j * 12);
    return mat4Invert(world[j]!) ?? world[j]!;
  };
  let missingIbm = false;
  let cut = 0;
  // Per joint, worked out once however many entries name it: its normal matrix, and world · inverse bind.
  const normalMatrices: Float64Array[] = [];
  const skinMatrices: Mat4[] = [];
  const out = file.DRW1.entries.map((d): ResolvedDrawMatrix => {
    if (!d.weighted) {
      normalMatrices[d.index] ??= normalMatrixOf(world[d.index]!);
      return {
        matrix: world[d.index]!,
        normalMatrix: normalMatrices[d.index]!,
        joints: [d.index],
        weights: [1],
      };
    }
    const env = evp.envelopes[d.index]!;
    const m = new Float64Array(16);
    env.joints.forEach((j, k) => {
      if (j >= evp.inverseBindCount) missingIbm = true;
      skinMatrices[j] ??= mat4Multiply(world[j]!, inverseBind(j));
      const jm = skinMatrices[j]!;
      for (let n = 0; n < 16; n++) m[n] = m[n]! + env.weights[k]! * jm[n]!;
    });
    let pairs = env.joints.map((j, k) => ({ j, w: env.weights[k]! }));
    const merged = new Map<number, number>();
    for (const p of pairs) merged.set(p.j, (merged.get(p.j) ?? 0) + p.w);
    pairs = [...merged].map(([j, w]) => ({ j, w }));
    if (pairs.length > 4) {
      cut++;
      pairs.sort((x, y) => y.w - x.w);
      pairs = pairs.slice(0, 4);
    }
    const sum = pairs.reduce((s, p) => s + p.w, 0);
    const weights = sum > 0 ? pairs.map((p) => p.w / sum) : pairs.map(() => 1 / pairs.length);
    return { matrix: m, normalMatrix: normalMatrixOf(m), joints: pairs.map((p) => p.j), weights };
  });
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

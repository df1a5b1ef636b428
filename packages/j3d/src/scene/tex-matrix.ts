/*
 * J3D texture matrices (spec j3d.md §9.3) to a 2×3 UV matrix and, where possible, to KHR_texture_transform.
 * Rotation: raw s16, 0x8000 = π.
 *   Basic SRT: [sS·cos, −sS·sin, tS + cS − (m00·cS + m01·cT)] / [sT·sin, sT·cos, tT + cT − (m10·cS + m11·cT)]
 *   Maya SRT (info bit 7): [sS·cos, −sT·sin, sS·(−½cos − (½sin − ½) − tS)] /
 *                          [sS·sin, sT·cos, sT·(−½cos + (½sin − ½) + tT) + 1]
 * KHR_texture_transform applies scale, then rotation R(r) = [cos −sin; sin cos], then offset, i.e.
 * M = R(r) · diag(sx, sy); a J3D matrix is representable when its columns are orthogonal in that way, the
 * texgen does no projection or environment mapping, and the effect matrix is not used.
 */
import type { TextureTransform } from '@retromodel/scene';
import type { GxTexMatrix } from '../gx/material-types.js';

/** The UV matrix of a J3D texture matrix's SRT as two rows [m00, m01, m02, m10, m11, m12]. */
export function texMatrixRows(m: GxTexMatrix): number[] {
  const theta = (m.rotationRaw * Math.PI) / 32768;
  const sin = Math.sin(theta);
  const cos = Math.cos(theta);
  const [sS, sT] = m.scale;
  const [tS, tT] = m.translation;
  if (m.maya) {
    return [
      sS * cos,
      -sT * sin,
      sS * (-0.5 * cos - (0.5 * sin - 0.5) - tS),
      sS * sin,
      sT * cos,
      sT * (-0.5 * cos + (0.5 * sin - 0.5) + tT) + 1,
    ];
  }
  const [cS, cT] = m.center;
  const m00 = sS * cos;
  const m01 = -sS * sin;
  const m10 = sT * sin;
  const m11 = sT * cos;
  return [m00, m01, tS + cS - (m00 * cS + m01 * cT), m10, m11, tT + cT - (m10 * cS + m11 * cT)];
}

/** The 2×3 UV matrix as KHR_texture_transform, or undefined when it has shear. */
export function rowsToTextureTransform(rows: number[]): TextureTransform | undefined {
  const [m00, m01, m02, m10, m11, m12] = rows as [number, number, number, number, number, number];
  const sx = Math.hypot(m00, m10);
  if (!(sx > 1e-12)) return undefined;
  const rotation = Math.atan2(m10, m00);
  const s = Math.sin(rotation);
  const c = Math.cos(rotation);
  const sy = -m01 * s + m11 * c;
  if (
    Math.abs(m01 + sy * s) > 1e-5 * Math.max(1, Math.abs(sy)) ||
    Math.abs(m11 - sy * c) > 1e-5 * Math.max(1, Math.abs(sy))
  )
    return undefined;
  return { offset: [m02, m12], scale: [sx, sy], rotation };
}

/** KHR_texture_transform for a texture matrix, or undefined when glTF cannot express it. */
export function texMatrixToTransform(m: GxTexMatrix): TextureTransform | undefined {
  if (m.mappingMode !== 0) return undefined;
  return rowsToTextureTransform(texMatrixRows(m));
}

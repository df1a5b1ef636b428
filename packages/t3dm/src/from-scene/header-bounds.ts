/*
 * The header's bounding box (spec §3), which a game culls the whole model with. tiny3d makes it the union of
 * the objects' boxes, which bound the stored positions: for a vertex drawn with a bone matrix that is its
 * position in the bone's space, not where the model draws it. Here it also holds every bone-bound vertex
 * where the skeleton's rest pose draws it (bone model matrix × stored position, rounded outward), so the box
 * holds the model as drawn at rest as well as every stored position.
 */
import { mat4TransformPointTo } from '@retromodel/scene';
import type { S16Vec3, T3dmBone, T3dmObject } from '../t3dm-file.js';
import { boneWorldMatrices } from '../to-scene/t3dm-to-scene.js';

const clampS16 = (v: number) => Math.max(-32768, Math.min(32767, v));

/** The header AABB of `objects`, whose parts load from `position` (V chunk, 3 per vertex) with `bones`' matrices. */
export function headerBounds(
  objects: T3dmObject[],
  position: Int16Array,
  bones: T3dmBone[],
): { min: S16Vec3; max: S16Vec3 } {
  const min: S16Vec3 = [32767, 32767, 32767];
  const max: S16Vec3 = [-32768, -32768, -32768];
  for (const o of objects) {
    for (let a = 0; a < 3; a++) {
      min[a] = Math.min(min[a]!, o.aabbMin[a]!);
      max[a] = Math.max(max[a]!, o.aabbMax[a]!);
    }
  }
  if (bones.length === 0) return { min, max };
  // Stored positions are model units, as are the bones' stored translations: a scale of 1.
  const rest = boneWorldMatrices(bones, 1);
  const at = [0, 0, 0];
  for (const o of objects) {
    for (const p of o.parts) {
      const matrix = rest[p.matrixIdx];
      if (!matrix) continue;
      for (let k = 0; k < p.vertLoadCount; k++) {
        mat4TransformPointTo(matrix, position, (p.vert / 16 + k) * 3, at, 0);
        for (let a = 0; a < 3; a++) {
          min[a] = Math.min(min[a]!, clampS16(Math.floor(at[a]!)));
          max[a] = Math.max(max[a]!, clampS16(Math.ceil(at[a]!)));
        }
      }
    }
  }
  return { min, max };
}

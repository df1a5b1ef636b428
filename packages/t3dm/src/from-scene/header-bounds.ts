/*
 * The header's bounding box (spec §3), which a game culls the whole model with. tiny3d makes it the union of
 * the objects' boxes, which bound the stored positions: for a vertex drawn with a bone matrix that is its
 * position in the bone's space, not where the model draws it. Here it also holds every bone-bound vertex
 * where the skeleton's rest pose draws it (bone model matrix × stored position, rounded outward), so the box
 * holds the model as drawn at rest as well as every stored position. That loop over the vertices runs as
 * WebAssembly (quantise-module.ts's widenByRestPose).
 */
import type { S16Vec3, T3dmBone, T3dmObject } from '../t3dm-file.js';
import { boneWorldMatrices } from '../to-scene/t3dm-to-scene.js';
import { widenByRestPose } from './quantise-module.js';

/**
 * The header AABB of `objects`, whose parts load from `position` (V chunk, 3 per vertex; each part's vertices
 * within it, its `vert` a multiple of 16, as emitGeometry lays them out) with `bones`' matrices.
 */
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
  const parts: number[] = [];
  for (const o of objects) {
    for (const p of o.parts) {
      if (p.matrixIdx >= rest.length) continue;
      parts.push(p.matrixIdx, p.vert / 16, p.vertLoadCount);
    }
  }
  const box = [...min, ...max];
  widenByRestPose(box, rest, Int32Array.from(parts), position);
  return { min: [box[0]!, box[1]!, box[2]!], max: [box[3]!, box[4]!, box[5]!] };
}

/*
 * The range of the texture coordinates a material's texture reads: TEXCOORD_n of every primitive drawn with the
 * material, through the texture's KHR_texture_transform (scale, then rotation R(r) = [cos −sin; sin cos], then
 * offset, as tex-matrix.ts maps J3D matrices). Normalized integer sets are read as glTF defines them.
 */
import { attributeComponent, type Scene, type TextureTransform } from '@retromodel/scene';

/**
 * The smallest and largest u or v the texture of material `material` reads from set `set` after `transform`,
 * or undefined when no primitive draws the material with that set.
 */
export function texCoordRange(
  scene: Scene,
  material: number,
  set: number,
  transform: TextureTransform | undefined,
): { min: number; max: number } | undefined {
  const t = transform ?? { offset: [0, 0], scale: [1, 1], rotation: 0 };
  const cos = Math.cos(t.rotation);
  const sin = Math.sin(t.rotation);
  let min = Number.POSITIVE_INFINITY;
  let max = Number.NEGATIVE_INFINITY;
  for (const mesh of scene.meshes) {
    for (const p of mesh.primitives) {
      const uv = p.attributes[`TEXCOORD_${set}`];
      if (p.material !== material || !uv) continue;
      for (let i = 0; i + 1 < uv.array.length; i += uv.itemSize) {
        const u = attributeComponent(uv, i) * t.scale[0];
        const v = attributeComponent(uv, i + 1) * t.scale[1];
        const x = t.offset[0] + cos * u - sin * v;
        const y = t.offset[1] + sin * u + cos * v;
        min = Math.min(min, x, y);
        max = Math.max(max, x, y);
      }
    }
  }
  return min <= max ? { min, max } : undefined;
}

/*
 * The range of the texture coordinates a material's texture reads: TEXCOORD_n of every primitive drawn with the
 * material, through the texture's KHR_texture_transform (scale, then rotation R(r) = [cos −sin; sin cos], then
 * offset, as tex-matrix.ts maps J3D matrices). Normalized integer sets are read as glTF defines them.
 */
import type { Attribute, Scene, TextureTransform } from '@retromodel/scene';

/** The value of component `i` of an attribute as glTF reads it. */
function component(a: Attribute, i: number): number {
  const v = a.array[i]!;
  if (!a.normalized || a.array instanceof Float32Array) return v;
  if (a.array instanceof Uint8Array) return v / 255;
  if (a.array instanceof Uint16Array) return v / 65535;
  if (a.array instanceof Int8Array) return Math.max(v / 127, -1);
  if (a.array instanceof Int16Array) return Math.max(v / 32767, -1);
  return v;
}

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
        const u = component(uv, i) * t.scale[0];
        const v = component(uv, i + 1) * t.scale[1];
        const x = t.offset[0] + cos * u - sin * v;
        const y = t.offset[1] + sin * u + cos * v;
        min = Math.min(min, x, y);
        max = Math.max(max, x, y);
      }
    }
  }
  return min <= max ? { min, max } : undefined;
}

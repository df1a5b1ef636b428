/*
 * The JSON pointers a scene's pointer channels may hold: the KHR_animation_pointer targets (glTF 2.0 Asset
 * Object Model, RFC 6901 pointers) of the material properties a scene material has.
 *   /materials/{m}/pbrMetallicRoughness/baseColorFactor   float4
 *   /materials/{m}/pbrMetallicRoughness/metallicFactor    float
 *   /materials/{m}/pbrMetallicRoughness/roughnessFactor   float
 *   /materials/{m}/emissiveFactor                         float3
 *   /materials/{m}/alphaCutoff                            float
 *   /materials/{m}/{slot}/extensions/KHR_texture_transform/offset | scale   float2,  /rotation  float
 *     slot: pbrMetallicRoughness/baseColorTexture, normalTexture, emissiveTexture
 * The output accessor of a channel has as many components as the property (SCALAR, VEC2, VEC3, VEC4). A pointer
 * must name a property the written glTF defines: one present, or one with a default value whose enclosing
 * object is present (so a texture transform pointer needs the texture slot and its static transform).
 */

/** Scalar and vector factors of a material. */
export type MaterialFactor =
  | 'baseColorFactor'
  | 'emissiveFactor'
  | 'metallicFactor'
  | 'roughnessFactor'
  | 'alphaCutoff';
/** The material texture slots a scene has. */
export type TextureSlot = 'baseColorTexture' | 'normalTexture' | 'emissiveTexture';
/** The KHR_texture_transform properties. */
export type TransformProperty = 'offset' | 'scale' | 'rotation';

/** What a pointer channel animates. */
export type PointerTarget =
  | { material: number; property: MaterialFactor }
  | { material: number; slot: TextureSlot; property: TransformProperty };

const factorPaths: Record<MaterialFactor, string> = {
  baseColorFactor: 'pbrMetallicRoughness/baseColorFactor',
  metallicFactor: 'pbrMetallicRoughness/metallicFactor',
  roughnessFactor: 'pbrMetallicRoughness/roughnessFactor',
  emissiveFactor: 'emissiveFactor',
  alphaCutoff: 'alphaCutoff',
};

const slotPaths: Record<TextureSlot, string> = {
  baseColorTexture: 'pbrMetallicRoughness/baseColorTexture',
  normalTexture: 'normalTexture',
  emissiveTexture: 'emissiveTexture',
};

const widths: Record<MaterialFactor | TransformProperty, number> = {
  baseColorFactor: 4,
  emissiveFactor: 3,
  metallicFactor: 1,
  roughnessFactor: 1,
  alphaCutoff: 1,
  offset: 2,
  scale: 2,
  rotation: 1,
};

/** The JSON pointer of a target. */
export function materialPointer(target: PointerTarget): string {
  const base = `/materials/${target.material}/`;
  if ('slot' in target) return `${base}${slotPaths[target.slot]}/extensions/KHR_texture_transform/${target.property}`;
  return base + factorPaths[target.property];
}

/** The target a pointer names, or undefined when it is not one a scene can hold. */
export function parseMaterialPointer(pointer: string): PointerTarget | undefined {
  const match = /^\/materials\/(0|[1-9]\d{0,8})\/(.+)$/.exec(pointer);
  if (!match) return undefined;
  const material = Number(match[1]);
  const rest = match[2]!;
  for (const [property, path] of Object.entries(factorPaths) as [MaterialFactor, string][])
    if (rest === path) return { material, property };
  for (const [slot, path] of Object.entries(slotPaths) as [TextureSlot, string][]) {
    const prefix = `${path}/extensions/KHR_texture_transform/`;
    if (!rest.startsWith(prefix)) continue;
    const property = rest.slice(prefix.length);
    if (property === 'offset' || property === 'scale' || property === 'rotation') return { material, slot, property };
  }
  return undefined;
}

/** Floats per key of the target's property (1 to 4). */
export function pointerWidth(target: PointerTarget): number {
  return widths[target.property];
}

/*
 * glTF 2.0's WebGL enums and the scene's names for them: primitive modes (0 POINTS .. 6 TRIANGLE_FAN),
 * sampler wrap modes (33071 CLAMP_TO_EDGE, 33648 MIRRORED_REPEAT, 10497 REPEAT) and filters
 * (9728 NEAREST, 9729 LINEAR, 9984..9987 the mipmap variants), accessor types by component count and back,
 * and the bytes of each accessor component type.
 */
import type { MagFilter, MinFilter, PrimitiveMode, WrapMode } from '@retromodel/scene';

export const primitiveModes: readonly PrimitiveMode[] = [
  'POINTS',
  'LINES',
  'LINE_LOOP',
  'LINE_STRIP',
  'TRIANGLES',
  'TRIANGLE_STRIP',
  'TRIANGLE_FAN',
];

export const wrapCodes: Record<WrapMode, 33071 | 33648 | 10497> = {
  CLAMP_TO_EDGE: 33071,
  MIRRORED_REPEAT: 33648,
  REPEAT: 10497,
};
export const magFilterCodes: Record<MagFilter, 9728 | 9729> = { NEAREST: 9728, LINEAR: 9729 };
export const minFilterCodes: Record<MinFilter, 9728 | 9729 | 9984 | 9985 | 9986 | 9987> = {
  NEAREST: 9728,
  LINEAR: 9729,
  NEAREST_MIPMAP_NEAREST: 9984,
  LINEAR_MIPMAP_NEAREST: 9985,
  NEAREST_MIPMAP_LINEAR: 9986,
  LINEAR_MIPMAP_LINEAR: 9987,
};

/** The name of a code in one of the tables above, or undefined when the code is not in it. */
export function nameOfCode<K extends string>(table: Record<K, number>, code: unknown): K | undefined {
  for (const [name, value] of Object.entries(table) as [K, number][]) if (value === code) return name;
  return undefined;
}

/** Bytes per component of each accessor component type (5120 BYTE .. 5126 FLOAT). */
export const componentSizes: Record<number, number> = { 5120: 1, 5121: 1, 5122: 2, 5123: 2, 5125: 4, 5126: 4 };

/** Components per element of each accessor type. */
export const typeSizes: Record<string, number> = { SCALAR: 1, VEC2: 2, VEC3: 3, VEC4: 4, MAT2: 4, MAT3: 9, MAT4: 16 };

export const accessorTypes: Record<number, 'SCALAR' | 'VEC2' | 'VEC3' | 'VEC4' | 'MAT4'> = {
  1: 'SCALAR',
  2: 'VEC2',
  3: 'VEC3',
  4: 'VEC4',
  16: 'MAT4',
};

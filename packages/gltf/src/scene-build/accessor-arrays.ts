/* Accessor values as the scene holds them. */
import type { Attribute } from '@retromodel/scene';
import { toFloat32 } from '../attribute-types.js';
import type { AccessorData } from './accessor-data.js';

/** Accessor values as they are (glTF's component types are exactly the scene's typed arrays). */
export function accessorArray(accessor: AccessorData): Attribute['array'] {
  return accessor.array;
}

/** Accessor values as floats, de-normalized. */
export function floatArray(accessor: AccessorData): Float32Array {
  return toFloat32(accessor.array, Boolean(accessor.normalized));
}

/* Accessor values as the scene holds them. */
import type { Accessor } from '@gltf-transform/core';
import type { Attribute } from '@retromodel/scene';
import { toFloat32 } from '../../../src/attribute-types.js';

/** Accessor values as they are (glTF's component types are exactly the scene's typed arrays). */
export function accessorArray(accessor: Accessor): Attribute['array'] {
  const array = accessor.getArray();
  if (!array) throw new Error('an accessor has no data');
  if (array instanceof Float64Array || array instanceof Int32Array) return Float32Array.from(array);
  return array as Attribute['array'];
}

/** Accessor values as floats, de-normalized. */
export function floatArray(accessor: Accessor): Float32Array {
  return toFloat32(accessorArray(accessor), accessor.getNormalized());
}

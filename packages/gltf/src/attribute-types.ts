/*
 * Which component types glTF 2.0 core allows per vertex attribute (spec 3.7.2.1, "Meshes"):
 *   POSITION, NORMAL, TANGENT: float only;  TEXCOORD_n, COLOR_n, WEIGHTS_n: float or normalized
 *   unsigned byte/short;  JOINTS_n: unsigned byte/short.
 * Other types (KHR_mesh_quantization's signed and non-normalized ones) are turned into floats here: on write
 * so the file needs no extension, on read so POSITION/NORMAL/TANGENT/WEIGHTS are Float32 as the scene wants.
 * Normalized integers decode as glTF says: unsigned c / (2^n - 1), signed max(c / (2^(n-1) - 1), -1).
 */
import type { Attribute, TypedArray } from '@retromodel/scene';

/** The values of an array as floats, de-normalizing integers when `normalized`. */
export function toFloat32(array: TypedArray, normalized: boolean): Float32Array {
  if (array instanceof Float32Array) return array;
  const out = new Float32Array(array.length);
  const scale = !normalized
    ? 1
    : array instanceof Uint8Array
      ? 255
      : array instanceof Uint16Array
        ? 65535
        : array instanceof Int8Array
          ? 127
          : array instanceof Int16Array
            ? 32767
            : 4294967295;
  for (let i = 0; i < array.length; i++) out[i] = normalized ? Math.max(array[i]! / scale, -1) : array[i]!;
  return out;
}

const floatOnly = /^(POSITION|NORMAL|TANGENT)$/;
const floatOrUnorm = /^(TEXCOORD|COLOR|WEIGHTS)_\d+$/;
const joints = /^JOINTS_\d+$/;

/** True when glTF core accepts this attribute's component type as it is. */
export function isCoreAttribute(name: string, attribute: Attribute): boolean {
  const { array } = attribute;
  const normalized = attribute.normalized ?? false;
  if (floatOnly.test(name)) return array instanceof Float32Array;
  if (floatOrUnorm.test(name)) return array instanceof Float32Array || ((array instanceof Uint8Array || array instanceof Uint16Array) && normalized);
  if (joints.test(name)) return (array instanceof Uint8Array || array instanceof Uint16Array) && !normalized;
  return true;
}

/** An attribute in a type glTF core accepts: unchanged when it already is, else floats (joints: Uint16). */
export function toCoreAttribute(name: string, attribute: Attribute): Attribute {
  if (isCoreAttribute(name, attribute)) return attribute;
  if (joints.test(name)) return { array: Uint16Array.from(attribute.array), itemSize: attribute.itemSize };
  return { array: toFloat32(attribute.array, attribute.normalized ?? false), itemSize: attribute.itemSize };
}

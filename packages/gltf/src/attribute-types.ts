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
  if (floatOrUnorm.test(name))
    return (
      array instanceof Float32Array || ((array instanceof Uint8Array || array instanceof Uint16Array) && normalized)
    );
  if (joints.test(name)) return (array instanceof Uint8Array || array instanceof Uint16Array) && !normalized;
  return true;
}

/** An attribute in a type glTF core accepts: unchanged when it already is, else floats (joints: Uint16). */
export function toCoreAttribute(name: string, attribute: Attribute): Attribute {
  if (isCoreAttribute(name, attribute)) return attribute;
  if (joints.test(name)) return { array: Uint16Array.from(attribute.array), itemSize: attribute.itemSize };
  return { array: toFloat32(attribute.array, attribute.normalized ?? false), itemSize: attribute.itemSize };
}

/**
 * glTF forbids one joint appearing twice with non-zero weight in a vertex (the validator's
 * ACCESSOR_JOINTS_INDEX_DUPLICATE; Blender exports do it). The duplicate's weight is added to the first
 * slot of that joint and the slot is cleared (joint 0, weight 0), which skins the vertex identically.
 * Returns copies when something changed, else undefined.
 */
export function mergeDuplicateJoints(
  joints: Attribute,
  weights: Attribute,
): { joints: Attribute; weights: Attribute } | undefined {
  const j = joints.array;
  const w = weights.array;
  let outJ: typeof j | undefined;
  let outW: typeof w | undefined;
  for (let v = 0; v + 4 <= j.length && v + 4 <= w.length; v += 4) {
    for (let k = 1; k < 4; k++) {
      if ((outW ?? w)[v + k] === 0) continue;
      for (let m = 0; m < k; m++) {
        if ((outJ ?? j)[v + m] !== (outJ ?? j)[v + k] || (outW ?? w)[v + m] === 0) continue;
        outJ ??= j.slice();
        outW ??= w.slice();
        outW[v + m] = outW[v + m]! + outW[v + k]!;
        outW[v + k] = 0;
        outJ[v + k] = 0;
        break;
      }
    }
  }
  return outJ && outW ? { joints: { ...joints, array: outJ }, weights: { ...weights, array: outW } } : undefined;
}

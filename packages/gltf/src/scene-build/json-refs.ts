/*
 * References between glTF objects as glTF-Transform resolved them when it built its Document (the scene must
 * come out the same as it did then): `list[value]` with JavaScript's property lookup, so "2" and [2] name
 * item 2 as 2 does. A value naming nothing is no reference, silently, for single references (a node's mesh, a
 * primitive's material or attribute ...); lists of references (children, joints, scene nodes) must name real
 * items. Names that hit an array's own machinery ("length" of a non-empty list, "map", "__proto__", ...)
 * made glTF-Transform throw, and throw here.
 */

const canonicalIndex = /^(0|[1-9]\d*)$/;

/** The item `value` names in a list of `length`, undefined when it names none; throws as described above. */
export function refIndex(length: number, value: unknown): number | undefined {
  // What files hold: a whole number of 0 or more, which names what its text does (-0 too, as "0"; from 1e21 on,
  // its text is not an index and it names nothing, as it names nothing in a shorter list).
  if (typeof value === 'number' && Number.isInteger(value) && value >= 0) return value < length ? value + 0 : undefined;
  const key = String(value);
  if (canonicalIndex.test(key)) {
    const index = Number(key);
    return index < length ? index : undefined;
  }
  if (key === 'length') {
    if (length === 0) return undefined;
  } else if (!(key in Array.prototype)) return undefined;
  throw new Error(`"${key}" is not a reference`);
}

/** The item `value` names, which must exist (`what` words the error). */
export function requiredRef(length: number, value: unknown, what: string): number {
  const index = refIndex(length, value);
  if (index === undefined) throw new Error(`${what} names ${JSON.stringify(value)}, which does not exist`);
  return index;
}

/** `value || []`, which must then be an array (glTF-Transform called forEach or map on it). */
export function listOf(value: unknown, what: string): unknown[] {
  const list = value || [];
  if (!Array.isArray(list)) throw new Error(`${what} is not a list`);
  return list;
}

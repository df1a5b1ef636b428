/*
 * Values taken from a glTF document or its JSON, checked on the way into the scene: enum strings, number
 * vectors of the right length, extras as plain objects (glTF allows any JSON value there; a non-object is
 * kept as `{ value }`), optional names.
 */
import type { Property } from '@gltf-transform/core';
import type { Extras } from '@retromodel/scene';
import { isObject, type JsonLocation, jsonError } from './check-json.js';

/** A property's extras as the scene keeps them: a plain object, or undefined when empty. */
export function extrasOf(property: Property | { extras?: unknown }): Extras | undefined {
  const value = 'getExtras' in property ? property.getExtras() : property.extras;
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return { value };
  return Object.keys(value).length > 0 ? { ...value } : undefined;
}

/** The fields with `name` added when it is not empty. */
export function named<T extends object>(name: string, fields: T): T & { name?: string } {
  return name ? { name, ...fields } : fields;
}

/** `value` when it is one of `allowed`, else a ParseError naming `what`. */
export function oneOf<T extends string>(value: unknown, allowed: readonly T[], what: string, where: JsonLocation): T {
  if (allowed.includes(value as T)) return value as T;
  throw jsonError(where, `${what} is ${JSON.stringify(value)}, not one of ${allowed.join(', ')}`);
}

/** A copy of `value` when it is `length` finite numbers, else a ParseError naming `what`. */
export function vector<T extends number[]>(value: unknown, length: number, what: string, where: JsonLocation): T {
  if (
    Array.isArray(value) &&
    value.length === length &&
    value.every((v) => typeof v === 'number' && Number.isFinite(v))
  )
    return [...value] as T;
  throw jsonError(where, `${what} is not ${length} finite numbers`);
}

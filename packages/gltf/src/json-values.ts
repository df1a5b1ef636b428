/*
 * Values taken from a glTF's JSON, checked on the way into the scene: enum strings, number vectors of the
 * right length, extras as plain objects (glTF allows any JSON value there; a non-object is kept as
 * `{ value }`), optional names.
 */
import type { Extras } from '@retromodel/scene';
import { isObject, type JsonLocation, jsonError } from './check-json.js';

/** A JSON object's extras as the scene keeps them: a plain object, or undefined when empty. */
export function extrasOf(def: { extras?: unknown }): Extras | undefined {
  const value = def.extras;
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return { value };
  return Object.keys(value).length > 0 ? { ...value } : undefined;
}

/**
 * The extras of a glTF object that has them in glTF-Transform's model (everything but textures): only a
 * truthy value counts (`"extras": 0` or `false` is no extras), as glTF-Transform read them before.
 */
export function propertyExtras(def: { extras?: unknown }): Extras | undefined {
  return def.extras ? extrasOf(def) : undefined;
}

/** The name of a glTF object: its `name` as given, or '' when it has none. */
export function nameOf(def: { name?: unknown }): string {
  return def.name === undefined ? '' : (def.name as string);
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

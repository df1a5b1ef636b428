/* The extras of a glTF-Transform property (or of a raw JSON object), as the Document path kept them. */
import type { Property } from '@gltf-transform/core';
import type { Extras } from '@retromodel/scene';
import { isObject } from '../../src/check-json.js';

/** A property's extras as the scene keeps them: a plain object, or undefined when empty. */
export function extrasOf(property: Property | { extras?: unknown }): Extras | undefined {
  const value = 'getExtras' in property ? property.getExtras() : property.extras;
  if (value === undefined || value === null) return undefined;
  if (!isObject(value)) return { value };
  return Object.keys(value).length > 0 ? { ...value } : undefined;
}

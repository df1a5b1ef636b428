/*
 * The fields every named glTF object starts with, as glTF-Transform wrote them: `name` when not empty, then
 * `extras` when it has keys.
 */
import type { Extras } from '@retromodel/scene';

export function propertyDef(name: string | undefined, extras: Extras | undefined): { name?: string; extras?: Extras } {
  const def: { name?: string; extras?: Extras } = {};
  if (name) def.name = name;
  if (extras && Object.keys(extras).length > 0) def.extras = extras;
  return def;
}

/*
 * What the steps of building a scene from the glTF JSON share: the JSON, where it is in the file (for
 * ParseErrors), the diagnostics, every accessor's values (read once, accessor-data.ts) and the extensions
 * the file uses that the reader reads (json-extensions.ts).
 */
import type { GLTF } from '@gltf-transform/core';
import type { Diagnostic } from '@retromodel/scene';
import type { JsonLocation } from '../check-json.js';
import type { AccessorData, BufferSource } from './accessor-data.js';
import { refIndex } from './json-refs.js';

export interface BuildContext extends BufferSource {
  json: GLTF.IGLTF;
  where: JsonLocation;
  accessors: AccessorData[];
  /** Read extensions listed in extensionsUsed (an extension's objects are read only then). */
  extensions: Set<string>;
  /** Adds a `gltf/<code>` info diagnostic. */
  info: (code: string, message: string) => void;
  /** Adds a `gltf/<code>` warning. */
  warn: (code: string, message: string) => void;
}

export function createContext(
  source: BufferSource & { where: JsonLocation; diagnostics: Diagnostic[] },
  accessors: AccessorData[],
  extensions: Set<string>,
): BuildContext {
  const { diagnostics } = source;
  return {
    json: source.json,
    resources: source.resources,
    ...(source.bin ? { bin: source.bin } : {}),
    where: source.where,
    accessors,
    extensions,
    info: (code, message) => diagnostics.push({ code: `gltf/${code}`, message, severity: 'info' }),
    warn: (code, message) => diagnostics.push({ code: `gltf/${code}`, message, severity: 'warning' }),
  };
}

/** The accessor `value` names, or undefined when it names none (json-refs.ts). */
export function accessorRef(context: BuildContext, value: unknown): AccessorData | undefined {
  if (value === undefined) return undefined;
  const index = refIndex(context.accessors.length, value);
  return index === undefined ? undefined : context.accessors[index];
}

/*
 * Reads a file with gltfToScene (the direct reader) and with the glTF-Transform Document path, and says how
 * the outcomes differ: both must throw a ParseError, or both give deep-equal scenes (typed arrays compared by
 * type and element, NaN equal to NaN) and the same diagnostics.
 */
import { ParseError } from '@retromodel/binary';
import { type GltfReadOptions, gltfToScene } from '../../src/read-gltf.js';
import { gltfToSceneViaDocument } from './read-via-document.js';

/** Where two values first differ, or undefined when they are equal. */
export function firstDifference(a: unknown, b: unknown, path = ''): string | undefined {
  if (Object.is(a, b)) return undefined;
  if (ArrayBuffer.isView(a) || ArrayBuffer.isView(b)) {
    if (!ArrayBuffer.isView(a) || !ArrayBuffer.isView(b) || a.constructor !== b.constructor)
      return `${path}: ${a?.constructor?.name} vs ${b?.constructor?.name}`;
    const x = a as unknown as ArrayLike<number>;
    const y = b as unknown as ArrayLike<number>;
    if (x.length !== y.length) return `${path}: length ${x.length} vs ${y.length}`;
    for (let i = 0; i < x.length; i++) if (!Object.is(x[i], y[i])) return `${path}[${i}]: ${x[i]} vs ${y[i]}`;
    return undefined;
  }
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null)
    return `${path}: ${String(a)} vs ${String(b)}`;
  if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs object`;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) {
    const x = (a as Record<string, unknown>)[key];
    const y = (b as Record<string, unknown>)[key];
    const d = firstDifference(x, y, `${path}.${key}`);
    if (d) return d;
  }
  return undefined;
}

type Outcome = { scene: unknown; diagnostics: unknown } | { error: unknown };

async function outcomeOf(read: () => Promise<{ scene: unknown; diagnostics: unknown }>): Promise<Outcome> {
  try {
    return await read();
  } catch (error) {
    return { error };
  }
}

/** How the two readers disagree on `bytes`, or undefined when they agree; `outcome` says which way they went. */
export async function compareReads(
  bytes: Uint8Array,
  options: GltfReadOptions = {},
): Promise<{ difference?: string; outcome: 'scene' | 'error' }> {
  const direct = await outcomeOf(() => gltfToScene(bytes, options));
  const viaDocument = await outcomeOf(() => gltfToSceneViaDocument(bytes, options));
  const describe = (o: Outcome) =>
    'error' in o
      ? `throws ${o.error instanceof Error ? `${o.error.name}: ${o.error.message}` : String(o.error)}`
      : 'reads';
  if ('error' in direct || 'error' in viaDocument) {
    const both = 'error' in direct && 'error' in viaDocument;
    const parse = both && direct.error instanceof ParseError && viaDocument.error instanceof ParseError;
    return parse
      ? { outcome: 'error' }
      : { outcome: 'error', difference: `direct ${describe(direct)}; via Document ${describe(viaDocument)}` };
  }
  const difference =
    firstDifference(direct.scene, viaDocument.scene, 'scene') ??
    firstDifference(direct.diagnostics, viaDocument.diagnostics, 'diagnostics');
  return { outcome: 'scene', ...(difference ? { difference } : {}) };
}

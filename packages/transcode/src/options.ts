/*
 * Options of transcode, typed per format and namespaced by adapter id (`read: { tmd: { lod: 'all' } }`),
 * and the check that reports option names no adapter knows (`{ tmd: { lods: 'all' } }`, `{ tmdd: ... }`)
 * as warnings instead of ignoring them, so a typo is seen (and fails in strict mode).
 */
import type { GltfAdapterWriteOptions } from '@retromodel/gltf/adapters';
import type { AnimationToBckOptions, BtiWriteOptions, J3dReadOptions, J3dWriteOptions } from '@retromodel/j3d/adapters';
import type { AnyFormatAdapter, Diagnostic } from '@retromodel/scene';
import type { T3dmReadOptions, T3dmWriteOptions } from '@retromodel/t3dm/adapters';
import type { TmdReadOptions, TmdWriteOptions } from '@retromodel/tmd/adapters';

/** Reader options of the built-in formats, by adapter id. */
export interface ReadOptionsByFormat {
  j3d?: J3dReadOptions;
  tmd?: TmdReadOptions;
  t3dm?: T3dmReadOptions;
}

/** Writer options of the built-in formats, by adapter id. */
export interface WriteOptionsByFormat {
  t3dm?: T3dmWriteOptions;
  /** The container (`glb`/`gltf`) comes from `to`. */
  gltf?: Omit<GltfAdapterWriteOptions, 'format'>;
  /** Each J3D animation kind written on its own (`to: 'bck'`, `'btk'`, …). */
  bck?: AnimationToBckOptions;
  bca?: AnimationToBckOptions;
  btk?: AnimationToBckOptions;
  brk?: AnimationToBckOptions;
  bpk?: AnimationToBckOptions;
  btp?: AnimationToBckOptions;
  bva?: AnimationToBckOptions;
  bti?: BtiWriteOptions;
  /** The kind (`bmd`/`bdl`) comes from `to`. */
  j3d?: Omit<J3dWriteOptions, 'kind'>;
  tmd?: TmdWriteOptions;
}

type Namespaced = Record<string, Record<string, unknown> | undefined>;

/** The candidate nearest to a mistyped `word` (edit distance at most a third of its length), if any. */
export function closestName(word: string, candidates: readonly string[]): string | undefined {
  const distance = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, j) => j);
    for (let i = 1; i <= a.length; i++) {
      let diagonal = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const above = row[j]!;
        row[j] = Math.min(above + 1, row[j - 1]! + 1, diagonal + (a[i - 1] === b[j - 1] ? 0 : 1));
        diagonal = above;
      }
    }
    return row[b.length]!;
  };
  const best = candidates
    .map((c) => ({ c, d: distance(word.toLowerCase(), c.toLowerCase()) }))
    .sort((x, y) => x.d - y.d)[0];
  return best && best.d <= Math.max(1, Math.floor(word.length / 3)) ? best.c : undefined;
}

function unknown(what: string, name: string, known: readonly string[]): Diagnostic {
  const guess = closestName(name, known);
  return {
    code: 'transcode/unknown-option',
    message: `${what} '${name}' is not known${guess ? ` (did you mean '${guess}'?)` : ''}; known: ${known.join(', ') || 'none'}`,
    severity: 'warning',
  };
}

function checkSide(
  side: 'read' | 'write',
  options: Namespaced | undefined,
  list: readonly AnyFormatAdapter[],
): Diagnostic[] {
  const found: Diagnostic[] = [];
  const ids = list.map((a) => a.id);
  for (const [id, values] of Object.entries(options ?? {})) {
    const adapter = list.find((a) => a.id === id);
    if (!adapter) {
      found.push(unknown(`${side} option group`, id, ids));
      continue;
    }
    const names = Object.keys(side === 'read' ? adapter.readOptions : adapter.writeOptions);
    for (const key of Object.keys(values ?? {}))
      if (!names.includes(key)) found.push(unknown(`${side}.${id} option`, key, names));
  }
  return found;
}

/** Warnings for every option group and option name that no adapter in `list` knows. */
export function checkOptionNames(
  read: ReadOptionsByFormat | undefined,
  write: WriteOptionsByFormat | undefined,
  list: readonly AnyFormatAdapter[],
): Diagnostic[] {
  return [...checkSide('read', read as Namespaced, list), ...checkSide('write', write as Namespaced, list)];
}

/*
 * What the steps of building a scene from a glTF-Transform Document share: the raw JSON, where it is in the
 * file (for ParseErrors), info diagnostics, and index lookups that turn a reference to something not in the
 * file into a ParseError.
 */
import type { Document, GLTF, Material, Mesh, Node, Skin } from '@gltf-transform/core';
import type { Diagnostic } from '@retromodel/scene';
import { type JsonLocation, jsonError } from '../../../src/check-json.js';

export interface SceneBuildContext {
  json: GLTF.IGLTF;
  where: JsonLocation;
  diagnostics: Diagnostic[];
  fileName?: string;
}

export interface BuildLookups {
  where: JsonLocation;
  /** Adds a `gltf/<code>` info diagnostic. */
  info: (code: string, message: string) => void;
  /** Adds a `gltf/<code>` warning. */
  warn: (code: string, message: string) => void;
  node: (n: Node | null) => number | undefined;
  mesh: (m: Mesh | null) => number | undefined;
  skin: (s: Skin | null) => number | undefined;
  material: (m: Material | null) => number | undefined;
}

/** Index lookups over the document's lists; `lookup(x, what)` for any other list. */
export function createLookups(doc: Document, context: SceneBuildContext): BuildLookups {
  const root = doc.getRoot();
  const { where, diagnostics } = context;
  const lookup = <T>(list: T[], what: string) => {
    const map = new Map(list.map((item, i) => [item, i]));
    return (item: T | null): number | undefined => {
      if (item === null) return undefined;
      const i = map.get(item);
      if (i === undefined) throw jsonError(where, `a reference to a ${what} that is not in the file`);
      return i;
    };
  };
  return {
    where,
    info: (code, message) => diagnostics.push({ code: `gltf/${code}`, message, severity: 'info' }),
    warn: (code, message) => diagnostics.push({ code: `gltf/${code}`, message, severity: 'warning' }),
    node: lookup(root.listNodes(), 'node'),
    mesh: lookup(root.listMeshes(), 'mesh'),
    skin: lookup(root.listSkins(), 'skin'),
    material: lookup(root.listMaterials(), 'material'),
  };
}

/** Index of `item` in `list`, or a ParseError naming what it should have been. */
export function indexIn<T>(list: T[], item: T | null, what: string, where: JsonLocation): number | undefined {
  if (item === null) return undefined;
  const i = list.indexOf(item);
  if (i < 0) throw jsonError(where, `a reference to a ${what} that is not in the file`);
  return i;
}

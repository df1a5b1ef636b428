/*
 * Import forms chosen by the query of a model import: `./x.bdl` (the default form), `?glb`, `?gltf`,
 * `?scene`, `?t3dm`, `?inline`. Bundlers add their own parameters (Vite: `import`, `t=...`), so the query
 * is parsed with URLSearchParams and unknown parameters are ignored.
 */

/** Every import form, in the order a query is checked. */
export const importForms = ['glb', 'gltf', 'scene', 't3dm', 'inline'] as const;

/** What a model import gives: a GLB URL, glTF JSON, a scene summary, T3DM URLs or a data URL. */
export type ImportForm = (typeof importForms)[number];

export interface ModelRequest {
  /** The file path without query or hash. */
  file: string;
  form: ImportForm;
}

/** Splits a module id into the model's path and the import form its query asks for. */
export function parseModelId(id: string, defaultForm: ImportForm): ModelRequest {
  const queryAt = id.indexOf('?');
  const file = (queryAt < 0 ? id : id.slice(0, queryAt)).replace(/#.*$/, '');
  if (queryAt < 0) return { file, form: defaultForm };
  const params = new URLSearchParams(id.slice(queryAt + 1).replace(/#.*$/, ''));
  const asked = importForms.filter((f) => params.has(f));
  if (asked.length > 1) throw new Error(`${file}: the import asks for several forms at once (?${asked.join(', ?')})`);
  return { file, form: asked[0] ?? defaultForm };
}

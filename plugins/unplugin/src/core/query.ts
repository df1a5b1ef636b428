/*
 * Import forms chosen by the query of a model import: `./x.bdl` (the default form), `?glb`, `?gltf`,
 * `?scene`, `?t3dm`, `?inline`. An archive (`./Stage.szs`) is imported with `?model=<path inside>` (plus any
 * form: `?model=bdl/cl.bdl&scene`) or listed with `?ls`. Bundlers add their own parameters (Vite: `import`,
 * `t=...`), so the query is parsed with URLSearchParams and unknown parameters are ignored.
 */

/** Every import form, in the order a query is checked. */
export const importForms = ['glb', 'gltf', 'scene', 't3dm', 'inline'] as const;

/** What a model import gives: a GLB URL, glTF JSON, a scene summary, T3DM URLs or a data URL. */
export type ImportForm = (typeof importForms)[number];

export interface ModelRequest {
  /** The file path without query or hash. */
  file: string;
  form: ImportForm;
  /** For an archive: the model's path inside it (`?model=`). */
  model?: string;
  /** For an archive: list its files (`?ls`). */
  list?: boolean;
}

/** Splits a module id into the model's path and the import form its query asks for. */
export function parseModelId(id: string, defaultForm: ImportForm): ModelRequest {
  const queryAt = id.indexOf('?');
  const file = (queryAt < 0 ? id : id.slice(0, queryAt)).replace(/#.*$/, '');
  if (queryAt < 0) return { file, form: defaultForm };
  const params = new URLSearchParams(id.slice(queryAt + 1).replace(/#.*$/, ''));
  const asked = importForms.filter((f) => params.has(f));
  if (asked.length > 1) throw new Error(`${file}: the import asks for several forms at once (?${asked.join(', ?')})`);
  const model = params.get('model') ?? undefined;
  return {
    file,
    form: asked[0] ?? defaultForm,
    ...(model ? { model } : {}),
    ...(params.has('ls') ? { list: true } : {}),
  };
}

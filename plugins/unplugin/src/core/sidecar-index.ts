/*
 * Which models read which sidecar files (a .bck beside a .bdl, the .tkl a .tmd names, the .bin and textures
 * of a .gltf), so that a change to a sidecar in the Vite dev server reloads the modules of every model
 * that used it. Paths are compared with forward slashes, as Vite reports them.
 */

function normalize(path: string): string {
  return path.replace(/\\/g, '/');
}

export interface SidecarIndex {
  /** Records the sidecars one model read in its latest conversion (replacing what it read before). */
  record(model: string, sidecars: string[]): void;
  /** Models whose latest conversion read `file`. */
  modelsUsing(file: string): string[];
}

/** An empty sidecar → model index. */
export function createSidecarIndex(): SidecarIndex {
  const byModel = new Map<string, Set<string>>();
  return {
    record(model, sidecars) {
      byModel.set(normalize(model), new Set(sidecars.map(normalize)));
    },
    modelsUsing(file) {
      const path = normalize(file);
      return [...byModel].filter(([, used]) => used.has(path)).map(([model]) => model);
    },
  };
}

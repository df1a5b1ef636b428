/*
 * The conversions of a plugin instance, shared by every import of a model: a model is read once for its bytes
 * and the options (`x.bdl`, `x.bdl?scene` and `x.bdl?gltf` read it once), each output is written once from that
 * reading, and a build tells each warning of a model once. An entry is keyed by the model's path, a hash of its
 * bytes (and of the model's path inside an archive) and the options; a change to the model, to a sidecar its
 * reading used, or to any file in a folder its sidecars are looked for in (a sidecar that appears) drops its
 * entries (`forget`), and each build starts telling warnings anew (`newBuild`).
 */
import { createHash } from 'node:crypto';

export interface ConvertCache {
  /** What `make` gives for `key` of the model at `file`, made once while the model's entries live. */
  get<T>(file: string, key: string, make: () => Promise<T>): Promise<T>;
  /** Records the files a model's reading used besides the model (its sidecars) and the folders it looked in. */
  uses(file: string, sidecars: string[], folders: string[]): void;
  /** True the first time this build asks about this warning of `file`. */
  firstTime(file: string, warning: string): boolean;
  /** Drops the entries of the model at `changed`, and of every model whose reading used it or its folder. */
  forget(changed: string): void;
  /** A new build: warnings are told again. */
  newBuild(): void;
}

/** A short hash of a model's bytes (with the other parts of its key). */
export function contentKey(bytes: Uint8Array, ...parts: unknown[]): string {
  return createHash('sha1').update(bytes).update(JSON.stringify(parts)).digest('hex');
}

const normalize = (path: string) => path.replace(/\\/g, '/').replace(/\/+$/, '');
const folderOf = (path: string) => path.slice(0, Math.max(0, path.lastIndexOf('/')));

/** An empty cache. */
export function createConvertCache(): ConvertCache {
  const entries = new Map<string, Map<string, Promise<unknown>>>();
  const reads = new Map<string, Set<string>>();
  let told = new Set<string>();
  return {
    get<T>(file: string, key: string, make: () => Promise<T>): Promise<T> {
      const model = normalize(file);
      const own = entries.get(model) ?? new Map<string, Promise<unknown>>();
      entries.set(model, own);
      let value = own.get(key) as Promise<T> | undefined;
      if (!value) {
        value = make();
        own.set(key, value);
      }
      return value;
    },
    uses(file, files, folders) {
      reads.set(normalize(file), new Set([...files, ...folders].map(normalize)));
    },
    firstTime(file, warning) {
      const key = `${normalize(file)}\0${warning}`;
      if (told.has(key)) return false;
      told.add(key);
      return true;
    },
    forget(changed) {
      const path = normalize(changed);
      for (const [model, used] of reads)
        if (used.has(path) || used.has(folderOf(path))) {
          entries.delete(model);
          reads.delete(model);
        }
      entries.delete(path);
      reads.delete(path);
    },
    newBuild() {
      told = new Set();
    },
  };
}

/*
 * Plain Rollup cannot resolve `./model.bdl?gltf` (it looks for a file named that way); Vite, webpack and
 * esbuild keep queries themselves. This Rollup-only resolveId resolves the path part with the other plugins
 * and puts the query back. It only acts on imports whose query names one of this plugin's forms (or an archive's
 * `model`/`ls`): a generic
 * resolveId breaks esbuild and webpack (specs/ecosystem.md §3), and other plugins' queries stay theirs.
 */
import type { Plugin } from 'rollup';
import { importForms } from './query.js';

type ResolveIdHook = Extract<NonNullable<Plugin['resolveId']>, (...args: never[]) => unknown>;

/** Rollup `resolveId` that keeps this plugin's import-form queries. */
export const resolveModelQuery: ResolveIdHook = async function (source, importer, options) {
  const queryAt = source.indexOf('?');
  if (queryAt < 0) return null;
  const params = new URLSearchParams(source.slice(queryAt + 1));
  if (!importForms.some((f) => params.has(f)) && !params.has('model') && !params.has('ls')) return null;
  const resolved = await this.resolve(source.slice(0, queryAt), importer, { ...options, skipSelf: true });
  if (!resolved || resolved.external) return resolved;
  return { ...resolved, id: `${resolved.id}${source.slice(queryAt)}` };
};

/*
 * The plugin's options and their defaults. The default include pattern lists the model and archive extensions
 * retromodel reads; which of them a given build can actually convert is decided by @retromodel/transcode's adapter list,
 * not here (an unsupported file fails with transcode's "unknown format" message).
 */
import {
  closestName,
  diagnosticCodes,
  type ReadOptionsByFormat,
  type WriteOptionsByFormat,
} from '@retromodel/transcode';
import type { FilterPattern } from 'unplugin';
import { type ImportForm, importForms } from './query.js';

/** Files the plugin loads unless `include` says otherwise. */
export const defaultInclude: RegExp = /\.(?:bmd|bdl|bti|tmd|t3dm|glb|gltf|arc|szs|carc|rarc)$/i;

export interface RetromodelOptions {
  /** Model files to load (regular expressions or globs, matched against the path without its query). */
  include?: FilterPattern;
  /** Files to leave alone even when `include` matches. */
  exclude?: FilterPattern;
  /** What a plain `import x from './model.bdl'` gives; default `'glb'` (the URL of the converted GLB). */
  output?: ImportForm;
  /**
   * Reader options per input format id, e.g. `{ tmd: { lod: 'all' } }`; unknown names are reported. The plugin
   * makes models for the web, so J3D models leave out the game's textures kept for writing back
   * (`j3d.gameTextures`, default false here; true in the CLI and the library).
   */
  read?: ReadOptionsByFormat;
  /** Writer options per output format id, e.g. `{ t3dm: { baseScale: 64, bvh: true } }`. */
  write?: WriteOptionsByFormat;
  /** More folders searched for sidecars (animations, keyframe libraries, textures) after the model's own. */
  sidecarDirs?: string[];
  /** Diagnostics of severity warning and above fail the build. */
  strict?: boolean;
  /** Diagnostic codes `strict` accepts, e.g. `['j3d/unlit-emissive']` (the README lists every code). */
  allow?: string[];
  /**
   * Folder (inside the output folder) of emitted models; default Vite's `build.assetsDir`, else `assets`.
   * Rollup and Vite place a single GLB by their own `assetFileNames` pattern instead.
   */
  assetsDir?: string;
  /**
   * Prefix of emitted model URLs. Default: Rollup and Vite use their own asset URLs, webpack and rspack
   * their runtime public path, esbuild its `publicPath` option or a path relative to the output folder.
   */
  publicPath?: string;
}

export interface ResolvedOptions {
  include: FilterPattern;
  exclude: FilterPattern | undefined;
  output: ImportForm;
  read: ReadOptionsByFormat;
  write: WriteOptionsByFormat;
  sidecarDirs: string[];
  strict: boolean;
  allow: string[];
  assetsDir: string | undefined;
  publicPath: string | undefined;
}

/** The `allow` codes, each one a format returns (a typo would accept nothing). */
function checkAllow(codes: string[]): string[] {
  const known = diagnosticCodes.map((c) => c.code);
  for (const code of codes) {
    if (known.includes(code)) continue;
    const guess = closestName(code, known);
    throw new Error(
      `unplugin-retromodel: allow: no format returns the code '${code}'${guess ? `; did you mean '${guess}'?` : ''}`,
    );
  }
  return codes;
}

/** Fills in defaults and checks the values a typo could get wrong. */
export function resolveOptions(options: RetromodelOptions = {}): ResolvedOptions {
  const output = options.output ?? 'glb';
  if (!importForms.includes(output))
    throw new Error(`unplugin-retromodel: output must be one of ${importForms.join(', ')} (got '${String(output)}')`);
  return {
    include: options.include ?? defaultInclude,
    exclude: options.exclude,
    output,
    read: { ...options.read, j3d: { gameTextures: false, ...options.read?.j3d } },
    write: options.write ?? {},
    sidecarDirs: options.sidecarDirs ?? [],
    strict: options.strict ?? false,
    allow: checkAllow(options.allow ?? []),
    assetsDir: options.assetsDir?.replace(/^\/+|\/+$/g, ''),
    publicPath: options.publicPath,
  };
}

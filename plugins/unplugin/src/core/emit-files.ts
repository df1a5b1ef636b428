/*
 * Emitting converted files and the JavaScript expression of each file's URL, per bundler (verified patterns,
 * see specs/ecosystem.md §3):
 * - Rollup and Vite builds: `this.emitFile` returns a reference; `import.meta.ROLLUP_FILE_URL_<ref>` becomes the
 *   final URL (Rollup: relative to the chunk via import.meta.url; Vite: under `base`). A single GLB is emitted
 *   by `name`, so the bundler's `assetFileNames` pattern (and its hash) applies.
 * - webpack and rspack: the loader's own `emitFile` (cached with the module, unlike compilation.emitAsset), and
 *   the runtime public path `__webpack_public_path__` (rspack defines it too) unless `publicPath` is given.
 * - esbuild: unplugin writes emitted files into `outdir` (only with `outdir`); the URL is esbuild's
 *   `publicPath` + the name, or `./` + the name relative to the output folder, as esbuild's file loader does.
 * - Vite dev server: no emitFile; files go to the in-memory dev store.
 */
import type { OutputFile } from '@retromodel/scene';
import type { UnpluginBuildContext, UnpluginContext } from 'unplugin';
import { groupFileNames, hashedFileName, joinUrl, toBuffer } from './asset-names.js';
import type { DevAssets } from './dev-assets.js';

type HookContext = UnpluginBuildContext & UnpluginContext;

/** What the emitter needs to know about the running bundler. */
export interface EmitEnvironment {
  framework: string;
  /** Set when running inside the Vite dev server. */
  dev?: { assets: DevAssets; base: string };
  assetsDir: string;
  publicPath: string | undefined;
}

/** Loader context methods webpack and rspack both offer. */
interface LoaderLike {
  emitFile(name: string, content: Buffer): void;
}

function nativeLoader(ctx: HookContext): LoaderLike | undefined {
  const native = ctx.getNativeBuildContext?.();
  if (native && (native.framework === 'webpack' || native.framework === 'rspack')) return native.loaderContext;
  return undefined;
}

function esbuildOptions(ctx: HookContext): { outdir?: string; publicPath?: string } | undefined {
  const native = ctx.getNativeBuildContext?.();
  return native?.framework === 'esbuild' ? native.build.initialOptions : undefined;
}

/**
 * Emits `files` for the model at `source` and returns one JS expression per file that evaluates to its URL.
 * `grouped`: the files refer to each other by name and must stay in one folder under their own names.
 * `key` identifies the import (model path and form) for the dev store.
 */
export function emitFiles(
  ctx: HookContext,
  env: EmitEnvironment,
  source: string,
  key: string,
  files: OutputFile[],
  grouped: boolean,
): string[] {
  if (env.dev) return env.dev.assets.put(key, files, env.dev.base).map((url) => JSON.stringify(url));
  const names = grouped ? groupFileNames(env.assetsDir, files) : files.map((f) => hashedFileName(env.assetsDir, f));
  if (env.framework === 'rollup' || env.framework === 'vite') {
    return files.map((f, i) => {
      const asset = grouped
        ? { type: 'asset' as const, fileName: names[i]!, source: f.bytes }
        : { type: 'asset' as const, name: f.name, originalFileName: source, source: f.bytes };
      const ref = (ctx.emitFile as (a: typeof asset) => string)(asset);
      return `import.meta.ROLLUP_FILE_URL_${ref}`;
    });
  }
  if (env.framework === 'esbuild') {
    const options = esbuildOptions(ctx);
    if (!options?.outdir)
      throw new Error(
        'esbuild must be given `outdir` (not `outfile`) so that converted models can be written beside the bundle',
      );
  }
  const loader = nativeLoader(ctx);
  files.forEach((f, i) => {
    if (loader) loader.emitFile(names[i]!, toBuffer(f.bytes));
    else ctx.emitFile({ type: 'asset', fileName: names[i]!, source: f.bytes });
  });
  return names.map((name) => urlExpression(ctx, env, name));
}

function urlExpression(ctx: HookContext, env: EmitEnvironment, name: string): string {
  if (env.publicPath !== undefined) return JSON.stringify(joinUrl(env.publicPath, name));
  if (env.framework === 'webpack' || env.framework === 'rspack')
    return `__webpack_public_path__ + ${JSON.stringify(name)}`;
  const publicPath = esbuildOptions(ctx)?.publicPath;
  return JSON.stringify(publicPath ? joinUrl(publicPath, name) : `./${name}`);
}

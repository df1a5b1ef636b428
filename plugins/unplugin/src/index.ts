/*
 * unplugin-retromodel: import retro game models (.bmd .bdl .bti .tmd .t3dm, and .glb .gltf) in Vite, Rollup,
 * webpack, rspack and esbuild. Every matching import is converted through @retromodel/transcode at build time;
 * the query picks what the import gives (see core/query.ts and core/module-code.ts). This file wires the
 * hooks; the logic lives in core/.
 */
import { terminalText } from '@retromodel/scene';
import { archiveExtensions, extensionOf } from '@retromodel/transcode';
import { createUnplugin, type UnpluginFactory, type UnpluginInstance } from 'unplugin';
import { makeIdFiltersToMatchWithQuery } from 'unplugin/utils/filter';
import { createConvertCache } from './core/convert-cache.js';
import { type ConvertedModel, convertModel, listArchiveFile, ModelLoadError } from './core/convert-model.js';
import { createDevAssets } from './core/dev-assets.js';
import { type EmitEnvironment, emitFiles } from './core/emit-files.js';
import { moduleCode } from './core/module-code.js';
import { type ResolvedOptions, type RetromodelOptions, resolveOptions } from './core/options.js';
import { parseModelId } from './core/query.js';
import { resolveModelQuery } from './core/rollup-resolve.js';
import { createSidecarIndex } from './core/sidecar-index.js';

export type { SceneCounts } from '@retromodel/scene';
export { ModelLoadError } from './core/convert-model.js';
export { defaultInclude, type RetromodelOptions } from './core/options.js';
export { type ImportForm, importForms } from './core/query.js';
export type { SceneSummary } from './core/scene-summary.js';

function filterWithQuery(pattern: ResolvedOptions['include']) {
  return makeIdFiltersToMatchWithQuery(Array.isArray(pattern) ? pattern : [pattern]);
}

/** The plugin factory behind every bundler entry. */
export const unpluginFactory: UnpluginFactory<RetromodelOptions | undefined, false> = (userOptions, meta) => {
  const options = resolveOptions(userOptions);
  const devAssets = createDevAssets();
  const sidecars = createSidecarIndex();
  const cache = createConvertCache();
  let vite: { dev: boolean; base: string; assetsDir: string } | undefined;

  const environment = (): EmitEnvironment => ({
    framework: meta.framework,
    dev: vite?.dev ? { assets: devAssets, base: vite.base } : undefined,
    assetsDir: options.assetsDir ?? vite?.assetsDir ?? 'assets',
    publicPath: options.publicPath,
  });

  return {
    name: 'unplugin-retromodel',
    enforce: 'pre',
    buildStart() {
      cache.newBuild();
    },
    watchChange(id) {
      cache.forget(id);
    },
    load: {
      filter: {
        id: {
          include: filterWithQuery(options.include),
          exclude: options.exclude === undefined ? undefined : filterWithQuery(options.exclude),
        },
      },
      async handler(id) {
        const request = parseModelId(id, options.output);
        const { file, form } = request;
        if (request.list) {
          this.addWatchFile(file);
          return `export default ${JSON.stringify(await listArchiveFile(file))};\n`;
        }
        if (request.model === undefined && archiveExtensions.includes(extensionOf(file)))
          throw new ModelLoadError(
            file,
            new Error('an archive is imported with ?model=<path of a model in it>, or ?ls'),
            [file],
          );
        let model: ConvertedModel;
        try {
          model = await convertModel(file, form, options, cache, request.model);
        } catch (error) {
          if (error instanceof ModelLoadError) {
            for (const f of error.watchFiles) this.addWatchFile(f);
            sidecars.record(file, error.watchFiles);
          }
          throw error;
        }
        for (const f of model.watchFiles) this.addWatchFile(f);
        sidecars.record(file, model.watchFiles);
        for (const d of model.diagnostics) {
          const warning = `${file}: ${d.severity} ${d.code}: ${d.message}`;
          if (d.severity !== 'info' && cache.firstTime(file, warning)) this.warn(terminalText(warning));
        }
        const env = environment();
        const key = `${file}?${form}${request.model ? `&model=${request.model}` : ''}`;
        return moduleCode(model, (files, grouped) => emitFiles(this, env, file, key, files, grouped));
      },
    },
    rollup: { resolveId: resolveModelQuery },
    vite: {
      configResolved(config) {
        vite = { dev: config.command === 'serve', base: config.base, assetsDir: config.build.assetsDir };
      },
      configureServer(server) {
        server.middlewares.use(devAssets.middleware);
      },
      handleHotUpdate({ file, server, modules }) {
        cache.forget(file);
        const models = sidecars.modelsUsing(file);
        if (models.length === 0) return;
        const affected = new Set(modules);
        for (const model of models) {
          for (const m of server.moduleGraph.getModulesByFile(model) ?? []) {
            server.moduleGraph.invalidateModule(m);
            affected.add(m);
          }
        }
        return [...affected];
      },
    },
  };
};

/** The plugin for every bundler: `retromodel.vite()`, `.rollup()`, `.webpack()`, `.rspack()`, `.esbuild()`. */
export const retromodel: UnpluginInstance<RetromodelOptions | undefined, false> = createUnplugin(unpluginFactory);

export default retromodel;

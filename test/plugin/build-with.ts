/*
 * Real in-process builds of one entry with each bundler and the plugin, producing an ES module bundle
 * `<outDir>/main.mjs` that Node can import. A failed build rejects with the bundler's own error text.
 */
import { join } from 'node:path';
import { rspack } from '@rspack/core';
import { build as esbuild } from 'esbuild';
import { rollup } from 'rollup';
import type { RetromodelOptions } from 'unplugin-retromodel';
import retromodelEsbuild from 'unplugin-retromodel/esbuild';
import retromodelRollup from 'unplugin-retromodel/rollup';
import retromodelRspack from 'unplugin-retromodel/rspack';
import retromodelVite from 'unplugin-retromodel/vite';
import retromodelWebpack from 'unplugin-retromodel/webpack';
import { build as viteBuild } from 'vite';
import webpack from 'webpack';

export type BundlerName = 'rollup' | 'vite' | 'webpack' | 'rspack' | 'esbuild';
export const bundlers: BundlerName[] = ['rollup', 'vite', 'webpack', 'rspack', 'esbuild'];

export interface BuildOutput {
  /** The bundle to import. */
  bundle: string;
  outDir: string;
  /** Files the bundler watches for this build (Rollup: bundle.watchFiles; webpack/rspack: fileDependencies). */
  watchFiles: string[];
}

async function buildRollup(entry: string, outDir: string, options: RetromodelOptions): Promise<BuildOutput> {
  const bundle = await rollup({ input: entry, plugins: [retromodelRollup(options)], logLevel: 'silent' });
  try {
    await bundle.write({ dir: outDir, format: 'es', entryFileNames: 'main.mjs' });
    return { bundle: join(outDir, 'main.mjs'), outDir, watchFiles: bundle.watchFiles };
  } finally {
    await bundle.close();
  }
}

async function buildVite(entry: string, outDir: string, options: RetromodelOptions): Promise<BuildOutput> {
  await viteBuild({
    configFile: false,
    root: join(entry, '..'),
    logLevel: 'silent',
    plugins: [retromodelVite(options)],
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      rolldownOptions: { input: entry, preserveEntrySignatures: 'strict', output: { entryFileNames: 'main.mjs' } },
    },
  });
  return { bundle: join(outDir, 'main.mjs'), outDir, watchFiles: [] };
}

type WebpackLike = (
  config: object,
  callback: (err: Error | null, stats?: StatsLike) => void,
) => { close?: (cb: () => void) => void } | null;
interface StatsLike {
  hasErrors(): boolean;
  toJson(options: object): { errors?: { message: string }[] };
  compilation: { fileDependencies: Iterable<string> };
}

function buildWebpackLike(run: WebpackLike, plugin: unknown, entry: string, outDir: string): Promise<BuildOutput> {
  const config = {
    mode: 'production',
    context: join(entry, '..'),
    entry,
    target: 'node',
    devtool: false,
    output: { path: outDir, filename: 'main.mjs', module: true, library: { type: 'module' }, chunkFormat: 'module' },
    experiments: { outputModule: true },
    optimization: { minimize: false },
    plugins: [plugin],
  };
  return new Promise((resolve, reject) => {
    const compiler = run(config, (err, stats) => {
      const done = (fn: () => void) => (compiler?.close ? compiler.close(fn) : fn());
      if (err) return done(() => reject(err));
      if (!stats) return done(() => reject(new Error('no stats')));
      if (stats.hasErrors()) {
        const messages = (stats.toJson({ all: false, errors: true }).errors ?? []).map((e) => e.message);
        return done(() => reject(new Error(messages.join('\n'))));
      }
      const watchFiles = [...stats.compilation.fileDependencies];
      done(() => resolve({ bundle: join(outDir, 'main.mjs'), outDir, watchFiles }));
    });
  });
}

async function buildEsbuild(entry: string, outDir: string, options: RetromodelOptions): Promise<BuildOutput> {
  await esbuild({
    entryPoints: { main: entry },
    outExtension: { '.js': '.mjs' },
    bundle: true,
    format: 'esm',
    platform: 'neutral',
    outdir: outDir,
    logLevel: 'silent',
    plugins: [retromodelEsbuild(options)],
  });
  return { bundle: join(outDir, 'main.mjs'), outDir, watchFiles: [] };
}

/** Builds `entry` with the named bundler into `outDir`. */
export function buildWith(
  bundler: BundlerName,
  entry: string,
  outDir: string,
  options: RetromodelOptions = {},
): Promise<BuildOutput> {
  switch (bundler) {
    case 'rollup':
      return buildRollup(entry, outDir, options);
    case 'vite':
      return buildVite(entry, outDir, options);
    case 'webpack':
      return buildWebpackLike(webpack as unknown as WebpackLike, retromodelWebpack(options), entry, outDir);
    case 'rspack':
      return buildWebpackLike(rspack as unknown as WebpackLike, retromodelRspack(options), entry, outDir);
    case 'esbuild':
      return buildEsbuild(entry, outDir, options);
  }
}

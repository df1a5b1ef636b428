/*
 * Sidecar changes reach the output: Rollup in watch mode rebuilds when the texture of a .gltf changes, and
 * the Vite dev server serves the converted model from memory, sends a hot update to the module importing it
 * when the texture changes, and then serves a model with the new texture. Bounded waits; everything closed.
 */
import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expectValidGlb } from '@retromodel/test-utils';
import { type RollupWatcher, type RollupWatcherEvent, watch } from 'rollup';
import retromodelRollup from 'unplugin-retromodel/rollup';
import retromodelVite from 'unplugin-retromodel/vite';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, recordHotPayloads } from './dev-server.js';
import {
  createFixtureProject,
  type FixtureProject,
  firstTexel,
  importBundle,
  readEmitted,
  recolouredTexture,
  waitFor,
} from './fixture-project.js';

let project: FixtureProject;
beforeAll(async () => {
  project = await createFixtureProject('watch');
});
afterAll(async () => {
  const { rm } = await import('node:fs/promises');
  await rm(project.dir, { recursive: true, force: true });
});

describe('rollup watch mode', () => {
  let watcher: RollupWatcher | undefined;
  afterAll(() => watcher?.close());

  it('rebuilds when a sidecar of the model changes', async () => {
    const outDir = join(project.dir, 'dist-watch');
    const ends: number[] = [];
    const errors: unknown[] = [];
    watcher = watch({
      input: project.externalEntry,
      plugins: [retromodelRollup()],
      output: { dir: outDir, format: 'es', entryFileNames: 'main.mjs' },
      watch: { buildDelay: 50 },
      logLevel: 'silent',
    });
    watcher.on('event', (event: RollupWatcherEvent) => {
      if (event.code === 'BUNDLE_END') {
        ends.push(Date.now());
        void event.result.close();
      } else if (event.code === 'ERROR') errors.push(event.error);
    });
    await waitFor('the first build', () => (ends.length >= 1 ? true : undefined));
    const firstUrl = await importBundle<string>(join(outDir, 'main.mjs'));
    expect(await firstTexel(await readEmitted(firstUrl, outDir))).not.toEqual([10, 200, 30, 255]);

    await writeFile(project.pngPath, recolouredTexture([10, 200, 30, 255]));
    await waitFor('the rebuild after the texture changed', () => (ends.length >= 2 ? true : undefined));
    expect(errors).toEqual([]);
    const secondUrl = await importBundle<string>(join(outDir, 'main.mjs'));
    expect(secondUrl).not.toBe(firstUrl);
    const glb = await readEmitted(secondUrl, outDir);
    await expectValidGlb(glb, secondUrl);
    expect(await firstTexel(glb)).toEqual([10, 200, 30, 255]);

    // A broken sidecar fails the rebuild, naming the model, without ending watch mode; fixing it rebuilds.
    const bin = await readFile(project.binPath);
    await writeFile(project.binPath, bin.subarray(0, 10));
    const error = await waitFor('the failed rebuild', () => errors[0] as Error | undefined);
    expect(error.message).toContain(`cannot load ${project.gltfPath}`);
    await writeFile(project.binPath, bin);
    await waitFor('the rebuild after the fix', () => (ends.length >= 3 ? true : undefined));
    expect(await importBundle<string>(join(outDir, 'main.mjs'))).toBe(secondUrl);
  });
});

describe('vite dev server', () => {
  let server: ViteDevServer | undefined;
  afterAll(() => server?.close());

  it('serves the converted model and hot-updates its importer when a sidecar changes', async () => {
    const port = await freePort();
    server = await createServer({
      configFile: false,
      root: project.dir,
      logLevel: 'silent',
      plugins: [retromodelVite()],
      server: { host: '127.0.0.1', port, strictPort: true },
      optimizeDeps: { noDiscovery: true, include: [] },
    });
    await server.listen();
    const payloads = recordHotPayloads(server);

    const origin = `http://127.0.0.1:${port}`;
    const modelUrl = async () => {
      const entry = await fetch(`${origin}/external.js`);
      expect(entry.status).toBe(200);
      const code = await (await fetch(`${origin}/external/cube.gltf?import`)).text();
      const url = /export default "([^"]+)"/.exec(code)?.[1];
      expect(url, code).toMatch(/^\/@retromodel\/[0-9a-f]{8}\/cube\.glb$/);
      const res = await fetch(`${origin}${url}`);
      expect(res.headers.get('content-type')).toBe('model/gltf-binary');
      return { url: url!, glb: new Uint8Array(await res.arrayBuffer()) };
    };

    const before = await modelUrl();
    await expectValidGlb(before.glb, before.url);
    expect(await firstTexel(before.glb)).not.toEqual([250, 120, 0, 255]);

    await writeFile(project.pngPath, recolouredTexture([250, 120, 0, 255]));
    const update = await waitFor('a hot update', () =>
      payloads.find((p) => p.type === 'update' || p.type === 'full-reload'),
    );
    expect(update.type).toBe('update');
    if (update.type === 'update') expect(update.updates.map((u) => u.path)).toContain('/external.js');

    const after = await modelUrl();
    expect(after.url).not.toBe(before.url);
    await expectValidGlb(after.glb, after.url);
    expect(await firstTexel(after.glb)).toEqual([250, 120, 0, 255]);
    // The previous conversion is no longer held in memory.
    expect((await fetch(`${origin}${before.url}`)).headers.get('content-type')).not.toBe('model/gltf-binary');
  });
});

/*
 * A real J3D model through the plugin, read in place from the shared fixtures: community_wwrando_vscroll.bdl
 * with a joint animation (.bck) as sidecar. Builds with every bundler; the GLB validates, the ?scene summary's
 * triangle count matches the independent dump (expected/*.json, noclip.website's reader) and the animation
 * named in the per-format `read` option is there. Then the sidecar is watched: a temporary copy of the .bck,
 * named after the model and found through `sidecarDirs` (outside the project root), is rewritten and Rollup's
 * watch mode rebuilds and the Vite dev server sends a hot update. Skipped while the J3D adapter is not
 * registered in @retromodel/transcode or the fixtures are absent.
 */

import { realpathSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectValidGlb, fixture, haveFixtures } from '@retromodel/test-utils';
import { type RollupWatcher, watch } from 'rollup';
import type { RetromodelOptions } from 'unplugin-retromodel';
import retromodelRollup from 'unplugin-retromodel/rollup';
import retromodelVite from 'unplugin-retromodel/vite';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWith, bundlers } from './build-with.js';
import { freePort, recordHotPayloads } from './dev-server.js';
import { importBundle, readEmitted, waitFor } from './fixture-project.js';

const modelName = 'community_wwrando_vscroll.bdl';
const animationName = 'nintendo_mkdd_mariotree1_wait.bck';

interface Exports {
  url: string;
  scene: import('unplugin-retromodel').SceneSummary;
}

/** The JSON chunk of a GLB (glTF 2.0 §4.4: 12-byte header, then the chunk's length, type and data). */
function glbJson(glb: Uint8Array): { scenes: { extras?: Record<string, unknown> }[] } {
  const length = new DataView(glb.buffer, glb.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(glb.subarray(20, 20 + length)));
}

/** Triangles of the model according to the independent dump. */
async function expectedTriangles(): Promise<number> {
  const dump = JSON.parse(await readFile(fixture('j3d', 'expected', `${modelName}.json`), 'utf8')) as {
    shapes: { triangleCount: number }[];
  };
  return dump.shapes.reduce((n, s) => n + s.triangleCount, 0);
}

describe.runIf(haveFixtures)('a J3D model with a .bck sidecar', () => {
  let dir: string;
  let entry: string;
  let watchedBck: string;
  const modelPath = fixture('j3d', modelName);
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'retromodel-plugin-j3d-'));
    entry = join(dir, 'main.js');
    await writeFile(
      entry,
      `import url from ${JSON.stringify(modelPath)};\nimport scene from ${JSON.stringify(`${modelPath}?scene`)};\nexport default { url, scene };\nif (import.meta.hot) import.meta.hot.accept();\n`,
    );
    // A temporary copy outside the project root, named so the adapter picks it up as the model's own .bck.
    await mkdir(join(dir, 'animations'));
    watchedBck = join(dir, 'animations', modelName.replace(/\.bdl$/, '.bck'));
    await copyFile(fixture('j3d', animationName), watchedBck);
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const withAnimation: RetromodelOptions = { read: { j3d: { animations: [animationName] } } };

  for (const bundler of bundlers) {
    it(`${bundler}: converts it with the animation named in the read options`, async () => {
      const outDir = join(dir, `dist-${bundler}`);
      const out = await buildWith(bundler, entry, outDir, withAnimation);
      const { url, scene } = await importBundle<Exports>(out.bundle);
      await expectValidGlb(await readEmitted(url, outDir), url);
      expect(scene.format).toBe('j3d');
      expect(scene.counts.triangles).toBe(await expectedTriangles());
      expect(scene.animations).toEqual([animationName.replace(/\.bck$/, '')]);
      expect(scene.sidecars).toEqual([animationName]);
      if (bundler === 'rollup') expect(out.watchFiles).toContain(fixture('j3d', animationName));
    });
  }

  it('has no animation without the option (nothing else beside it matches)', async () => {
    const out = await buildWith('rollup', entry, join(dir, 'dist-plain'));
    expect((await importBundle<Exports>(out.bundle)).scene.animations).toEqual([]);
  });

  it("leaves out the game's textures kept for writing back, unless read.j3d.gameTextures asks for them", async () => {
    const built = async (name: string, options?: RetromodelOptions) => {
      const outDir = join(dir, name);
      const { url } = await importBundle<Exports>((await buildWith('rollup', entry, outDir, options)).bundle);
      const glb = await readEmitted(url, outDir);
      await expectValidGlb(glb, url);
      return { size: glb.length, sceneExtras: glbJson(glb).scenes[0]?.extras ?? {} };
    };
    const web = await built('dist-web');
    const kept = await built('dist-kept', { read: { j3d: { gameTextures: true } } });
    expect(Object.keys(web.sceneExtras)).not.toContain('gxTex1Json');
    expect(typeof kept.sceneExtras.gxTex1Json).toBe('string');
    expect(web.size).toBeLessThan(kept.size);
  });

  describe('watching the .bck', () => {
    let watcher: RollupWatcher | undefined;
    let server: ViteDevServer | undefined;
    afterAll(async () => {
      await watcher?.close();
      await server?.close();
    });

    it('rollup watch mode rebuilds when the .bck changes', async () => {
      const outDir = join(dir, 'dist-watch');
      let ends = 0;
      watcher = watch({
        input: entry,
        plugins: [retromodelRollup({ sidecarDirs: [join(dir, 'animations')] })],
        output: { dir: outDir, format: 'es', entryFileNames: 'main.mjs' },
        watch: { buildDelay: 50 },
        logLevel: 'silent',
      });
      watcher.on('event', (event) => {
        if (event.code === 'BUNDLE_END') {
          ends++;
          void event.result.close();
        }
      });
      await waitFor('the first build', () => (ends >= 1 ? true : undefined));
      const first = await importBundle<Exports>(join(outDir, 'main.mjs'));
      expect(first.scene.sidecars).toEqual([modelName.replace(/\.bdl$/, '.bck')]);
      await writeFile(watchedBck, await readFile(fixture('j3d', animationName)));
      await waitFor('the rebuild after the .bck was written', () => (ends >= 2 ? true : undefined));
    });

    it('the Vite dev server sends a hot update when the .bck changes', async () => {
      const port = await freePort();
      server = await createServer({
        configFile: false,
        root: dir,
        logLevel: 'silent',
        plugins: [retromodelVite({ sidecarDirs: [join(dir, 'animations')] })],
        server: { host: '127.0.0.1', port, strictPort: true, fs: { allow: [dir, fixture('j3d')] } },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      await server.listen();
      const payloads = recordHotPayloads(server);
      const origin = `http://127.0.0.1:${port}`;
      expect((await fetch(`${origin}/main.js`)).status).toBe(200);
      // Vite resolves symlinks (the fixtures folder may be one), so ask for the model under its real path,
      // the module main.js imports; a symlinked id would be a second module without importers.
      const code = await (await fetch(`${origin}/@fs${realpathSync(modelPath)}?import`)).text();
      const url = /export default "([^"]+)"/.exec(code)?.[1];
      expect(url, code).toMatch(/^\/@retromodel\/[0-9a-f]{8}\/community_wwrando_vscroll\.glb$/);
      await expectValidGlb(new Uint8Array(await (await fetch(`${origin}${url}`)).arrayBuffer()), url);

      await writeFile(watchedBck, await readFile(fixture('j3d', animationName)));
      const update = await waitFor('a hot update', () =>
        payloads.find((p) => p.type === 'update' || p.type === 'full-reload'),
      );
      expect(update.type).toBe('update');
    });
  });
});

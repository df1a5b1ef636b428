/*
 * Models inside a game archive through the plugin, read in place from the shared fixtures
 * (nintendo_smg2_PowerStar.arc, Yaz0-compressed RARC): `?model=<path>` converts the model inside (with any
 * form after it) with every animation of the archive that fits it, `?ls` gives the archive's files, and a bare import of the archive says how to import it.
 * Built with every bundler; the GLB validates. Then `?model=` on an archive holding names that differ only in
 * case, built with Rollup: the exact name first, another case only when one entry matches.
 */
import { copyFile, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildRarc, buildSampleBmd, expectValidGlb, fixture, haveFixtures } from '@retromodel/test-utils';
import retromodelVite from 'unplugin-retromodel/vite';
import { createServer, type ViteDevServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWith, bundlers } from './build-with.js';
import { freePort, recordHotPayloads } from './dev-server.js';
import { importBundle, readEmitted, waitFor } from './fixture-project.js';

interface Exports {
  url: string;
  scene: import('unplugin-retromodel').SceneSummary;
  list: { format: string; compression: string; files: { path: string; size: number; kind: string | null }[] };
}

describe.runIf(haveFixtures)('a model inside an archive', () => {
  let dir: string;
  let entry: string;
  const archive = fixture('archives', 'nintendo_smg2_PowerStar.arc');
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'retromodel-plugin-archive-'));
    entry = join(dir, 'main.js');
    const model = `${archive}?model=PowerStar.bdl`;
    await writeFile(
      entry,
      [
        `import url from ${JSON.stringify(model)};`,
        `import scene from ${JSON.stringify(`${model}&scene`)};`,
        `import list from ${JSON.stringify(`${archive}?ls`)};`,
        'export default { url, scene, list };',
        '',
      ].join('\n'),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  for (const bundler of bundlers) {
    it(`${bundler}: ?model= converts the model inside, ?ls lists the archive`, async () => {
      const outDir = join(dir, `dist-${bundler}`);
      const out = await buildWith(bundler, entry, outDir);
      const { url, scene, list } = await importBundle<Exports>(out.bundle);
      await expectValidGlb(await readEmitted(url, outDir), url);
      expect(url).toMatch(/PowerStar.*\.glb$/);
      expect(scene.format).toBe('j3d');
      expect(scene.counts.triangles).toBeGreaterThan(0);
      // Every animation of the archive that fits the star comes along, as in `convert`: one clip per BCK, and
      // PowerStarColor's BRK, BTK, BTP and BVA as one.
      const bcks = list.files.filter((f) => f.kind === 'bck').map((f) => f.path.replace(/\.bck$/, ''));
      expect(bcks).toHaveLength(19);
      expect([...scene.animations].sort()).toEqual([...bcks, 'PowerStarColor'].sort());
      expect(list.format).toBe('rarc');
      expect(list.compression).toBe('yaz0');
      expect(list.files).toHaveLength(35);
      expect(list.files).toContainEqual(expect.objectContaining({ path: 'PowerStar.bdl', kind: 'j3d' }));
    });
  }

  it('the Vite dev server sends a hot update when the archive changes', async () => {
    // A copy in the temporary folder, so the test may rewrite it.
    const copy = join(dir, 'Star.arc');
    await copyFile(archive, copy);
    const hot =
      "import url from './Star.arc?model=PowerStar.bdl';\nexport default url;\nif (import.meta.hot) import.meta.hot.accept();\n";
    await writeFile(join(dir, 'hot.js'), hot);
    const port = await freePort();
    let server: ViteDevServer | undefined;
    try {
      server = await createServer({
        configFile: false,
        root: dir,
        logLevel: 'silent',
        plugins: [retromodelVite()],
        server: { host: '127.0.0.1', port, strictPort: true },
        optimizeDeps: { noDiscovery: true, include: [] },
      });
      await server.listen();
      const payloads = recordHotPayloads(server);
      const origin = `http://127.0.0.1:${port}`;
      expect((await fetch(`${origin}/hot.js`)).status).toBe(200);
      const code = await (await fetch(`${origin}/Star.arc?model=PowerStar.bdl&import`)).text();
      const url = /export default "([^"]+)"/.exec(code)?.[1];
      expect(url, code).toMatch(/PowerStar\.glb$/);
      await writeFile(copy, await readFile(archive));
      const update = await waitFor('a hot update', () =>
        payloads.find((p) => p.type === 'update' || p.type === 'full-reload'),
      );
      expect(update.type).toBe('update');
    } finally {
      await server?.close();
    }
  });

  it('a bare import of the archive fails and says how to import it', async () => {
    const bare = join(dir, 'bare.js');
    await writeFile(bare, `import x from ${JSON.stringify(archive)};\nexport default x;\n`);
    await expect(buildWith('rollup', bare, join(dir, 'dist-bare'))).rejects.toThrow(
      /\?model=<path of a model in it>, or \?ls/,
    );
  });
});

describe('?model= names an entry as the archive spells it', () => {
  // M.bmd is a model, m.bmd the first 100 bytes of one: the exact name is taken first, another case only when it
  // is the one match (a test-builder archive, no shared fixture needed).
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'retromodel-plugin-twins-'));
    const model = buildSampleBmd();
    await writeFile(
      join(dir, 'twins.arc'),
      buildRarc([
        { name: 'M.bmd', bytes: model },
        { name: 'm.bmd', bytes: model.slice(0, 100) },
        { name: 'Only.bmd', bytes: model },
      ]),
    );
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const build = async (model: string) => {
    const entry = join(dir, `${model}.js`);
    await writeFile(entry, `import url from './twins.arc?model=${model}';\nexport default url;\n`);
    return buildWith('rollup', entry, join(dir, `dist-${model}`));
  };

  it('the exact name: M.bmd converts, m.bmd fails with its own ParseError', async () => {
    const out = await build('M.bmd');
    const { default: url } = await import(out.bundle);
    await expectValidGlb(await readEmitted(url, out.outDir), url);
    await expect(build('m.bmd')).rejects.toThrow(/twins\.arc: ParseError: j3d /);
  });

  it('another case only when one entry matches it', async () => {
    const out = await build('ONLY.BMD');
    const { default: url } = await import(out.bundle);
    expect(url).toMatch(/Only.*\.glb$/);
    await expect(build('M.BMD')).rejects.toThrow(/has no file M\.BMD \(nor one name that matches it in another case\)/);
  });
});

/*
 * Models inside a game archive through the plugin, read in place from the shared fixtures
 * (nintendo_smg2_PowerStar.arc, Yaz0-compressed RARC): `?model=<path>` converts the model inside (with any
 * form after it), `?ls` gives the archive's files, and a bare import of the archive says how to import it.
 * Built with every bundler; the GLB validates.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expectValidGlb, fixture, haveFixtures } from '@retromodel/test-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWith, bundlers } from './build-with.js';
import { importBundle, readEmitted } from './fixture-project.js';

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
      expect(list.format).toBe('rarc');
      expect(list.compression).toBe('yaz0');
      expect(list.files).toHaveLength(35);
      expect(list.files).toContainEqual(expect.objectContaining({ path: 'PowerStar.bdl', kind: 'j3d' }));
    });
  }

  it('a bare import of the archive fails and says how to import it', async () => {
    const bare = join(dir, 'bare.js');
    await writeFile(bare, `import x from ${JSON.stringify(archive)};\nexport default x;\n`);
    await expect(buildWith('rollup', bare, join(dir, 'dist-bare'))).rejects.toThrow(
      /\?model=<path of a model in it>, or \?ls/,
    );
  });
});

/*
 * The plugin's options, through real builds: `include` picks the files the plugin loads, `output` changes what a plain import gives, `exclude` leaves a
 * file to the bundler, `sidecarDirs` finds sidecars in another folder (and watches them), `assetsDir` and
 * `publicPath` place emitted models and prefix their URLs, `write` options reach the writer, `strict` fails
 * the build on a warning and `allow` accepts the codes it names (an unknown code is refused).
 */
import { copyFile, mkdir, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chunkType, readT3dm } from '@retromodel/t3dm';
import { expectValidGlb } from '@retromodel/test-utils';
import type { RetromodelOptions } from 'unplugin-retromodel';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildWith } from './build-with.js';
import { createFixtureProject, type FixtureProject, importBundle, readEmitted } from './fixture-project.js';

let project: FixtureProject;
beforeAll(async () => {
  project = await createFixtureProject('options');
});
afterAll(() => rm(project.dir, { recursive: true, force: true }));

async function failureOf(promise: Promise<unknown>): Promise<string> {
  return promise.then(
    () => 'the build succeeded',
    (e: unknown) => (e instanceof Error ? e.message : String(e)),
  );
}

describe('output', () => {
  it("makes a plain import give the chosen form ('scene')", async () => {
    const out = await buildWith('rollup', project.externalEntry, join(project.dir, 'dist-output'), { output: 'scene' });
    const scene = await importBundle<{ format: string; sidecars: string[] }>(out.bundle);
    expect(scene.format).toBe('gltf');
    expect(scene.sidecars.sort()).toEqual(['cube.bin', 'cube_checker.png']);
  });

  it('refuses an unknown form', () => {
    return expect(
      buildWith('rollup', project.externalEntry, join(project.dir, 'dist-x'), { output: 'obj' as 'glb' }),
    ).rejects.toThrow(/output must be one of glb, gltf, scene, t3dm, inline/);
  });
});

describe('include', () => {
  it('loads the files it matches, whatever their extension', async () => {
    await copyFile(join(project.dir, 'cube.glb'), join(project.dir, 'cube.model'));
    await writeFile(join(project.dir, 'custom.js'), `import url from './cube.model';\nexport default url;\n`);
    const out = await buildWith('rollup', join(project.dir, 'custom.js'), join(project.dir, 'dist-include'), {
      include: /\.model$/,
    });
    const url = await importBundle<string>(out.bundle);
    expect(url).toMatch(/cube-[\w-]{8}\.glb$/);
    await expectValidGlb(await readEmitted(url, out.outDir));
    // The default pattern no longer applies: the .gltf import is left to Rollup, which cannot parse it.
    const message = await failureOf(
      buildWith('rollup', project.externalEntry, join(project.dir, 'dist-include-2'), { include: /\.model$/ }),
    );
    expect(message).not.toContain('unplugin-retromodel');
    expect(message).not.toBe('the build succeeded');
  });
});

describe('exclude', () => {
  it('leaves excluded files to the bundler', async () => {
    const message = await failureOf(
      buildWith('rollup', project.externalEntry, join(project.dir, 'dist-exclude'), { exclude: /external/ }),
    );
    // Rollup itself now parses the .gltf JSON as JavaScript and fails; the plugin never saw it.
    expect(message).not.toContain('unplugin-retromodel');
    expect(message).not.toBe('the build succeeded');
  });
});

describe('sidecarDirs', () => {
  it('finds sidecars in extra folders and watches them', async () => {
    const sharedDir = join(project.dir, 'shared-textures');
    await mkdir(sharedDir);
    const movedPng = join(sharedDir, 'cube_checker.png');
    await rename(project.pngPath, movedPng);
    try {
      const without = await failureOf(buildWith('rollup', project.externalEntry, join(project.dir, 'dist-nodirs')));
      expect(without).toContain(`cannot load ${project.gltfPath}`);
      expect(without).toContain('cube_checker.png');

      const out = await buildWith('rollup', project.externalEntry, join(project.dir, 'dist-dirs'), {
        sidecarDirs: [sharedDir],
      });
      await expectValidGlb(await readEmitted(await importBundle<string>(out.bundle), out.outDir));
      expect(out.watchFiles).toContain(movedPng);
    } finally {
      await rename(movedPng, project.pngPath);
    }
  });
});

describe('assetsDir and publicPath', () => {
  for (const bundler of ['webpack', 'rspack', 'esbuild'] as const) {
    it(`${bundler}: places the GLB in assetsDir and prefixes its URL with publicPath`, async () => {
      const outDir = join(project.dir, `dist-paths-${bundler}`);
      const out = await buildWith(bundler, project.externalEntry, outDir, {
        assetsDir: 'models/3d',
        publicPath: 'https://cdn.example/app/',
      });
      const url = await importBundle<string>(out.bundle);
      expect(url).toMatch(/^https:\/\/cdn\.example\/app\/models\/3d\/cube-[0-9a-f]{8}\.glb$/);
      const name = url.split('/').pop()!;
      expect(await readdir(join(outDir, 'models/3d'))).toContain(name);
      await expectValidGlb(await readEmitted(`models/3d/${name}`, outDir));
    });
  }
});

describe('esbuild without outdir', () => {
  it('fails with a message saying why instead of dropping the model', async () => {
    const { build } = await import('esbuild');
    const { default: retromodel } = await import('unplugin-retromodel/esbuild');
    const message = await failureOf(
      build({
        entryPoints: [project.externalEntry],
        bundle: true,
        format: 'esm',
        outfile: join(project.dir, 'dist-outfile', 'main.mjs'),
        logLevel: 'silent',
        plugins: [retromodel()],
      }),
    );
    expect(message).toMatch(/esbuild must be given `outdir`/);
  });
});

describe('write', () => {
  it('passes T3DM writer options through (bvh adds a B chunk)', async () => {
    const chunkTypes = async (options: RetromodelOptions, name: string) => {
      const out = await buildWith('rollup', project.t3dmEntry, join(project.dir, name), options);
      const urls = await importBundle<{ model: string }>(out.bundle);
      return readT3dm(await readEmitted(urls.model, out.outDir)).chunks.map(chunkType);
    };
    expect(await chunkTypes({}, 'dist-t3dm-plain')).not.toContain('B');
    expect(await chunkTypes({ write: { t3dm: { bvh: true } } }, 'dist-t3dm-bvh')).toContain('B');
  });
});

describe('strict and allow', () => {
  // A writer option no format knows is a warning (transcode/unknown-option): strict fails on it, unless allowed.
  const typo = { write: { gltf: { embedd: true } } } as unknown as RetromodelOptions;

  it('strict fails the build on a warning, naming its code; allow accepts that code', async () => {
    const failed = await failureOf(
      buildWith('rollup', project.externalEntry, join(project.dir, 'dist-strict'), { ...typo, strict: true }),
    );
    expect(failed).toMatch(
      /strict mode: warning transcode\/unknown-option: write\.gltf option 'embedd' is not known \(did you mean 'embed'\?\)/,
    );
    const out = await buildWith('rollup', project.externalEntry, join(project.dir, 'dist-allow'), {
      ...typo,
      strict: true,
      allow: ['transcode/unknown-option'],
    });
    await expectValidGlb(await readEmitted(await importBundle<string>(out.bundle), out.outDir));
  });

  it('refuses an allow code no format returns, with the nearest one', () => {
    return expect(
      buildWith('rollup', project.externalEntry, join(project.dir, 'dist-allow-typo'), {
        strict: true,
        allow: ['transcode/unknown-options'],
      }),
    ).rejects.toThrow(
      /allow: no format returns the code 'transcode\/unknown-options'; did you mean 'transcode\/unknown-option'\?/,
    );
  });
});

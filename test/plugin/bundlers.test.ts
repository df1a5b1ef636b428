/*
 * Real builds of a fixture project with Rollup, Vite, webpack, rspack and esbuild. For each bundler: the
 * emitted GLB passes the Khronos validator and converts back to the cube the project was made from, and
 * every import form exports the right value; a broken model fails the build with the reader's message and
 * emits nothing; the sidecars of a .gltf are watched.
 */
import { readdir, readFile, rm } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { triangleIndices } from '@retromodel/scene';
import { cubeScene, expectValidGlb, validateGltf } from '@retromodel/test-utils';
import { readScene } from '@retromodel/transcode';
import { folderSidecars } from '@retromodel/transcode/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type BundlerName, buildWith, bundlers } from './build-with.js';
import {
  createFixtureProject,
  type EntryExports,
  emittedPath,
  type FixtureProject,
  importBundle,
  readEmitted,
} from './fixture-project.js';

let project: FixtureProject;
beforeAll(async () => {
  project = await createFixtureProject('bundlers');
});
afterAll(() => rm(project.dir, { recursive: true, force: true }));

/** Every file below `dir`, relative to it. */
async function listOutput(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name).slice(dir.length + 1));
}

/** The cube's numbers from its definition: 6 faces of 4 vertices and 2 triangles. */
const cube = (() => {
  const s = cubeScene();
  const prim = s.meshes[0]!.primitives[0]!;
  return {
    vertices: prim.attributes.POSITION.array.length / 3,
    triangles: prim.indices!.length / 3,
    nodes: s.nodes.length,
  };
})();

async function expectCubeGlb(bytes: Uint8Array, uri: string): Promise<void> {
  await expectValidGlb(bytes, uri);
  const { scene } = await readScene({ bytes, fileName: uri });
  const prim = scene.meshes[0]!.primitives[0]!;
  expect(prim.attributes.POSITION.array.length / 3).toBe(cube.vertices);
  expect(scene.nodes.length).toBe(cube.nodes);
  expect(scene.images.length).toBe(1);
}

/** Reads an emitted model back with the sidecars beside it. */
async function readSceneFromDisk(path: string) {
  const bytes = new Uint8Array(await readFile(path));
  return readScene({ bytes, fileName: basename(path), sidecars: folderSidecars(dirname(path)) });
}

describe.each(bundlers)('%s', (bundler: BundlerName) => {
  it('builds every import form', async () => {
    const outDir = join(project.dir, `dist-${bundler}`);
    const out = await buildWith(bundler, project.entry, outDir);
    const exports = await importBundle<EntryExports>(out.bundle);

    const glb = await readEmitted(exports.url, outDir);
    await expectCubeGlb(glb, exports.url);
    expect(exports.url).toMatch(/cube-[\w-]{8}\.glb$/);
    expect(await readEmitted(exports.glbUrl, outDir)).toEqual(glb);

    expect(exports.inline.startsWith('data:model/gltf-binary;base64,')).toBe(true);
    const inlineBytes = new Uint8Array(Buffer.from(exports.inline.split(',')[1]!, 'base64'));
    expect(inlineBytes).toEqual(glb);

    expect(exports.gltf.asset.version).toBe('2.0');
    expect(exports.gltf.buffers?.every((b) => b.uri?.startsWith('data:'))).toBe(true);
    const gltfBytes = new TextEncoder().encode(JSON.stringify(exports.gltf));
    const report = await validateGltf(gltfBytes, 'cube.gltf');
    expect(report.issues.numErrors).toBe(0);

    expect(exports.scene.format).toBe('gltf');
    expect(exports.scene.counts.vertices).toBe(cube.vertices);
    expect(exports.scene.counts.triangles).toBe(cube.triangles);
    expect(exports.scene.nodes).toEqual(cubeScene().nodes.map((n) => n.name));
    expect(exports.scene.animations).toEqual([]);

    // The .gltf read its .bin and .png through the sidecar source: its GLB holds the same cube.
    await expectCubeGlb(await readEmitted(exports.externalUrl, outDir), exports.externalUrl);
    if (bundler === 'rollup' || bundler === 'webpack' || bundler === 'rspack')
      expect(out.watchFiles).toEqual(expect.arrayContaining([project.binPath, project.pngPath]));
  });

  it('fails on a broken model with a message naming it, and emits no model', async () => {
    const outDir = join(project.dir, `dist-bad-${bundler}`);
    const failure = await buildWith(bundler, project.badEntry, outDir).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(failure, 'the build should fail').toBeInstanceOf(Error);
    const message = (failure as Error).message;
    expect(message).toContain(join(project.dir, 'bad.glb'));
    expect(message).toMatch(/ParseError: gltf [^@]+ @0x[0-9a-f]+: .*truncated/);
    expect((await listOutput(outDir)).filter((f) => f.endsWith('.glb'))).toEqual([]);
  });

  it('exports the URLs of the T3DM and its sidecars with ?t3dm', async () => {
    const outDir = join(project.dir, `dist-t3dm-${bundler}`);
    const out = await buildWith(bundler, project.t3dmEntry, outDir);
    const t3dm = await importBundle<{ model: string; streams: string[]; textures: string[] }>(out.bundle);
    const modelPath = emittedPath(t3dm.model, outDir);
    // One stream for the one animation, one texture; all beside the model under the names the model uses.
    expect(t3dm.streams).toHaveLength(1);
    expect(t3dm.textures).toHaveLength(1);
    for (const url of [...t3dm.streams, ...t3dm.textures])
      expect(dirname(emittedPath(url, outDir))).toBe(dirname(modelPath));
    const { scene } = await readSceneFromDisk(modelPath);
    expect(scene.animations.map((a) => a.name)).toEqual(['spin']);
    expect(scene.meshes.flatMap((m) => m.primitives).reduce((n, p) => n + triangleIndices(p).length / 3, 0)).toBe(
      cube.triangles,
    );
  });
});

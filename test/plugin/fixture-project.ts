/*
 * A small project for the bundler tests, written to a temporary folder: a GLB cube (cubeScene from @retromodel/test-utils),
 * the same cube as a .gltf whose .bin and texture are sidecar files, a broken .glb, and entry modules that
 * import the models in every form. Also the helpers that find an emitted file from the URL a bundle exports.
 */
import { copyFile, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { decodePng, encodePng, sceneToGlb, sceneToGltf } from '@retromodel/gltf';
import { cubeScene, repoPath } from '@retromodel/test-utils';
import { readScene } from '@retromodel/transcode';

export interface FixtureProject {
  dir: string;
  /** Entry importing cube.glb in every form, and the external-resource .gltf by default. */
  entry: string;
  /** Entry importing the broken model. */
  badEntry: string;
  /** Entry importing spin.glb?t3dm (the viewer's sample: the cube with a "spin" animation). */
  t3dmEntry: string;
  /** Entry importing only the .gltf with sidecars; it accepts its own hot updates. */
  externalEntry: string;
  /** The .gltf and its sidecars. */
  gltfPath: string;
  binPath: string;
  pngPath: string;
}

/** What the main entry exports. */
export interface EntryExports {
  url: string;
  glbUrl: string;
  gltf: { asset: { version: string }; buffers?: { uri?: string }[]; images?: { uri?: string }[] };
  scene: import('unplugin-retromodel').SceneSummary;
  inline: string;
  externalUrl: string;
}

const mainSource = `import url from './cube.glb';
import glbUrl from './cube.glb?glb';
import gltf from './cube.glb?gltf';
import scene from './cube.glb?scene';
import inline from './cube.glb?inline';
import externalUrl from './external/cube.gltf';
export default { url, glbUrl, gltf, scene, inline, externalUrl };
`;

/** Writes a fresh fixture project into a new temporary folder. */
export async function createFixtureProject(prefix: string): Promise<FixtureProject> {
  const dir = await mkdtemp(join(tmpdir(), `retromodel-plugin-${prefix}-`));
  const glb = await sceneToGlb(cubeScene());
  await writeFile(join(dir, 'cube.glb'), glb.bytes);
  await mkdir(join(dir, 'external'));
  const gltf = await sceneToGltf(cubeScene(), { baseName: 'cube' });
  const names = gltf.files.map((f) => f.name);
  for (const f of gltf.files) await writeFile(join(dir, 'external', f.name), f.bytes);
  const bin = names.find((n) => n.endsWith('.bin'));
  const png = names.find((n) => n.endsWith('.png'));
  if (!bin || !png) throw new Error(`sceneToGltf wrote ${names.join(', ')}: expected a .bin and a .png`);
  // A GLB header claiming more bytes than there are, and no chunks.
  await writeFile(join(dir, 'bad.glb'), Uint8Array.from([0x67, 0x6c, 0x54, 0x46, 2, 0, 0, 0, 0xff, 0, 0, 0]));
  await writeFile(join(dir, 'main.js'), mainSource);
  await writeFile(join(dir, 'bad.js'), `import url from './bad.glb';\nexport default url;\n`);
  await copyFile(repoPath('examples/viewer/models/spinning-cube.glb'), join(dir, 'spin.glb'));
  await writeFile(join(dir, 't3dm.js'), `import t3dm from './spin.glb?t3dm';\nexport default t3dm;\n`);
  await writeFile(
    join(dir, 'external.js'),
    `import url from './external/cube.gltf';\nexport default url;\nif (import.meta.hot) import.meta.hot.accept();\n`,
  );
  return {
    dir,
    entry: join(dir, 'main.js'),
    badEntry: join(dir, 'bad.js'),
    t3dmEntry: join(dir, 't3dm.js'),
    externalEntry: join(dir, 'external.js'),
    gltfPath: join(dir, 'external', 'cube.gltf'),
    binPath: join(dir, 'external', bin),
    pngPath: join(dir, 'external', png),
  };
}

/**
 * The file an exported URL points at: `file:` URLs (Rollup, webpack's automatic public path), root paths
 * (Vite, base '/') and paths relative to the output folder (esbuild).
 */
export function emittedPath(url: string, outDir: string): string {
  if (url.startsWith('file:')) return fileURLToPath(url);
  return join(outDir, url.replace(/^\.?\//, ''));
}

/** The bytes of the file an exported URL points at. */
export async function readEmitted(url: string, outDir: string): Promise<Uint8Array> {
  return new Uint8Array(await readFile(emittedPath(url, outDir)));
}

/** Imports a built ES module afresh (a new query each time, so rebuilt files are not served from cache). */
let importCount = 0;
export async function importBundle<T>(file: string): Promise<T> {
  const url = `${new URL(`file://${file}`).href}?n=${importCount++}`;
  return ((await import(/* @vite-ignore */ url)) as { default: T }).default;
}

/** A valid replacement for the cube's texture sidecar: the same size, one solid colour. */
export function recolouredTexture(rgba: [number, number, number, number]): Uint8Array {
  const image = cubeScene().images[0]!;
  if (image.kind !== 'rgba8') throw new Error('the sample cube has an RGBA texture');
  const pixels = new Uint8Array(image.pixels.length);
  for (let i = 0; i < pixels.length; i += 4) pixels.set(rgba, i);
  return encodePng({ width: image.width, height: image.height, pixels });
}

/** The first pixel of the first image of a GLB (decoded), to see which texture a conversion used. */
export async function firstTexel(glb: Uint8Array): Promise<number[]> {
  const { scene } = await readScene({ bytes: glb, fileName: 'model.glb' });
  const image = scene.images[0];
  if (!image) throw new Error('the GLB has no image');
  const pixels = image.kind === 'rgba8' ? image.pixels : decodePng(image.data).pixels;
  return [...pixels.subarray(0, 4)];
}

/** Resolves when `check` returns a value other than undefined, polling; rejects after `ms`. */
export async function waitFor<T>(what: string, check: () => T | undefined, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

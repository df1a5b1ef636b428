/*
 * A small project for the bundler tests, written to a temporary folder: a GLB cube (test/cli/sample-scene.ts),
 * the same cube as a .gltf whose .bin and texture are sidecar files, a broken .glb, and entry modules that
 * import the models in every form. Also the helpers that find an emitted file from the URL a bundle exports.
 */
import { mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { sceneToGlb, sceneToGltf } from '@retromodel/gltf';
import { cubeScene } from '../cli/sample-scene.js';

export interface FixtureProject {
  dir: string;
  /** Entry importing cube.glb in every form, and the external-resource .gltf by default. */
  entry: string;
  /** Entry importing the broken model. */
  badEntry: string;
  /** Entry importing cube.glb?t3dm. */
  t3dmEntry: string;
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
  await writeFile(join(dir, 't3dm.js'), `import t3dm from './cube.glb?t3dm';\nexport default t3dm;\n`);
  return {
    dir,
    entry: join(dir, 'main.js'),
    badEntry: join(dir, 'bad.js'),
    t3dmEntry: join(dir, 't3dm.js'),
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

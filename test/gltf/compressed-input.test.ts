/*
 * glTF as tools write it, through the real bin: a shared model converted to a plain GLB, then compressed the
 * way glTF-Transform's CLI does it with the functions it runs (`gltf-transform draco` → draco(), `gltf-transform
 * optimize --compress meshopt` → meshopt(), `gltf-transform webp` → WebP images under EXT_texture_webp; sharp,
 * which that command encodes with, is replaced by @jsquash/webp's lossless encoder). Each compressed file must
 * convert --to bdl and --to t3dm with the same triangles as the plain file: the outputs, converted back to GLB,
 * hold as many triangles, each within a small distance of one of the plain file's (Draco and meshopt quantise
 * positions). A file that requires KTX2/Basis textures is refused, naming the extension and what to do.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type Document, NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS, EXTTextureWebP } from '@gltf-transform/extensions';
import { draco, meshopt } from '@gltf-transform/functions';
import { decodePng, gltfToScene } from '@retromodel/gltf';
import { mat4TransformPoint, triangleIndices, worldMatrices } from '@retromodel/scene';
import { fixture, haveFixtures, repoPath } from '@retromodel/test-utils';
import draco3d from 'draco3dgltf';
import { MeshoptEncoder } from 'meshoptimizer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const exec = promisify(execFile);
const bin = repoPath('packages', 'cli', 'bin', 'retromodel.cjs');
/** A shared model with a skin and textures, or the project's own sample when the shared fixtures are absent. */
const model = haveFixtures ? fixture('j3d', 'nintendo_tww_swa_skinned.bdl') : repoPath('fixtures', 'j3d', 'sample.bmd');

let dir: string;
let plain: string;

async function retromodel(...args: string[]) {
  return exec(process.execPath, [bin, ...args]).catch((e: { code: number; stdout: string; stderr: string }) => e);
}

/** Reads a GLB with glTF-Transform, changes it with `edit`, writes it with the dependencies the writer needs. */
async function rewrite(name: string, edit: (document: Document) => Promise<void>): Promise<string> {
  const io = new NodeIO().registerExtensions(ALL_EXTENSIONS).registerDependencies({
    'draco3d.encoder': await draco3d.createEncoderModule(),
    'meshopt.encoder': MeshoptEncoder,
  });
  const document = await io.read(plain);
  await edit(document);
  const path = join(dir, name);
  await writeFile(path, await io.writeBinary(document));
  return path;
}

/** Every texture's PNG re-encoded as lossless WebP, the extension required (as `gltf-transform webp` does). */
async function toWebp(document: Document): Promise<void> {
  const require = createRequire(import.meta.url);
  const { default: encode, init } = await import('@jsquash/webp/encode.js');
  const wasm = readFileSync(require.resolve('@jsquash/webp/codec/enc/webp_enc_simd.wasm'));
  await init(await WebAssembly.compile(wasm));
  document.createExtension(EXTTextureWebP).setRequired(true);
  for (const texture of document.getRoot().listTextures()) {
    const { width, height, pixels } = decodePng(texture.getImage()!);
    const webp = await encode({ width, height, data: new Uint8ClampedArray(pixels) }, { lossless: 1 });
    texture.setImage(new Uint8Array(webp)).setMimeType('image/webp');
  }
}

/** Triangles of a GLB as their three corners in model space (skinned meshes in their bind pose). */
async function triangles(glb: string): Promise<number[][]> {
  const { scene } = await gltfToScene(new Uint8Array(await readFile(glb)));
  const world = worldMatrices(scene);
  const out: number[][] = [];
  scene.nodes.forEach((node, n) => {
    for (const p of node.mesh === undefined ? [] : scene.meshes[node.mesh]!.primitives) {
      const a = p.attributes.POSITION.array;
      const corner = (i: number) => {
        const v = [a[i * 3]!, a[i * 3 + 1]!, a[i * 3 + 2]!];
        return node.skin === undefined ? mat4TransformPoint(world[n]!, v) : v;
      };
      const ids = triangleIndices(p);
      for (let t = 0; t + 2 < ids.length; t += 3)
        out.push([...corner(ids[t]!), ...corner(ids[t + 1]!), ...corner(ids[t + 2]!)]);
    }
  });
  return out;
}

/** Expects `got` to hold as many triangles as `want`, each one's centroid within `tolerance` of one of `want`'s. */
function expectSameTriangles(got: number[][], want: number[][], tolerance: number): void {
  expect(got.length).toBe(want.length);
  const centroid = (t: number[]) => [0, 1, 2].map((k) => (t[k]! + t[k + 3]! + t[k + 6]!) / 3);
  const wanted = want.map(centroid);
  let worst = 0;
  for (const c of got.map(centroid)) {
    let best = Infinity;
    for (const w of wanted) best = Math.min(best, Math.hypot(c[0]! - w[0]!, c[1]! - w[1]!, c[2]! - w[2]!));
    worst = Math.max(worst, best);
  }
  expect(worst).toBeLessThan(tolerance);
}

/** The triangles of `glb` converted to `to` and back to GLB by the bin. */
async function through(glb: string, to: 'bdl' | 't3dm', name: string): Promise<number[][]> {
  const out = join(dir, `${name}-${to}`);
  const forth = await retromodel('convert', glb, '-o', out, '--to', to);
  expect(forth.code ?? 0, forth.stderr).toBe(0);
  const back = await retromodel('convert', join(out, `${name}.${to}`), '-o', join(out, 'back.glb'));
  expect(back.code ?? 0, back.stderr).toBe(0);
  return triangles(join(out, 'back.glb'));
}

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'retromodel-compressed-'));
  plain = join(dir, 'plain.glb');
  const r = await retromodel('convert', model, '-o', plain);
  expect(r.code ?? 0, r.stderr).toBe(0);
}, 60_000);
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('compressed glTF input', () => {
  // Tolerance, of the model's size: Draco keeps 14 bits of position and meshopt 16, then T3DM 16 again.
  const cases: [name: string, edit: (d: Document) => Promise<void>, tolerance: number][] = [
    ['draco', async (d) => void (await d.transform(draco())), 1e-3],
    ['meshopt', async (d) => void (await d.transform(meshopt({ encoder: MeshoptEncoder }))), 1e-3],
    ['webp', toWebp, 1e-4],
  ];
  for (const [name, edit, tolerance] of cases) {
    it(`${name}: converts --to bdl and --to t3dm with the plain file's triangles`, async () => {
      const compressed = await rewrite(`${name}.glb`, edit);
      const bytes = await readFile(compressed);
      const json = JSON.parse(bytes.subarray(20, 20 + bytes.readUInt32LE(12)).toString('utf8'));
      expect(json.extensionsUsed).toEqual(
        expect.arrayContaining([
          { draco: 'KHR_draco_mesh_compression', meshopt: 'EXT_meshopt_compression', webp: 'EXT_texture_webp' }[name],
        ]),
      );
      const scale = Math.max(...(await triangles(plain)).flat().map(Math.abs));
      for (const to of ['bdl', 't3dm'] as const)
        expectSameTriangles(await through(compressed, to, name), await through(plain, to, 'plain'), tolerance * scale);
      const info = await retromodel('convert', compressed, '-o', join(dir, `${name}-notes.glb`), '--verbose');
      expect(info.stderr).toMatch(/info gltf\/decompressed: /);
    }, 120_000);
  }

  it("webp: the lossless WebP textures come back with the plain file's pixels", async () => {
    const compressed = await rewrite('webp-pixels.glb', toWebp);
    const back = join(dir, 'webp-back.glb');
    expect((await retromodel('convert', compressed, '-o', back)).code ?? 0).toBe(0);
    const images = async (glb: string) =>
      (await gltfToScene(new Uint8Array(await readFile(glb)))).scene.images.map((i) =>
        i.kind === 'encoded' ? decodePng(i.data).pixels : i.pixels,
      );
    const [got, want] = [await images(back), await images(plain)];
    expect(got.length).toBeGreaterThan(0);
    expect(got).toEqual(want);
    // `info` names the images as the file stores them: WebP, with the WebP's bytes.
    const report = JSON.parse((await retromodel('info', compressed, '--json')).stdout);
    const textures = report.tables.find((t: { title: string }) => t.title === 'textures');
    expect(textures.rows.map((r: unknown[]) => r[3])).toEqual(want.map(() => 'WebP'));
  });

  it('a file that requires KTX2/Basis textures is refused, naming the extension and what to do', async () => {
    const gltf = join(dir, 'basisu.gltf');
    await writeFile(
      gltf,
      JSON.stringify({
        asset: { version: '2.0' },
        extensionsUsed: ['KHR_texture_basisu'],
        extensionsRequired: ['KHR_texture_basisu'],
      }),
    );
    const r = await retromodel('convert', gltf, '-o', join(dir, 'basisu.glb'));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /requires extension KHR_texture_basisu, .*KTX2\/Basis Universal textures have no decoder here: export the model with PNG, JPEG or WebP textures/,
    );
  });
});

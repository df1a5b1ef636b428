/*
 * Textures through sceneToJ3d → writeJ3d → readJ3d → j3dToScene, against the source pixels: every textured
 * Tiny3D example (PNGs decoded with decodePng, injected), PSNR over RGBA (the colour of fully transparent source
 * pixels does not count) at least 30 dB for CMPR and 38 dB for every other format; the shared J3D models'
 * textures, re-encoded in their own formats from their decoded pixels, come back pixel for pixel. Also the
 * options and limits: a forced format, images without a decoder, a non-power-of-two repeating texture.
 */
import { decodePng, gltfToScene } from '@retromodel/gltf';
import { createMaterial, createScene, type Image, type RgbaImage, type Scene } from '@retromodel/scene';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { GxTextureFormat, gxFormatName, j3dToScene, readJ3d } from '../../src/index.js';
import { throughJ3d } from './round-trip.js';

function pixels(image: Image): RgbaImage {
  return image.kind === 'rgba8' ? image : decodePng(image.data);
}

/** PSNR over RGBA; the colour of pixels fully transparent in `source` is not counted (only their alpha). */
function psnr(source: Uint8Array, other: Uint8Array): number {
  let error = 0;
  let count = 0;
  for (let i = 0; i < source.length; i += 4) {
    const channels = source[i + 3] === 0 ? [3] : [0, 1, 2, 3];
    for (const c of channels) error += (source[i + c]! - other[i + c]!) ** 2;
    count += channels.length;
  }
  return error === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * count) / error);
}

/** Source texture k against the texture k the written file gives back. */
function compareTextures(scene: Scene, back: Scene, formats: number[]) {
  return scene.textures.map((t, k) => {
    const a = pixels(scene.images[t.image]!);
    const b = pixels(back.images[back.textures[k]!.image]!);
    expect([b.width, b.height]).toEqual([a.width, a.height]);
    return { format: formats[k]!, psnr: psnr(a.pixels, b.pixels) };
  });
}

const textured = listFixtures('t3dm', /\.glb$/).filter((p) => /19_particles_tex|24_hdr_bloom|01_model/.test(p));

describe.skipIf(!haveFixtures)('sceneToJ3d textures', () => {
  it.each(textured)('%s keeps its textures within the PSNR floor', async (path) => {
    const { scene } = await gltfToScene(readFixture(path));
    const { read, back } = throughJ3d(scene, { decodeImage: decodePng });
    expect(read.TEX1.textures.length).toBe(scene.textures.length);
    for (const r of compareTextures(
      scene,
      back,
      read.TEX1.textures.map((t) => t.header.format),
    ))
      expect(r.psnr, gxFormatName(r.format)).toBeGreaterThanOrEqual(r.format === GxTextureFormat.CMPR ? 30 : 38);
    // Every textured material that shows its texture (a factor that is not black) samples it in the file.
    const shows = (m: Scene['materials'][number]) => m.baseColorTexture && m.baseColorFactor.some((f) => f > 0);
    const used = new Set(scene.meshes.flatMap((m) => m.primitives.map((p) => p.material)));
    const expected = scene.materials.filter((m, i) => used.has(i) && shows(m)).length;
    expect(back.materials.filter((m) => m.baseColorTexture).length).toBeGreaterThanOrEqual(expected);
  });

  it.each(listFixtures('j3d', /\.(bmd|bdl)$/))('%s re-encodes its textures pixel for pixel', (path) => {
    const original = readJ3d(readFixture(path));
    const { scene } = j3dToScene(original);
    const { read, back } = throughJ3d(scene);
    expect(read.TEX1.textures.map((t) => [t.name, t.header.format, t.header.wrapS, t.header.wrapT])).toEqual(
      original.TEX1.textures.map((t) => [t.name, t.header.format, t.header.wrapS, t.header.wrapT]),
    );
    for (const r of compareTextures(scene, back, [])) expect(r.psnr).toBe(Number.POSITIVE_INFINITY);
  });
});

/** One textured quad whose image is `image` and whose sampler repeats. */
function quadScene(image: Image): Scene {
  const s = createScene();
  s.images = [image];
  s.samplers = [{ wrapS: 'REPEAT', wrapT: 'REPEAT' }];
  s.textures = [{ image: 0, sampler: 0 }];
  s.materials = [createMaterial({ baseColorTexture: { texture: 0, texCoord: 0 } })];
  s.meshes = [
    {
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: {
            POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), itemSize: 3 },
            TEXCOORD_0: { array: new Float32Array([0, 1, 1, 1, 1, 0, 0, 0]), itemSize: 2 },
          },
          indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
          material: 0,
        },
      ],
    },
  ];
  s.nodes = [{ mesh: 0, children: [] }];
  s.roots = [0];
  return s;
}

const gradient = (w: number, h: number): RgbaImage => ({
  kind: 'rgba8',
  width: w,
  height: h,
  pixels: Uint8Array.from({ length: w * h * 4 }, (_, i) => ((i >> 2) * 7 + (i & 3) * 50) & 0xff),
});

describe('sceneToJ3d texture options and limits', () => {
  it('forces a format with textureFormat (RGBA8 keeps every pixel)', () => {
    const scene = quadScene(gradient(16, 8));
    const { read, back } = throughJ3d(scene, { textureFormat: GxTextureFormat.RGBA8 });
    expect(read.TEX1.textures[0]!.header.format).toBe(GxTextureFormat.RGBA8);
    expect(compareTextures(scene, back, [GxTextureFormat.RGBA8])[0]!.psnr).toBe(Number.POSITIVE_INFINITY);
  });

  it('rejects a textureFormat that is not a GX format', () => {
    expect(() => throughJ3d(quadScene(gradient(8, 8)), { textureFormat: 7 })).toThrow(/not a GX texture format/);
  });

  it('leaves out an encoded image without a decoder, with a warning, and draws untextured', () => {
    const png: Image = { kind: 'encoded', mimeType: 'image/png', data: new Uint8Array([0x89, 0x50, 0x4e, 0x47]) };
    const { read, diagnostics, back } = throughJ3d(quadScene(png));
    expect(read.TEX1.textures).toHaveLength(0);
    expect(diagnostics.some((d) => d.code === 'j3d/texture' && /no decodeImage/.test(d.message))).toBe(true);
    expect(back.materials[0]!.baseColorTexture).toBeUndefined();
    const failing = throughJ3d(quadScene(png), { decodeImage: decodePng });
    expect(failing.diagnostics.some((d) => /could not be decoded/.test(d.message))).toBe(true);
  });

  it('clamps a repeating texture whose size is not a power of two', () => {
    const { read, diagnostics } = throughJ3d(quadScene(gradient(12, 8)));
    expect(read.TEX1.textures[0]!.header).toMatchObject({ wrapS: 0, wrapT: 1 });
    expect(diagnostics.some((d) => /power-of-two/.test(d.message))).toBe(true);
  });

  it('gives a mipmapping sampler a full mip chain', () => {
    const scene = quadScene(gradient(16, 16));
    scene.samplers[0]!.minFilter = 'LINEAR_MIPMAP_LINEAR';
    const { read, back } = throughJ3d(scene);
    expect(read.TEX1.textures[0]!.header).toMatchObject({ mipCount: 5, minFilter: 5 });
    const image = back.images[0]!;
    expect(image.kind === 'rgba8' ? image.mipmaps?.map((m) => m.width) : []).toEqual([8, 4, 2, 1]);
  });
});

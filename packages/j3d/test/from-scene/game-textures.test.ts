/*
 * The game's TEX1 through glTF and back (j3dToScene → sceneToGlb → gltfToScene → sceneToJ3d), against the
 * original file read by readJ3d: with no edit every texture comes back byte for byte (header, every level's
 * data, palette), also when the glTF went through a tool that, as Blender's exporter does, keeps only the
 * textures materials show, drops texture names and extras and cuts image names at their last `.`; an edited
 * image is re-encoded in the game's format, palette format and mip count (its pixels are the edit's where the
 * format holds them), the other textures still byte for byte; a forced format re-encodes every texture from the
 * game's pixels; extras that are not a TEX1 are a warning and the textures come from the images. A glTF tool
 * that writes the texture list from the materials' slots (glTF-Transform) keeps the images of the textures no
 * material shows, without a texture: they are still the game's (their extras say so), so the tidy glTF writer
 * keeps them and an edit of one goes back.
 */

import { NodeIO } from '@gltf-transform/core';
import { ALL_EXTENSIONS } from '@gltf-transform/extensions';
import { findInArchive, openArchive } from '@retromodel/archive';
import { decodePng, encodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import type { Diagnostic, EncodedImage, Scene } from '@retromodel/scene';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { sceneToJ3d } from '../../src/from-scene/scene-to-j3d.js';
import {
  decodeBtiImage,
  GxTextureFormat,
  type J3dTexture,
  j3dToScene,
  readJ3d,
  writeBti,
  writeJ3d,
} from '../../src/index.js';

/** The model's scene as gltfToScene reads the GLB the glTF writer makes of it (with `optimize`, as the CLI). */
async function throughGlb(bytes: Uint8Array): Promise<Scene> {
  const { scene } = j3dToScene(readJ3d(bytes));
  return (await gltfToScene((await sceneToGlb(scene, { optimize: true })).bytes)).scene;
}

/** sceneToJ3d with the PNG decoder, written and read back. */
function backToJ3d(scene: Scene, textureFormat?: number): { textures: J3dTexture[]; diagnostics: Diagnostic[] } {
  const { file, diagnostics } = sceneToJ3d(scene, {
    decodeImage: decodePng,
    ...(textureFormat === undefined ? {} : { textureFormat }),
  });
  return { textures: readJ3d(writeJ3d(file)).TEX1.textures, diagnostics };
}

/** What a TEX1 texture is, for comparing: name, header fields (not offsets), data, palette. */
function identity(t: J3dTexture) {
  const { dataOffset: _d, paletteOffset: _p, ...header } = t.header;
  return { name: t.name, header, data: [...t.data], palette: t.palette ? [...t.palette] : undefined };
}

/** Level 0 of a TEX1 texture, decoded. */
function level0(t: J3dTexture): Uint8Array {
  const bti = writeBti({ header: t.header, data: t.data, ...(t.palette ? { palette: t.palette } : {}) });
  return decodeBtiImage(bti, 0, { ...t.header, dataOffset: 0x20, paletteOffset: 0x20 + t.data.length }).pixels;
}

/** Flips an encoded (PNG) image left to right and returns the new pixels. */
function flipImage(scene: Scene, name: string): Uint8Array {
  const image = scene.images.find((i) => i.name === name) as EncodedImage;
  const { width, height, pixels } = decodePng(image.data);
  const flipped = new Uint8Array(pixels.length);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      flipped.set(pixels.subarray((y * width + x) * 4, (y * width + x) * 4 + 4), (y * width + width - 1 - x) * 4);
  image.data = encodePng({ width, height, pixels: flipped });
  return flipped;
}

/**
 * The scene as Blender's glTF exporter gives it back: only the textures a material shows, without names or
 * extras, each image named as the exporter names it (the name up to its last `.`).
 */
function likeBlender(scene: Scene): Scene {
  const shown = [...new Set(scene.materials.flatMap((m) => (m.baseColorTexture ? [m.baseColorTexture.texture] : [])))];
  const images = [...new Set(shown.map((t) => scene.textures[t]!.image))];
  return {
    ...scene,
    images: images.map((i) => {
      const image = scene.images[i]!;
      const name = image.name ?? '';
      return { ...image, name: name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name };
    }),
    textures: shown.map((t) => ({
      image: images.indexOf(scene.textures[t]!.image),
      sampler: scene.textures[t]!.sampler,
    })),
    materials: scene.materials.map((m) =>
      m.baseColorTexture
        ? { ...m, baseColorTexture: { ...m.baseColorTexture, texture: shown.indexOf(m.baseColorTexture.texture) } }
        : m,
    ),
  };
}

const psnr = (a: Uint8Array, b: Uint8Array) => {
  let error = 0;
  for (let i = 0; i < a.length; i++) error += (a[i]! - b[i]!) ** 2;
  return error === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * a.length) / error);
};

const shms = () => readFixture('j3d', 'nintendo_tww_shms_skinned_C4_C8.bdl');
const powerStar = () => {
  const entry = findInArchive(openArchive(readFixture('archives', 'nintendo_smg2_PowerStar.arc')), 'PowerStar.bdl');
  if (entry?.kind !== 'file') throw new Error('no PowerStar.bdl in the archive');
  return entry.bytes;
};

describe.skipIf(!haveFixtures)("the game's textures through glTF", () => {
  it('come back byte for byte without an edit, with a note and no warning', async () => {
    const game = readJ3d(shms()).TEX1.textures;
    const { textures, diagnostics } = backToJ3d(await throughGlb(shms()));
    expect(textures.map(identity)).toEqual(game.map(identity));
    expect(diagnostics.find((d) => d.code === 'j3d/texture-kept')?.message).toMatch(/^8 of 8 /);
    expect(diagnostics.filter((d) => d.severity !== 'info' && d.code.includes('texture'))).toEqual([]);
  });

  it('come back byte for byte from what a Blender export keeps (only shown textures, names cut)', async () => {
    const game = readJ3d(powerStar()).TEX1.textures;
    const scene = likeBlender(await throughGlb(powerStar()));
    expect(scene.images.map((i) => i.name)).toEqual(['GroundStarHiLight2', 'PowerStar']);
    const { textures } = backToJ3d(scene);
    expect(textures.map(identity)).toEqual(game.map(identity));
  });

  it('an edited image is re-encoded in the game format, palette format and mip count; the rest stay', async () => {
    const game = readJ3d(shms()).TEX1.textures;
    const scene = await throughGlb(shms());
    const c8 = flipImage(scene, 'SHMSCCI8');
    const ia4 = flipImage(scene, 'toonICE');
    const { textures, diagnostics } = backToJ3d(scene);
    expect(textures.map((t) => t.name)).toEqual(game.map((t) => t.name));
    for (const [k, t] of textures.entries()) {
      const g = game[k]!;
      if (!['SHMSCCI8', 'toonICE'].includes(t.name)) {
        expect(identity(t), t.name).toEqual(identity(g));
        continue;
      }
      expect([t.header.format, t.header.paletteFormat, t.header.mipCount], t.name).toEqual([
        g.header.format,
        g.header.paletteFormat,
        g.header.mipCount,
      ]);
      expect([t.header.wrapS, t.header.minFilter, t.header.maxLod], t.name).toEqual([
        g.header.wrapS,
        g.header.minFilter,
        g.header.maxLod,
      ]);
      // The flipped pixels are the game's own colours and intensities, which C8 and IA4 hold exactly.
      expect(level0(t), t.name).toEqual(t.name === 'toonICE' ? ia4 : c8);
    }
    expect(diagnostics.filter((d) => d.code === 'j3d/texture-edited').length).toBe(3);
    expect(diagnostics.find((d) => d.code === 'j3d/texture-kept')?.message).toMatch(/^5 of 8 /);
    expect(diagnostics.filter((d) => d.severity === 'warning' && d.code.includes('texture'))).toEqual([]);
  });

  it("an image Blender renamed is an edit of the game texture its material's base colour shows", async () => {
    const game = readJ3d(powerStar()).TEX1.textures;
    const glb = await throughGlb(powerStar());
    const flipped = flipImage(glb, 'PowerStar.4');
    const scene = likeBlender(glb);
    const { textures, diagnostics } = backToJ3d(scene);
    for (const [k, t] of textures.entries()) {
      if (t.name !== 'PowerStar.4') {
        expect(identity(t), t.name).toEqual(identity(game[k]!));
        continue;
      }
      expect(t.header.format).toBe(GxTextureFormat.CMPR);
      expect(psnr(level0(t), flipped)).toBeGreaterThan(30);
      expect(psnr(level0(t), level0(game[k]!))).toBeLessThan(psnr(level0(t), flipped));
    }
    expect(diagnostics.filter((d) => d.code === 'j3d/texture-edit-ambiguous')).toEqual([]);
  });

  it('leave a level 0 the glTF image holds to the image: unedited, edited, and gone', async () => {
    const game = readJ3d(shms()).TEX1.textures;
    const kept = JSON.parse((await throughGlb(shms())).extras!.gxTex1Json as string);
    // SHMSBI4 (I4, a material's base colour) is the one texture whose level 0 encoding its pixels gives again.
    const inImage = kept.textures.flatMap((t: { name: string; level0InImage?: number }) =>
      t.level0InImage === undefined ? [] : [t.name],
    );
    expect(inImage).toEqual(['SHMSBI4', 'SHMSBI4']);
    // Edited: I4 from the edit.
    const edited = await throughGlb(shms());
    const i4 = flipImage(edited, 'SHMSBI4');
    const back = backToJ3d(edited);
    for (const [k, t] of back.textures.entries()) {
      if (t.name !== 'SHMSBI4') expect(identity(t), t.name).toEqual(identity(game[k]!));
      else expect([t.header.format, level0(t)]).toEqual([game[k]!.header.format, i4]);
    }
    // Gone (a tool dropped the material's texture, and with it the only image of it): a warning, written blank.
    const gone = await throughGlb(shms());
    const material = gone.materials.find((m) => m.name === 'SHMSBMAT')!;
    expect(gone.textures[material.baseColorTexture!.texture]!.name).toBe('SHMSBI4');
    delete material.baseColorTexture;
    const blank = backToJ3d(likeBlender(gone));
    expect(blank.diagnostics.filter((d) => d.code === 'j3d/texture-image-missing')).toHaveLength(2);
    for (const [k, t] of blank.textures.entries()) {
      if (t.name !== 'SHMSBI4') expect(identity(t), t.name).toEqual(identity(game[k]!));
      else expect(level0(t).every((v) => v === 0)).toBe(true);
    }
  });

  it("an image whose texture glTF-Transform dropped stays the game's: tidy keeps it, its edit goes back", async () => {
    const game = readJ3d(shms()).TEX1.textures;
    const io = new NodeIO().registerExtensions(ALL_EXTENSIONS);
    const { scene } = j3dToScene(readJ3d(shms()));
    const rewritten = await io.writeBinary(await io.readBinary((await sceneToGlb(scene, { optimize: true })).bytes));
    const read = (await gltfToScene(rewritten)).scene;
    const textureless = (s: Scene) =>
      s.images.flatMap((image, i) => (s.textures.some((t) => t.image === i) ? [] : [image.name]));
    // ZBtoonEX and toonICE are sampled by the GX state only: no glTF material shows them.
    expect(textureless(read)).toEqual(['ZBtoonEX', 'toonICE']);
    const again = (await gltfToScene((await sceneToGlb(read, { optimize: true })).bytes)).scene;
    expect(again.images.map((i) => i.name)).toEqual(read.images.map((i) => i.name));
    expect(textureless(again)).toEqual(['ZBtoonEX', 'toonICE']);
    const ia4 = flipImage(again, 'toonICE');
    const { textures, diagnostics } = backToJ3d(again);
    for (const [k, t] of textures.entries()) {
      if (t.name !== 'toonICE') expect(identity(t), t.name).toEqual(identity(game[k]!));
      else expect([t.header.format, level0(t)]).toEqual([game[k]!.header.format, ia4]);
    }
    expect(diagnostics.filter((d) => d.code === 'j3d/texture-edited')).toHaveLength(1);
  });

  it('a forced format re-encodes every texture from the game pixels, with its mip levels', async () => {
    const game = readJ3d(shms()).TEX1.textures;
    const { textures } = backToJ3d(await throughGlb(shms()), GxTextureFormat.RGBA8);
    expect(textures.map((t) => [t.name, t.header.format, t.header.mipCount])).toEqual(
      game.map((t) => [t.name, GxTextureFormat.RGBA8, t.header.mipCount]),
    );
    for (const [k, t] of textures.entries()) expect(level0(t), t.name).toEqual(level0(game[k]!));
  });

  it.each([
    ['not JSON', '{'],
    ['a header out of range', (text: string) => text.replace('"width":', '"width":7')],
    ['a blob that is not base64', (text: string) => text.replace('"blobs":["', '"blobs":["%')],
    ['data shorter than its levels', (text: string) => text.replace(/"blobs":\["[A-Za-z0-9+/]{4}/, '"blobs":["')],
  ])('extras with %s are a warning, and the textures come from the images', async (_, change) => {
    const scene = await throughGlb(shms());
    const text = scene.extras!.gxTex1Json as string;
    scene.extras!.gxTex1Json = typeof change === 'string' ? change : change(text);
    const { textures, diagnostics } = backToJ3d(scene);
    expect(diagnostics.filter((d) => d.code === 'j3d/tex1-extras-invalid')).toHaveLength(1);
    expect(textures.length).toBe(scene.textures.length);
  });
});

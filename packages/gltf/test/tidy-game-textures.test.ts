/*
 * The tidy step (`optimize`) and a game's own textures: a texture with `extras.gx` (a J3D TEX1 texture, which
 * the game's materials use through their own extras) stays with its image and sampler although no glTF
 * material shows it, and the game's texture order is kept (the game's materials name its textures by index);
 * a texture nothing uses and that is not the game's is left out, with the image and sampler only it used.
 * An image with `extras.gx` and no texture (a tool that writes the texture list from the materials' slots, as
 * glTF-Transform does, dropped its texture) is the game's too and stays; an image no texture uses and that is
 * not the game's is left out, and the note counts it.
 */
import { createMaterial, createScene, type Scene } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { gltfToScene, sceneToGlb } from '../src/index.js';

function pixel(name: string, rgba: number[]) {
  return { kind: 'rgba8' as const, name, width: 1, height: 1, pixels: new Uint8Array(rgba) };
}

/** Textures: 0 game's, unshown; 1 game's, shown; 2 not the game's, unshown; 3 not the game's, shown. */
function scene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  s.images.push(pixel('ramp', [1, 2, 3, 255]), pixel('body', [4, 5, 6, 255]), pixel('spare', [7, 8, 9, 255]));
  s.images.push(pixel('baked', [10, 11, 12, 255]));
  s.samplers.push({ wrapS: 'CLAMP_TO_EDGE', wrapT: 'CLAMP_TO_EDGE' }, { wrapS: 'REPEAT', wrapT: 'REPEAT' });
  s.samplers.push({ wrapS: 'MIRRORED_REPEAT', wrapT: 'REPEAT' });
  const gx = (format: number) => ({ gx: { header: { format } } });
  s.textures.push({ name: 'ramp', image: 0, sampler: 0, extras: gx(0) });
  s.textures.push({ name: 'body', image: 1, sampler: 1, extras: gx(14) });
  s.textures.push({ name: 'spare', image: 2, sampler: 2 });
  s.textures.push({ name: 'baked', image: 3, sampler: 1 });
  s.materials.push(
    createMaterial({ name: 'skin', baseColorTexture: { texture: 1, texCoord: 0 } }),
    createMaterial({ name: 'helper', baseColorTexture: { texture: 3, texCoord: 0 } }),
  );
  const quad = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0]);
  const uv = new Float32Array([0, 0, 1, 0, 1, 1]);
  for (const material of [0, 1])
    s.meshes.push({
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: { POSITION: { array: quad, itemSize: 3 }, TEXCOORD_0: { array: uv, itemSize: 2 } },
          material,
        },
      ],
    });
  s.nodes.push({ children: [], mesh: 0 }, { children: [], mesh: 1 });
  s.roots.push(0, 1);
  return s;
}

describe('optimize keeps the textures that came from a game', () => {
  it("keeps the game's textures in order with their images and samplers, and leaves out the spare one", async () => {
    const { bytes, diagnostics } = await sceneToGlb(scene(), { optimize: true });
    const back = (await gltfToScene(bytes)).scene;
    expect(back.textures.map((t) => t.name)).toEqual(['ramp', 'body', 'baked']);
    expect(back.textures.map((t) => t.extras?.gx)).toEqual([
      { header: { format: 0 } },
      { header: { format: 14 } },
      undefined,
    ]);
    expect(back.textures.map((t) => back.images[t.image]!.name)).toEqual(['ramp', 'body', 'baked']);
    expect(back.textures.map((t) => back.samplers[t.sampler]!.wrapS)).toEqual(['CLAMP_TO_EDGE', 'REPEAT', 'REPEAT']);
    expect(back.images).toHaveLength(3);
    expect(back.samplers).toHaveLength(2);
    expect(diagnostics.find((d) => d.code === 'gltf/unused-left-out')?.message).toMatch(/1 texture\(s\), 1 image/);
  });

  it("keeps an image of the game's that has no texture, and leaves out one that is not the game's", async () => {
    const s = scene();
    s.images.push({ ...pixel('toon', [13, 14, 15, 255]), extras: { gx: { tex1: [4] } } }, pixel('stray', [0, 0, 0, 0]));
    const { bytes, diagnostics } = await sceneToGlb(s, { optimize: true });
    const back = (await gltfToScene(bytes)).scene;
    expect(back.images.map((i) => i.name)).toEqual(['ramp', 'body', 'baked', 'toon']);
    expect(back.images[3]!.extras).toEqual({ gx: { tex1: [4] } });
    expect(back.textures.map((t) => back.images[t.image]!.name)).toEqual(['ramp', 'body', 'baked']);
    expect(diagnostics.find((d) => d.code === 'gltf/unused-left-out')?.message).toMatch(/1 texture\(s\), 2 image/);
    // An image left out alone is noted too.
    const lone = scene();
    lone.textures[2]!.extras = { gx: { header: { format: 1 } } };
    lone.images.push(pixel('stray', [0, 0, 0, 0]));
    const alone = await sceneToGlb(lone, { optimize: true });
    expect(alone.diagnostics.find((d) => d.code === 'gltf/unused-left-out')?.message).toMatch(
      /0 texture\(s\), 1 image/,
    );
  });

  it('without optimize, everything stays', async () => {
    const back = (await gltfToScene((await sceneToGlb(scene())).bytes)).scene;
    expect(back.textures.map((t) => t.name)).toEqual(['ramp', 'body', 'spare', 'baked']);
  });
});

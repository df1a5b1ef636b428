/*
 * End to end for `.bti`: every shared texture through btiAdapter.read -> sceneToGlb must give a GLB the Khronos
 * validator passes with 0 errors, and reading that GLB back must give the same pixels (PNG is lossless) and the
 * same sampler as the BTI header says.
 */
import { decodePng, gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { adapterRead, buildBti, expectValidGlb, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { btiAdapter } from '../../packages/j3d/src/internal.js';

const btis = listFixtures('j3d', /\.bti$/);

describe.skipIf(!haveFixtures)('.bti -> GLB', () => {
  it('finds the fixtures', () => expect(btis.length).toBeGreaterThanOrEqual(5));

  for (const path of btis) {
    const name = path.split(/[\\/]/).pop()!;
    it(`${name}: valid GLB whose texture is the decoded image`, async () => {
      const { scene } = await adapterRead(btiAdapter, readFixture(path), { fileName: name });
      const { bytes } = await sceneToGlb(scene);
      await expectValidGlb(bytes, `${name}.glb`);

      const back = (await gltfToScene(bytes)).scene;
      const source = scene.images[0]!;
      const written = back.images[0]!;
      if (source.kind !== 'rgba8' || written.kind !== 'encoded')
        throw new Error('expected an RGBA8 image written as PNG');
      const png = decodePng(written.data);
      expect([png.width, png.height]).toEqual([source.width, source.height]);
      expect(png.pixels).toEqual(source.pixels);
      expect(back.samplers[back.textures[0]!.sampler]).toEqual(scene.samplers[0]);
      expect(back.materials[0]).toMatchObject({
        unlit: true,
        doubleSided: true,
        alphaMode: scene.materials[0]!.alphaMode,
      });
    });
  }
});

describe('hand-built .bti -> GLB', () => {
  it('mirrored wrap and a mipmap filter on a 13×7 texture with 3 levels give a valid GLB with that sampler', async () => {
    // RGB5A3 13×7 (4×2 blocks), 6×3 (2×1), 3×1 (1×1): 11 blocks of 32 bytes, filled with a byte ramp.
    const image = Uint8Array.from({ length: 11 * 32 }, (_, i) => (i * 37) & 0xff);
    const { bytes } = buildBti(
      { format: 5, width: 13, height: 7, mipCount: 3, wrapS: 2, wrapT: 1, minFilter: 5 },
      image,
    );
    const { scene } = await adapterRead(btiAdapter, bytes, { fileName: 'ramp.bti' });
    const glb = (await sceneToGlb(scene)).bytes;
    await expectValidGlb(glb, 'ramp.glb');
    const back = (await gltfToScene(glb)).scene;
    expect(back.samplers[back.textures[0]!.sampler]).toEqual({
      wrapS: 'MIRRORED_REPEAT',
      wrapT: 'REPEAT',
      minFilter: 'LINEAR_MIPMAP_LINEAR',
      magFilter: 'LINEAR',
    });
  });
});

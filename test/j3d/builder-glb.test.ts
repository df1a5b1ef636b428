/*
 * BMDs made by the project's own builder (the sample `npm start` writes, and one with quads, lines, two UV sets,
 * NBT and a C14X2 texture) convert to GLBs the Khronos validator accepts with 0 errors.
 */
import { sceneToGlb } from '@retromodel/gltf';
import { j3dToScene, readJ3d } from '@retromodel/j3d';
import { buildBmd, buildSampleBmd, expectValidGlb } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

describe('builder-made BMDs to GLB', () => {
  it('the sample BMD converts to a valid GLB', async () => {
    const { bytes } = await sceneToGlb(j3dToScene(readJ3d(buildSampleBmd()), { name: 'sample' }).scene);
    expect((await expectValidGlb(bytes, 'sample.glb')).issues.numErrors).toBe(0);
  });

  it('quads, lines, points, two UV sets, NBT and C14X2 convert to a valid GLB', async () => {
    const palette = new Uint8Array(32).map((_, i) => (i % 2 ? 8 * i : 255));
    const indices = new Uint8Array(32).map((_, i) => (i % 2 ? i >> 1 : 0));
    const v = (x: number, z: number, u: number) => ({
      position: [x, 0, z] as [number, number, number],
      normal: [0, 1, 0] as [number, number, number],
      binormal: [0, 0, 1] as [number, number, number],
      tangent: [1, 0, 0] as [number, number, number],
      uv: [
        [u, 0],
        [0, u],
      ] as [number, number][],
    });
    const quad = [v(-1, -1, 0), v(1, -1, 1), v(1, 1, 1), v(-1, 1, 0)];
    const bytes = buildBmd({
      joints: [{ name: 'root', parent: -1 }],
      drawMatrices: [{ joint: 0 }],
      textures: [
        { name: 'c14', format: 0xa, width: 4, height: 4, data: indices, palette: { format: 0, data: palette } },
      ],
      materials: [
        { name: 'm', texture: 0, uvSet: 1, texMatrix: { scale: [1, 1], rotation: 0x4000, translation: [0.5, 0] } },
      ],
      shapes: [
        {
          material: 0,
          normals: 'NBT',
          uvSets: 2,
          packets: [
            {
              matrices: [0],
              primitives: [
                { type: 'QUADS', vertices: quad },
                { type: 'LINE_STRIP', vertices: quad },
                { type: 'POINTS', vertices: quad },
              ],
            },
          ],
        },
      ],
    });
    const glb = await sceneToGlb(j3dToScene(readJ3d(bytes)).scene);
    expect((await expectValidGlb(glb.bytes, 'edge.glb')).issues.numErrors).toBe(0);
  });
});

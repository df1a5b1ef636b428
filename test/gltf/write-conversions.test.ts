/*
 * What the writer changes so the file is valid glTF core, each with a diagnostic: integer positions and
 * signed-normalized normals become floats, u32 joints become u16, float colours above 1 are clamped,
 * u16 index lists holding 0xFFFF (the forbidden restart value) become u32, morph-weight channels go.
 * Plus: an invalid scene is refused, and strict mode turns the warnings into an error.
 */
import { gltfToScene, sceneToGlb } from '@retromodel/gltf';
import { createScene, enforceStrict, type Scene, StrictModeError } from '@retromodel/scene';
import { expectValidGlb } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';

function oddScene(): Scene {
  const s = createScene();
  const vertexCount = 0x10000;
  const positions = new Int16Array(vertexCount * 3);
  for (let v = 0; v < vertexCount; v++) positions.set([v % 256, Math.floor(v / 256), 0], v * 3);
  s.meshes = [
    {
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: {
            POSITION: { array: positions, itemSize: 3 },
            NORMAL: {
              array: new Int8Array(vertexCount * 3).map((_, i) => (i % 3 === 2 ? -127 : 0)),
              itemSize: 3,
              normalized: true,
            },
            COLOR_0: { array: new Float32Array(vertexCount * 3).fill(1.5), itemSize: 3 },
            JOINTS_0: { array: new Uint32Array(vertexCount * 4), itemSize: 4 },
            WEIGHTS_0: { array: new Float32Array(vertexCount * 4).map((_, i) => (i % 4 === 0 ? 1 : 0)), itemSize: 4 },
          },
          indices: new Uint16Array([0, 1, 256, 0xffff, 0xfffe, 0xff00]),
        },
      ],
    },
  ];
  s.nodes = [{ children: [], mesh: 0, skin: 0 }, { children: [] }];
  s.roots = [0, 1];
  s.skins = [{ joints: [1], inverseBindMatrices: new Float32Array([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]) }];
  s.animations = [
    {
      samplers: [{ input: new Float32Array([0]), output: new Float32Array([1]), interpolation: 'STEP' }],
      channels: [{ node: 1, path: 'weights', sampler: 0 }],
    },
  ];
  return s;
}

describe('sceneToGlb conversions', () => {
  it('writes a valid file from non-core attribute types and says what it changed', async () => {
    const { bytes, diagnostics } = await sceneToGlb(oddScene());
    await expectValidGlb(bytes, 'odd.glb');
    expect(new Set(diagnostics.map((d) => d.code))).toEqual(
      new Set([
        'gltf/attribute-converted',
        'gltf/color-clamped',
        'gltf/morph-weights-dropped',
        'gltf/animation-dropped',
      ]),
    );
    const { scene } = await gltfToScene(bytes);
    const p = scene.meshes[0]!.primitives[0]!;
    expect(p.attributes.POSITION.array.subarray(0, 6)).toEqual(new Float32Array([0, 0, 0, 1, 0, 0]));
    expect(p.attributes.POSITION.array.subarray(0xffff * 3)).toEqual(new Float32Array([255, 255, 0]));
    expect(p.attributes.NORMAL!.array.subarray(0, 3)).toEqual(new Float32Array([0, 0, -1]));
    expect(p.attributes.COLOR_0!.array.every((v) => v === 1)).toBe(true);
    expect(p.attributes.JOINTS_0!.array).toBeInstanceOf(Uint16Array);
    expect(p.indices).toEqual(new Uint32Array([0, 1, 256, 0xffff, 0xfffe, 0xff00]));
    expect(scene.animations).toEqual([]);
  });

  it('strict mode (enforceStrict, as transcode applies it) turns the warnings into a StrictModeError', async () => {
    const { diagnostics } = await sceneToGlb(oddScene());
    expect(diagnostics.some((d) => d.severity === 'warning')).toBe(true);
    expect(() => enforceStrict(diagnostics, true)).toThrow(StrictModeError);
  });

  it('refuses a scene validateScene rejects', async () => {
    const s = oddScene();
    s.roots.push(7);
    await expect(sceneToGlb(s)).rejects.toThrow(/invalid scene: root 7 is not a node/);
  });
});

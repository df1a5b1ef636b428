/*
 * Pointer channels (KHR_animation_pointer): the pointer grammar against the glTF Asset Object Model's spelling
 * of the material properties, and what validateScene demands of them (an existing, defined target; the
 * property's width per key; values the property allows; one channel per property in an animation).
 */
import { describe, expect, it } from 'vitest';
import {
  type AnimationSampler,
  createMaterial,
  createScene,
  materialPointer,
  type PointerChannel,
  parseMaterialPointer,
  pointerWidth,
  type Scene,
  validateScene,
} from '../src/index.js';

const linear = (input: number[], output: number[]): AnimationSampler => ({
  input: new Float32Array(input),
  output: new Float32Array(output),
  interpolation: 'LINEAR',
});

/** A material with a transformed base colour texture and an untransformed emissive one, and a colour animation. */
function animatedScene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  s.images.push({ kind: 'rgba8', width: 1, height: 1, pixels: new Uint8Array(4) });
  s.samplers.push({ wrapS: 'REPEAT', wrapT: 'REPEAT' });
  s.textures.push({ image: 0, sampler: 0 });
  s.materials.push(
    createMaterial({
      baseColorTexture: { texture: 0, texCoord: 0, transform: { offset: [0, 0], scale: [1, 1], rotation: 0 } },
      emissiveTexture: { texture: 0, texCoord: 0 },
    }),
  );
  s.animations.push({
    channels: [
      { path: 'pointer', pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor', sampler: 0 },
      {
        path: 'pointer',
        pointer: '/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset',
        sampler: 1,
      },
    ],
    samplers: [linear([0, 1], [1, 0, 0, 1, 0, 1, 0, 0.5]), linear([0, 1], [0, 0, 3, -2])],
  });
  return s;
}

const codes = (s: Scene) => validateScene(s).map((d) => d.code);
const channel = (s: Scene, k: number) => s.animations[0]!.channels[k] as PointerChannel;

describe('material pointers', () => {
  const pointers: [string, number][] = [
    ['/materials/0/pbrMetallicRoughness/baseColorFactor', 4],
    ['/materials/12/pbrMetallicRoughness/metallicFactor', 1],
    ['/materials/1/pbrMetallicRoughness/roughnessFactor', 1],
    ['/materials/2/emissiveFactor', 3],
    ['/materials/3/alphaCutoff', 1],
    ['/materials/4/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/offset', 2],
    ['/materials/5/normalTexture/extensions/KHR_texture_transform/scale', 2],
    ['/materials/6/emissiveTexture/extensions/KHR_texture_transform/rotation', 1],
  ];
  for (const [pointer, width] of pointers) {
    it(`reads ${pointer} (${width} floats) and spells it back the same`, () => {
      const target = parseMaterialPointer(pointer);
      expect(target).toBeDefined();
      expect(materialPointer(target!)).toBe(pointer);
      expect(pointerWidth(target!)).toBe(width);
    });
  }

  const foreign = [
    '/nodes/0/translation',
    '/materials/01/emissiveFactor',
    '/materials/-1/emissiveFactor',
    '/materials/0/baseColorFactor',
    '/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/texCoord',
    '/materials/0/occlusionTexture/extensions/KHR_texture_transform/offset',
    '/materials/0/emissiveFactor/0',
    '/cameras/0/perspective/yfov',
    'materials/0/emissiveFactor',
  ];
  for (const pointer of foreign)
    it(`does not take ${pointer}`, () => {
      expect(parseMaterialPointer(pointer)).toBeUndefined();
    });
});

describe('validateScene on pointer channels', () => {
  it('accepts sound pointer channels, also after structuredClone', () => {
    expect(validateScene(animatedScene())).toEqual([]);
    expect(validateScene(structuredClone(animatedScene()))).toEqual([]);
  });

  const breakages: [string, (s: Scene) => void][] = [
    ['a pointer a scene cannot hold', (s) => (channel(s, 0).pointer = '/cameras/0/perspective/yfov')],
    ['a material that does not exist', (s) => (channel(s, 0).pointer = '/materials/1/emissiveFactor')],
    [
      'a texture transform on a slot without one',
      (s) => (channel(s, 1).pointer = '/materials/0/emissiveTexture/extensions/KHR_texture_transform/offset'),
    ],
    [
      'a texture transform on an empty slot',
      (s) => (channel(s, 1).pointer = '/materials/0/normalTexture/extensions/KHR_texture_transform/offset'),
    ],
    ['a width that does not fit', (s) => (channel(s, 0).pointer = '/materials/0/emissiveFactor')],
    ['a colour above 1', (s) => s.animations[0]!.samplers[0]!.output.set([1.5], 0)],
    ['a negative colour', (s) => s.animations[0]!.samplers[0]!.output.set([-0.1], 5)],
    ['a non-finite value', (s) => s.animations[0]!.samplers[1]!.output.set([Number.NaN], 3)],
    ['a missing sampler', (s) => (channel(s, 0).sampler = 4)],
  ];
  for (const [what, breakIt] of breakages) {
    it(`reports ${what} as scene/bad-pointer`, () => {
      const s = animatedScene();
      breakIt(s);
      expect(codes(s)).toEqual(['scene/bad-pointer']);
    });
  }

  it('reports a property animated by two channels of one animation', () => {
    const s = animatedScene();
    s.animations[0]!.channels.push({ ...channel(s, 0) });
    expect(codes(s)).toEqual(['scene/pointer-twice']);
  });

  it('checks key values only, not CUBICSPLINE tangents, and allows offsets outside 0..1', () => {
    const s = animatedScene();
    // [in-tangent, value, out-tangent] per key: tangents of ±5 are fine.
    s.animations[0]!.samplers[0] = {
      input: new Float32Array([0, 1]),
      output: new Float32Array([-5, -5, -5, -5, 1, 1, 1, 1, 5, 5, 5, 5, 0, 0, 0, 0, 0.5, 0.5, 0.5, 0.5, 5, 5, 5, 5]),
      interpolation: 'CUBICSPLINE',
    };
    expect(validateScene(s)).toEqual([]);
  });
});

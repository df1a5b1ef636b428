/*
 * A scene made to reach what the shared models and the sample scenes may not: accessors that dedup merges
 * across attribute names (a POSITION equal to an earlier NORMAL, two equal texture coordinate sets in one
 * primitive, shared animation key times), attributes whose elements are not a multiple of 4 bytes (u8 and
 * u16 VEC3, u8 VEC2, i8 VEC3), u16 indices holding 0xFFFF, duplicate joints, float colours out of range,
 * u8 joints, every kind of animation channel (translation, rotation, scale, morph weights, material factor
 * and texture transform pointers, a sampler no channel uses, an animation left with nothing), a texture
 * transform near its defaults, factors within 1e-5 of theirs, a JPEG and an unusual image type, image names
 * that make the same file name, images with the same pixels, and LOD groups (one dropped).
 */
import {
  createMaterial,
  createScene,
  materialPointer,
  type RgbaImage,
  type Scene,
  type SceneNode,
} from '@retromodel/scene';

const rgba = (width: number, height: number, seed: number): RgbaImage => ({
  kind: 'rgba8',
  width,
  height,
  pixels: Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 13 + seed * 7) & 0xff),
});

const node = (name: string, fields: Partial<SceneNode> = {}): SceneNode => ({ name, children: [], ...fields });

export function quirksScene(): Scene {
  const s = createScene({ sourceFormat: 'quirks' });
  s.images = [
    { ...rgba(4, 4, 1), name: '1' },
    rgba(4, 4, 1),
    { kind: 'encoded', name: 'photo', mimeType: 'image/jpeg', data: new Uint8Array([0xff, 0xd8, 0xff, 0xd9]) },
    { kind: 'encoded', name: 'odd', mimeType: 'image/x-odd', data: new Uint8Array([1, 2, 3, 4, 5]) },
    { ...rgba(64, 80, 2), name: 'big' },
  ];
  s.samplers = [{ wrapS: 'REPEAT', wrapT: 'REPEAT' }];
  s.textures = s.images.map((_, image) => ({ image, sampler: 0 }));
  s.materials = [
    createMaterial({
      name: 'near defaults',
      baseColorFactor: [1, 0.999999, 1, 1],
      emissiveFactor: [0.000001, 0, 0],
      baseColorTexture: { texture: 0, texCoord: 0, transform: { offset: [0.000001, 0], scale: [1, 1], rotation: 0 } },
      normalTexture: { texture: 1, texCoord: 1 },
    }),
    createMaterial({
      name: 'animated',
      alphaMode: 'MASK',
      baseColorTexture: { texture: 4, texCoord: 1, transform: { offset: [0.5, 0], scale: [2, 1], rotation: 1 } },
      emissiveTexture: { texture: 2, texCoord: 0 },
      emissiveFactor: [1, 1, 1],
      unlit: true,
    }),
    createMaterial({ name: 'odd', normalTexture: { texture: 3, texCoord: 0 }, vertexColors: true }),
  ];
  const square = new Float32Array([0, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, -1]);
  s.meshes = [
    {
      name: 'first',
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: {
            POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), itemSize: 3 },
            NORMAL: { array: square, itemSize: 3 },
            TEXCOORD_0: { array: new Uint8Array([0, 0, 255, 0, 255, 255, 0, 255]), itemSize: 2, normalized: true },
            TEXCOORD_1: { array: new Uint8Array([0, 0, 255, 0, 255, 255, 0, 255]), itemSize: 2, normalized: true },
            COLOR_0: {
              array: new Uint8Array([255, 0, 0, 0, 255, 0, 0, 0, 255, 9, 9, 9]),
              itemSize: 3,
              normalized: true,
            },
            JOINTS_0: { array: new Uint8Array([0, 0, 1, 0, 1, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0]), itemSize: 4 },
            WEIGHTS_0: {
              array: new Float32Array([0.5, 0.5, 0, 0, 0.5, 0.5, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0]),
              itemSize: 4,
            },
          },
          indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
          material: 0,
        },
      ],
    },
    {
      name: 'second',
      extras: { note: 'a POSITION equal to the first NORMAL' },
      primitives: [
        {
          mode: 'TRIANGLE_STRIP',
          attributes: {
            NORMAL: {
              array: new Int8Array([0, 0, 127, 0, 0, 127, 0, 0, 127, 0, 0, 127]),
              itemSize: 3,
              normalized: true,
            },
            POSITION: { array: square.slice(), itemSize: 3 },
            TEXCOORD_1: { array: new Uint16Array([0, 0, 9, 0, 9, 9, 0, 9]), itemSize: 2, normalized: true },
            TEXCOORD_0: { array: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), itemSize: 2 },
            COLOR_0: { array: new Float32Array([2, 0, 0, -1, 1, 0, 0, 1, 0.5, 0.5, 0.5, 1, 0, 0, 0, 0]), itemSize: 4 },
            COLOR_1: { array: new Uint16Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]), itemSize: 3, normalized: true },
          },
          indices: new Uint16Array([0, 1, 2, 3, 0, 1]),
          material: 1,
          extras: { strip: true },
        },
        {
          mode: 'POINTS',
          attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), itemSize: 3 } },
          material: 2,
        },
        {
          mode: 'LINES',
          attributes: {
            POSITION: { array: Float32Array.from({ length: 65537 * 3 }, (_, i) => (i % 7) - 3), itemSize: 3 },
          },
          indices: new Uint16Array([0, 0xffff, 0xffff, 1]),
        },
      ],
    },
  ];
  s.nodes = [
    node('root', { children: [1, 2, 3, 4], translation: [0, 0, 0], scale: [1, 2, 1] }),
    node('a', { mesh: 0, skin: 0, rotation: [0, 0, 0, 1] }),
    node('b', { mesh: 1, translation: [1, 0, 0] }),
    node('lod1', { mesh: 1 }),
    node('lod2'),
  ];
  s.roots = [0];
  s.skins = [
    {
      joints: [0, 1],
      inverseBindMatrices: new Float32Array([
        1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1,
      ]),
      skeleton: 0,
      extras: { joints: 'two' },
    },
  ];
  const times = new Float32Array([0, 0.5, 1]);
  s.animations = [
    {
      name: 'everything',
      extras: { fps: 30 },
      samplers: [
        { input: times, output: new Float32Array(9), interpolation: 'LINEAR' },
        {
          input: times.slice(),
          output: new Float32Array([0, 0, 0, 1, 0, 0, 1, 0, 0, 0, 0, 1]),
          interpolation: 'LINEAR',
        },
        { input: times.slice(), output: new Float32Array(9).fill(1), interpolation: 'STEP' },
        {
          input: times.slice(),
          output: new Float32Array([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1]),
          interpolation: 'LINEAR',
        },
        { input: times.slice(), output: new Float32Array([0, 0, 0.5, 0, 1, 0]), interpolation: 'LINEAR' },
        { input: new Float32Array([0, 1]), output: new Float32Array([0, 1]), interpolation: 'STEP' },
        { input: times.slice(), output: new Float32Array([0, 1, 2]), interpolation: 'LINEAR' },
      ],
      channels: [
        { node: 2, path: 'translation', sampler: 0 },
        { node: 1, path: 'rotation', sampler: 1 },
        { node: 2, path: 'scale', sampler: 2 },
        { node: 1, path: 'weights', sampler: 6 },
        { path: 'pointer', pointer: materialPointer({ material: 1, property: 'baseColorFactor' }), sampler: 3 },
        {
          path: 'pointer',
          pointer: materialPointer({ material: 1, slot: 'baseColorTexture', property: 'offset' }),
          sampler: 4,
        },
        { node: 1, path: 'translation', sampler: 0 },
      ],
    },
    {
      name: 'weights only',
      samplers: [{ input: times.slice(), output: new Float32Array([0, 1, 2]), interpolation: 'LINEAR' }],
      channels: [{ node: 1, path: 'weights', sampler: 0 }],
    },
    {
      samplers: [
        { input: new Float32Array([0, 2]), output: new Float32Array([0, 0, 0, 1, 1, 1]), interpolation: 'LINEAR' },
        { input: new Float32Array([0, 2]), output: new Float32Array([0, 0, 0, 1, 1, 1]), interpolation: 'LINEAR' },
      ],
      channels: [{ node: 3, path: 'scale', sampler: 0 }],
    },
  ];
  s.lodGroups = [
    { name: 'lods', levels: [2, 3, 4], distances: [0, 10, 20], extras: { from: 'quirks' } },
    { levels: [2, 4] },
    { levels: [3] },
  ];
  return s;
}

/*
 * Scenes built in code that together use every feature of the scene model: hierarchy and TRS, all
 * attribute kinds and component types, u16/u32 indices, every primitive mode, materials with every slot,
 * texture transforms, unlit, alpha modes, explicit and inferred vertex colours, RGBA8 (with mipmaps) and
 * encoded images, samplers with per-axis wrap and filters, skins, LINEAR/STEP/CUBICSPLINE animations on
 * translation/rotation/scale, LOD groups, and extras on every object that has them.
 */
import { encodePng } from '@retromodel/gltf';
import {
  type Animation,
  type AnimationSampler,
  createMaterial,
  createScene,
  mat4Compose,
  mat4Invert,
  materialPointer,
  quatFromAxisAngle,
  type RgbaImage,
  type Scene,
} from '@retromodel/scene';

function pixels(width: number, height: number, seed: number): Uint8Array {
  return Uint8Array.from({ length: width * height * 4 }, (_, i) => (i * 37 + seed * 11) & 0xff);
}

function rgba(width: number, height: number, seed: number): RgbaImage {
  return { kind: 'rgba8', width, height, pixels: pixels(width, height, seed) };
}

const FPS = 30;

/** A quad (two triangles) in the XY plane with unit normals and tangents. */
function quad() {
  return {
    POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0]), itemSize: 3 },
    NORMAL: { array: new Float32Array([0, 0, 1, 0, 0, 1, 0, 0, 1, 0, 0, 1]), itemSize: 3 },
  };
}

/** Static content: hierarchy, every material feature, every attribute and mode, images, LODs, extras. */
export function materialsScene(): Scene {
  const s = createScene({
    sourceFormat: 'test',
    sourceName: 'materials.bin',
    generator: 'retromodel tests',
    copyright: '(c) nobody',
  });
  s.name = 'materials';
  s.extras = {
    gx: { tevStages: [{ colorIn: [1, 2, 3, 15] }, { alphaIn: 'konst' }], fog: null },
    flag: true,
    label: 'ü',
  };
  const mipmapped = rgba(4, 4, 3);
  mipmapped.mipmaps = [
    { width: 2, height: 2, pixels: pixels(2, 2, 4) },
    { width: 1, height: 1, pixels: pixels(1, 1, 5) },
  ];
  s.images = [
    { ...rgba(4, 2, 1), name: 'checker', extras: { bti: { format: 'RGB5A3' } } },
    { kind: 'encoded', name: 'encoded', mimeType: 'image/png', data: encodePng(rgba(3, 5, 2)), width: 3, height: 5 },
    mipmapped,
  ];
  s.samplers = [
    { wrapS: 'REPEAT', wrapT: 'MIRRORED_REPEAT', magFilter: 'NEAREST', minFilter: 'LINEAR_MIPMAP_LINEAR' },
    { wrapS: 'CLAMP_TO_EDGE', wrapT: 'CLAMP_TO_EDGE' },
    { wrapS: 'MIRRORED_REPEAT', wrapT: 'REPEAT', magFilter: 'LINEAR', minFilter: 'NEAREST' },
  ];
  s.textures = [
    { image: 0, sampler: 0, name: 'tex0', extras: { slot: 0 } },
    { image: 1, sampler: 1 },
    { image: 0, sampler: 2, name: 'same image, other sampler' },
    { image: 2, sampler: 0 },
  ];
  s.materials = [
    createMaterial({
      name: 'everything',
      baseColorFactor: [1, 0.5, 0.25, 0.75],
      baseColorTexture: {
        texture: 0,
        texCoord: 0,
        transform: { offset: [0.25, 0], scale: [2, 2], rotation: Math.PI / 4 },
      },
      normalTexture: { texture: 1, texCoord: 1 },
      emissiveTexture: { texture: 2, texCoord: 0, transform: { offset: [0, 0.5], scale: [1, -1], rotation: 0 } },
      emissiveFactor: [1, 0.5, 0],
      metallicFactor: 0.2,
      roughnessFactor: 0.7,
      vertexColors: true,
      alphaMode: 'MASK',
      alphaCutoff: 0.3,
      doubleSided: true,
      extras: { gx: { cullMode: 'none', kColors: [[1, 0, 0, 1]] } },
    }),
    createMaterial({
      name: 'unlit blend, colours ignored',
      unlit: true,
      alphaMode: 'BLEND',
      vertexColors: false,
      baseColorTexture: { texture: 3, texCoord: 1 },
    }),
    createMaterial({ name: 'colours wanted, none present', vertexColors: true, metallicFactor: 1, roughnessFactor: 0 }),
  ];
  const uv = (k: number) => ({ array: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1].map((v) => v * k)), itemSize: 2 });
  s.meshes = [
    {
      name: 'all attributes',
      extras: { objectId: 7 },
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: {
            ...quad(),
            TANGENT: { array: new Float32Array([1, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, -1, 1, 0, 0, -1]), itemSize: 4 },
            TEXCOORD_0: uv(1),
            TEXCOORD_1: uv(2),
            COLOR_0: {
              array: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 40]),
              itemSize: 4,
              normalized: true,
            },
          },
          indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
          material: 0,
          extras: { gxPrimitive: 'GX_QUADS' },
        },
        {
          mode: 'TRIANGLE_STRIP',
          attributes: {
            ...quad(),
            TEXCOORD_0: {
              array: new Uint16Array([0, 0, 65535, 0, 65535, 65535, 0, 65535]),
              itemSize: 2,
              normalized: true,
            },
            TEXCOORD_1: { array: new Uint8Array([0, 0, 255, 0, 255, 255, 0, 255]), itemSize: 2, normalized: true },
            COLOR_0: {
              array: new Uint16Array([65535, 0, 0, 0, 65535, 0, 0, 0, 65535, 1000, 2000, 3000]),
              itemSize: 3,
              normalized: true,
            },
          },
          indices: new Uint32Array([0, 1, 3, 2]),
          material: 1,
        },
        {
          mode: 'TRIANGLE_FAN',
          attributes: {
            ...quad(),
            COLOR_0: { array: new Float32Array([1, 0, 0, 1, 0, 1, 0, 1, 0, 0, 1, 1, 0.5, 0.5, 0.5, 0.5]), itemSize: 4 },
            COLOR_1: { array: new Float32Array([0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1, 0, 0]), itemSize: 3 },
          },
          material: 2,
        },
      ],
    },
    {
      primitives: [
        { mode: 'POINTS', attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 1, 1]), itemSize: 3 } } },
        {
          mode: 'LINES',
          attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 1, 1]), itemSize: 3 } },
          indices: new Uint16Array([1, 0]),
        },
        {
          mode: 'LINE_STRIP',
          attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 1, 1, 2, 0, 0]), itemSize: 3 } },
        },
        {
          mode: 'LINE_LOOP',
          attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 1, 1, 2, 0, 0]), itemSize: 3 } },
          material: 2,
        },
      ],
    },
  ];
  s.nodes = [
    {
      name: 'root',
      translation: [1, 2, 3],
      rotation: quatFromAxisAngle([0, 1, 0], 0.5),
      scale: [2, 2, 2],
      children: [1, 2],
      extras: { kind: 'group' },
    },
    { name: 'lod0', children: [], mesh: 0, translation: [0, 0, -1] },
    { children: [3], scale: [1, -1, 1], mesh: 1 },
    { name: 'leaf', children: [], rotation: quatFromAxisAngle([1, 0, 0], -1) },
    { name: 'lod1', children: [], mesh: 1 },
    { name: 'lod2', children: [], mesh: 1 },
  ];
  s.roots = [0];
  s.lodGroups = [
    { name: 'tree', levels: [1, 4, 5], distances: [0, 10, 50], extras: { source: 'TMD' } },
    { levels: [3] },
  ];
  return s;
}

/** A skinned mesh with two joints and animations with every interpolation on every path. */
export function skinnedScene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  const hip = { translation: [0, 0.5, 0] as [number, number, number] };
  const knee = { translation: [0, 1, 0] as [number, number, number] };
  s.nodes = [
    { name: 'skinned', children: [], mesh: 0, skin: 0 },
    { name: 'hip', children: [2], ...hip },
    { name: 'knee', children: [], ...knee, extras: { boneId: 2 } },
  ];
  s.roots = [0, 1];
  const hipWorld = mat4Compose(hip.translation);
  const kneeWorld = mat4Compose([0, 1.5, 0]);
  s.skins = [
    {
      name: 'skeleton',
      joints: [1, 2],
      inverseBindMatrices: Float32Array.from([...mat4Invert(hipWorld)!, ...mat4Invert(kneeWorld)!]),
      skeleton: 1,
      extras: { rig: 'legs' },
    },
  ];
  const weights = new Float32Array([1, 0, 0, 0, 0.5, 0.5, 0, 0, 0.25, 0.75, 0, 0, 1, 0, 0, 0]);
  s.materials = [createMaterial({ name: 'skin' })];
  s.meshes = [
    {
      name: 'legs',
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: {
            ...quad(),
            JOINTS_0: { array: new Uint8Array([0, 0, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0]), itemSize: 4 },
            WEIGHTS_0: { array: weights, itemSize: 4 },
          },
          indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
          material: 0,
        },
        {
          mode: 'TRIANGLES',
          attributes: {
            ...quad(),
            JOINTS_0: { array: new Uint16Array([1, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 1, 0, 0, 0]), itemSize: 4 },
            WEIGHTS_0: { array: weights.slice(), itemSize: 4 },
          },
          indices: new Uint32Array([2, 1, 0]),
        },
      ],
    },
  ];
  const times = new Float32Array([0, 0.5, 1]);
  const q = (angle: number) => quatFromAxisAngle([0, 0, 1], angle);
  s.animations = [
    {
      name: 'walk',
      extras: { loopMode: 'LOOP', fps: 30 },
      samplers: [
        { input: times, output: new Float32Array([0, 0.5, 0, 0, 0.7, 0, 0, 0.5, 0]), interpolation: 'LINEAR' },
        { input: times.slice(), output: new Float32Array([1, 1, 1, 1.5, 1.5, 1.5, 1, 1, 1]), interpolation: 'STEP' },
        {
          input: times.slice(),
          output: Float32Array.from([
            0,
            0,
            0,
            0,
            ...q(0),
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            ...q(0.5),
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            0,
            ...q(1),
            0,
            0,
            0,
            0,
          ]),
          interpolation: 'CUBICSPLINE',
        },
        { input: new Float32Array([0, 2]), output: Float32Array.from([...q(0), ...q(-1)]), interpolation: 'LINEAR' },
        { input: new Float32Array([0.25, 1.25]), output: new Float32Array([0, 1, 0, 0, 2, 0]), interpolation: 'STEP' },
      ],
      channels: [
        { node: 1, path: 'translation', sampler: 0 },
        { node: 2, path: 'scale', sampler: 1 },
        { node: 2, path: 'rotation', sampler: 2 },
        { node: 1, path: 'rotation', sampler: 3 },
        { node: 2, path: 'translation', sampler: 4 },
      ],
    },
    {
      samplers: [
        {
          input: new Float32Array([0, 1]),
          output: new Float32Array([0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 0, 0, 0, 0]),
          interpolation: 'CUBICSPLINE',
        },
      ],
      channels: [{ node: 1, path: 'translation', sampler: 0 }],
    },
  ];
  return s;
}

/** The smallest scene: one un-indexed triangle, no material, no names. */
export function minimalScene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  s.meshes = [
    {
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: { POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 } },
        },
      ],
    },
  ];
  s.nodes = [{ children: [], mesh: 0 }];
  s.roots = [0];
  return s;
}

/** No geometry at all (no buffer is written). */
export function emptyScene(): Scene {
  return createScene({ sourceFormat: 'test' });
}

/** Only an empty node (no buffer is written). */
export function nodeOnlyScene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  s.nodes = [{ name: 'locator', children: [], translation: [1, 0, 0] }];
  s.roots = [0];
  return s;
}

const linear = (frames: number[], values: number[][]): AnimationSampler => ({
  input: Float32Array.from(frames, (f) => f / FPS),
  output: Float32Array.from(values.flat()),
  interpolation: 'LINEAR',
});

/**
 * Material animations of a scene from elsewhere (as a glTF from Blender has them), for the J3D animation writers:
 * two textured quads under a root, "a" (material "screen") and "b" (material "lamp"), and four clips at 30 fps:
 * "spin" (LINEAR KHR_animation_pointer keys on screen's base colour texture offset, scale and rotation), "pulse"
 * (lamp's base colour and emissive factors), "blink" (STEP scale keys hiding b from frame 5 to 12 and from 20),
 * "bad" (metallic and roughness factors, which no J3D animation holds).
 */
export function materialAnimationScene(): Scene {
  const s = createScene({ sourceFormat: 'test' });
  const quad = (x: number, material: number) => ({
    primitives: [
      {
        mode: 'TRIANGLES' as const,
        attributes: {
          POSITION: { array: new Float32Array([x, 0, 0, x + 1, 0, 0, x + 1, 1, 0, x, 1, 0]), itemSize: 3 as const },
          TEXCOORD_0: { array: new Float32Array([0, 0, 1, 0, 1, 1, 0, 1]), itemSize: 2 as const },
        },
        indices: new Uint16Array([0, 1, 2, 0, 2, 3]),
        material,
      },
    ],
  });
  s.meshes = [quad(0, 0), quad(2, 1)];
  s.nodes = [
    { name: 'root', children: [1, 2], translation: [0, 1, 0] },
    { name: 'a', children: [], mesh: 0 },
    { name: 'b', children: [], mesh: 1 },
  ];
  s.roots = [0];
  s.images = [
    {
      kind: 'rgba8',
      name: 'stripes',
      width: 4,
      height: 4,
      pixels: Uint8Array.from({ length: 64 }, (_, i) => (i % 8 < 4 ? 255 : 40)),
    },
  ];
  s.samplers = [{ wrapS: 'REPEAT', wrapT: 'REPEAT' }];
  s.textures = [{ image: 0, sampler: 0, name: 'stripes' }];
  s.materials = [
    createMaterial({
      name: 'screen',
      baseColorTexture: { texture: 0, texCoord: 0, transform: { offset: [0, 0], scale: [1, 1], rotation: 0 } },
      unlit: true,
    }),
    // Textured, so that the TEV's constant colour is told apart from the base colour (an emissive glTF factor).
    createMaterial({
      name: 'lamp',
      baseColorFactor: [0.8, 0.4, 0.2, 1],
      baseColorTexture: { texture: 0, texCoord: 0 },
      unlit: true,
    }),
  ];
  const frames = [0, 10, 20, 30];
  const spin: Animation = {
    name: 'spin',
    channels: [
      {
        path: 'pointer',
        pointer: materialPointer({ material: 0, slot: 'baseColorTexture', property: 'rotation' }),
        sampler: 0,
      },
      {
        path: 'pointer',
        pointer: materialPointer({ material: 0, slot: 'baseColorTexture', property: 'scale' }),
        sampler: 1,
      },
      {
        path: 'pointer',
        pointer: materialPointer({ material: 0, slot: 'baseColorTexture', property: 'offset' }),
        sampler: 2,
      },
    ],
    samplers: [
      linear(frames, [[0], [0.8], [1.6], [2.4]]),
      linear(frames, [
        [1, 1],
        [2, 1],
        [2, 0.5],
        [1, 1],
      ]),
      linear(frames, [
        [0, 0],
        [0.3, 0],
        [0.3, 0.6],
        [1, 1],
      ]),
    ],
  };
  const pulse: Animation = {
    name: 'pulse',
    channels: [
      { path: 'pointer', pointer: materialPointer({ material: 1, property: 'baseColorFactor' }), sampler: 0 },
      { path: 'pointer', pointer: materialPointer({ material: 1, property: 'emissiveFactor' }), sampler: 1 },
    ],
    samplers: [
      linear(frames, [
        [0.8, 0.4, 0.2, 1],
        [0.1, 0.9, 0.3, 0.5],
        [0.5, 0.5, 0.5, 1],
        [0.8, 0.4, 0.2, 1],
      ]),
      linear(frames, [
        [0, 0, 0],
        [0.4, 0.1, 0],
        [0, 0.3, 0.6],
        [0, 0, 0],
      ]),
    ],
  };
  const blink: Animation = {
    name: 'blink',
    channels: [{ node: 2, path: 'scale', sampler: 0 }],
    samplers: [
      {
        input: Float32Array.from([0, 5, 12, 20], (f) => f / FPS),
        output: Float32Array.from([1, 1, 1, 0, 0, 0, 1, 1, 1, 0, 0, 0]),
        interpolation: 'STEP',
      },
    ],
  };
  const bad: Animation = {
    name: 'bad',
    channels: [
      { path: 'pointer', pointer: materialPointer({ material: 1, property: 'metallicFactor' }), sampler: 0 },
      { path: 'pointer', pointer: materialPointer({ material: 0, property: 'roughnessFactor' }), sampler: 1 },
    ],
    samplers: [linear([0, 10], [[0], [1]]), linear([0, 10], [[1], [0]])],
  };
  s.animations = [spin, pulse, blink, bad];
  return s;
}

/** Every test scene by name. */
export const testScenes: Record<string, () => Scene> = {
  materials: materialsScene,
  skinned: skinnedScene,
  minimal: minimalScene,
  empty: emptyScene,
  nodeOnly: nodeOnlyScene,
};

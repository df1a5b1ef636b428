/*
 * A small GLB that uses what the Tiny3D examples do not: interleaved and quantized vertex data, u8 indices,
 * normalized integer colours and UVs, sparse accessors with and without a bufferView, a zero-filled
 * accessor, a node matrix with a mirroring scale, a node re-parented by a later node and by a scene, two
 * scenes, a camera, a skin naming a joint twice, morph targets, an attribute the scene has no place for, a
 * material reference that names nothing, KHR_texture_transform, KHR_materials_unlit, KHR_animation_pointer,
 * MSFT_lod, an unknown optional extension, occlusion and normal textures, a PNG declared as JPEG, and our own
 * vertexColors marker. The direct reader and the Document path are compared on it and on its mutations.
 */

import { writeGlb } from '../../src/glb-container.js';
import { encodePng } from '../../src/png.js';
import { VERTEX_COLORS_KEY } from '../../src/retromodel-marks.js';

/** The file's JSON (bufferViews and buffers filled in by featureGlb) and BIN bytes. */
export function featureParts(): { json: Record<string, unknown>; bin: Uint8Array } {
  const png = encodePng({ width: 2, height: 2, pixels: new Uint8Array(16).fill(200) });
  const bin = new Uint8Array(412 + png.length + ((4 - (png.length % 4)) % 4));
  const view = new DataView(bin.buffer);
  const f32 = (at: number, values: number[]) => {
    for (const [k, v] of values.entries()) view.setFloat32(at + k * 4, v, true);
  };
  // 0..72: POSITION and NORMAL interleaved (stride 24).
  [
    [0, 0, 0],
    [1, 0, 0],
    [0, 1, 0],
  ].forEach((p, v) => {
    f32(v * 24, p);
    f32(v * 24 + 12, [0, 0, 1]);
  });
  // 72..96: i16 positions, stride 8; the same bytes read as i8 normalized normals.
  [
    [-3, 4, 5],
    [6, 0, 0],
    [0, 7, 0],
  ].forEach((p, v) => {
    p.forEach((c, k) => {
      view.setInt16(72 + v * 8 + k * 2, c, true);
    });
  });
  bin.set([2, 1, 0], 96); // u8 indices
  bin.set([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255], 100); // COLOR_0 u8 normalized
  view.setUint16(112, 1, true); // sparse indices 1, 2
  view.setUint16(114, 2, true);
  f32(116, [9, 9, 9, 8, 8, 8]); // sparse values
  f32(140, [0, 1]); // key times
  f32(148, [0, 0, 0, 1, 0, 0, Math.SQRT1_2, Math.SQRT1_2]); // rotations
  f32(180, [1, 1, 1, 1, 0.5, 0.5, 0.5, 1]); // baseColorFactor keys
  f32(212, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]); // inverse bind matrices
  f32(276, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, -1, 0, 1]);
  bin.set([0, 1, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0], 340); // JOINTS_0
  f32(352, [0.5, 0.5, 0, 0, 1, 0, 0, 0, 0.25, 0.75, 0, 0]); // WEIGHTS_0
  [0, 0, 65535, 0, 0, 65535].forEach((v, k) => {
    view.setUint16(400 + k * 2, v, true); // TEXCOORD_0 u16 normalized
  });
  bin.set(png, 412);
  const views: [number, number, number?][] = [
    [0, 72, 24],
    [72, 24, 8],
    [96, 3],
    [100, 12],
    [112, 4],
    [116, 24],
    [140, 8],
    [148, 32],
    [180, 32],
    [212, 128],
    [340, 12],
    [352, 48],
    [400, 12],
    [412, png.length],
  ];
  const acc = (bufferView: number | undefined, componentType: number, count: number, type: string, more = {}) => ({
    ...(bufferView === undefined ? {} : { bufferView }),
    componentType,
    count,
    type,
    ...more,
  });
  const sparse = { count: 2, indices: { bufferView: 4, componentType: 5123 }, values: { bufferView: 5 } };
  const json = {
    asset: { version: '2.0', generator: 'feature-file' },
    extensionsUsed: [
      'KHR_mesh_quantization',
      'KHR_texture_transform',
      'KHR_materials_unlit',
      'KHR_animation_pointer',
      'MSFT_lod',
      'EXT_not_read',
    ],
    extensionsRequired: ['KHR_mesh_quantization'],
    scene: 0,
    scenes: [
      { name: 'main', nodes: [0, 5, 6], extras: { s: 1 } },
      { name: 'other', nodes: [4, 3] },
    ],
    nodes: [
      { name: 'mirrored', mesh: 0, matrix: [-2, 0, 0, 0, 0, 0, 1, 0, 0, -1, 0, 0, 1, 2, 3, 1], children: [1, 2] },
      { mesh: 1, skin: 0, translation: [0, 1, 0], children: [3] },
      { name: 'root joint', rotation: [0, 0, Math.SQRT1_2, Math.SQRT1_2], children: [3] },
      { name: 'leaf joint', scale: [1, 2, 1] },
      { camera: 0, extras: { a: 1 } },
      { mesh: 0, extensions: { MSFT_lod: { ids: [6], extras: { distances: [10, 20] } } } },
      { mesh: 2 },
    ],
    cameras: [{ type: 'perspective', perspective: { yfov: 1, znear: 0.1 } }],
    skins: [{ joints: [2, 3, 2], inverseBindMatrices: 11, skeleton: 2, name: 'skin' }],
    meshes: [
      {
        name: 'first',
        primitives: [
          {
            attributes: { POSITION: 0, NORMAL: 1, COLOR_0: 4, TEXCOORD_0: 14 },
            indices: 3,
            material: 0,
            targets: [{ POSITION: 7 }],
            extras: { p: 1 },
          },
        ],
      },
      {
        primitives: [{ attributes: { POSITION: 2, NORMAL: 15, JOINTS_0: 12, WEIGHTS_0: 13 }, material: 1, mode: 4 }],
      },
      {
        primitives: [
          { attributes: { POSITION: 5 }, material: 2 },
          { attributes: { POSITION: 6, _CUSTOM: 7 }, material: 99 },
        ],
      },
    ],
    materials: [
      {
        name: 'textured',
        pbrMetallicRoughness: {
          baseColorTexture: {
            index: 0,
            extensions: { KHR_texture_transform: { offset: [0.5, 0], scale: [2, 2], rotation: 0.25 } },
          },
          metallicFactor: 0,
        },
        alphaMode: 'MASK',
        alphaCutoff: 0.3,
        doubleSided: true,
      },
      {
        extensions: { KHR_materials_unlit: {} },
        occlusionTexture: { index: 0 },
        normalTexture: { index: 1, texCoord: 0 },
        emissiveFactor: [1, 0, 0],
      },
      { extras: { [VERTEX_COLORS_KEY]: { vertexColors: true }, other: 1 } },
    ],
    textures: [{ source: 0, sampler: 0 }, { source: 0 }],
    samplers: [{ wrapS: 33071, magFilter: 9728 }],
    images: [{ bufferView: 13, mimeType: 'image/jpeg', name: 'pixels' }],
    animations: [
      {
        name: 'spin',
        samplers: [
          { input: 8, output: 9 },
          { input: 8, output: 10, interpolation: 'STEP' },
        ],
        channels: [
          { sampler: 0, target: { node: 2, path: 'rotation' } },
          {
            sampler: 1,
            target: {
              path: 'pointer',
              extensions: { KHR_animation_pointer: { pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor' } },
            },
          },
          { sampler: 0, target: { node: 0, path: 'weights' } },
        ],
      },
    ],
    accessors: [
      acc(0, 5126, 3, 'VEC3', { min: [0, 0, 0], max: [1, 1, 0] }),
      acc(0, 5126, 3, 'VEC3', { byteOffset: 12 }),
      acc(1, 5122, 3, 'VEC3'),
      acc(2, 5121, 3, 'SCALAR'),
      acc(3, 5121, 3, 'VEC4', { normalized: true }),
      acc(undefined, 5126, 3, 'VEC3', { sparse }),
      acc(0, 5126, 3, 'VEC3', { sparse }),
      acc(undefined, 5126, 3, 'VEC3'),
      acc(6, 5126, 2, 'SCALAR', { min: [0], max: [1] }),
      acc(7, 5126, 2, 'VEC4'),
      acc(8, 5126, 2, 'VEC4'),
      acc(9, 5126, 2, 'MAT4'),
      acc(10, 5121, 3, 'VEC4'),
      acc(11, 5126, 3, 'VEC4'),
      acc(12, 5123, 3, 'VEC2', { normalized: true }),
      acc(1, 5120, 3, 'VEC3', { normalized: true }),
    ],
    bufferViews: views.map(([byteOffset, byteLength, byteStride]) => ({
      buffer: 0,
      byteOffset,
      byteLength,
      ...(byteStride ? { byteStride } : {}),
    })),
    buffers: [{ byteLength: bin.length }],
  };
  return { json, bin };
}

/** The feature file as GLB bytes. */
export function featureGlb(): Uint8Array {
  const { json, bin } = featureParts();
  return writeGlb(JSON.stringify(json), bin);
}

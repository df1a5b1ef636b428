/*
 * Files written by other tools: interleaved vertex data (byteStride), KHR_mesh_quantization's integer
 * positions, u8 indices, sparse accessors, node matrices, textures without a sampler, glTF without our
 * vertexColors marker, morph-weight channels. Expected values are worked out by hand from the bytes below.
 */
import { describe, expect, it } from 'vitest';
import { gltfToScene } from '../src/index.js';

function dataUri(bytes: Uint8Array): string {
  return `data:application/octet-stream;base64,${Buffer.from(bytes).toString('base64')}`;
}

function buildFile() {
  const bin = new Uint8Array(200);
  const view = new DataView(bin.buffer);
  // 0..72: 3 interleaved vertices, POSITION f32×3 then NORMAL f32×3 (stride 24).
  const pos = [0, 0, 0, 2, 0, 0, 0, 2, 0];
  for (let v = 0; v < 3; v++) {
    for (let k = 0; k < 3; k++) view.setFloat32(v * 24 + k * 4, pos[v * 3 + k]!, true);
    view.setFloat32(v * 24 + 12 + 8, 1, true);
  }
  // 72..84: 3 quantized positions, i16×3 each, padded to 4-byte element stride (8 bytes).
  [
    [-3, 4, 5],
    [6, 0, 0],
    [0, 7, 0],
  ].forEach((p, v) => {
    p.forEach((c, k) => {
      view.setInt16(72 + v * 8 + k * 2, c, true);
    });
  });
  // 96..99: u8 indices 2, 1, 0.
  bin.set([2, 1, 0], 96);
  // 100..112: COLOR_0 as u8×4 normalized for 3 vertices.
  bin.set([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255], 100);
  // 112..116: sparse index (u16) 1 -> value at 116..128: f32×3 (9, 9, 9).
  view.setUint16(112, 1, true);
  for (const k of [0, 1, 2]) view.setFloat32(116 + k * 4, 9, true);
  // 128..132: animation key time 0 (f32), 132..136: weight 0.5.
  view.setFloat32(128, 0, true);
  view.setFloat32(132, 0.5, true);
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAAEklEQVR4nGP4z8DwHxkzkC4AAP9rC/Xxi6hLAAAAAElFTkSuQmCC',
    'base64',
  );
  const json = {
    asset: { version: '2.0', generator: 'some other tool' },
    extensionsUsed: ['KHR_mesh_quantization'],
    extensionsRequired: ['KHR_mesh_quantization'],
    scenes: [{ nodes: [0, 1] }],
    nodes: [{ mesh: 0, matrix: [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 5, 6, 7, 1] }, { mesh: 1 }],
    meshes: [
      { primitives: [{ attributes: { POSITION: 0, NORMAL: 1, COLOR_0: 4, TEXCOORD_0: 6 }, indices: 3, material: 0 }] },
      { primitives: [{ attributes: { POSITION: 2 }, material: 1 }, { attributes: { POSITION: 5 } }] },
    ],
    materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }, {}],
    textures: [{ source: 0 }],
    images: [{ uri: `data:image/png;base64,${png.toString('base64')}` }],
    animations: [
      { samplers: [{ input: 7, output: 8 }], channels: [{ sampler: 0, target: { node: 0, path: 'weights' } }] },
    ],
    buffers: [{ byteLength: 200, uri: dataUri(bin) }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 72, byteStride: 24 },
      { buffer: 0, byteOffset: 72, byteLength: 24, byteStride: 8 },
      { buffer: 0, byteOffset: 96, byteLength: 3 },
      { buffer: 0, byteOffset: 100, byteLength: 12 },
      { buffer: 0, byteOffset: 112, byteLength: 2 },
      { buffer: 0, byteOffset: 116, byteLength: 12 },
      { buffer: 0, byteOffset: 128, byteLength: 8 },
    ],
    accessors: [
      { bufferView: 0, byteOffset: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [2, 2, 0] },
      { bufferView: 0, byteOffset: 12, componentType: 5126, count: 3, type: 'VEC3' },
      { bufferView: 1, componentType: 5122, count: 3, type: 'VEC3', min: [-3, 0, 0], max: [6, 7, 5] },
      { bufferView: 2, componentType: 5121, count: 3, type: 'SCALAR' },
      { bufferView: 3, componentType: 5121, normalized: true, count: 3, type: 'VEC4' },
      {
        componentType: 5126,
        count: 3,
        type: 'VEC3',
        min: [0, 0, 0],
        max: [9, 9, 9],
        sparse: { count: 1, indices: { bufferView: 4, componentType: 5123 }, values: { bufferView: 5 } },
      },
      { bufferView: 0, byteOffset: 0, componentType: 5126, count: 3, type: 'VEC2' },
      { bufferView: 6, byteOffset: 0, componentType: 5126, count: 1, type: 'SCALAR', min: [0], max: [0] },
      { bufferView: 6, byteOffset: 4, componentType: 5126, count: 1, type: 'SCALAR' },
    ],
  };
  return new TextEncoder().encode(JSON.stringify(json));
}

describe('gltfToScene on files from other tools', () => {
  it('reads interleaved, quantized, sparse and u8-indexed data into the scene types', async () => {
    const { scene, diagnostics } = await gltfToScene(buildFile(), { fileName: 'other.gltf' });
    const [p0] = scene.meshes[0]!.primitives;
    expect([...p0!.attributes.POSITION.array]).toEqual([0, 0, 0, 2, 0, 0, 0, 2, 0]);
    expect([...p0!.attributes.NORMAL!.array]).toEqual([0, 0, 1, 0, 0, 1, 0, 0, 1]);
    expect(p0!.indices).toEqual(new Uint16Array([2, 1, 0]));
    expect(p0!.attributes.COLOR_0).toEqual({
      array: new Uint8Array([255, 0, 0, 255, 0, 255, 0, 255, 0, 0, 255, 255]),
      itemSize: 4,
      normalized: true,
    });
    const [q, s] = scene.meshes[1]!.primitives;
    expect(q!.attributes.POSITION.array).toEqual(new Float32Array([-3, 4, 5, 6, 0, 0, 0, 7, 0]));
    expect(s!.attributes.POSITION.array).toEqual(new Float32Array([0, 0, 0, 9, 9, 9, 0, 0, 0]));
    expect(scene.nodes[0]!.translation).toEqual([5, 6, 7]);
    expect(scene.nodes[0]!.rotation).toBeUndefined();
    // No marker: material 0 is drawn with COLOR_0, material 1 is not.
    expect(scene.materials.map((m) => m.vertexColors)).toEqual([true, false]);
    // The texture names no sampler: glTF's default (REPEAT, no filters) is appended.
    expect(scene.textures).toEqual([{ image: 0, sampler: 0 }]);
    expect(scene.samplers).toEqual([{ wrapS: 'REPEAT', wrapT: 'REPEAT' }]);
    expect(scene.images[0]).toMatchObject({ kind: 'encoded', mimeType: 'image/png', width: 2, height: 3 });
    expect(scene.animations[0]!.channels).toEqual([]);
    expect(diagnostics.map((d) => d.code)).toContain('gltf/morph-weights-dropped');
    expect(scene.asset).toEqual({ sourceFormat: 'gltf', sourceName: 'other.gltf', generator: 'some other tool' });
  });
});

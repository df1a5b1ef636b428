/*
 * Material animations through KHR_animation_pointer: the JSON as the extension's README spells it (target path
 * "pointer", no node, the pointer in the target's extension object, the extension used but not required, an
 * output accessor of the property's type), 0 Khronos validator errors, and write → read giving the same channels
 * and sampler values; pointers follow materials that optimize renumbers or drops and sanitize copies; pointer
 * channels of other tools' files are kept, turned into node channels, or dropped with a warning with the count.
 */
import { type Animation, createMaterial, createScene, type Scene } from '@retromodel/scene';
import { expectValidGlb, materialsScene } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { gltfToScene, sceneToGlb, sceneToGltf } from '../src/index.js';

const f32 = (values: number[]) => new Float32Array(values);
const BASE = '/materials/0/pbrMetallicRoughness';

/** One channel per width and interpolation on materialsScene's material 0, and a node channel. */
function materialAnimation(): Animation {
  return {
    name: 'material',
    extras: { gx: { duration: 30 } },
    samplers: [
      { input: f32([0, 0.5, 1]), output: f32([1, 0, 0, 1, 0, 1, 0, 0.5, 0.25, 0.5, 1, 1]), interpolation: 'LINEAR' },
      { input: f32([0, 1]), output: f32([0, 0, 0, 1, 0.5, 0.25]), interpolation: 'STEP' },
      {
        input: f32([0, 1]),
        output: f32([0, 0, 0.25, 0.5, 1, -1, 2, 2, 0.75, -0.5, 0, 0]),
        interpolation: 'CUBICSPLINE',
      },
      { input: f32([0, 1]), output: f32([0, Math.PI]), interpolation: 'LINEAR' },
      { input: f32([0, 1]), output: f32([2, 2, 0.5, 4]), interpolation: 'LINEAR' },
      { input: f32([0, 1]), output: f32([0.1, 0.9]), interpolation: 'LINEAR' },
      { input: f32([0, 1]), output: f32([0, 0, 0, 0, 0, 3]), interpolation: 'LINEAR' },
    ],
    channels: [
      { path: 'pointer', pointer: `${BASE}/baseColorFactor`, sampler: 0 },
      { path: 'pointer', pointer: '/materials/0/emissiveFactor', sampler: 1 },
      { path: 'pointer', pointer: `${BASE}/baseColorTexture/extensions/KHR_texture_transform/offset`, sampler: 2 },
      { path: 'pointer', pointer: `${BASE}/baseColorTexture/extensions/KHR_texture_transform/rotation`, sampler: 3 },
      { path: 'pointer', pointer: '/materials/0/emissiveTexture/extensions/KHR_texture_transform/scale', sampler: 4 },
      { path: 'pointer', pointer: `${BASE}/roughnessFactor`, sampler: 5 },
      { node: 3, path: 'translation', sampler: 6 },
    ],
  };
}

function animatedScene(): Scene {
  const s = materialsScene();
  s.animations.push(materialAnimation());
  return s;
}

interface JsonChannel {
  sampler: number;
  target: { node?: number; path: string; extensions?: { KHR_animation_pointer?: { pointer: string } } };
}
interface Json {
  extensionsUsed?: string[];
  extensionsRequired?: string[];
  accessors: { type: string }[];
  animations: { channels: JsonChannel[]; samplers: { output: number }[] }[];
}

function glbJson(bytes: Uint8Array): Json {
  const length = new DataView(bytes.buffer, bytes.byteOffset).getUint32(12, true);
  return JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + length)));
}

const pointersOf = (json: Json, a = 0) =>
  json.animations[a]!.channels.map((c) => c.target.extensions?.KHR_animation_pointer?.pointer);

describe('KHR_animation_pointer: writing', () => {
  it('writes pointer channels as the extension specifies, and the validator finds no error', async () => {
    const { bytes } = await sceneToGlb(animatedScene());
    await expectValidGlb(bytes, 'pointer.glb');
    const json = glbJson(bytes);
    expect(json.extensionsUsed).toContain('KHR_animation_pointer');
    expect(json.extensionsRequired ?? []).not.toContain('KHR_animation_pointer');
    const anim = json.animations[0]!;
    const types = anim.channels.map((c) => json.accessors[anim.samplers[c.sampler]!.output]!.type);
    expect(types).toEqual(['VEC4', 'VEC3', 'VEC2', 'SCALAR', 'VEC2', 'SCALAR', 'VEC3']);
    for (const [k, channel] of anim.channels.entries()) {
      const source = materialAnimation().channels[k]!;
      if (source.path === 'pointer') {
        expect(channel.target).toEqual({
          path: 'pointer',
          extensions: { KHR_animation_pointer: { pointer: source.pointer } },
        });
      } else expect(channel.target).toEqual({ node: 3, path: 'translation' });
    }
  });

  it('reads back the same channels and sampler values (.glb and embedded .gltf)', async () => {
    const want = materialAnimation();
    const { bytes } = await sceneToGlb(animatedScene());
    const { files } = await sceneToGltf(animatedScene(), { baseName: 'pointer', embed: true });
    for (const file of [bytes, files[0]!.bytes]) {
      const { scene, diagnostics } = await gltfToScene(file);
      expect(diagnostics.filter((d) => d.severity !== 'info').map((d) => d.code)).toEqual(['gltf/extension-ignored']);
      const got = scene.animations[0]!;
      expect(got.channels).toEqual(want.channels);
      expect(got.samplers).toEqual(want.samplers);
    }
  });

  it('renumbers pointers with the materials optimize keeps, and drops those on materials it leaves out', async () => {
    const s = createScene({ sourceFormat: 'test' });
    const quad = f32([0, 0, 0, 1, 0, 0, 1, 1, 0]);
    s.materials.push(createMaterial({ name: 'unused' }), createMaterial({ name: 'used' }));
    s.meshes.push({
      primitives: [{ mode: 'TRIANGLES', attributes: { POSITION: { array: quad, itemSize: 3 } }, material: 1 }],
    });
    s.nodes.push({ children: [], mesh: 0 });
    s.roots.push(0);
    s.animations.push({
      channels: [
        { path: 'pointer', pointer: '/materials/0/emissiveFactor', sampler: 0 },
        { path: 'pointer', pointer: '/materials/1/emissiveFactor', sampler: 1 },
      ],
      samplers: [
        { input: f32([0, 1]), output: f32([0, 0, 0, 1, 1, 1]), interpolation: 'LINEAR' },
        { input: f32([0, 1]), output: f32([0, 0, 0, 0.5, 0.25, 0]), interpolation: 'LINEAR' },
      ],
    });
    const { bytes } = await sceneToGlb(s, { optimize: true });
    await expectValidGlb(bytes, 'optimized.glb');
    expect(pointersOf(glbJson(bytes))).toEqual(['/materials/0/emissiveFactor']);
    const back = await gltfToScene(bytes);
    expect(back.scene.materials.map((m) => m.name)).toEqual(['used']);
    expect(back.scene.animations[0]!.samplers[back.scene.animations[0]!.channels[0]!.sampler]!.output).toEqual(
      f32([0, 0, 0, 0.5, 0.25, 0]),
    );
  });

  it('animates the copy sanitize makes of a material as the material, except a slot the copy lacks', async () => {
    const s = animatedScene();
    // The TRIANGLE_FAN primitive (no TEXCOORD_n) drawn with material 0 gets a copy without its texture slots.
    s.meshes[0]!.primitives[2]!.material = 0;
    const { bytes, diagnostics } = await sceneToGlb(s);
    await expectValidGlb(bytes, 'copies.glb');
    expect(diagnostics.map((d) => d.code)).toContain('gltf/texture-without-texcoord');
    const copy = s.materials.length;
    expect(pointersOf(glbJson(bytes)).filter((p) => p?.startsWith(`/materials/${copy}/`))).toEqual([
      `/materials/${copy}/pbrMetallicRoughness/baseColorFactor`,
      `/materials/${copy}/emissiveFactor`,
      `/materials/${copy}/pbrMetallicRoughness/roughnessFactor`,
    ]);
  });
});

/** A glTF from another tool: one material, one node, and pointer channels of every kind. */
function foreignFile(): Uint8Array {
  // Key times, two colours, two translations, two scalars.
  const bin = new Float32Array([0, 1, 1, 0, 0, 1, 0, 1, 0, 1, 0, 1, 2, 3, 4, 5, 0.5, 0.7]);
  const data = Buffer.from(bin.buffer).toString('base64');
  const pointer = (p: string) => ({ path: 'pointer', extensions: { KHR_animation_pointer: { pointer: p } } });
  const json = {
    asset: { version: '2.0', generator: 'another tool' },
    extensionsUsed: ['KHR_animation_pointer'],
    scenes: [{ nodes: [0] }],
    nodes: [{ name: 'n' }],
    materials: [{ pbrMetallicRoughness: {} }],
    cameras: [{ type: 'perspective', perspective: { yfov: 1, znear: 0.1 } }],
    animations: [
      {
        samplers: [
          { input: 0, output: 1 },
          { input: 0, output: 2 },
          { input: 0, output: 3 },
        ],
        channels: [
          { sampler: 0, target: pointer('/materials/0/pbrMetallicRoughness/baseColorFactor') },
          { sampler: 1, target: pointer('/nodes/0/translation') },
          { sampler: 2, target: pointer('/cameras/0/perspective/yfov') },
          { sampler: 2, target: { path: 'pointer' } },
          {
            sampler: 2,
            target: pointer(
              '/materials/0/pbrMetallicRoughness/baseColorTexture/extensions/KHR_texture_transform/rotation',
            ),
          },
        ],
      },
    ],
    buffers: [{ byteLength: 72, uri: `data:application/octet-stream;base64,${data}` }],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 8 },
      { buffer: 0, byteOffset: 8, byteLength: 32 },
      { buffer: 0, byteOffset: 40, byteLength: 24 },
      { buffer: 0, byteOffset: 64, byteLength: 8 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 2, type: 'SCALAR', min: [0], max: [1] },
      { bufferView: 1, componentType: 5126, count: 2, type: 'VEC4' },
      { bufferView: 2, componentType: 5126, count: 2, type: 'VEC3' },
      { bufferView: 3, componentType: 5126, count: 2, type: 'SCALAR' },
    ],
  };
  return new TextEncoder().encode(JSON.stringify(json));
}

describe('KHR_animation_pointer: reading files from other tools', () => {
  it('keeps material pointers, turns node pointers into node channels, drops the rest with their count', async () => {
    const { scene, diagnostics } = await gltfToScene(foreignFile());
    const anim = scene.animations[0]!;
    expect(anim.channels).toEqual([
      { path: 'pointer', pointer: '/materials/0/pbrMetallicRoughness/baseColorFactor', sampler: 0 },
      { node: 0, path: 'translation', sampler: 1 },
    ]);
    expect(anim.samplers[0]!.output).toEqual(f32([1, 0, 0, 1, 0, 1, 0, 1]));
    expect(anim.samplers[1]!.output).toEqual(f32([0, 1, 2, 3, 4, 5]));
    const dropped = diagnostics.filter((d) => d.code === 'gltf/pointer-channels-dropped');
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.severity).toBe('warning');
    expect(dropped[0]!.message).toMatch(/^animation 0: 3 KHR_animation_pointer channel/);
  });
});

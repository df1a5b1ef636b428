/*
 * Structurally broken JSON that a byte fuzzer rarely produces: reference cycles, dangling indices, wrong
 * accessor kinds. Each must end in a ParseError or a valid scene (and never hang).
 */
import { ParseError } from '@retromodel/binary';
import { validateScene } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { gltfToScene } from '../src/index.js';

/** A skinned triangle (data-URI buffer): positions, u16 indices, u8 joints, float weights, one joint. */
function base() {
  const bin = new Uint8Array(36 + 8 + 12 + 48 + 64);
  const view = new DataView(bin.buffer);
  [0, 0, 0, 1, 0, 0, 0, 1, 0].forEach((v, i) => {
    view.setFloat32(i * 4, v, true);
  });
  [0, 1, 2].forEach((v, i) => {
    view.setUint16(36 + i * 2, v, true);
  });
  for (let v = 0; v < 3; v++) view.setFloat32(56 + v * 16, 1, true);
  for (let k = 0; k < 4; k++) view.setFloat32(104 + k * 20, 1, true);
  return {
    asset: { version: '2.0' },
    scenes: [{ nodes: [0, 1] }] as Record<string, unknown>[],
    nodes: [{ mesh: 0, skin: 0 }, { children: [] }] as Record<string, unknown>[],
    skins: [{ joints: [1], inverseBindMatrices: 4 }] as Record<string, unknown>[],
    meshes: [
      {
        primitives: [{ attributes: { POSITION: 0, JOINTS_0: 2, WEIGHTS_0: 3 }, indices: 1 } as Record<string, unknown>],
      },
    ] as Record<string, unknown>[],
    buffers: [
      { byteLength: bin.length, uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}` },
    ],
    bufferViews: [
      { buffer: 0, byteOffset: 0, byteLength: 36 },
      { buffer: 0, byteOffset: 36, byteLength: 6 },
      { buffer: 0, byteOffset: 44, byteLength: 12 },
      { buffer: 0, byteOffset: 56, byteLength: 48 },
      { buffer: 0, byteOffset: 104, byteLength: 64 },
    ],
    accessors: [
      { bufferView: 0, componentType: 5126, count: 3, type: 'VEC3', min: [0, 0, 0], max: [1, 1, 0] },
      { bufferView: 1, componentType: 5123, count: 3, type: 'SCALAR' },
      { bufferView: 2, componentType: 5121, count: 3, type: 'VEC4' },
      { bufferView: 3, componentType: 5126, count: 3, type: 'VEC4' },
      { bufferView: 4, componentType: 5126, count: 1, type: 'MAT4' },
    ] as Record<string, unknown>[],
  };
}

type Json = ReturnType<typeof base>;
const cases: Record<string, (j: Json) => void> = {
  'a node cycle': (j) => {
    j.nodes[1]!.children = [2];
    j.nodes.push({ children: [1] });
  },
  'a node cycle outside the scene': (j) => {
    j.nodes.push({ children: [3] }, { children: [2] });
  },
  'a node that is its own child': (j) => {
    j.nodes[1]!.children = [1];
  },
  'a child index past the end': (j) => {
    j.nodes[1]!.children = [9];
  },
  'a scene root past the end': (j) => {
    j.scenes[0]!.nodes = [0, 5];
  },
  'a mesh index past the end': (j) => {
    j.nodes[0]!.mesh = 3;
  },
  'a skin joint past the end': (j) => {
    j.skins[0]!.joints = [4];
  },
  'a JOINTS_0 value past the skin': (j) => {
    j.skins[0]!.joints = [];
    j.skins[0]!.inverseBindMatrices = undefined;
  },
  'float indices': (j) => {
    j.accessors[1] = { bufferView: 0, componentType: 5126, count: 3, type: 'SCALAR' };
  },
  'POSITION as VEC2': (j) => {
    j.accessors[0]!.type = 'VEC2';
  },
  'an attribute accessor past the end': (j) => {
    (j.meshes[0]!.primitives as Record<string, unknown>[])[0]!.attributes = { POSITION: 12 };
  },
  'a material index past the end': (j) => {
    (j.meshes[0]!.primitives as Record<string, unknown>[])[0]!.material = 2;
  },
  'a mesh without primitives': (j) => {
    j.meshes[0]!.primitives = [];
  },
  'a mesh whose primitives key is misspelt (found by npm run fuzz)': (j) => {
    j.meshes[0] = { primitivet: j.meshes[0]!.primitives };
  },
  'a texture with no image': (j) => {
    Object.assign(j, {
      textures: [{ source: 3 }],
      materials: [{ pbrMetallicRoughness: { baseColorTexture: { index: 0 } } }],
    });
  },
  'a sampler with an unknown wrap mode': (j) => {
    Object.assign(j, {
      samplers: [{ wrapS: 1 }],
      images: [{ uri: 'data:image/png;base64,' }],
      textures: [{ source: 0, sampler: 0 }],
    });
  },
  'an animation channel to a missing node': (j) => {
    Object.assign(j, {
      animations: [
        { samplers: [{ input: 3, output: 3 }], channels: [{ sampler: 0, target: { node: 7, path: 'translation' } }] },
      ],
    });
  },
  'an unknown alpha mode': (j) => {
    Object.assign(j, { materials: [{ alphaMode: 'SOMETIMES' }] });
  },
  'a base colour of two numbers': (j) => {
    Object.assign(j, { materials: [{ pbrMetallicRoughness: { baseColorFactor: [1, 1] } }] });
  },
  'a translation of two numbers': (j) => {
    j.nodes[1]!.translation = [1, 2];
  },
  'an unknown interpolation': (j) => {
    Object.assign(j, {
      animations: [
        {
          samplers: [{ input: 1, output: 0, interpolation: 'BEZIER' }],
          channels: [{ sampler: 0, target: { node: 1, path: 'translation' } }],
        },
      ],
    });
  },
  'extras that are not objects': (j) => {
    j.nodes[1]!.extras = 'text';
  },
};

/** Cases whose only right answer is a ParseError (a scene from them would make an invalid glTF). */
const mustFail = new Set([
  'an unknown alpha mode',
  'a base colour of two numbers',
  'a translation of two numbers',
  'an unknown interpolation',

  'a node cycle outside the scene',
  'a JOINTS_0 value past the skin',
  'float indices',
  'a child index past the end',
  'a mesh index past the end',
  // glTF requires at least one primitive per mesh; writing such a mesh would be invalid.
  'a mesh without primitives',
  'a mesh whose primitives key is misspelt (found by npm run fuzz)',
]);

describe('gltfToScene on structurally broken JSON', () => {
  for (const [name, mutate] of Object.entries(cases)) {
    it(`${name}: ParseError or a valid scene`, async () => {
      const json = base();
      mutate(json);
      try {
        const { scene } = await gltfToScene(new TextEncoder().encode(JSON.stringify(json)));
        expect(mustFail.has(name), 'read without error').toBe(false);
        expect(validateScene(scene).filter((d) => d.severity === 'error')).toEqual([]);
      } catch (e) {
        if (!(e instanceof ParseError)) throw e;
        expect(e.section).toBe('JSON');
      }
    });
  }

  it('the unbroken base reads', async () => {
    const { scene } = await gltfToScene(new TextEncoder().encode(JSON.stringify(base())));
    expect(scene.skins[0]!.joints).toEqual([1]);
  });
});

/*
 * gltfToScene builds the scene straight from the JSON and buffers; before, glTF-Transform read the file into
 * a Document first. That path is kept here as the oracle (document-path/): for every shared .glb/.gltf
 * fixture, the repository's own GLBs, files our writer makes, and a file using what those do not
 * (document-path/feature-file.ts, also as .gltf with external and data-URI resources), both readers give
 * deep-equal scenes and the same diagnostics.
 */
import { readFileSync } from 'node:fs';
import {
  haveFixtures,
  listFixtures,
  materialsScene,
  minimalScene,
  readFixture,
  repoPath,
  skinnedScene,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeGlb } from '../src/glb-container.js';
import { gltfToScene, sceneToGlb } from '../src/index.js';
import { compareReads } from './document-path/compare-reads.js';
import { featureParts } from './document-path/feature-file.js';

const sharedFiles = ['t3dm', 'j3d', 'tmd', 'archives'].flatMap((folder) => listFixtures(folder, /\.(glb|gltf)$/i));

describe('the direct reader against the glTF-Transform Document path', () => {
  it.skipIf(!haveFixtures)(`agrees on the ${sharedFiles.length} shared .glb/.gltf fixtures`, async () => {
    expect(sharedFiles.length).toBeGreaterThanOrEqual(57);
    for (const file of sharedFiles) {
      const { difference, outcome } = await compareReads(readFixture(file), { fileName: file });
      expect(difference, file).toBeUndefined();
      if (!file.includes('failing-inputs')) expect(outcome, file).toBe('scene');
    }
  });

  it("agrees on the repository's own GLBs and on files the writer makes", async () => {
    const files: [string, Uint8Array][] = [
      ['fixtures/cube.glb', new Uint8Array(readFileSync(repoPath('fixtures', 'cube.glb')))],
      [
        'examples/viewer/models/spinning-cube.glb',
        new Uint8Array(readFileSync(repoPath('examples', 'viewer', 'models', 'spinning-cube.glb'))),
      ],
    ];
    for (const [name, scene] of [
      ['materials', materialsScene()],
      ['skinned', skinnedScene()],
      ['minimal', minimalScene()],
    ] as const)
      files.push([`written ${name}`, (await sceneToGlb(scene)).bytes]);
    for (const [name, bytes] of files) {
      const result = await compareReads(bytes);
      expect(result, name).toEqual({ outcome: 'scene' });
    }
  });

  it('agrees on interleaved, quantized, sparse and zero-filled data, matrices, re-parenting and extensions', async () => {
    const { json, bin } = featureParts();
    expect(await compareReads(writeGlb(JSON.stringify(json), bin))).toEqual({ outcome: 'scene' });
  });

  it('agrees with the bytes handed over, whose scene views them, except where it must copy', async () => {
    const { json, bin } = featureParts();
    // A packed accessor with a sparse part (written into a copy, never into the file) and one at an offset its
    // floats cannot be viewed at (copied): a Float32Array must start at a multiple of 4 bytes.
    const sparse = { count: 1, indices: { bufferView: 4, componentType: 5123 }, values: { bufferView: 9 } };
    json.accessors.push(
      { bufferView: 5, componentType: 5126, count: 2, type: 'VEC3', sparse } as (typeof json.accessors)[0],
      { bufferView: 5, componentType: 5126, count: 1, type: 'VEC3', byteOffset: 2 } as (typeof json.accessors)[0],
    );
    const last = json.accessors.length - 1;
    json.meshes.push(
      { primitives: [{ attributes: { POSITION: last - 1 }, mode: 0 }] } as (typeof json.meshes)[0],
      { primitives: [{ attributes: { POSITION: last }, mode: 0 }] } as (typeof json.meshes)[0],
    );
    const bytes = writeGlb(JSON.stringify(json), bin);
    const before = bytes.slice();
    expect(await compareReads(bytes, { bytesHandedOver: true })).toEqual({ outcome: 'scene' });
    const { scene } = await gltfToScene(bytes, { bytesHandedOver: true });
    expect(bytes).toEqual(before);
    const [sparsePositions, oddPositions] = scene.meshes.slice(-2).map((m) => m.primitives[0]!.attributes.POSITION!);
    expect(sparsePositions!.array).toEqual(new Float32Array([9, 9, 9, 1, 0, 0]));
    expect(sparsePositions!.array.buffer).not.toBe(bytes.buffer);
    expect(oddPositions!.array.buffer).not.toBe(bytes.buffer);
    const weights = scene.meshes[1]!.primitives[0]!.attributes.WEIGHTS_0!.array;
    expect(weights.buffer).toBe(bytes.buffer);
    expect((await gltfToScene(bytes)).scene.meshes[1]!.primitives[0]!.attributes.WEIGHTS_0!.array.buffer).not.toBe(
      bytes.buffer,
    );
  });

  // biome-ignore lint/suspicious/noExplicitAny: the edits reach into the JSON freely.
  type Json = Record<string, any>;
  const oddities: [string, (json: Json) => void][] = [
    [
      "a texture index naming the list's length",
      (j) => {
        j.materials[0].pbrMetallicRoughness.baseColorTexture.index = 'length';
      },
    ],
    [
      'the same with a texCoord',
      (j) => {
        Object.assign(j.materials[1].occlusionTexture, { index: 'length', texCoord: 0 });
      },
    ],
    [
      'an empty extension name',
      (j) => {
        j.extensionsUsed.push('', '"quoted"');
      },
    ],
    [
      'indices written as text and lists',
      (j) => {
        j.nodes[0].mesh = '0';
        j.meshes[0].primitives[0].indices = [3];
      },
    ],
    [
      'a child named twice',
      (j) => {
        j.nodes[0].children = [1, 2, 1];
      },
    ],
    [
      'joints as a string of digits',
      (j) => {
        j.skins[0].joints = '23';
      },
    ],
    [
      "an attribute naming the list's length",
      (j) => {
        j.meshes[0].primitives[0].attributes.NORMAL = 'length';
      },
    ],
    [
      'a camera without its object',
      (j) => {
        delete j.cameras[0].perspective;
      },
    ],
    [
      'a matrix of text',
      (j) => {
        j.nodes[0].matrix = '1000010000100001';
      },
    ],
    [
      'falsy extras',
      (j) => {
        j.nodes[4].extras = 0;
        j.textures[0].extras = false;
      },
    ],
    [
      'glTF 2.1',
      (j) => {
        j.asset.version = '2.1';
      },
    ],
    [
      'MSFT_lod required',
      (j) => {
        j.extensionsRequired.push('MSFT_lod');
      },
    ],
  ];
  it.each(oddities)('agrees on the feature file with %s', async (_, edit) => {
    const { json, bin } = featureParts();
    edit(json);
    expect((await compareReads(writeGlb(JSON.stringify(json), bin))).difference).toBeUndefined();
  });

  it('agrees on a .gltf whose buffer is a data URI and whose image is an external file', async () => {
    const { json, bin } = featureParts();
    const views = json.bufferViews as { byteOffset: number; byteLength: number }[];
    const image = views[13]!;
    const png = bin.slice(image.byteOffset, image.byteOffset + image.byteLength);
    const gltf = {
      ...json,
      buffers: [
        {
          byteLength: bin.length,
          uri: `data:application/octet-stream;base64,${Buffer.from(bin).toString('base64')}`,
        },
      ],
      images: [{ uri: 'textures/pixels%20one.png' }],
    };
    const bytes = new TextEncoder().encode(JSON.stringify(gltf));
    const resources = (uri: string) => (uri === 'textures/pixels one.png' ? png : undefined);
    expect(await compareReads(bytes, { resources, fileName: 'feature.gltf' })).toEqual({ outcome: 'scene' });
    // Without the image file both refuse the file.
    expect(await compareReads(bytes)).toEqual({ outcome: 'error' });
  });
});

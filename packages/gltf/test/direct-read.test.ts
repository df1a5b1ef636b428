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
import { sceneToGlb } from '../src/index.js';
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

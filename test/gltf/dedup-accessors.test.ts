/*
 * The writer's own accessor merge (`optimize`) against @gltf-transform/functions' `dedup` for accessors, the
 * library it replaces (a devDependency, kept as the oracle): on real scenes with animations and on a scene
 * built to hold equal and nearly equal accessors in every group, both leave the same glTF, byte for byte.
 */
import { type Document, PropertyType } from '@gltf-transform/core';
import { dedup } from '@gltf-transform/functions';
import { gltfToScene } from '@retromodel/gltf';
import { j3dToScene, readBtk, readJ3d } from '@retromodel/j3d';
import { createScene, type Diagnostic, type Scene } from '@retromodel/scene';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { createIo } from '../../packages/gltf/src/gltf-io.js';
import { dedupAccessors } from '../../packages/gltf/test/document-write/document/dedup-accessors.js';
import { imagesEncoded } from '../../packages/gltf/test/document-write/document/write-materials.js';
import { buildDocument } from '../../packages/gltf/test/document-write/scene-to-document.js';

async function written(scene: Scene, merge: (doc: Document) => Promise<void>) {
  const diagnostics: Diagnostic[] = [];
  const { doc } = buildDocument(scene, diagnostics);
  const before = doc.getRoot().listAccessors().length;
  await merge(doc);
  // The images' PNG bytes arrive asynchronously; both writes must hold them.
  await imagesEncoded(doc);
  const json = await createIo(diagnostics).writeJSON(doc, { format: 0 as never });
  return {
    before,
    after: doc.getRoot().listAccessors().length,
    json: JSON.stringify(json.json),
    resources: json.resources,
  };
}

async function expectSameAsLibrary(scene: Scene): Promise<number> {
  const ours = await written(scene, async (doc) => dedupAccessors(doc));
  const library = await written(scene, async (doc) => {
    await doc.transform(dedup({ propertyTypes: [PropertyType.ACCESSOR] }));
  });
  expect(ours.after).toBe(library.after);
  expect(ours.json).toBe(library.json);
  expect(Object.keys(ours.resources)).toEqual(Object.keys(library.resources));
  for (const [name, bytes] of Object.entries(library.resources)) expect(ours.resources[name]).toEqual(bytes);
  return ours.before - ours.after;
}

/** Two meshes whose attributes, indices and animation key times repeat, next to ones that differ by one value. */
function repeatingScene(): Scene {
  const s = createScene();
  const positions = () => ({ array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0]), itemSize: 3 });
  const nearly = { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 1e-6]), itemSize: 3 };
  const uv = { array: new Float32Array([0, 0, 1, 0, 0, 1]), itemSize: 2 };
  s.meshes = [
    {
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: { POSITION: positions(), TEXCOORD_0: uv },
          indices: new Uint16Array([0, 1, 2]),
        },
      ],
    },
    { primitives: [{ mode: 'TRIANGLES', attributes: { POSITION: positions() }, indices: new Uint16Array([0, 1, 2]) }] },
    { primitives: [{ mode: 'TRIANGLES', attributes: { POSITION: nearly }, indices: new Uint16Array([0, 2, 1]) }] },
  ];
  s.nodes = [0, 1, 2].map((mesh) => ({ children: [], mesh }));
  s.roots = [0, 1, 2];
  const times = () => new Float32Array([0, 0.5, 1]);
  s.animations = [
    {
      name: 'a',
      channels: [0, 1, 2].map((node) => ({ node, path: 'translation' as const, sampler: node })),
      samplers: [0, 1, 2].map((node) => ({
        input: times(),
        output: new Float32Array(node === 2 ? [0, 0, 0, 1, 0, 0, 2, 0, 0] : [0, 0, 0, 0, 1, 0, 0, 2, 0]),
        interpolation: 'LINEAR' as const,
      })),
    },
  ];
  return s;
}

describe('accessor merge', () => {
  it('merges what the library merges on a scene built to repeat itself', async () => {
    expect(await expectSameAsLibrary(repeatingScene())).toBeGreaterThanOrEqual(4);
  });

  it.skipIf(!haveFixtures)('matches the library on a J3D model with its BTK and on Tiny3D examples', async () => {
    const model = j3dToScene(readJ3d(readFixture('j3d/nintendo_mkdd_minigameitembox_bomb.bmd')), {
      textureAnimations: [{ name: 'btk', btk: readBtk(readFixture('j3d/nintendo_mkdd_minigameitembox_bomb.btk')) }],
    }).scene;
    let merged = await expectSameAsLibrary(model);
    for (const glb of listFixtures('t3dm', /\.glb$/).slice(0, 8))
      merged += await expectSameAsLibrary((await gltfToScene(readFixture(glb))).scene);
    expect(merged).toBeGreaterThan(0);
  });
});

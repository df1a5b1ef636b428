/*
 * Round trips: every test scene written as .glb, as .gltf with external files and as embedded .gltf, or
 * taken through glTF-Transform's Document (sceneToDocument → documentToScene), reads back equal (within float
 * tolerance), and every file passes the Khronos validator with 0 errors.
 */
import { documentToScene, gltfToScene, sceneToDocument, sceneToGlb, sceneToGltf } from '@retromodel/gltf';
import type { Scene } from '@retromodel/scene';
import { expectValidGlb, materialsScene, testScenes } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { expectSceneClose, sceneDifferences } from './scene-compare.js';

describe('glTF round trips', () => {
  for (const [name, make] of Object.entries(testScenes)) {
    it(`${name}: .glb reads back equal and validates`, async () => {
      const scene = make();
      const { bytes, diagnostics } = await sceneToGlb(scene);
      expect(diagnostics.filter((d) => d.severity !== 'info')).toEqual([]);
      const report = await expectValidGlb(bytes, `${name}.glb`);
      expect(report.issues.messages.filter((m) => m.severity === 1)).toEqual([]);
      const back = await gltfToScene(bytes);
      expectSceneClose(back.scene, scene);
    });

    it(`${name}: .gltf with external .bin/.png reads back equal and validates`, async () => {
      const scene = make();
      const { files } = await sceneToGltf(scene, { baseName: `my ${name}` });
      const [main, ...rest] = files;
      expect(main!.name).toBe(`my ${name}.gltf`);
      const byName = Object.fromEntries(rest.map((f) => [f.name, f.bytes]));
      // A .bin only when there is binary data (a scene without meshes has none).
      expect(Object.keys(byName).includes(`my ${name}.bin`)).toBe(scene.meshes.length > 0);
      await expectValidGlb(main!.bytes, `my ${name}.gltf`, byName);
      const asked: string[] = [];
      const back = await gltfToScene(main!.bytes, {
        resources: (uri) => {
          asked.push(uri);
          return byName[uri];
        },
      });
      expect(asked.sort()).toEqual(Object.keys(byName).sort());
      expectSceneClose(back.scene, scene);
    });

    it(`${name}: a glTF-Transform Document holds every node, skin joint and channel target, and reads back equal`, async () => {
      const scene = make();
      const { document } = await sceneToDocument(scene);
      const root = document.getRoot();
      const nodes = root.listNodes();
      expect(nodes).toHaveLength(scene.nodes.length);
      root.listSkins().forEach((skin, i) => {
        expect(skin.listJoints().map((j) => nodes.indexOf(j))).toEqual(scene.skins[i]!.joints);
      });
      const targets = root.listAnimations().map((a) => a.listChannels().map((c) => nodes.indexOf(c.getTargetNode()!)));
      const written = scene.animations.map((a) => a.channels.filter((c) => c.path !== 'weights').map((c) => c.node));
      expect(targets).toEqual(written.filter((t) => t.length > 0));
      // A Document has no texture names, samplers of their own per texture or MSFT_lod (the written files
      // have them), and glTF-Transform writes itself as the generator: the hierarchy, geometry,
      // skins and animations must come back.
      const core = (s: Scene): Scene => ({
        ...s,
        asset: {},
        materials: [],
        textures: [],
        images: [],
        samplers: [],
        lodGroups: [],
      });
      expectSceneClose(core((await documentToScene(document)).scene), core(scene));
    });

    it(`${name}: embedded .gltf is one file, reads back equal and validates`, async () => {
      const scene = make();
      const { files } = await sceneToGltf(scene, { baseName: name, embed: true });
      expect(files.map((f) => f.name)).toEqual([`${name}.gltf`]);
      await expectValidGlb(files[0]!.bytes, `${name}.gltf`);
      const back = await gltfToScene(files[0]!.bytes, { resources: () => undefined });
      expectSceneClose(back.scene, scene);
    });
  }

  it('writing is deterministic, and a read scene owns its arrays (no views into the file)', async () => {
    const scene = materialsScene();
    const a = (await sceneToGlb(scene)).bytes;
    const b = (await sceneToGlb(structuredClone(scene))).bytes;
    expect(Buffer.from(a).equals(Buffer.from(b))).toBe(true);
    const back = (await gltfToScene(a)).scene;
    const arrays: ArrayBufferView[] = [];
    const collect = (v: unknown) => {
      if (ArrayBuffer.isView(v)) arrays.push(v);
      else if (v && typeof v === 'object') for (const x of Object.values(v)) collect(x);
    };
    collect(back);
    expect(arrays.length).toBeGreaterThan(20);
    for (const arr of arrays) expect(arr.buffer.byteLength).toBe(arr.byteLength);
  });

  it('the comparison notices a changed value, a changed type and changed pixels', async () => {
    const scene = materialsScene();
    const back = (await gltfToScene((await sceneToGlb(scene)).bytes)).scene;
    expect(sceneDifferences(back, scene)).toEqual([]);
    const moved = structuredClone(back);
    moved.nodes[0]!.translation![1] += 0.01;
    expect(sceneDifferences(moved, scene)).toHaveLength(1);
    const retyped = structuredClone(back);
    const color = retyped.meshes[0]!.primitives[0]!.attributes.COLOR_0!;
    color.array = Float32Array.from(color.array);
    expect(sceneDifferences(retyped, scene)).toHaveLength(1);
    const repainted = structuredClone(scene);
    const image = repainted.images[0]!;
    if (image.kind === 'rgba8') image.pixels[5] = (image.pixels[5]! + 1) & 0xff;
    expect(sceneDifferences(back, repainted)).toHaveLength(1);
  });
});

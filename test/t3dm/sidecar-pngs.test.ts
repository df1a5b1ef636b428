/*
 * The T3DM writer reads from the input's sidecars only the PNGs its fast64 materials name. On every tiny3d
 * example .glb, written through transcode with every PNG of its project's assets/ folder listed as a sidecar:
 * the .t3dm is byte for byte what sceneToT3dm gives when handed all of those PNGs, and each PNG read has the
 * file name of a texture path the written file stores. Over the examples most listed PNGs are not read.
 */
import { posix } from 'node:path';
import { gltfToScene } from '@retromodel/gltf';
import type { SidecarSource } from '@retromodel/scene';
import { readT3dm, sceneToT3dm, stringAt, writeT3dm } from '@retromodel/t3dm/internal';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { transcode } from '@retromodel/transcode';
import { describe, expect, it } from 'vitest';
import { projectTexturesOf, t3dmExamples } from './examples.js';

const baseName = (path: string) => path.slice(path.lastIndexOf('/') + 1);

describe.runIf(haveFixtures)('sidecar PNGs of the T3DM writer', () => {
  it('reads only the PNGs the materials name, and writes what all PNGs would give', async () => {
    let listed = 0;
    let readCount = 0;
    for (const ex of t3dmExamples()) {
      const { textures: pngs, modelFolder } = projectTexturesOf(ex.glb);
      const reads: string[] = [];
      const sidecars: SidecarSource = {
        list: () => [...pngs.keys()],
        read: (name) => {
          reads.push(name);
          return pngs.get(name);
        },
        projectAssets: { assetFolder: posix.relative(modelFolder, ''), modelFolder, assetPath: 'assets' },
      };
      const bytes = readFixture(ex.glb);
      const { files } = await transcode({ bytes, fileName: baseName(ex.glb), sidecars }, { to: 't3dm' });
      const model = baseName(ex.glb).replace(/\.glb$/, '');
      const ours = files.find((f) => f.name === `${model}.t3dm`)!.bytes;
      const { scene } = await gltfToScene(bytes, { fileName: ex.glb });
      const definition = writeT3dm(sceneToT3dm(scene, { baseName: model, textures: pngs, modelFolder }).file);
      expect(Buffer.from(ours).equals(Buffer.from(definition)), ex.id).toBe(true);

      const file = readT3dm(ours);
      const stored = new Set<string>();
      for (const c of file.chunks) {
        if (c.kind !== 'material') continue;
        for (const t of [c.textureA, c.textureB]) {
          const path = stringAt(file.stringTable, t.texPath);
          if (path) stored.add(baseName(path).replace(/\.sprite$/, '.png'));
        }
      }
      for (const name of reads) expect(stored.has(baseName(name)), `${ex.id} read ${name}`).toBe(true);
      listed += pngs.size;
      readCount += reads.length;
    }
    expect(readCount).toBeLessThan(listed / 2);
  }, 120_000);
});

/*
 * sceneToGlb and sceneToGltf write straight from the scene (src/json-write); before, they built a
 * glTF-Transform Document and let its writer make the JSON and buffer. That path is kept as the oracle
 * (document-write/), and both must give the same files byte for byte, and the same diagnostics, in every mode
 * (GLB, .gltf with external files, .gltf with data URIs; each with and without `optimize`) for: every shared
 * J3D model (with joint, colour and texture animations attached), every shared .glb/.gltf read back, the TMD
 * models (every LOD level as MSFT_lod, with animations), the sample scenes and the repository's own GLBs, and
 * a scene made for the writer's corner cases (document-write/quirks-scene.ts).
 */
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { j3dToScene, readBck, readBrk, readBtk, readJ3d } from '@retromodel/j3d';
import type { Scene } from '@retromodel/scene';
import {
  cubeScene,
  emptyScene,
  fixtureSidecars,
  haveFixtures,
  listFixtures,
  materialsScene,
  minimalScene,
  nodeOnlyScene,
  readFixture,
  repoPath,
  skinnedScene,
} from '@retromodel/test-utils';
import { readTkl, readTmd, readTml, tmdToScene } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';
import { gltfToScene, sceneToGlb } from '../src/index.js';
import { compareAllModes } from './document-write/compare-writes.js';
import { quirksScene } from './document-write/quirks-scene.js';

async function expectSameWrites(name: string, scene: Scene): Promise<void> {
  expect(await compareAllModes(scene), name).toEqual([]);
}

describe('the direct writer against the glTF-Transform Document path', () => {
  it('writes the corner-case scene the same (and writes it at all)', async () => {
    const { bytes, diagnostics } = await sceneToGlb(quirksScene(), { optimize: true });
    expect(bytes.length).toBeGreaterThan(0);
    expect(diagnostics.map((d) => d.code)).toContain('gltf/lod-dropped');
    await expectSameWrites('quirks', quirksScene());
  });

  it('writes the sample scenes and the repository GLBs the same', async () => {
    for (const [name, make] of Object.entries({
      cubeScene,
      materialsScene,
      skinnedScene,
      minimalScene,
      emptyScene,
      nodeOnlyScene,
    }))
      await expectSameWrites(name, make());
    for (const path of [
      ['fixtures', 'cube.glb'],
      ['examples', 'viewer', 'models', 'spinning-cube.glb'],
    ]) {
      const { scene } = await gltfToScene(new Uint8Array(readFileSync(repoPath(...path))));
      await expectSameWrites(path.join('/'), scene);
    }
  });

  const j3dModels = listFixtures('j3d', /\.(bmd|bdl)$/i);
  it.skipIf(!haveFixtures)(`writes the ${j3dModels.length} shared J3D models the same`, async () => {
    expect(j3dModels.length).toBeGreaterThanOrEqual(6);
    for (const file of j3dModels) await expectSameWrites(file, j3dToScene(readJ3d(readFixture(file))).scene);
  });

  it.skipIf(!haveFixtures)('writes J3D models with joint, colour and texture animations the same', async () => {
    const bomb = readJ3d(readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.bmd'));
    const { scene } = j3dToScene(bomb, {
      animations: [{ name: 'wait', bck: readBck(readFixture('j3d', 'nintendo_mkdd_mariotree1_wait.bck')) }],
      textureAnimations: [
        { name: 'scroll', btk: readBtk(readFixture('j3d', 'nintendo_mkdd_minigameitembox_bomb.btk')) },
      ],
      colorAnimations: [{ name: 'flash', brk: readBrk(readFixture('j3d', 'nintendo_mkdd_minigame_balloon.brk')) }],
    });
    const paths = new Set(scene.animations.flatMap((a) => a.channels.map((c) => c.path)));
    expect(paths).toContain('pointer');
    await expectSameWrites('bomb with animations', scene);
  });

  const shared = ['t3dm', 'j3d', 'tmd', 'archives'].flatMap((folder) => listFixtures(folder, /\.(glb|gltf)$/i));
  it.skipIf(!haveFixtures)(`writes the ${shared.length} shared .glb/.gltf files, read back, the same`, async () => {
    expect(shared.length).toBeGreaterThanOrEqual(57);
    let written = 0;
    for (const file of shared) {
      const folder = file.split('/').slice(0, -1);
      const read = await gltfToScene(readFixture(file), {
        fileName: basename(file),
        resources: fixtureSidecars(...folder),
      }).catch(() => undefined);
      if (!read) continue;
      await expectSameWrites(file, read.scene);
      written++;
    }
    expect(written).toBeGreaterThanOrEqual(55);
  });

  const tmdModels = listFixtures('tmd', /\.tmd$/i);
  it.skipIf(!haveFixtures)(`writes the ${tmdModels.length} TMD models the same, one LOD and all`, async () => {
    const tkl = readTkl(readFixture('tmd', 'synth.tkl'));
    const tml = readTml(readFixture('tmd', 'synth.tml'));
    for (const file of tmdModels) {
      const tmd = readTmd(readFixture(file));
      for (const lod of [0, 'all'] as const)
        await expectSameWrites(`${file} lod ${lod}`, tmdToScene(tmd, { tkl, tmls: [tml], lod }).scene);
    }
  });
});

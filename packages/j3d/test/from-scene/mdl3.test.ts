/*
 * MDL3 generated from MAT3 and TEX1:
 * - for the three Nintendo-made BDLs, the packets are Nintendo's command for command (subpacket offsets, CP
 *   matrix indices and the u8 draw-mode table too), except where their files hold what MAT3 cannot give, each
 *   difference named and counted: the palette address LOADTLUT0 (the runtime sets it at load; the files keep a
 *   leftover RAM address), the BLENDMODE write mask (TWW's tool 0x1FE7, SMG's 0xFFE7, which this writer uses), the
 *   texture matrices of environment-mapped texgens (the runtime recomputes them every frame; the files keep what
 *   the tool's camera gave), and the order of the odd TEV stage past the stage count, which MAT3 does not have
 *   (the files keep the tool's leftover; this writer: no texture);
 * - sceneToJ3d with kind 'bdl' gives files whose MDL3 agrees with their MAT3 on every field the register views
 *   decode (checkMdl3), for the shared J3D models and the textured Tiny3D examples.
 */
import { decodePng, gltfToScene } from '@retromodel/gltf';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { Mdl3Command } from '../../src/chunks/read-mdl3.js';
import { mdl3FromMat3 } from '../../src/from-scene/mdl3-from-mat3.js';
import { checkMdl3, j3dToScene, readJ3d } from '../../src/index.js';
import { throughJ3d } from './round-trip.js';

const nintendoBdls = [
  'nintendo_smg_BlueStarCupsulePlanet.bdl',
  'nintendo_tww_shms_skinned_C4_C8.bdl',
  'nintendo_tww_swa_skinned.bdl',
  'nintendo_tww_vr_sky_vtxcolor.bdl',
];

const same = (a: Mdl3Command | undefined, b: Mdl3Command | undefined) => JSON.stringify(a) === JSON.stringify(b);

describe.skipIf(!haveFixtures)('MDL3 from MAT3 against Nintendo-made BDLs', () => {
  it('writes Nintendo packets but for the named differences', () => {
    const counts = { paletteAddress: 0, blendMask: 0, environmentMatrix: 0, oddStage: 0 };
    for (const name of nintendoBdls) {
      const file = readJ3d(readFixture('j3d', name));
      const mdl3 = mdl3FromMat3(file.MAT3, file.TEX1);
      expect(mdl3.names).toEqual(file.MDL3!.names);
      file.MDL3!.packets.forEach((theirs, i) => {
        const ours = mdl3.packets[i]!;
        const m = file.MAT3.materials[i]!;
        const where = `${name} material ${i} (${m.name})`;
        expect(ours.subpackets, where).toEqual(theirs.subpackets);
        expect(ours.matrixIndices, where).toEqual(theirs.matrixIndices);
        expect(ours.unknown0, where).toBe(theirs.unknown0);
        expect(ours.commands.length, where).toBe(theirs.commands.length);
        let oddStageAt = -1;
        theirs.commands.forEach((t, k) => {
          const o = ours.commands[k]!;
          if (same(t, o)) return;
          const what = `${where} command ${k}: theirs ${JSON.stringify(t)}, ours ${JSON.stringify(o)}`;
          expect(o.kind, what).toBe(t.kind);
          if (t.kind === 'BP' && t.address === 0x64 && o.address === 0x64) counts.paletteAddress++;
          else if (t.address === 0xfe && t.values[0] === 0x1fe7 && o.values[0] === 0xffe7) {
            expect(theirs.commands[k + 1]?.address, what).toBe(0x41);
            counts.blendMask++;
          } else if (t.kind === 'XF' && t.address >= 0x78 && t.address < 0xf0 && t.address === o.address) {
            const gen = m.texGens.find((g) => g && g.matrix * 4 === t.address)!;
            expect(m.texMatrices[(gen.matrix - 30) / 3]!.mappingMode, what).not.toBe(0);
            expect(o.values.length, what).toBe(t.values.length);
            counts.environmentMatrix++;
          } else if (t.address >= 0x28 && t.address <= 0x2f && t.address === o.address) {
            // TREF: the stage past the count differs, the stage in use is the same.
            const k2 = (t.address - 0x28) * 2 + 1;
            expect(k2, what).toBe(m.tevStageCount);
            expect(m.tevOrders[k2], what).toBeNull();
            expect(t.values[0]! & 0xfff, what).toBe(o.values[0]! & 0xfff);
            oddStageAt = k;
            counts.oddStage++;
          } else {
            // The size writes of that stage: after the first stage's mask and two sizes, its own three commands.
            expect(oddStageAt >= 0 && k > oddStageAt + 3 && k <= oddStageAt + 6, what).toBe(true);
            expect(o.kind, what).toBe('BP');
          }
        });
      });
    }
    expect(counts).toEqual({ paletteAddress: 2, blendMask: 6, environmentMatrix: 7, oddStage: 3 });
  });
});

/** Asserts that a BDL's MDL3 agrees with its MAT3 on every field the register views decode. */
function expectMdl3AgreesWithMat3(file: ReturnType<typeof readJ3d>, what: string): void {
  expect(file.kind).toBe('bdl4');
  expect(file.chunks.map((c) => c.tag)).toEqual([
    'INF1',
    'VTX1',
    'EVP1',
    'DRW1',
    'JNT1',
    'SHP1',
    'MAT3',
    'MDL3',
    'TEX1',
  ]);
  expect(file.MDL3!.packets.length).toBe(file.MAT3.materials.length);
  for (const c of checkMdl3(file)) {
    expect(c.disagreeing, `${what}: ${c.material}`).toEqual([]);
    expect(c.agreeing.length, `${what}: ${c.material}`).toBeGreaterThanOrEqual(30);
  }
}

describe.skipIf(!haveFixtures)('sceneToJ3d writing BDL', () => {
  it.each(listFixtures('j3d', /\.(bmd|bdl)$/))('%s as a BDL: MDL3 agrees with MAT3', (path) => {
    const { read } = throughJ3d(j3dToScene(readJ3d(readFixture(path))).scene, { kind: 'bdl' });
    expectMdl3AgreesWithMat3(read, path);
  });

  it('the textured Tiny3D examples as BDLs: MDL3 agrees with MAT3', async () => {
    const paths = listFixtures('t3dm', /\.glb$/).filter((p) =>
      /(24_hdr_bloom\/assets\/scene|01_model\/assets\/model|envSphere)\.glb$/.test(p),
    );
    expect(paths).toHaveLength(3);
    for (const path of paths) {
      const { scene } = await gltfToScene(readFixture(path));
      const { read } = throughJ3d(scene, { kind: 'bdl', decodeImage: decodePng });
      expectMdl3AgreesWithMat3(read, path);
    }
  });
});

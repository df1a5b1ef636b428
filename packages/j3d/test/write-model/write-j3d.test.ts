/*
 * writeJ3d is the mirror of readJ3d: every shared BMD/BDL rewrites byte for byte; with every stored layout dropped
 * (what a new or edited model has) the file is laid out afresh and reads back to the same model; a BDL written as a
 * BMD loses only its MDL3.
 */
import { createHash } from 'node:crypto';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { type J3dFile, j3dToScene, readJ3d, writeJ3d } from '../../src/index.js';
import { describeDifference } from '../write-materials/chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

/** The file with no stored layout anywhere: what the writers must lay out on their own. */
function withoutLayouts(file: J3dFile): J3dFile {
  const drop = <T extends object>(chunk: T): T => ({ ...chunk, layout: undefined });
  return {
    ...file,
    INF1: drop(file.INF1),
    VTX1: drop(file.VTX1),
    EVP1: drop(file.EVP1),
    DRW1: drop(file.DRW1),
    JNT1: drop(file.JNT1),
    SHP1: {
      ...drop(file.SHP1),
      shapes: file.SHP1.shapes.map((s) => ({
        ...s,
        packets: s.packets.map((p) => ({ ...p, displayList: undefined })),
      })),
    },
    MAT3: drop(file.MAT3),
    TEX1: drop(file.TEX1),
    ...(file.MDL3 ? { MDL3: drop(file.MDL3) } : {}),
  };
}

/** What a model is, without where its parts were stored, as JSON (typed arrays as digests of their bytes). */
function modelOf(file: J3dFile): string {
  const { scene } = j3dToScene(file);
  const model = {
    nodes: scene.nodes,
    skins: scene.skins,
    materials: scene.materials,
    images: scene.images,
    meshes: scene.meshes.map((m) => m.primitives.map((p) => ({ attributes: p.attributes, indices: p.indices }))),
  };
  return JSON.stringify(model, (_, v) =>
    ArrayBuffer.isView(v)
      ? createHash('sha256')
          .update(new Uint8Array(v.buffer, v.byteOffset, v.byteLength))
          .digest('hex')
      : v,
  );
}

describe.skipIf(!haveFixtures)('writeJ3d', () => {
  it('finds the seven shared models', () => {
    expect(models.length).toBe(7);
  });
  for (const name of models) {
    it(`${name} rewrites byte for byte`, () => {
      const bytes = readFixture('j3d', name);
      expect(describeDifference(writeJ3d(readJ3d(bytes)), bytes)).toBe('');
    });

    it(`${name} laid out afresh reads back to the same model`, () => {
      const file = readJ3d(readFixture('j3d', name));
      const written = writeJ3d(withoutLayouts(file));
      expect(written.length % 0x20).toBe(0);
      const back = readJ3d(written);
      expect(back.diagnostics.filter((d) => d.severity !== 'info')).toEqual(
        file.diagnostics.filter((d) => d.severity !== 'info' && d.code !== 'j3d/file-size'),
      );
      expect(modelOf(back)).toEqual(modelOf(file));
    });
  }

  it('a BDL written as a BMD keeps everything but MDL3', () => {
    const file = readJ3d(readFixture('j3d', 'nintendo_tww_vr_sky_vtxcolor.bdl'));
    const bmd = readJ3d(writeJ3d({ ...file, kind: 'bmd3' }));
    expect(bmd.kind).toBe('bmd3');
    expect(bmd.MDL3).toBeUndefined();
    expect(bmd.chunks.map((c) => c.tag)).toEqual(['INF1', 'VTX1', 'EVP1', 'DRW1', 'JNT1', 'SHP1', 'MAT3', 'TEX1']);
    expect(modelOf(bmd)).toEqual(modelOf(file));
  });
});

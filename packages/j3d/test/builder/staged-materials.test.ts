/*
 * The builder's staged materials (BuilderMaterial.stages, which the bench's stage map is made of) as two readers
 * see them: noclip's BMD.parse (shared/tools/peers/noclip-j3d, an independent reader) and readJ3d must read the
 * same stage count, stage inputs, texture map of each stage, TEX1 indices and konst colours, and those must be
 * the description's; j3dToScene then makes a valid scene of them.
 */
import { validateScene } from '@retromodel/scene';
import { type BuilderMaterial, buildBmd, buildStageMapBmd } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dToScene, readJ3d } from '../../src/internal.js';
import { haveNoclip, noclipBundle } from '../anim-write/noclip-anim.js';

const stagedMaterials: BuilderMaterial[] = [
  { name: 'one_texture', stages: { count: 3, textures: [0], konst: [10, 20, 30, 40] } },
  { name: 'three_textures', vertexColors: true, stages: { count: 5, textures: [1, 2, 0], konst: [200, 100, 50, 255] } },
  { name: 'untextured', stages: { count: 2, textures: [], konst: [1, 2, 3, 4] } },
];

function stagedModel(): Uint8Array {
  const texture = (name: string, value: number) => ({
    name,
    format: 1,
    width: 8,
    height: 4,
    data: new Uint8Array(32).fill(value),
  });
  return buildBmd({
    joints: [{ name: 'root', parent: -1 }],
    drawMatrices: [{ joint: 0 }],
    textures: [texture('a', 10), texture('b', 120), texture('c', 250)],
    materials: stagedMaterials,
    shapes: stagedMaterials.map((_, material) => ({
      material,
      uvSets: 1,
      packets: [
        {
          matrices: [0],
          primitives: [
            {
              type: 'TRIANGLES' as const,
              vertices: [
                { position: [0, 0, material], uv: [[0, 0]] },
                { position: [1, 0, material], uv: [[1, 0]] },
                { position: [0, 1, material], uv: [[0, 1]] },
              ],
            },
          ],
        },
      ],
    })),
  });
}

describe('staged builder materials', () => {
  it('read as described', () => {
    const file = readJ3d(stagedModel());
    stagedMaterials.forEach((d, i) => {
      const m = file.MAT3.materials[i]!;
      const st = d.stages!;
      expect(m.tevStageCount).toBe(st.count);
      expect(m.textures.slice(0, st.textures.length)).toEqual(st.textures);
      expect(m.konstColors[0]).toEqual(st.konst);
      for (let s = 0; s < st.count; s++)
        expect(m.tevOrders[s]!.texMap, `${d.name} stage ${s}`).toBe(s < st.textures.length ? s : 0xff);
    });
  });

  it.skipIf(!haveNoclip)('read alike by noclip', async () => {
    const nc = await import(noclipBundle);
    for (const bytes of [stagedModel(), buildStageMapBmd()]) {
      const ours = readJ3d(bytes);
      const theirs = nc.BMD.parse(new nc.ArrayBufferSlice(bytes.slice().buffer));
      const entries = theirs.mat3.materialEntries;
      expect(entries.length).toBe(ours.MAT3.materials.length);
      ours.MAT3.materials.forEach((m, i) => {
        const n = entries[i];
        expect(n.gxMaterial.tevStages.length, m.name).toBe(m.tevStageCount);
        n.gxMaterial.tevStages.forEach((s: Record<string, number>, k: number) => {
          const stage = m.tevStages[k]!;
          const where = `${m.name} stage ${k}`;
          expect([s.colorInA, s.colorInB, s.colorInC, s.colorInD], where).toEqual(stage.colorIn);
          expect([s.alphaInA, s.alphaInB, s.alphaInC, s.alphaInD], where).toEqual(stage.alphaIn);
          expect(s.colorScale, where).toBe(stage.colorScale);
          expect(s.texMap, where).toBe(m.tevOrders[k]!.texMap);
        });
        const used = n.textureIndexes.filter((t: number) => t >= 0);
        expect(used, m.name).toEqual(m.textures.slice(0, used.length));
        const k0 = n.colorConstants[0];
        expect(
          [k0.r, k0.g, k0.b, k0.a].map((v: number) => Math.round(v * 255)),
          m.name,
        ).toEqual(m.konstColors[0]);
      });
    }
  });

  it('convert to a valid scene', () => {
    const { scene } = j3dToScene(readJ3d(stagedModel()));
    expect(validateScene(scene).filter((d) => d.severity === 'error')).toEqual([]);
    expect(scene.materials.length).toBe(stagedMaterials.length);
  });
});

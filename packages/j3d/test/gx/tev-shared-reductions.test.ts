/*
 * Reductions shared between the materials of a model (tev-sharing.ts): each material's reduction with a shared
 * list of evaluations must be the one reduceTev makes for it alone, on every shared model's materials and on
 * random TEV set-ups, names, texgens and texture means.
 */
import { haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { GxMaterial, GxTevStage } from '../../src/gx/material-types.js';
import { reduceTev, type SharedEvaluation } from '../../src/gx/tev/reduce-tev.js';
import { readJ3d } from '../../src/index.js';
import { gxMaterial, tevStage } from '../tev/gx-material.js';

type Mean = readonly number[] | undefined;

/** Each material reduced with shared evaluations, and alone; also how many reductions were kept. */
function reduceBoth(materials: GxMaterial[], bake: boolean, meanOf: (gx: GxMaterial, texMap: number) => Mean) {
  const evaluations: SharedEvaluation[] = [];
  const shared = materials.map((gx) =>
    reduceTev(gx, { bake, evaluations, textureMean: (texMap) => meanOf(gx, texMap) }),
  );
  const alone = materials.map((gx) => reduceTev(gx, { bake, textureMean: (texMap) => meanOf(gx, texMap) }));
  const kept = evaluations.reduce((n, e) => n + e.reductions.length, 0);
  return { shared, alone, kept };
}

describe.skipIf(!haveFixtures)('shared reductions on the shared models', () => {
  // A texture's mean from its TEX1 index, as the scene's would be: materials showing one texture get one mean.
  const meanOf = (gx: GxMaterial, texMap: number): Mean => {
    const tex1 = gx.textures[texMap];
    return tex1 === null || tex1 === undefined ? undefined : [(tex1 % 7) / 7, (tex1 % 3) / 3, 0.5, (tex1 % 5) / 5];
  };
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/))
    it(path, () => {
      const materials = readJ3d(readFixture(path)).MAT3.materials;
      for (const bake of [false, true]) {
        const { shared, alone } = reduceBoth(materials, bake, meanOf);
        expect(shared).toEqual(alone);
      }
    });
});

describe('shared reductions on random TEV set-ups', () => {
  const rnd = seededRandom(41);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(list: readonly T[]) => list[int(list.length)]!;
  const randomStage = (): GxTevStage =>
    tevStage({
      colorIn: [int(16), int(16), int(16), int(16)],
      alphaIn: [int(8), int(8), int(8), int(8)],
      colorOp: pick([0, 0, 0, 1, 8, 14]),
      colorScale: int(4),
      colorBias: int(3),
      colorClamp: rnd() < 0.7,
      alphaScale: int(4),
      alphaClamp: rnd() < 0.7,
      colorRegister: pick([0, 0, 1]),
    });
  /** A TEV state: stages, their orders (up to three texture maps, two texgens), lighting on or off. */
  const randomState = () => {
    const stages = Array.from({ length: 1 + int(3) }, randomStage);
    const tevOrders = stages.map(() => ({
      texMap: pick([0, 1, 2, 0xff]),
      texCoord: pick([0, 1]),
      channel: pick([4, 4, 5, 0xff]),
    }));
    const lit = rnd() < 0.3;
    const control = (on: boolean) => ({
      lightingEnabled: on,
      materialSource: int(2),
      lightMask: 1,
      diffuseFunction: 1,
      attenuationFunction: pick([1, 2, 0]),
      ambientSource: int(2),
    });
    return { stages, tevOrders, channelControls: [control(lit), control(false), null, null] };
  };
  // Texgen sources: TEX0 (4), TEX1 (5), or COLOR0 (19: a lighting ramp).
  const randomTexGens = () => [0, 1].map(() => ({ type: 1, source: pick([4, 4, 5, 19]), matrix: 60 }));
  const means: Mean[] = [[0.2, 0.4, 0.6, 1], [0.9, 0.1, 0.5, 0.25], [0.5, 0.5, 0.5, 0.5], undefined];

  it('each material reduces as alone, with sharing happening', () => {
    let materialsSeen = 0;
    let keptSeen = 0;
    for (let round = 0; round < 150; round++) {
      // A few states, each drawn by several materials that differ in name, texgens and textures.
      const states = Array.from({ length: 1 + int(3) }, randomState);
      const materials = Array.from({ length: 2 + int(8) }, (_, i) => {
        const state = pick(states);
        return gxMaterial(state.stages, {
          name: `m${round}.${i}`,
          tevOrders: state.tevOrders,
          channelControls: state.channelControls,
          texGens:
            rnd() < 0.5
              ? [
                  { type: 1, source: 4, matrix: 60 },
                  { type: 1, source: 5, matrix: 60 },
                ]
              : randomTexGens(),
          textures: [int(3), int(3), int(3), null, null, null, null, null],
        });
      });
      // A texture's mean by its TEX1 index, or by chance per material.
      const byTexture = rnd() < 0.7;
      const perMaterial = new Map(materials.map((gx) => [gx, [pick(means), pick(means), pick(means)]]));
      const meanOf = (gx: GxMaterial, texMap: number): Mean =>
        byTexture ? means[gx.textures[texMap] ?? 3] : perMaterial.get(gx)![texMap];
      const { shared, alone, kept } = reduceBoth(materials, rnd() < 0.5, meanOf);
      expect(shared).toEqual(alone);
      materialsSeen += materials.length;
      keptSeen += kept;
    }
    // Not every material made its own reduction: some were reused.
    expect(keptSeen).toBeLessThan(materialsSeen * 0.8);
  });

  it('a shared reduction is given to each material with lists of its own', () => {
    const stage = tevStage({ colorIn: [15, 8, 14, 15], alphaIn: [7, 4, 6, 7] });
    const evaluations: SharedEvaluation[] = [];
    const a = reduceTev(gxMaterial([stage], { name: 'a' }), { evaluations });
    const b = reduceTev(gxMaterial([stage], { name: 'b' }), { evaluations });
    expect(evaluations[0]!.reductions).toHaveLength(1);
    expect(b.baseColorFactor).toEqual(a.baseColorFactor);
    expect(b.baseColorFactor).not.toBe(a.baseColorFactor);
    expect(b.diagnostics.every((d) => d.message.startsWith('material "b"'))).toBe(true);
  });
});

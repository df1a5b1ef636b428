/*
 * j3dToScene's conversions share TEV evaluations and reductions one after another (keptEvaluations): a model's
 * materials, textures and messages come out the same whatever was converted before it, in either order, and as a
 * list that held nothing gives them.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { keptEvaluations } from '../../src/gx/tev/reduce-tev.js';
import { j3dToScene, readJ3d } from '../../src/index.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((path) => path.split('/').pop()!);

/** What a model's materials decide: the materials, the textures' names and sizes, and the messages. */
function materialsOf(name: string): unknown {
  const { scene, diagnostics } = j3dToScene(readJ3d(readFixture('j3d', name)));
  return {
    materials: scene.materials,
    textures: scene.textures.map((t) => ({ name: t.name, width: t.image.width, height: t.image.height })),
    diagnostics,
  };
}

describe.skipIf(!haveFixtures)('TEV evaluations kept from one conversion to the next', () => {
  it('give each model the same materials whatever came before it', () => {
    const alone = models.map((name) => {
      keptEvaluations.length = 0;
      return materialsOf(name);
    });
    keptEvaluations.length = 0;
    const forward = models.map(materialsOf);
    expect(keptEvaluations.length).toBeGreaterThan(0);
    const backward = [...models].reverse().map(materialsOf).reverse();
    models.forEach((name, i) => {
      expect(forward[i], name).toEqual(alone[i]);
      expect(backward[i], name).toEqual(alone[i]);
    });
  });
});

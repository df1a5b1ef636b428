/*
 * The shared synthetic TMD models (read with tmdToScene, TKL and TML beside them) through sceneToJ3d and back:
 * the same skinned triangles in the bind pose and the same joint world matrices.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { readTkl, readTmd, readTml, tmdToScene } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';
import { expectSameModel, jointDifference, throughJ3d } from './round-trip.js';

const models = listFixtures('tmd', /\.tmd$/);

describe.skipIf(!haveFixtures)('sceneToJ3d on the TMD fixtures', () => {
  it.each(models)('%s', (path) => {
    const tkl = readTkl(readFixture('tmd', 'synth.tkl'));
    const tml = readTml(readFixture('tmd', 'synth.tml'));
    const { scene } = tmdToScene(readTmd(readFixture(path)), { tkl, tmls: [{ name: 'synth.tml', file: tml }] });
    const { read, back } = throughJ3d(scene);
    expectSameModel(scene, back, read);
    expect(jointDifference(scene, back).compared).toBeGreaterThan(2);
  });
});

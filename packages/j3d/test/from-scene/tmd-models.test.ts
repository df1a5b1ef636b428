/*
 * The shared synthetic TMD models (read with tmdToScene, TKL and TML beside them) through sceneToJ3d and back:
 * the same skinned triangles in the bind pose and the same joint world matrices, as a BMD and as a BDL (MDL3
 * agreeing with MAT3); their TKL animations as BCKs over the written joints play as the scene does at every frame.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { readTkl, readTmd, readTml, tmdToScene } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';
import { checkMdl3 } from '../../src/index.js';
import { expectAnimationsAsBck } from './animation-check.js';
import { expectSameModel, jointDifference, throughJ3d } from './round-trip.js';

const models = listFixtures('tmd', /\.tmd$/);

describe.skipIf(!haveFixtures)('sceneToJ3d on the TMD fixtures', () => {
  it.each(models.flatMap((p) => [[p, 'bmd'] as const, [p, 'bdl'] as const]))('%s as %s', (path, kind) => {
    const tkl = readTkl(readFixture('tmd', 'synth.tkl'));
    const tml = readTml(readFixture('tmd', 'synth.tml'));
    const { scene } = tmdToScene(readTmd(readFixture(path)), { tkl, tmls: [{ name: 'synth.tml', file: tml }] });
    const { read, back, jointNodes } = throughJ3d(scene, { kind });
    expectSameModel(scene, back, read);
    expect(jointDifference(scene, back).compared).toBeGreaterThan(2);
    if (kind === 'bdl') expect(checkMdl3(read).flatMap((c) => c.disagreeing)).toEqual([]);
    else expect(expectAnimationsAsBck(scene, jointNodes, path)).toBeGreaterThan(0);
  });
});

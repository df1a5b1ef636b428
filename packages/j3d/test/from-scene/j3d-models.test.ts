/*
 * The seven shared BMD/BDL models through j3dToScene → sceneToJ3d → writeJ3d → readJ3d → j3dToScene: the same
 * triangles in the bind pose and the same joint world matrices as the original's scene.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dToScene, readJ3d } from '../../src/index.js';
import { expectSameModel, jointDifference, throughJ3d } from './round-trip.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/);

describe.skipIf(!haveFixtures)('sceneToJ3d on scenes read from J3D', () => {
  it('finds the seven shared models', () => {
    expect(models.length).toBe(7);
  });

  it.each(models)('%s keeps its triangles and joints', (path) => {
    const original = readJ3d(readFixture(path));
    const { scene } = j3dToScene(original);
    const { read, back } = throughJ3d(scene);
    expectSameModel(scene, back, read);
    expect(read.JNT1.joints.map((j) => j.name)).toEqual(original.JNT1.joints.map((j) => j.name));
    expect(jointDifference(scene, back).compared).toBe(original.JNT1.joints.length);
    expect(read.INF1.matrixCalc).toBe(original.INF1.matrixCalc);
  });
});

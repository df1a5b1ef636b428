/*
 * The seven shared BMD/BDL models through j3dToScene → sceneToJ3d → writeJ3d → readJ3d → j3dToScene: the same
 * triangles in the bind pose and the same joint world matrices as the original's scene, and the same JNT1 values
 * (names, kinds, scale compensation, scales, s16 rotations, translations). Joint bounds follow Nintendo's rule
 * (a joint covers the shapes it draws): in the Nintendo models whose joints place their own shapes, the radii
 * are Nintendo's within 0.1 %; in the skinned ones the joints that draw the skin have a radius and the bones none,
 * as Nintendo's have (their stored boxes come from another pose than the bind pose and are not compared).
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { type J3dJoint, j3dToScene, readJ3d } from '../../src/index.js';
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
    // (−0 and +0 count as the same value.)
    const zero = (v: number[]) => v.map((x) => x + 0);
    const values = (j: J3dJoint) => [
      j.name,
      j.kind,
      j.scaleCompensate,
      zero(j.scale),
      j.rotationRaw,
      zero(j.translation),
    ];
    expect(read.JNT1.joints.map(values)).toEqual(original.JNT1.joints.map(values));
    if (!path.includes('nintendo')) return;
    read.JNT1.joints.forEach((j, i) => {
      const theirs = original.JNT1.joints[i]!.boundingRadius;
      if (/skinned/.test(path)) expect(j.boundingRadius > 0, j.name).toBe(theirs > 0);
      else expect(Math.abs(j.boundingRadius - theirs), j.name).toBeLessThanOrEqual(1e-3 * Math.max(1, theirs));
    });
  });
});

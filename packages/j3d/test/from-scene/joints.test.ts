/*
 * Joints: Euler angles from a rotation give the rotation back (X first, then Y, then Z, gimbal lock included);
 * every INF1 matrix calculation (Basic, SoftImage, Maya) reproduces the scene's joint world matrices for
 * hierarchies with uniform scales, where all three can; with non-uniform scales SoftImage cannot, which is
 * reported, and the vertices stay where they were all the same.
 */
import { createMaterial, createScene, mat4Compose, quatFromEuler, type Scene, type Vec3 } from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { eulerOfRotation } from '../../src/from-scene/joints-from-scene.js';
import { expectSameModel, jointDifference, throughJ3d } from './round-trip.js';

/** A chain of `count` joints, each with a cube-ish triangle pair, rotated and scaled by `scale(k)`. */
function chainScene(rnd: () => number, count: number, scale: (k: number) => Vec3): Scene {
  const s = createScene();
  s.materials = [createMaterial()];
  s.meshes = [
    {
      primitives: [
        {
          mode: 'TRIANGLES',
          attributes: {
            POSITION: { array: new Float32Array([0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1]), itemSize: 3 },
          },
          indices: new Uint16Array([0, 1, 2, 0, 2, 3, 0, 3, 1]),
          material: 0,
        },
      ],
    },
  ];
  for (let k = 0; k < count; k++) {
    const r = () => (rnd() - 0.5) * 6;
    s.nodes.push({
      name: `j${k}`,
      translation: [rnd() * 3, rnd() * 3, rnd() * 3],
      rotation: quatFromEuler(r(), r(), r()),
      scale: scale(k),
      mesh: 0,
      children: k + 1 < count ? [k + 1] : [],
    });
  }
  s.roots = [0];
  return s;
}

describe('sceneToJ3d joints', () => {
  it('turns rotations into X-then-Y-then-Z Euler angles that give them back', () => {
    const rnd = seededRandom(0xe1);
    const angles: Vec3[] = Array.from({ length: 300 }, () => [
      (rnd() - 0.5) * 2 * Math.PI,
      (rnd() - 0.5) * Math.PI,
      (rnd() - 0.5) * 2 * Math.PI,
    ]);
    angles.push([0.3, Math.PI / 2, -1.1], [2, -Math.PI / 2, 0.5], [0, 0, 0], [Math.PI, 0, Math.PI]);
    for (const a of angles) {
      const m = mat4Compose([0, 0, 0], quatFromEuler(...a), [1, 1, 1]);
      const back = mat4Compose([0, 0, 0], quatFromEuler(...eulerOfRotation(m)), [1, 1, 1]);
      for (let k = 0; k < 16; k++) expect(Math.abs(back[k]! - m[k]!), JSON.stringify(a)).toBeLessThan(1e-7);
    }
  });

  it.each(['Basic', 'SoftImage', 'Maya'] as const)('%s keeps joint worlds of uniformly scaled chains', (calc) => {
    const rnd = seededRandom(calc.length);
    for (let n = 0; n < 10; n++) {
      const scene = chainScene(rnd, 6, () => {
        const u = 0.5 + rnd() * 2;
        return [u, u, u];
      });
      const { read, back, diagnostics } = throughJ3d(scene, { matrixCalc: calc });
      expect(read.INF1.matrixCalc).toBe(calc);
      expect(diagnostics.filter((d) => d.code === 'j3d/joint-shear')).toEqual([]);
      expectSameModel(scene, back, read);
      expect(jointDifference(scene, back).compared).toBe(6);
    }
  });

  it('reports what SoftImage cannot hold and keeps the vertices', () => {
    const rnd = seededRandom(5);
    const scene = chainScene(rnd, 5, () => [0.5 + rnd(), 0.5 + rnd() * 2, 0.5 + rnd()]);
    const { back, read, diagnostics } = throughJ3d(scene, { matrixCalc: 'SoftImage' });
    expect(diagnostics.some((d) => d.code === 'j3d/joint-shear')).toBe(true);
    // The joints differ, but every vertex is bound against the joints as written: the triangles are the same.
    const basic = throughJ3d(scene);
    expectSameModel(scene, basic.back, basic.read);
    expect(back.meshes.length).toBe(1);
    expect(read.SHP1.shapes.length).toBe(5);
  });
});

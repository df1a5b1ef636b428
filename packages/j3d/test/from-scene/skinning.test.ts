/*
 * Weighted skinning: a ribbon over a bent 14-joint chain whose skin binds it straight (inverse binds that are
 * not the inverses of the rest pose), vertices on one joint (rigid), between two, on three, and one vertex on
 * four far-apart joints; a second mesh skinned to the same joints with other inverse binds. Checked against the scene's
 * own skinning (skinPositions) with the file evaluated by the runtime's rules (j3d-pose.ts): the rest pose, and
 * a new pose set on both (glTF semantics: Σ w · jointWorld · IBM). Also the GX limits: ≤ 10 matrices a packet,
 * PNMTXIDX within the packet's table, DRW1 rigid entries first and the envelopes listed twice.
 */
import { quatFromEuler, type Vec3 } from '@retromodel/scene';
import { describe, expect, it } from 'vitest';
import { primitiveColumns } from '../primitive-columns.js';
import { type JointPose, posedTriangles, poseJoints } from './j3d-pose.js';
import { ribbonScene, step } from './ribbon-scene.js';
import { expectSameModel, throughJ3d } from './round-trip.js';
import { matchTriangles, worldTriangles } from './scene-compare.js';

describe('sceneToJ3d skinning', () => {
  it('keeps the rest pose of two skins over one skeleton with different inverse binds', () => {
    const scene = ribbonScene(true, false);
    const { read, back } = throughJ3d(scene);
    expectSameModel(scene, back, read);
    const evaluated = posedTriangles(read, poseJoints(read));
    expect(matchTriangles(worldTriangles(scene), evaluated, 1e-5)).toMatchObject({ unmatchedA: 0, unmatchedB: 0 });
  });

  it('deforms like the glTF skin in a new pose, four-joint envelope included', () => {
    const scene = ribbonScene(false, true);
    const { read } = throughJ3d(scene);
    const wide = read.EVP1.envelopes.find((e) => e.joints.length === 4);
    expect(wide?.weights).toEqual([0.25, 0.25, 0.25, 0.25]);
    const rest = posedTriangles(read, poseJoints(read));
    expect(matchTriangles(worldTriangles(scene), rest, 1e-5)).toMatchObject({ unmatchedA: 0, unmatchedB: 0 });
    // A new pose: joint k bent by another grid angle about Z and twisted about X, on both sides.
    const pose = new Map<number, JointPose>();
    read.JNT1.joints.forEach((j, i) => {
      const k = Number(j.name.replace('bone', ''));
      if (!j.name.startsWith('bone') || k === 0) return;
      const r: Vec3 = [(300 * k - 2000) * step, 0, (-900 + 211 * k) * step];
      pose.set(i, { rotation: r, translation: j.translation, scale: j.scale });
      scene.nodes[2 + k]!.rotation = quatFromEuler(r[0], r[1], r[2]);
    });
    const posed = posedTriangles(read, poseJoints(read, pose));
    expect(matchTriangles(worldTriangles(scene), posed, 1e-5)).toMatchObject({ unmatchedA: 0, unmatchedB: 0 });
  });

  it('splits a shape over more than 10 draw matrices into packets within the GX limits', () => {
    const { read } = throughJ3d(ribbonScene(true, true));
    const rigid = read.DRW1.entries.filter((e) => !e.weighted).length;
    const envelopes = read.EVP1.envelopes.length;
    expect(read.DRW1.entries.length).toBe(rigid + 2 * envelopes);
    expect(read.DRW1.entries.slice(0, rigid).every((e) => !e.weighted)).toBe(true);
    expect(read.DRW1.entries.slice(rigid, rigid + envelopes).map((e) => e.index)).toEqual(
      read.DRW1.entries.slice(rigid + envelopes).map((e) => e.index),
    );
    expect(read.EVP1.inverseBindCount).toBe(read.JNT1.joints.length);
    for (const env of read.EVP1.envelopes) expect(env.weights.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 6);
    let packets = 0;
    for (const shape of read.SHP1.shapes) {
      expect(shape.matrixType).toBe('Multi');
      for (const p of shape.packets) {
        packets++;
        expect(p.matrixTable.length).toBeLessThanOrEqual(10);
        expect(p.matrixTable.every((m) => m < rigid + envelopes)).toBe(true);
        for (const prim of primitiveColumns(p, shape.vertexLayout)) {
          const pn = prim.columns.find((c) => c.attr === 0)!.indices!;
          expect(Math.max(...pn)).toBeLessThan(p.matrixTable.length * 3);
          expect(pn.every((v) => v % 3 === 0)).toBe(true);
        }
      }
    }
    expect(packets).toBeGreaterThan(2);
    expect(read.INF1.mtxGroupCount).toBe(packets);
  });
});

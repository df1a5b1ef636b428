/*
 * Shared steps of the sceneToJ3d tests: a scene through J3D and back, and the checks every converted model gets
 * (the same bind-pose triangles within the position quantisation step, the same world matrix for every uniquely
 * named joint node).
 */
import type { Scene } from '@retromodel/scene';
import { expect } from 'vitest';
import { type SceneToJ3dOptions, sceneToJ3d } from '../../src/from-scene/scene-to-j3d.js';
import { j3dToScene, readJ3d, writeJ3d } from '../../src/index.js';
import { extent, matchTriangles, matrixDifference, namedWorlds, worldTriangles } from './scene-compare.js';

/** Converts a scene to J3D bytes and reads them back into a file model and a scene. */
export function throughJ3d(scene: Scene, options: SceneToJ3dOptions = {}) {
  const { file, diagnostics, jointNodes } = sceneToJ3d(scene, options);
  const bytes = writeJ3d(file);
  const read = readJ3d(bytes);
  return { file, bytes, read, back: j3dToScene(read).scene, diagnostics, jointNodes };
}

/** The tolerance for positions stored in this file's POS format (its fixed-point step, or f32 rounding). */
export function positionTolerance(file: ReturnType<typeof readJ3d>, triangles: Float64Array): number {
  const f = file.VTX1.arrays.POS?.format;
  const step = f && f.compType !== 4 ? 2 ** -f.frac : 0;
  return Math.max(step, 2 ** -18 * Math.max(1, extent(triangles)));
}

/** Every uniquely named joint node of `back` (a node without a mesh) against the node of that name in `source`. */
export function jointDifference(source: Scene, back: Scene): { compared: number; worst: number } {
  const before = namedWorlds(source);
  const after = namedWorlds(back);
  let compared = 0;
  let worst = 0;
  for (const [name, w] of after) {
    const node = back.nodes.find((n) => n.name === name)!;
    const original = before.get(name);
    if (node.mesh !== undefined || !original) continue;
    compared++;
    worst = Math.max(worst, matrixDifference(w, original));
  }
  return { compared, worst };
}

/** Asserts that `back` draws the triangles of `source` and places its joints where `source` does. */
export function expectSameModel(source: Scene, back: Scene, read: ReturnType<typeof readJ3d>): void {
  const before = worldTriangles(source);
  const after = worldTriangles(back);
  const tolerance = positionTolerance(read, before);
  const match = matchTriangles(before, after, tolerance);
  expect(match, `triangles within ${tolerance}`).toMatchObject({ unmatchedA: 0, unmatchedB: 0 });
  expect(after.length).toBe(before.length);
  expect(jointDifference(source, back).worst).toBeLessThanOrEqual(1e-4);
}

/*
 * Primitive kinds and small scenes through sceneToJ3d → writeJ3d → readJ3d → j3dToScene: strips and fans come
 * back as the same triangles; lines, line strips and loops as the same segments; points as the same points; a
 * shape drawn by one joint is matrix type Mtx, and a billboard primitive (extras.gx.billboard, as j3dToScene
 * marks one) stays a billboard. The shared test scenes (test-utils) convert to files that read back.
 */
import { createScene, type Primitive, type Scene } from '@retromodel/scene';
import { testScenes } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { expectSameModel, throughJ3d } from './round-trip.js';

const positions = new Float32Array([0, 0, 0, 1, 0, 0, 1, 1, 0, 0, 1, 0, 0.5, 2, 0, 2, 2, 1]);

function sceneOf(primitives: Primitive[]): Scene {
  const s = createScene();
  s.meshes = [{ primitives }];
  s.nodes = [{ name: 'n', mesh: 0, children: [], translation: [1, 2, 3] }];
  s.roots = [0];
  return s;
}

/** The segments (or points) a scene's LINES (POINTS) primitives draw, as sorted position strings. */
function drawn(scene: Scene, mode: 'LINES' | 'POINTS'): string[] {
  const out: string[] = [];
  for (const p of scene.meshes.flatMap((m) => m.primitives)) {
    if (p.mode !== mode) continue;
    const a = p.attributes.POSITION.array;
    const at = (i: number) => Array.from(a.subarray(i * 3, i * 3 + 3), (v) => v.toFixed(4)).join(',');
    const idx = p.indices ?? Array.from({ length: a.length / 3 }, (_, i) => i);
    const per = mode === 'LINES' ? 2 : 1;
    for (let i = 0; i + per <= idx.length; i += per)
      out.push(
        Array.from({ length: per }, (_, k) => at(idx[i + k]!))
          .sort()
          .join(' '),
      );
  }
  return out.sort();
}

describe('sceneToJ3d primitive kinds', () => {
  it.each(['TRIANGLE_STRIP', 'TRIANGLE_FAN', 'TRIANGLES'] as const)('%s', (mode) => {
    const scene = sceneOf([{ mode, attributes: { POSITION: { array: positions, itemSize: 3 } } }]);
    const { read, back } = throughJ3d(scene);
    expectSameModel(scene, back, read);
    expect(read.SHP1.shapes[0]!.matrixType).toBe('Mtx');
  });

  it('lines, line strips, line loops and points', () => {
    const attributes = { POSITION: { array: positions, itemSize: 3 } };
    const lines = sceneOf([
      { mode: 'LINES', attributes },
      { mode: 'LINE_STRIP', attributes, indices: new Uint16Array([0, 1, 2, 3]) },
      { mode: 'LINE_LOOP', attributes, indices: new Uint16Array([3, 4, 5]) },
      { mode: 'POINTS', attributes },
    ]);
    const { back } = throughJ3d(lines);
    // The same segments once the node's translation is applied (the reader puts vertices in model space).
    const moved = sceneOf(
      lines.meshes[0]!.primitives.map((p) => ({
        ...p,
        attributes: { POSITION: { array: positions.map((v, i) => v + [1, 2, 3][i % 3]!), itemSize: 3 } },
      })),
    );
    const expected = (mode: 'LINES' | 'POINTS') => {
      if (mode === 'POINTS') return drawn(moved, 'POINTS');
      const segments: string[] = [];
      const at = (i: number) =>
        Array.from(moved.meshes[0]!.primitives[0]!.attributes.POSITION.array.subarray(i * 3, i * 3 + 3), (v) =>
          v.toFixed(4),
        ).join(',');
      for (const [a, b] of [
        [0, 1],
        [2, 3],
        [4, 5],
        [0, 1],
        [1, 2],
        [2, 3],
        [3, 4],
        [4, 5],
        [5, 3],
      ])
        segments.push([at(a!), at(b!)].sort().join(' '));
      return segments.sort();
    };
    expect(drawn(back, 'LINES')).toEqual(expected('LINES'));
    expect(drawn(back, 'POINTS')).toEqual(expected('POINTS'));
  });

  it('keeps a billboard', () => {
    const scene = sceneOf([
      {
        mode: 'TRIANGLES',
        attributes: { POSITION: { array: positions, itemSize: 3 } },
        extras: { gx: { billboard: 'YBBoard' } },
      },
    ]);
    const { read, back } = throughJ3d(scene);
    expect(read.SHP1.shapes[0]!.matrixType).toBe('YBBoard');
    expect(back.meshes[0]!.primitives[0]!.extras).toEqual({ gx: { billboard: 'YBBoard' } });
  });

  it.each(Object.keys(testScenes))('the shared test scene %s', (name) => {
    const scene = testScenes[name]!();
    const { read, back } = throughJ3d(scene);
    expectSameModel(scene, back, read);
  });
});

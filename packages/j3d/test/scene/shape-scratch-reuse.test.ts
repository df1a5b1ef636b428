/*
 * j3dToScene hands its shape scratch (shape-scratch.ts) from one call to the next: a model's meshes come out the
 * same whatever was converted before it, and once a call is done nothing of its model stays reachable through the
 * scratch kept for the next one.
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import type { Scene } from '@retromodel/scene';
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { j3dToScene, readJ3d } from '../../src/index.js';

const hex = (a: ArrayBufferView) => Buffer.from(a.buffer, a.byteOffset, a.byteLength).toString('hex');

/** Every primitive's mode, material, index and attribute bytes. */
function meshBytes(scene: Scene): unknown {
  return scene.meshes.map((m) =>
    m.primitives.map((p) => ({
      mode: p.mode,
      material: p.material,
      indices: p.indices ? hex(p.indices) : undefined,
      attributes: Object.fromEntries(Object.entries(p.attributes).map(([k, a]) => [k, a && hex(a.array)])),
    })),
  );
}

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((path) => path.split('/').pop()!);

describe.skipIf(!haveFixtures)('the shape scratch carried from call to call', () => {
  it('gives each model the same meshes whatever came before it', () => {
    const forward = models.map((name) => meshBytes(j3dToScene(readJ3d(readFixture('j3d', name))).scene));
    const backward = [...models]
      .reverse()
      .map((name) => meshBytes(j3dToScene(readJ3d(readFixture('j3d', name))).scene));
    backward.reverse();
    models.forEach((name, i) => {
      expect(backward[i], name).toEqual(forward[i]);
    });
  });

  it('keeps nothing of the last model alive', async () => {
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    const refs: WeakRef<object>[] = [];
    (() => {
      const file = readJ3d(readFixture('j3d', models[0]!));
      const { scene } = j3dToScene(file);
      expect(scene.meshes[0]?.primitives.length).toBeGreaterThan(0);
      // The arrays and draw-matrix lists a scratch records point into.
      const held = [file, file.VTX1.arrays.POS!.data, file.SHP1.shapes[0]!.packets[0]!.indices];
      for (const o of held) refs.push(new WeakRef(o));
    })();
    // WeakRefs read in a job stay alive until it ends.
    await new Promise((resolve) => setTimeout(resolve, 0));
    gc();
    expect(refs.map((r) => r.deref() === undefined)).toEqual(refs.map(() => true));
  });
});

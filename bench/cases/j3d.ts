/*
 * J3D model conversion speed for every shared BMD/BDL: readJ3d alone, j3dToScene alone (over the read file, with
 * readJ3d as its baseline: the floor is a ratio of at most 3), read + j3dToScene, and the whole way to
 * GLB; plus the project's own sample BMD. Fixture cases are skipped when the
 * shared fixtures are absent.
 */
import { sceneToGlb } from '@retromodel/gltf';
import { j3dToScene, readJ3d } from '@retromodel/j3d';
import { buildSampleBmd, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

function modelCases(name: string, bytes: Uint8Array): BenchCase[] {
  const iterations = bytes.length > 1_000_000 ? 3 : 9;
  const file = readJ3d(bytes);
  return [
    { group: 'j3d', name: `read ${name}`, bytesIn: bytes.length, iterations, run: () => readJ3d(bytes) },
    {
      group: 'j3d',
      name: `scene ${name}`,
      bytesIn: bytes.length,
      iterations,
      run: () => j3dToScene(file),
      baseline: { name: 'readJ3d', run: () => readJ3d(bytes) },
    },
    {
      group: 'j3d',
      name: `read+scene ${name}`,
      bytesIn: bytes.length,
      iterations,
      run: () => j3dToScene(readJ3d(bytes)),
    },
    {
      group: 'j3d',
      name: `read+scene+glb ${name}`,
      bytesIn: bytes.length,
      iterations,
      run: () => sceneToGlb(j3dToScene(readJ3d(bytes)).scene),
    },
  ];
}

/** The J3D bench cases. */
export function cases(): BenchCase[] {
  const out: BenchCase[] = [];
  if (haveFixtures) {
    for (const path of listFixtures('j3d', /\.(bmd|bdl)$/))
      out.push(...modelCases(path.split('/').pop()!, readFixture(path)));
  }
  out.push(...modelCases('sample.bmd (builder)', buildSampleBmd()));
  return out;
}

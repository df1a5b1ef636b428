/*
 * J3D model conversion speed for every shared BMD/BDL, the project's sample BMD and two big models made by the
 * builders as users' big files are (a 1.4 MB stage map, a skinned character of many envelopes and packets):
 * readJ3d alone against noclip's BMD.parse on the same bytes (the peer in ../shared/tools/peers/noclip-j3d;
 * without it, alone), j3dToScene alone (over the read file, against readJ3d: the floor is a ratio of at most
 * 3), read + j3dToScene, and the whole way to GLB. The first two are timed by whole turns, so the garbage each
 * one leaves is collected, and counted, in its own time (the `GC` share says how much). readJ3d decodes every
 * chunk before it returns (nothing is left to decode later), as BMD.parse does; noclip's parse goes further in
 * one respect, turning display lists into vertex buffers, and leaves MDL3 unread. Fixture cases are skipped
 * when the shared fixtures are absent.
 */
import { existsSync } from 'node:fs';
import { sceneToGlb } from '@retromodel/gltf';
import { j3dToScene, readJ3d } from '@retromodel/j3d';
import {
  buildBigMapBmd,
  buildSampleBmd,
  buildSkinnedCharacterBmd,
  fixture,
  haveFixtures,
  listFixtures,
  readFixture,
} from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

/** noclip's parse of a BMD/BDL, when the peer is there. */
type NoclipParse = (bytes: Uint8Array) => unknown;

async function loadNoclip(): Promise<NoclipParse | undefined> {
  const path = fixture('..', 'tools', 'peers', 'noclip-j3d', 'noclip-j3d.bundle.mjs');
  if (!existsSync(path)) {
    console.error('  j3d: noclip peer absent (../shared/tools/peers/noclip-j3d): readJ3d rows have no baseline');
    return undefined;
  }
  const nc = (await import(path)) as {
    BMD: { parse(slice: unknown): unknown };
    ArrayBufferSlice: new (buffer: ArrayBuffer) => unknown;
  };
  // noclip reads from an ArrayBufferSlice over an ArrayBuffer of its own, as its loader hands it a fetched file.
  return (bytes) =>
    nc.BMD.parse(new nc.ArrayBufferSlice(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength)));
}

function modelCases(name: string, bytes: Uint8Array, noclip: NoclipParse | undefined): BenchCase[] {
  const iterations = bytes.length > 1_000_000 ? 3 : 9;
  const file = readJ3d(bytes);
  return [
    {
      group: 'j3d',
      name: `read ${name}`,
      bytesIn: bytes.length,
      iterations,
      perTurn: true,
      run: () => readJ3d(bytes),
      ...(noclip ? { baseline: { name: 'noclip BMD.parse', run: () => noclip(bytes) } } : {}),
    },
    {
      group: 'j3d',
      name: `scene ${name}`,
      bytesIn: bytes.length,
      iterations,
      perTurn: true,
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
export async function cases(): Promise<BenchCase[]> {
  const noclip = await loadNoclip();
  const out: BenchCase[] = [];
  if (haveFixtures) {
    for (const path of listFixtures('j3d', /\.(bmd|bdl)$/))
      out.push(...modelCases(path.split('/').pop()!, readFixture(path), noclip));
  }
  out.push(...modelCases('sample.bmd (builder)', buildSampleBmd(), noclip));
  out.push(...modelCases('big map (builder)', buildBigMapBmd(), noclip));
  out.push(...modelCases('skinned character (builder)', buildSkinnedCharacterBmd(), noclip));
  return out;
}

/*
 * TMD conversion speed: the largest shared TMD (synth_repack_bigstrip.tmd, 241 KB, 5120 skinned vertices,
 * 9728 triangles) read alone, read + tmdToScene (with the shared TKL/TML), and the whole way to GLB; its
 * rewrite (writeTmd of the read file) and its scene written back as TMD (sceneToTmd + writers); the built
 * sample (DXT5 texture) to GLB; and the BC1/BC3 decoders and encoders on a 512×512 image (Mpixel/s).
 * The fixture cases are skipped when the shared fixtures are absent.
 */
import { sceneToGlb } from '@retromodel/gltf';
import { adapterRead, buildSampleTmd, haveFixtures, readFixture } from '@retromodel/test-utils';
import { decodeBc, encodeBc } from '@retromodel/texture';
import {
  readTkl,
  readTmd,
  readTml,
  sceneToTmd,
  tmdAdapter,
  tmdToScene,
  writeTkl,
  writeTmd,
  writeTml,
} from '@retromodel/tmd';
import type { BenchCase } from '../harness.js';

const SIZE = 512;

function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = seed >>> 0;
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

function fixtureCases(): BenchCase[] {
  if (!haveFixtures) return [];
  const name = 'synth_repack_bigstrip.tmd';
  const bytes = readFixture('tmd', name);
  const tkl = readTkl(readFixture('tmd', 'synth.tkl'));
  const tmls = [readTml(readFixture('tmd', 'synth.tml'))];
  const toScene = () => tmdToScene(readTmd(bytes), { tkl, tmls }).scene;
  return [
    { group: 'tmd', name: `read ${name}`, bytesIn: bytes.length, run: () => readTmd(bytes) },
    { group: 'tmd', name: `read+scene ${name}`, bytesIn: bytes.length, run: toScene },
    { group: 'tmd', name: `read+scene+glb ${name}`, bytesIn: bytes.length, run: () => sceneToGlb(toScene()) },
    { group: 'tmd', name: `rewrite ${name}`, bytesIn: bytes.length, run: () => writeTmd(readTmd(bytes)) },
    {
      group: 'tmd',
      name: `scene of ${name} to TMD+TKL+TML`,
      bytesIn: bytes.length,
      run: () => {
        const { files } = sceneToTmd(toScene(), { name: 'bench' });
        return [writeTmd(files.tmd), writeTkl(files.tkl), writeTml(files.tml)];
      },
    },
  ];
}

/** The TMD bench cases. */
export function cases(): BenchCase[] {
  const sample = buildSampleTmd();
  const source = { list: () => Object.keys(sample), read: (n: string) => sample[n] };
  const sampleBytes = sample['sample.tmd']!;
  const bc = (['bc1', 'bc3'] as const).map((format): BenchCase => {
    const data = randomBytes((SIZE / 4) * (SIZE / 4) * (format === 'bc1' ? 8 : 16), 7);
    return {
      group: 'tmd',
      name: `decode ${format.toUpperCase()} ${SIZE}×${SIZE}`,
      bytesIn: data.length,
      unit: 'Mpx',
      units: (SIZE * SIZE) / 1e6,
      run: () => decodeBc(format, data, SIZE, SIZE),
    };
  });
  const gradient = new Uint8Array(SIZE * SIZE * 4);
  for (let i = 0; i < SIZE * SIZE; i++) gradient.set([i % SIZE, (i / SIZE) % 256, (i * 7) % 256, i % 251], i * 4);
  const encode = (['bc1', 'bc3'] as const).map(
    (format): BenchCase => ({
      group: 'tmd',
      name: `encode ${format.toUpperCase()} ${SIZE}×${SIZE}`,
      bytesIn: gradient.length,
      unit: 'Mpx',
      units: (SIZE * SIZE) / 1e6,
      run: () => encodeBc(format, gradient, SIZE, SIZE),
    }),
  );
  return [
    ...fixtureCases(),
    {
      group: 'tmd',
      name: 'sample.tmd (+tkl, tml with DXT5) to GLB via tmdAdapter',
      bytesIn: sampleBytes.length,
      run: async () => sceneToGlb((await adapterRead(tmdAdapter, sampleBytes, { sidecars: source, lod: 'all' })).scene),
    },
    ...bc,
    ...encode,
  ];
}

/*
 * J3D model conversion speed for every shared BMD/BDL (the j3d fixtures, and those inside the shared archives), the
 * project's sample BMD and three big models made by the builders as users' big files are (a 1.3 MB stage map, a
 * skinned character of many envelopes and packets, a stage map of 120 materials of 3 to 8 TEV stages over one to
 * four textures each, whose texture means the material reductions need): readJ3d alone against noclip's BMD.parse on
 * the same bytes (the peer in ../shared/tools/peers/noclip-j3d; without it, alone), j3dToScene alone (over the read
 * file, against readJ3d: the floor is a ratio of at most 3), read + j3dToScene, and the whole way to GLB (models in
 * archives: readJ3d against noclip only). readJ3d and its baseline are timed by whole turns, alternating, after a
 * warm-up, so the garbage each one leaves is collected, and counted, in its own time (the `GC` share says how much;
 * the spread is that of readJ3d's turns). noclip's slice over its own copy of the file is made once, outside the
 * timing, as its loader hands it a fetched buffer. What readJ3d leaves for later, and who does it: MAT3's value
 * tables, indirect records and resolved materials are built on their first read (readJ3d checks every index), which
 * every conversion does and noclip's parse does itself, so the `read` rows read them (readAsConverted) and the
 * `scene` rows, over a file whose materials are built, do not count them twice; TEX1's images are decoded by
 * j3dToScene (noclip's parse leaves them too), so the `scene` rows count them; MDL3's packets (each one's commands
 * and register state) and MAT3's layout (its table counts under the maker's padding text) are built when first read,
 * which j3dToScene and the GLB writer never do (`info`'s MDL3 check and writing the file back do), after readJ3d has
 * walked every command for errors; noclip's parse leaves MDL3 unread, and goes further than readJ3d in one respect,
 * turning display lists into vertex buffers. The GLB rows convert the same bytes turn after turn, so from the second
 * turn on the PNG encodings and level-0 pixels kept by their bytes (KeptByBytes) spare the deflate and the decode,
 * as for a batch of models sharing textures; a model met first pays them. Likewise the `scene` rows' materials find
 * their TEV evaluations and reductions kept by the call before (keptEvaluations), as the models of a batch sharing
 * TEV set-ups do. Fixture cases are skipped when the shared fixtures are absent.
 */
import { existsSync } from 'node:fs';
import { archiveFiles, openArchive } from '@retromodel/archive';
import { ParseError } from '@retromodel/binary';
import { sceneToGlb } from '@retromodel/gltf';
import { j3dToScene, readJ3d } from '@retromodel/j3d';
import {
  buildBigMapBmd,
  buildSampleBmd,
  buildSkinnedCharacterBmd,
  buildStageMapBmd,
  fixture,
  haveFixtures,
  listFixtures,
  readFixture,
} from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

/** noclip's parse of a BMD/BDL, when the peer is there: made for one file, then run. */
type NoclipParse = (bytes: Uint8Array) => () => unknown;

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
  // noclip reads from an ArrayBufferSlice over an ArrayBuffer of its own, as its loader hands it a fetched file:
  // made once per file, so only the parse is timed.
  return (bytes) => {
    const slice = new nc.ArrayBufferSlice(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    return () => nc.BMD.parse(slice);
  };
}

/** readJ3d and the MAT3 materials it leaves to their first read (see the header): what a conversion reads. */
function readAsConverted(bytes: Uint8Array): number {
  return readJ3d(bytes).MAT3.materials.length;
}

const iterationsFor = (bytes: Uint8Array) => (bytes.length > 1_000_000 ? 3 : 9);

/** readJ3d against noclip's BMD.parse on the same bytes (alone without the peer). */
function readCase(name: string, bytes: Uint8Array, noclip: NoclipParse | undefined): BenchCase {
  return {
    group: 'j3d',
    name: `read ${name}`,
    bytesIn: bytes.length,
    iterations: iterationsFor(bytes),
    perTurn: true,
    run: () => readAsConverted(bytes),
    ...(noclip ? { baseline: { name: 'noclip BMD.parse', run: noclip(bytes) } } : {}),
  };
}

function modelCases(name: string, bytes: Uint8Array, noclip: NoclipParse | undefined): BenchCase[] {
  const iterations = iterationsFor(bytes);
  const file = readJ3d(bytes);
  return [
    readCase(name, bytes, noclip),
    {
      group: 'j3d',
      name: `scene ${name}`,
      bytesIn: bytes.length,
      iterations,
      perTurn: true,
      run: () => j3dToScene(file),
      baseline: { name: 'readJ3d', run: () => readAsConverted(bytes) },
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

/** The BMD/BDL files in an archive; none when the file is not an archive (a compressed text file). */
function modelsIn(bytes: Uint8Array) {
  let files: ReturnType<typeof archiveFiles>;
  try {
    files = archiveFiles(openArchive(bytes));
  } catch (e) {
    if (e instanceof ParseError) return [];
    throw e;
  }
  return files.filter((entry) => /\.(bmd|bdl)$/i.test(entry.path));
}

/** The J3D bench cases. */
export async function cases(): Promise<BenchCase[]> {
  const noclip = await loadNoclip();
  const out: BenchCase[] = [];
  if (haveFixtures) {
    for (const path of listFixtures('j3d', /\.(bmd|bdl)$/))
      out.push(...modelCases(path.split('/').pop()!, readFixture(path), noclip));
    for (const path of listFixtures('archives', /\.(arc|szs|yaz0)$/)) {
      const archive = path.split('/').pop()!;
      for (const entry of modelsIn(readFixture(path)))
        out.push(readCase(`${archive}:${entry.path}`, entry.file.bytes, noclip));
    }
  }
  out.push(...modelCases('sample.bmd (builder)', buildSampleBmd(), noclip));
  out.push(...modelCases('big map (builder)', buildBigMapBmd(), noclip));
  out.push(...modelCases('skinned character (builder)', buildSkinnedCharacterBmd(), noclip));
  out.push(...modelCases('stage map of many materials (builder)', buildStageMapBmd(), noclip));
  return out;
}

/*
 * Bad input: every truncation and seeded mutations of every shared TMD/TKL/TML fixture (and a built aux-variant
 * TMD) must end in a ParseError or a clean file model, quickly; whatever the readers accept, the writers write
 * and the readers read back.
 */
import { validateScene } from '@retromodel/scene';
import {
  adapterRead,
  buildDds,
  buildTmd,
  buildTml,
  expectCleanOutcome,
  haveFixtures,
  listFixtures,
  mutations,
  readFixture,
  truncationLengths,
} from '@retromodel/test-utils';
import { readTkl, readTmd, readTml, tmdToScene, tmlAdapter, writeTkl, writeTmd, writeTml } from '@retromodel/tmd';
import { describe, expect, it } from 'vitest';

/** Reads a TMD and converts it (with the shared TKL/TML when present): the scene must come out valid. */
const tkl = haveFixtures ? readTkl(readFixture('tmd', 'synth.tkl')) : undefined;
const tmls = haveFixtures ? [readTml(readFixture('tmd', 'synth.tml'))] : [];

function readAndConvert(bytes: Uint8Array): unknown {
  const file = readTmd(bytes);
  expect(readTmd(writeTmd(file)).nodes.length).toBe(file.nodes.length);
  const { scene } = tmdToScene(file, { tkl, tmls, lod: 'all' });
  const errors = validateScene(scene).filter((d) => d.severity === 'error');
  if (errors.length > 0) expect.fail(`converted scene is invalid: ${errors.map((e) => e.message).join('; ')}`);
  return scene;
}

/** Reads a TML and decodes every texture its materials use. */
function readAndDecodeTml(bytes: Uint8Array): unknown {
  const file = readTml(bytes);
  expect(readTml(writeTml(file)).materials.length).toBe(file.materials.length);
  return adapterRead(tmlAdapter, bytes, {});
}

const readers: Record<string, (bytes: Uint8Array) => unknown> = {
  tmd: readAndConvert,
  tkl: (bytes) => {
    const file = readTkl(bytes);
    expect(readTkl(writeTkl(file)).numRotations).toBe(file.numRotations);
    return file;
  },
  tml: readAndDecodeTml,
};

function readerFor(name: string): (bytes: Uint8Array) => unknown {
  return readers[name.slice(-3)]!;
}

/** Mutation count per file: a few thousand for small files, fewer for the 240 KB one. */
function mutationCount(size: number): number {
  return size > 100_000 ? 300 : size > 10_000 ? 1500 : 3000;
}

async function fuzz(name: string, bytes: Uint8Array, read: (b: Uint8Array) => unknown): Promise<void> {
  let errors = 0;
  for (const n of truncationLengths(bytes.length)) {
    if ((await expectCleanOutcome(() => read(bytes.subarray(0, n)), `${name} truncated to ${n}`)) === 'error') errors++;
  }
  expect(errors).toBeGreaterThan(0);
  for (const m of mutations(bytes, mutationCount(bytes.length), bytes.length)) {
    await expectCleanOutcome(() => read(m.bytes), `${name} mutation ${m.index}`);
  }
}

describe.skipIf(!haveFixtures)('fuzz: shared fixtures', () => {
  for (const rel of listFixtures('tmd', /\.(tmd|tkl|tml)$/)) {
    it(`${rel}: truncations and mutations end in ParseError or a file model`, async () => {
      await fuzz(rel, readFixture(rel), readerFor(rel));
    });
  }
});

describe('fuzz: built aux-variant TMD', () => {
  it('truncations and mutations end in ParseError or a file model', async () => {
    const bytes = buildTmd({
      tklName: 'aux',
      salt: 0x10000,
      aux: [1, 2],
      nodes: [
        { name: 'a', parent: -1 },
        { name: 'b', parent: 0, translation: [0, 0, 1] },
      ],
      animations: [
        {
          name: 'Walk',
          duration: 1,
          channels: [
            {
              flags: 1,
              keys: [
                { time: 0, posKey: 0, rotKey: 0 },
                { time: 1, posKey: 1, rotKey: 1 },
              ],
            },
          ],
        },
      ],
      levels: [
        {
          meshes: [
            {
              material: 'm',
              pieces: [
                {
                  boneNodeIds: [0, 1],
                  vertices: [{ position: [0, 0, 0] }, { position: [1, 0, 0], slots: [1] }, { position: [0, 1, 0] }],
                  strip: [0, 1, 2],
                },
              ],
            },
          ],
        },
      ],
    });
    await fuzz('aux.tmd', bytes, readAndConvert);
  });

  it('a TML with DXT5 and uncompressed DDS textures: truncations and mutations', async () => {
    const dxt = buildDds({ width: 8, height: 8, fourCC: 'DXT5', data: new Uint8Array(64).fill(0x5a) });
    const raw = buildDds({
      width: 2,
      height: 2,
      rgb: { bitCount: 16, masks: [0xf800, 0x7e0, 0x1f, 0] },
      data: new Uint8Array(8).fill(0x33),
    });
    const bytes = buildTml(
      [
        { id: 0, format: 6, width: 8, height: 8, data: dxt },
        { id: 1, format: 6, width: 2, height: 2, data: raw },
      ],
      [
        { name: 'a', textureIds: [0] },
        { name: 'b', textureIds: [1] },
      ],
    );
    await fuzz('dds.tml', bytes, readAndDecodeTml);
  });
});

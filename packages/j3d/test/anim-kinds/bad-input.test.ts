/*
 * Bad input for the BCA, BTP, BVA and BPK readers: every truncation (each length from 0 to the full file) of
 * every such file in the archive fixtures, and of a hand-built BPK, ends in a ParseError or a clean result,
 * and a ParseError whenever the file is cut short of its declared size by more than the padding a reader
 * tolerates (0x1F bytes for BCA, none for the others). Seeded byte changes end cleanly too.
 */
import { ParseError } from '@retromodel/binary';
import { expectCleanOutcome, haveFixtures, mutations } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readBca } from '../../src/anim/read-bca.js';
import { readBpk } from '../../src/anim/read-bpk.js';
import { readBtp } from '../../src/anim/read-btp.js';
import { readBva } from '../../src/anim/read-bva.js';
import { archiveFile, archivePaths, declaredSize, PIKIS, POWER_STAR, TRACK } from './archive-files.js';
import { buildBpk } from './build-anim.js';

const readers: Record<string, { read: (bytes: Uint8Array) => unknown; tolerance: number }> = {
  '.bca': { read: readBca, tolerance: 0x1f },
  '.btp': { read: readBtp, tolerance: 0 },
  '.bva': { read: readBva, tolerance: 0 },
  '.bpk': { read: readBpk, tolerance: 0 },
};

const files = [PIKIS, TRACK, POWER_STAR].flatMap((archive) =>
  Object.keys(readers).flatMap((ext) => archivePaths(archive, ext).map((path) => ({ archive, path, ext }))),
);

/** Every truncation of `bytes`: clean outcomes only, errors below the declared size less the tolerance. */
async function checkTruncations(name: string, bytes: Uint8Array, ext: string): Promise<number> {
  const { read, tolerance } = readers[ext]!;
  const mustFail = declaredSize(bytes) - tolerance;
  const unexpected: number[] = [];
  let errors = 0;
  // Some 330 000 cases: stack traces are what makes an error slow to build, and no case needs one to pass.
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = 0;
  try {
    for (let length = 0; length < bytes.length; length++) {
      const outcome = await expectCleanOutcome(() => read(bytes.subarray(0, length)), `${name} cut to ${length}`);
      if (outcome === 'error') errors++;
      else if (length < mustFail) unexpected.push(length);
    }
  } finally {
    Error.stackTraceLimit = limit;
  }
  expect(unexpected, `${name}: lengths that read although too short`).toEqual([]);
  return errors;
}

describe.skipIf(!haveFixtures)('BCA, BTP and BVA of the archive fixtures: bad input', () => {
  it('finds 69 BCAs, one BTP and one BVA', () => {
    expect(files.filter((f) => f.ext === '.bca').length).toBe(69);
    expect(files.filter((f) => f.ext !== '.bca').map((f) => f.path)).toEqual([
      'PowerStarColor.btp',
      'PowerStarColor.bva',
    ]);
  });

  it('every truncation of every file ends in a ParseError (or reads, within the tolerated padding)', async () => {
    let errors = 0;
    for (const { archive, path, ext } of files) {
      const bytes = archiveFile(archive, path);
      expect(() => readers[ext]!.read(bytes), path).not.toThrow();
      errors += await checkTruncations(path, bytes, ext);
    }
    expect(errors).toBeGreaterThan(files.length * 100);
  });

  it('seeded byte changes of the small files end cleanly', async () => {
    const outcomes = { ok: 0, error: 0 };
    for (const { archive, path, ext } of files) {
      const bytes = archiveFile(archive, path);
      if (bytes.length > 2500) continue;
      for (const m of mutations(bytes, 150, 11)) {
        outcomes[await expectCleanOutcome(() => readers[ext]!.read(m.bytes), `${path} mutation ${m.index}`)]++;
      }
    }
    expect(outcomes.error).toBeGreaterThan(0);
    expect(outcomes.ok).toBeGreaterThan(0);
  });
});

describe('BPK: bad input', () => {
  const bpk = buildBpk(
    10,
    [
      [
        [1, 0, 0],
        [2, 0, 0],
        [2, 0, 1],
        [1, 0, 0],
      ],
    ],
    [[255], [0, 0, 5, 10, 200, -5], [0, 10, 1, 2, 20, 30, 3, 4], [128]],
    ['body'],
  );

  it('every truncation of a hand-built BPK ends in a ParseError', async () => {
    expect(() => readBpk(bpk)).not.toThrow();
    expect(await checkTruncations('bpk', bpk, '.bpk')).toBe(bpk.length);
  });

  it('seeded byte changes end cleanly', async () => {
    let errors = 0;
    for (const m of mutations(bpk, 500, 5)) {
      if ((await expectCleanOutcome(() => readBpk(m.bytes), `bpk mutation ${m.index}`)) === 'error') errors++;
    }
    expect(errors).toBeGreaterThan(0);
  });

  it('errors name j3d, the chunk and an offset', () => {
    const cut = bpk.slice();
    new DataView(cut.buffer).setUint16(0x20 + 0x40 + 2, 0x7fff);
    try {
      readBpk(cut);
      expect.fail('read a track past its table');
    } catch (e) {
      expect(e).toBeInstanceOf(ParseError);
      // The R track descriptor of entry 0: chunk 0x40 in the file at 0x60.
      expect(e).toMatchObject({ format: 'j3d', section: 'PAK1', offset: 0x60 });
    }
  });
});

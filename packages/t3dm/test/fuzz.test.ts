/*
 * Bad input: every truncation and a few thousand seeded mutations of every reference .t3dm/.sdata must end in
 * a ParseError or a file model that writes and reads back cleanly. Mutation counts are scaled by file size so
 * the whole suite stays within a few seconds.
 */
import { describe, expect, it } from 'vitest';
import { haveFixtures, listFixtures, readFixture } from '../../../test/helpers/fixtures.js';
import { expectCleanOutcome, mutations, truncationLengths } from '../../../test/helpers/fuzz.js';
import { readSdata, readT3dm, writeSdata, writeT3dm } from '../src/index.js';

const models = listFixtures('t3dm', /\.t3dm$/);
const streams = listFixtures('t3dm', /\.sdata$/);

/** 2000 mutations for small files, fewer for the largest ones (their parse takes milliseconds). */
function mutationCount(size: number): number {
  return Math.max(60, Math.min(2000, Math.floor(1_500_000 / size)));
}

function parseModel(bytes: Uint8Array): void {
  const file = readT3dm(bytes);
  readT3dm(writeT3dm(file));
}

function parseStream(bytes: Uint8Array): void {
  const file = readSdata(bytes);
  expect(readSdata(writeSdata(file))).toEqual(file);
}

describe.skipIf(!haveFixtures)('t3dm bad input', () => {
  it.each(models)('%s', async (path) => {
    const bytes = readFixture(path);
    for (const n of truncationLengths(bytes.length)) {
      expect(await expectCleanOutcome(() => parseModel(bytes.subarray(0, n)), `${path} cut at ${n}`)).toBe('error');
    }
    for (const m of mutations(bytes, mutationCount(bytes.length), 3)) {
      await expectCleanOutcome(() => parseModel(m.bytes), `${path} mutation ${m.index}`);
    }
  });

  it.each(streams)('%s', async (path) => {
    const bytes = readFixture(path);
    for (const n of truncationLengths(bytes.length))
      await expectCleanOutcome(() => parseStream(bytes.subarray(0, n)), `${path} cut at ${n}`);
    for (const m of mutations(bytes, mutationCount(bytes.length), 5))
      await expectCleanOutcome(() => parseStream(m.bytes), `${path} mutation ${m.index}`);
  });
});

/*
 * Byte-exact rewrite of every reference .t3dm and .sdata under the shared fixtures (tiny3d's own converter
 * output): writeT3dm(readT3dm(b)) and writeSdata(readSdata(b)) must give b back.
 */

import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readSdata, readT3dm, writeSdata, writeT3dm } from '../src/index.js';

const models = listFixtures('t3dm', /\.t3dm$/);
const streams = listFixtures('t3dm', /\.sdata$/);

describe.skipIf(!haveFixtures)('t3dm byte-exact rewrite', () => {
  it('finds the reference files', () => {
    expect(models.length).toBeGreaterThanOrEqual(56);
    expect(streams.length).toBeGreaterThanOrEqual(16);
  });

  it.each(models)('%s', (path) => {
    const bytes = readFixture(path);
    const file = readT3dm(bytes);
    expect(file.version).toBe(4);
    expect(Buffer.from(writeT3dm(file)).equals(Buffer.from(bytes))).toBe(true);
  });

  it.each(streams)('%s', (path) => {
    const bytes = readFixture(path);
    const file = readSdata(bytes);
    expect(file.records.length).toBeGreaterThan(0);
    expect(Buffer.from(writeSdata(file)).equals(Buffer.from(bytes))).toBe(true);
  });
});

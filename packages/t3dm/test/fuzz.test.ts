/*
 * Bad input: every truncation and a few thousand seeded mutations of every reference .t3dm/.sdata must end in
 * a ParseError or a file model that converts to a scene and writes and reads back cleanly. Mutation counts are scaled by file size so
 * the whole suite stays within a few seconds.
 */

import {
  expectCleanOutcome,
  haveFixtures,
  listFixtures,
  mutations,
  readFixture,
  truncationLengths,
} from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readSdata, readT3dm, t3dmToScene, writeSdata, writeT3dm } from '../src/index.js';
import { animationToScene } from '../src/to-scene/animation-to-scene.js';

const models = listFixtures('t3dm', /\.t3dm$/);
const streams = listFixtures('t3dm', /\.sdata$/);

/** Up to 1500 mutations for small files, fewer for the largest ones (their parse takes milliseconds). */
function mutationCount(size: number): number {
  return Math.max(40, Math.min(1500, Math.floor(800_000 / size)));
}

function parseModel(bytes: Uint8Array): void {
  const file = readT3dm(bytes);
  t3dmToScene(file);
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
    // The stream is also decoded against its model (<base>.<n>.sdata beside <base>.t3dm).
    const [, base, index] = /([^/]+)\.(\d+)\.sdata$/.exec(path)!;
    const model = readT3dm(readFixture(path.replace(/[^/]+$/, `${base}.t3dm`)));
    const anim = model.chunks.filter((c) => c.kind === 'animation')[Number(index)]!;
    const bones = model.chunks.find((c) => c.kind === 'skeleton')?.bones ?? [];
    const parse = (b: Uint8Array) => {
      parseStream(b);
      if (anim.kind === 'animation') animationToScene(anim, readSdata(b), bones, 64, model.stringTable, (i) => i, []);
    };
    for (const n of truncationLengths(bytes.length))
      await expectCleanOutcome(() => parse(bytes.subarray(0, n)), `${path} cut at ${n}`);
    for (const m of mutations(bytes, Math.max(100, Math.floor(300_000 / bytes.length)), 5))
      await expectCleanOutcome(() => parse(m.bytes), `${path} mutation ${m.index}`);
  });
});

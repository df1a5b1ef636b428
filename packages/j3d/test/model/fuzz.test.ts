/*
 * Bad input: every truncation and seeded mutations of every shared J3D model and animation end in a ParseError
 * or a clean result — for models, a file model that also converts to a scene without any other exception.
 * Mutation counts scale with file size to keep the suite fast.
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
import { j3dToScene, readBck, readBrk, readBtk, readJ3d } from '../../src/internal.js';

const files = listFixtures('j3d', /\.(bmd|bdl|bck|btk|brk)$/).map((p) => p.split('/').pop()!);

function parserFor(name: string): (bytes: Uint8Array, convert: boolean) => unknown {
  if (name.endsWith('.bck')) return readBck;
  if (name.endsWith('.btk')) return readBtk;
  if (name.endsWith('.brk')) return readBrk;
  return (bytes, convert) => {
    const file = readJ3d(bytes);
    // Converting (which decodes every texture) runs on a share of the cases to stay fast.
    if (convert) j3dToScene(file);
    return file;
  };
}

describe.skipIf(!haveFixtures)('J3D bad input', () => {
  for (const name of files) {
    it(`${name}: truncations and mutations end cleanly`, async () => {
      const bytes = readFixture('j3d', name);
      const parse = parserFor(name);
      const outcomes = { ok: 0, error: 0 };
      for (const length of truncationLengths(bytes.length)) {
        outcomes[await expectCleanOutcome(() => parse(bytes.subarray(0, length), true), `${name} cut to ${length}`)]++;
      }
      const count = Math.max(20, Math.min(2000, Math.floor(1.5e7 / bytes.length)));
      for (const m of mutations(bytes, count, 7)) {
        outcomes[
          await expectCleanOutcome(
            () => parse(m.bytes, m.index % 10 === 0 && bytes.length < 200_000),
            `${name} mutation ${m.index}`,
          )
        ]++;
      }
      expect(outcomes.error).toBeGreaterThan(0);
    });
  }
});

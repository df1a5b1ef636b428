/*
 * A model's bytes may lie at any offset of their buffer (a file inside an archive): the readers that load
 * aligned values whole through typed views (MAT3's entry indices, EVP1's matrices) read byte by byte otherwise,
 * and a model read at an odd offset is the model read at offset 0.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { readJ3d } from '../../src/index.js';

/** `bytes` copied `shift` bytes into a buffer of their own. */
function shifted(bytes: Uint8Array, shift: number): Uint8Array {
  const out = new Uint8Array(bytes.length + shift).subarray(shift);
  out.set(bytes);
  return out;
}

describe.skipIf(!haveFixtures)('models at any offset of their buffer', () => {
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/)) {
    const name = path.split('/').pop()!;
    it(`${name} reads the same materials and envelopes at offsets 0 to 3`, () => {
      const bytes = readFixture('j3d', name);
      const base = readJ3d(shifted(bytes, 0));
      for (const shift of [1, 2, 3]) {
        const file = readJ3d(shifted(bytes, shift));
        expect(file.MAT3.materials).toEqual(base.MAT3.materials);
        expect(file.EVP1.envelopes).toEqual(base.EVP1.envelopes);
        expect(Array.from(file.EVP1.inverseBinds)).toEqual(Array.from(base.EVP1.inverseBinds));
      }
    });
  }
});

/*
 * MAT3 and MDL3 rewrite byte for byte: for every shared model, writeMat3(readJ3d(bytes).MAT3) (and writeMdl3 for
 * the BDLs) equals the chunk as stored in the file, padding included.
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeMat3 } from '../../src/chunks/write-mat3.js';
import { writeMdl3 } from '../../src/chunks/write-mdl3.js';
import { readJ3d } from '../../src/index.js';
import { chunkBytes, describeDifference } from './chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

describe.skipIf(!haveFixtures)('MAT3/MDL3 rewrite', () => {
  it('finds the seven shared models', () => {
    expect(models.length).toBe(7);
    expect(models.filter((n) => n.endsWith('.bdl')).length).toBe(5);
  });
  for (const name of models) {
    it(`${name}: MAT3 rewrites byte for byte`, () => {
      const bytes = readFixture('j3d', name);
      const file = readJ3d(bytes);
      expect(describeDifference(writeMat3(file.MAT3), chunkBytes(bytes, file, 'MAT3'))).toBe('');
    });
    if (name.endsWith('.bdl'))
      it(`${name}: MDL3 rewrites byte for byte`, () => {
        const bytes = readFixture('j3d', name);
        const file = readJ3d(bytes);
        expect(describeDifference(writeMdl3(file.MDL3!), chunkBytes(bytes, file, 'MDL3'))).toBe('');
      });
  }
});

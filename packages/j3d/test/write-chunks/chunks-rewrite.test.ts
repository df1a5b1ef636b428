/*
 * INF1, JNT1, EVP1, DRW1 and TEX1 rewrite byte for byte: for every shared model, each writer applied to what
 * readJ3d read equals the chunk as stored in the file, padding included. Nintendo's files also come out byte
 * for byte with the layout removed: the fresh layout the writers choose is the one Nintendo's tools make (only
 * the padding text differs from SuperBMD's, so SuperBMD files are compared on the data they read back to).
 */
import { haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeDrw1 } from '../../src/chunks/write-drw1.js';
import { writeEvp1 } from '../../src/chunks/write-evp1.js';
import { writeInf1 } from '../../src/chunks/write-inf1.js';
import { writeJnt1 } from '../../src/chunks/write-jnt1.js';
import { writeTex1 } from '../../src/chunks/write-tex1.js';
import { type J3dFile, readJ3d } from '../../src/index.js';
import { chunkBytes, describeDifference } from '../write-materials/chunk-compare.js';

const models = listFixtures('j3d', /\.(bmd|bdl)$/).map((p) => p.split('/').pop()!);

const writers: Record<string, (file: J3dFile, keepLayout: boolean) => Uint8Array> = {
  INF1: (f, keep) => writeInf1(keep ? f.INF1 : { ...f.INF1, layout: undefined }),
  JNT1: (f, keep) => writeJnt1(keep ? f.JNT1 : { ...f.JNT1, layout: undefined }),
  EVP1: (f, keep) => writeEvp1(keep ? f.EVP1 : { ...f.EVP1, layout: undefined }),
  DRW1: (f, keep) => writeDrw1(keep ? f.DRW1 : { ...f.DRW1, layout: undefined }),
  TEX1: (f, keep) => writeTex1(keep ? f.TEX1 : { ...f.TEX1, layout: undefined }),
};

describe.skipIf(!haveFixtures)('INF1/JNT1/EVP1/DRW1/TEX1 rewrite', () => {
  it('finds the seven shared models', () => {
    expect(models.length).toBe(7);
  });
  for (const name of models) {
    for (const [tag, write] of Object.entries(writers)) {
      it(`${name}: ${tag} rewrites byte for byte`, () => {
        const bytes = readFixture('j3d', name);
        const file = readJ3d(bytes);
        expect(describeDifference(write(file, true), chunkBytes(bytes, file, tag))).toBe('');
      });
      if (name.startsWith('nintendo_'))
        it(`${name}: ${tag} without its layout is still Nintendo's chunk`, () => {
          const bytes = readFixture('j3d', name);
          const file = readJ3d(bytes);
          expect(describeDifference(write(file, false), chunkBytes(bytes, file, tag))).toBe('');
        });
    }
  }
});

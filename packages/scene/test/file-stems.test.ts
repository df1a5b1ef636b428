/*
 * uniqueFileStems: names made safe for a file name on every OS, and never two alike (ignoring case), whatever the
 * source's names: `tex 1` and `tex_1`, `A` and `a`, a name equal to another's fallback.
 */
import { describe, expect, it } from 'vitest';
import { safeFileStem, uniqueFileStems } from '../src/index.js';

describe('uniqueFileStems', () => {
  it('makes names safe: other characters become _, no leading dot or underscore', () => {
    expect(['tex 1', 'a/b\\c', '..hidden', '__x', 'ü.png', 'ok-name.v2'].map(safeFileStem)).toEqual([
      'tex_1',
      'a_b_c',
      'hidden',
      'x',
      'png',
      'ok-name.v2',
    ]);
  });

  it('gives names that come out alike, ignoring case, distinct stems', () => {
    const stems = uniqueFileStems(['tex 1', 'tex_1', 'Tex_1', undefined, '', '2', 'tex 1'], (i) => String(i));
    expect(stems).toEqual(['tex_1', '1', '2', '3', '4', '5', '6']);
    // A name that is another's fallback: the fallback gets a number.
    expect(uniqueFileStems(['1', undefined, '1_1', undefined], (i) => String(i))).toEqual(['1', '1_1', '2', '3']);
  });
});

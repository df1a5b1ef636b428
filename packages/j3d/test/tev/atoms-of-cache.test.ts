/*
 * atomsOf keeps the keys it has split (a bounded cache): it must still give what splitting the key at '*' gives
 * (nothing for the constant's key ''), for keys seen before, new keys, and after the cache has been emptied.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { atomsOf } from '../../src/gx/tev/tev-poly.js';

describe('atomsOf', () => {
  it("equals key.split('*') across 20,000 keys, repeated and new", () => {
    const rnd = seededRandom(0xa70);
    const atoms = ['t0/0.0', 't1/x.3', 'v0.2', 'l0c', 's1a', 'k'];
    const keys: string[] = [''];
    for (let i = 0; i < 20_000; i++) {
      // Half the time a key seen before; else a new one (numbered atoms make 10,000s of distinct keys).
      const key =
        rnd() < 0.5
          ? keys[Math.floor(rnd() * keys.length)]!
          : Array.from({ length: 1 + Math.floor(rnd() * 3) }, () => `${atoms[Math.floor(rnd() * atoms.length)]}${i}`)
              .sort()
              .join('*');
      keys.push(key);
      expect(atomsOf(key)).toEqual(key === '' ? [] : key.split('*'));
    }
  });
});

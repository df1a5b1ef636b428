/*
 * A normalized integer attribute's components are scaled by WebAssembly (assembly/normalized-floats.ts, through
 * quantise-module.ts's normalizedFloats). Each number must be what the JavaScript loop gave, written out here,
 * Math.max(-1, value / divisor): for every integer type glTF normalizes, with the signed types' most negative
 * value (below -1 before the clamp) and zeros.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { normalizedFloats } from '../src/from-scene/quantise-module.js';

function plain(a: ArrayLike<number>, div: number): Float64Array {
  const out = new Float64Array(a.length);
  for (let i = 0; i < a.length; i++) out[i] = Math.max(-1, a[i]! / div);
  return out;
}

/** Object.is on every element (toEqual would take -0 for 0). */
const same = (a: Float64Array, b: Float64Array) => a.length === b.length && a.every((x, i) => Object.is(x, b[i]));

describe('normalizedFloats', () => {
  const random = seededRandom(31);
  const kinds = [
    { make: (n: number) => new Uint8Array(n), range: 256, low: 0, div: 255 },
    { make: (n: number) => new Uint16Array(n), range: 65536, low: 0, div: 65535 },
    { make: (n: number) => new Int8Array(n), range: 256, low: -128, div: 127 },
    { make: (n: number) => new Int16Array(n), range: 65536, low: -32768, div: 32767 },
  ];

  it('scales each component as the JavaScript loop did', () => {
    for (const { make, range, low, div } of kinds) {
      for (let run = 0; run < 20; run++) {
        const a = make(Math.floor(random() * 500));
        for (let i = 0; i < a.length; i++)
          a[i] = i % 7 === 0 ? low : i % 11 === 0 ? 0 : low + Math.floor(random() * range);
        expect(same(normalizedFloats(a, div), plain(a, div))).toBe(true);
      }
    }
  });
});

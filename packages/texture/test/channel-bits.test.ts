/*
 * The nearest-code tables of channel-bits.ts against their definition, checked by brute force here: for every
 * 8-bit value, the code whose bit-replicated expansion is nearest to it, the lowest code on a tie; and every
 * expanded value encodes back to its own code.
 */
import { describe, expect, it } from 'vitest';
import { expand3, expand4, expand5, expand6, quantize3, quantize4, quantize5, quantize6 } from '../src/index.js';

const tables = [
  { bits: 3, expand: expand3, quantize: quantize3 },
  { bits: 4, expand: expand4, quantize: quantize4 },
  { bits: 5, expand: expand5, quantize: quantize5 },
  { bits: 6, expand: expand6, quantize: quantize6 },
];

describe('nearest channel codes', () => {
  for (const { bits, expand, quantize } of tables)
    it(`quantize${bits} holds each 8-bit value's nearest ${bits}-bit code, the lowest on a tie`, () => {
      const codes = 1 << bits;
      const nearest: number[] = [];
      for (let v = 0; v < 256; v++) {
        const distances = Array.from({ length: codes }, (_, code) => Math.abs(expand(code) - v));
        nearest.push(distances.indexOf(Math.min(...distances)));
      }
      expect([...quantize]).toEqual(nearest);
      for (let code = 0; code < codes; code++) expect(quantize[expand(code)]).toBe(code);
    });

  it('ties go to the lower code', () => {
    // 4 bits expand to multiples of 17; 8 lies between 0 and 17, 9 nearer to 17. 5 bits: 0 and 8 around 4.
    expect(quantize4[8]).toBe(0);
    expect(quantize4[9]).toBe(1);
    expect([expand5(0), expand5(1)]).toEqual([0, 8]);
    expect(quantize5[4]).toBe(0);
    expect(quantize5[5]).toBe(1);
  });
});

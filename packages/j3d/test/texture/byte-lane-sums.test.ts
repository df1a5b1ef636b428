/*
 * The four-bytes-at-a-time sums of the intensity formats' mean colours against their definition, a byte at a
 * time: runs of every length around the short-run limit and long ones, starting at every alignment, in views
 * starting at every alignment of their buffer, on random bytes and on bytes of 0xff (the largest lane sums).
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { evenOddByteSums, laneSums, nibbleSums } from '../../src/gx/texture/byte-lane-sums.js';

function evenOdd(data: Uint8Array, start: number, end: number): number[] {
  const sums = [0, 0];
  for (let at = start; at < end; at++) sums[(at - start) & 1]! += data[at] as number;
  return sums;
}

function nibbles(data: Uint8Array, start: number, end: number): number[] {
  const sums = [0, 0];
  for (let at = start; at < end; at++) {
    sums[0]! += data[at]! >> 4;
    sums[1]! += data[at]! & 0xf;
  }
  return sums;
}

describe('byte lane sums', () => {
  it('equal the sums a byte at a time', () => {
    const rnd = seededRandom(0x1a7e);
    const int = (n: number) => Math.floor(rnd() * n);
    for (let round = 0; round < 400; round++) {
      const full = round % 5 === 0;
      const bytes = Uint8Array.from({ length: 70_000 }, () => (full ? 0xff : int(256)));
      const data = bytes.subarray(round % 4, bytes.length - int(4));
      const length = round % 3 === 0 ? int(140) : int(data.length - 8);
      const start = int(8);
      const end = Math.min(data.length, start + length);
      evenOddByteSums(data, start, end);
      expect([laneSums[0], laneSums[1]], `round ${round} even/odd`).toEqual(evenOdd(data, start, end));
      nibbleSums(data, start, end);
      expect([laneSums[0], laneSums[1]], `round ${round} nibbles`).toEqual(nibbles(data, start, end));
    }
  });
});

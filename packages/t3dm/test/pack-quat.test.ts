/*
 * packQuat against the encoding as spec §9.1 states it (tiny3d's `Quantizer::quatTo32Bit`): the index of the
 * largest-magnitude component (the first of equal ones) in bits 30-31, then the other three in cyclic order
 * after it, each flipped by the sign of the largest, mapped from [-√½, √½] to 0..1023, rounded and clamped.
 */
import type { Quat } from '@retromodel/scene';
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { packQuat } from '../src/codec/quat-codec.js';

function specPack(q: Quat): number {
  let largest = 0;
  for (let i = 1; i < 4; i++) if (Math.abs(q[i]!) > Math.abs(q[largest]!)) largest = i;
  const sign = q[largest]! < 0 ? -1 : 1;
  let packed = largest * 2 ** 30;
  for (let j = 1; j <= 3; j++) {
    const t = (sign * q[(largest + j) % 4]! + Math.SQRT1_2) / (2 * Math.SQRT1_2);
    const v = Math.min(1023, Math.max(0, Math.round(t * 1023)));
    packed += v * 2 ** (10 * (3 - j));
  }
  return packed;
}

describe('packQuat', () => {
  it('matches the spec encoding on random, tied, signed and out-of-range quaternions', () => {
    const rnd = seededRandom(41);
    const pick = [0, 0.5, -0.5, Math.SQRT1_2, -Math.SQRT1_2, 1, -1, 0.9];
    for (let i = 0; i < 20000; i++) {
      let q: Quat;
      if (i % 3 === 0) {
        // Components from a small set: ties for the largest, zeros, negative largest.
        q = [0, 1, 2, 3].map(() => pick[Math.floor(rnd() * pick.length)]!) as Quat;
      } else {
        const raw = [rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1, rnd() * 2 - 1];
        const len = i % 3 === 1 ? Math.hypot(...raw) : 1;
        q = raw.map((v) => v / len) as Quat;
      }
      expect(packQuat(q)).toBe(specPack(q));
    }
  });
});

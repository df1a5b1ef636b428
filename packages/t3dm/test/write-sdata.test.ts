/*
 * writeSdata against the format's definition written with a DataView: records back to back, big-endian u16
 * words (nextTime | nextIsQuat << 15, channelIdx, data), each word the value modulo 2^16 as DataView stores it,
 * for values in range and out of it (negative, fractional, past 16 bits, not finite).
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { writeSdata } from '../src/index.js';
import type { SdataRecord } from '../src/t3dm-file.js';

function plainSdata(records: SdataRecord[]): Uint8Array {
  const words = records.reduce((n, r) => n + 2 + r.data.length, 0);
  const view = new DataView(new ArrayBuffer(words * 2));
  let at = 0;
  const u16 = (v: number) => {
    view.setUint16(at, v);
    at += 2;
  };
  for (const r of records) {
    u16((r.nextTime & 0x7fff) | (r.nextIsQuat ? 0x8000 : 0));
    u16(r.channelIdx);
    for (const d of r.data) u16(d);
  }
  return new Uint8Array(view.buffer);
}

describe('writeSdata', () => {
  it('writes the words a DataView stores, for values in and out of the u16 range', () => {
    const rnd = seededRandom(5);
    const odd = [-1, -3.7, 3.7, 65536 + 5, 2 ** 32 + 7, -(2 ** 40), Number.NaN, Number.POSITIVE_INFINITY, 0x12345];
    const value = () => (rnd() > 0.7 ? odd[Math.floor(rnd() * odd.length)]! : Math.floor(rnd() * 65536));
    for (let round = 0; round < 20; round++) {
      const records: SdataRecord[] = [];
      const count = Math.floor(rnd() * 40);
      for (let i = 0; i < count; i++) {
        const quat = rnd() > 0.5;
        records.push({
          nextTime: value(),
          nextIsQuat: rnd() > 0.5,
          channelIdx: value(),
          data: quat ? [value(), value()] : [value()],
        });
      }
      expect(Buffer.from(writeSdata({ records })).equals(Buffer.from(plainSdata(records)))).toBe(true);
    }
  });
});

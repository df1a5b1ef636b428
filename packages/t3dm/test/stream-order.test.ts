/*
 * streamOrder (whole-number keys sorted natively, or two counting sorts for a stream too long for exact keys: the
 * order of an animation stream's records) against the order as spec §9 and the writer define it, written out
 * here as a comparison sort: by needed tick, then tick, then record index.
 * Seeded random streams, built as the writer builds them (channel after channel, each channel's keys increasing,
 * a key needed at its channel's previous one), over a few ticks so that many records tie, random pairs not
 * built so, with ties on both ticks, and a stream long enough that it is ordered by the counting sorts.
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { streamOrder } from '../src/from-scene/stream-order.js';

function referenceOrder(needed: Int32Array, tick: Int32Array): number[] {
  return [...needed.keys()].sort((a, b) => needed[a]! - needed[b]! || tick[a]! - tick[b]! || a - b);
}

describe('streamOrder', () => {
  it('orders channels of increasing keys by needed tick, tick, then channel', () => {
    const rnd = seededRandom(7);
    for (let run = 0; run < 300; run++) {
      const needed: number[] = [];
      const tick: number[] = [];
      const channels = 1 + Math.floor(rnd() * 12);
      const lastTick = 1 + Math.floor(rnd() * (run % 2 === 0 ? 8 : 400));
      for (let c = 0; c < channels; c++) {
        let previous = 0;
        for (let t = 0; t <= lastTick; t++) {
          if (t !== lastTick && rnd() < 0.6) continue;
          needed.push(previous);
          tick.push(t);
          previous = t;
        }
      }
      const n = new Int32Array(needed);
      const t = new Int32Array(tick);
      expect([...streamOrder(n, t)]).toEqual(referenceOrder(n, t));
    }
  });

  it('sorts any whole ticks stably', () => {
    const rnd = seededRandom(11);
    for (let run = 0; run < 200; run++) {
      const count = Math.floor(rnd() * 60);
      const range = 1 + Math.floor(rnd() * (run % 2 === 0 ? 4 : 5000));
      const n = Int32Array.from({ length: count }, () => Math.floor(rnd() * range));
      const t = Int32Array.from({ length: count }, () => Math.floor(rnd() * range));
      expect([...streamOrder(n, t)]).toEqual(referenceOrder(n, t));
    }
  });

  it('sorts a stream too long for exact keys (an hour-long clip, 200,000 records) the same way', () => {
    const rnd = seededRandom(23);
    const count = 200_000;
    // Ticks up to an hour's 216,000: (216,001² × 200,000) is past 2^53, so the counting sorts order them.
    const n = Int32Array.from({ length: count }, (_, i) => (i === 0 ? 216_000 : Math.floor(rnd() * 216_001)));
    const t = Int32Array.from({ length: count }, () => Math.floor(rnd() * 40));
    expect(216_001 ** 2 * count > 2 ** 53).toBe(true);
    expect([...streamOrder(n, t)]).toEqual(referenceOrder(n, t));
  });

  it('orders no records', () => {
    expect(streamOrder(new Int32Array(0), new Int32Array(0)).length).toBe(0);
  });
});

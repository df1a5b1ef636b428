/*
 * singleColorPair's endpoint tables against their definition, worked out here by brute force: for each 8-bit
 * value and channel width, the endpoint pair whose blend is nearest, the first (a, then b, ascending) on a tie.
 * Three palette rules: this package's BC decoder, GX CMPR's (bit replication, eighths), and one whose blends are
 * not whole numbers.
 */
import { describe, expect, it } from 'vitest';
import { singleColorPair } from '../src/fit-colour-cluster.js';
import { bcPalette, expand5, expand6, type S3tcPalette } from '../src/index.js';

const palettes: [string, S3tcPalette][] = [
  ['BC', bcPalette],
  [
    'GX CMPR',
    {
      widen5: Uint8Array.from({ length: 32 }, (_, v) => expand5(v)),
      widen6: Uint8Array.from({ length: 64 }, (_, v) => expand6(v)),
      blend4: (a, b) => (5 * a + 3 * b) >> 3,
      blend3: (a, b) => (a + b) >> 1,
      share4: 5 / 8,
    },
  ],
  [
    'unrounded thirds',
    {
      widen5: Uint8Array.from({ length: 32 }, (_, v) => expand5(v)),
      widen6: Uint8Array.from({ length: 64 }, (_, v) => expand6(v)),
      blend4: (a, b) => (2 * a + b) / 3,
      blend3: (a, b) => (a + b) / 2,
      share4: 2 / 3,
    },
  ],
];

/** The definition: every pair tried, the first of the least error kept. */
function nearestPair(v: number, widen: Uint8Array, blend: (a: number, b: number) => number): [number, number] {
  let best = Number.POSITIVE_INFINITY;
  let pair: [number, number] = [0, 0];
  for (let a = 0; a < widen.length; a++)
    for (let b = 0; b < widen.length; b++) {
      const error = Math.abs(blend(widen[a]!, widen[b]!) - v);
      if (error < best) {
        best = error;
        pair = [a, b];
      }
    }
  return pair;
}

describe('singleColorPair', () => {
  for (const [name, palette] of palettes)
    for (const four of [true, false])
      it(`${name}, ${four ? 'four' : 'three'}-colour mode: each grey's endpoints are the nearest pairs`, () => {
        const blend = four ? palette.blend4 : palette.blend3;
        for (let v = 0; v < 256; v++) {
          const [c0, c1] = singleColorPair(palette, v, v, v, four);
          const [a5, b5] = nearestPair(v, palette.widen5, blend);
          const [a6, b6] = nearestPair(v, palette.widen6, blend);
          expect([c0, c1], `${v}`).toEqual([(a5 << 11) | (a6 << 5) | a5, (b5 << 11) | (b6 << 5) | b5]);
        }
      });
});

/*
 * BC1/BC3 encoding: what encodeBc writes is read back by an independent decoder (decode-dxt, a test oracle) close
 * to the source image, blocks of colours the format can hold come back exactly through the decoder the fit
 * aims at (decodeBc), BC1 keeps cut-out pixels transparent and BC3 alpha blocks of up to the values a mode holds
 * exactly. Edge blocks of sizes that are not multiples of 4 are encoded from their pixels inside the image.
 */
import { seededRandom } from '@retromodel/test-utils';
import decodeDxt from 'decode-dxt';
import { describe, expect, it } from 'vitest';
import { bcByteLength, decodeBc, encodeBc } from '../src/index.js';

function image(width: number, height: number, pixel: (x: number, y: number) => number[]): Uint8Array {
  const out = new Uint8Array(width * height * 4);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) out.set(pixel(x, y), (y * width + x) * 4);
  return out;
}

function rms(a: Uint8Array, b: Uint8Array, channels: number[]): number {
  let sum = 0;
  let n = 0;
  for (let i = 0; i < a.length; i++)
    if (channels.includes(i & 3)) {
      sum += (a[i]! - b[i]!) ** 2;
      n++;
    }
  return Math.sqrt(sum / n);
}

const rnd = seededRandom(7);
const smooth = image(64, 64, (x, y) => [x * 4, y * 4, (x + y) * 2, 255]);
const noisy = image(32, 32, () => [rnd() * 256, rnd() * 256, rnd() * 256, 255].map(Math.floor));
const translucent = image(32, 32, (x, y) => [x * 8, 255 - y * 8, 100, (x * y) % 256]);

describe('encodeBc', () => {
  it('BC1 of an opaque image decodes close to it with decode-dxt', () => {
    for (const [src, bound] of [
      [smooth, 3],
      [noisy, 60],
    ] as const) {
      const size = Math.sqrt(src.length / 4);
      const data = encodeBc('bc1', src, size, size);
      expect(data.length).toBe(bcByteLength('bc1', size, size));
      const back = decodeDxt(new DataView(data.buffer), size, size, 'dxt1');
      expect(rms(back, src, [0, 1, 2])).toBeLessThan(bound);
      expect(rms(back, src, [3])).toBe(0);
    }
  });

  it('BC3 keeps colour and alpha close (decode-dxt)', () => {
    const data = encodeBc('bc3', translucent, 32, 32);
    const back = decodeDxt(new DataView(data.buffer), 32, 32, 'dxt5');
    expect(rms(back, translucent, [0, 1, 2])).toBeLessThan(6);
    expect(rms(back, translucent, [3])).toBeLessThan(8);
  });

  it('a block of two colours the format holds comes back exactly through decodeBc', () => {
    // 565 values widened as decodeBc widens them: round(v · 255 / 31) and round(v · 255 / 63).
    const c = (r5: number, g6: number, b5: number) => [
      Math.round((r5 * 255) / 31),
      Math.round((g6 * 255) / 63),
      Math.round((b5 * 255) / 31),
      255,
    ];
    const src = image(4, 4, (x) => (x < 2 ? c(31, 10, 3) : c(2, 60, 20)));
    for (const format of ['bc1', 'bc3'] as const)
      expect(Array.from(decodeBc(format, encodeBc(format, src, 4, 4), 4, 4))).toEqual(Array.from(src));
  });

  it('BC1 stores pixels with alpha below the threshold as transparent', () => {
    const src = image(8, 4, (x) => (x % 2 ? [200, 40, 40, 255] : [0, 0, 0, 0]));
    const back = decodeBc('bc1', encodeBc('bc1', src, 8, 4), 8, 4);
    for (let p = 0; p < 32; p++) expect(back[p * 4 + 3]).toBe(p % 2 ? 255 : 0);
  });

  it('BC3 alpha blocks of 0, 255 and one other value are exact', () => {
    const src = image(4, 4, (x, y) => [90, 90, 90, [0, 255, 128, 255][(x + y) % 4]!]);
    const back = decodeBc('bc3', encodeBc('bc3', src, 4, 4), 4, 4);
    for (let p = 0; p < 16; p++) expect(back[p * 4 + 3]).toBe(src[p * 4 + 3]);
  });

  it('sizes that are not multiples of 4 fit their edge blocks to the pixels inside', () => {
    const src = image(6, 5, (x, y) => (x < 4 && y < 4 ? [255, 0, 0, 255] : [0, 0, 255, 255]));
    const back = decodeBc('bc1', encodeBc('bc1', src, 6, 5), 6, 5);
    expect(rms(back, src, [0, 1, 2])).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { alphaModeOfPixels } from '../src/index.js';

const rgba = (...alphas: number[]) => Uint8Array.from(alphas.flatMap((a) => [10, 20, 30, a]));

describe('alphaModeOfPixels', () => {
  it('OPAQUE when every alpha is 255, MASK when only 0 and 255 occur, BLEND for anything in between', () => {
    expect(alphaModeOfPixels(rgba(255, 255))).toBe('OPAQUE');
    expect(alphaModeOfPixels(rgba(255, 0, 255))).toBe('MASK');
    expect(alphaModeOfPixels(rgba(0, 255, 254))).toBe('BLEND');
    expect(alphaModeOfPixels(rgba(1))).toBe('BLEND');
    expect(alphaModeOfPixels(new Uint8Array(0))).toBe('OPAQUE');
  });
});

/*
 * Vertex colours are packed in WebAssembly (assembly/pack-colors.ts, through quantise-module.ts). Each must be
 * exactly what the codec's own encodeColorChannel (src/codec/vertex-codec.ts) gives channel by channel, or the
 * files written would change: on the edges of the clamp, on values whose power lands near a byte boundary, with
 * the same value met again (the cache), and with channels missing from the end of the list (read as 1).
 */
import { seededRandom } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { encodeColorChannel } from '../src/codec/vertex-codec.js';
import { packColors } from '../src/from-scene/quantise-module.js';

/** tiny3d's RGBA8 of each colour, plainly. */
function plainPack(colors: ArrayLike<number>, size: number, count: number): number[] {
  const out: number[] = [];
  for (let v = 0; v < count; v++) {
    const channel = (k: number) => (v * size + k < colors.length ? colors[v * size + k]! : 1);
    const a = size > 3 ? encodeColorChannel(channel(3), false) : 255;
    const rgb = [0, 1, 2].map((k) => encodeColorChannel(channel(k), true));
    out.push(((rgb[0]! << 24) | (rgb[1]! << 16) | (rgb[2]! << 8) | a) >>> 0);
  }
  return out;
}

function packed(colors: Float32Array | Float64Array, size: number, count: number): number[] {
  const rgba = new Uint32Array(count);
  packColors(colors, size, rgba, count);
  return [...rgba];
}

/** Inputs just below, at and above each value whose encoding is a byte boundary, and the clamp's edges. */
function boundaryValues(): number[] {
  const values = [0, -0, -1, -1e-30, 1, 1 + 1e-12, 2, 1e30, 5e-324, 0.5];
  for (let byte = 1; byte < 256; byte++) {
    const x = (byte / 255) ** (1 / 0.4545);
    for (const d of [-1e-12, -1e-15, 0, 1e-15, 1e-12]) values.push(x + d * x);
    values.push(byte / 255);
  }
  return values;
}

describe('packColors', () => {
  it('packs four channels as encodeColorChannel does, at the byte boundaries and the clamp', () => {
    const values = boundaryValues();
    const colors = new Float64Array(values.length * 4);
    for (let i = 0; i < values.length; i++)
      colors.set([values[i]!, values[(i * 7) % values.length]!, 0.25, values[i]!], i * 4);
    expect(packed(colors, 4, values.length)).toEqual(plainPack(colors, 4, values.length));
  });

  it('packs float32 colours of three channels, values repeating (the cache) and colliding', () => {
    const random = seededRandom(41);
    const palette = Array.from({ length: 3000 }, () => Math.fround(random() * 1.2 - 0.1));
    const count = 20000;
    const colors = new Float32Array(count * 3);
    for (let i = 0; i < colors.length; i++) colors[i] = palette[Math.floor(random() * palette.length)]!;
    expect(packed(colors, 3, count)).toEqual(plainPack(colors, 3, count));
    // Again: the cache now holds values from the call before.
    expect(packed(colors, 3, count)).toEqual(plainPack(colors, 3, count));
  });

  it('reads channels past the end of a short list as 1', () => {
    const colors = new Float64Array([0.2, 0.4, 0.6, 0.8, 0.1, 0.3]);
    expect(packed(colors, 4, 3)).toEqual(plainPack(colors, 4, 3));
    expect(packed(colors, 4, 3)[2]).toBe(0xffffffff);
  });
});

/*
 * VTX1 element encoding against the reader's decoding (spec j3d.md §4.2–4.3): every stored colour value of the
 * 16-bit formats and every channel value of the others decodes and encodes back to the same bytes; every
 * integer component round-trips for several fractional shifts; values off the grid go to the nearest step
 * (value · 2^frac rounded, clamped to the type); a non-finite value throws.
 */
import { describe, expect, it } from 'vitest';
import { decodeVertexElement, type J3dVertexArrayName, type J3dVertexFormat } from '../../src/chunks/read-vtx1.js';
import { encodeVertexArray, encodeVertexElement } from '../../src/chunks/vtx1-encode.js';

const format = (attr: number, compCount: number, compType: number, frac = 0): J3dVertexFormat => ({
  attr,
  compCount,
  compType,
  frac,
});

/** decode(raw) then encode: the bytes that come back. */
function roundTrip(name: J3dVertexArrayName, f: J3dVertexFormat, raw: number[], itemSize: number): number[] {
  const view = new DataView(new Uint8Array(raw).buffer);
  const values = new Float32Array(itemSize);
  decodeVertexElement(view, 0, name, f, itemSize, values, 0);
  const out = new DataView(new ArrayBuffer(raw.length));
  encodeVertexElement(out, 0, name, f, itemSize, values, 0);
  return Array.from(new Uint8Array(out.buffer));
}

describe('VTX1 element encoding', () => {
  it('round-trips every RGB565 and RGBA4 colour', () => {
    for (const type of [0, 3]) {
      let bad = 0;
      for (let v = 0; v < 0x10000; v++) {
        const raw = [v >> 8, v & 0xff];
        if (roundTrip('CLR0', format(11, 1, type), raw, 4).join() !== raw.join()) bad++;
      }
      expect(bad).toBe(0);
    }
  });

  it('round-trips every channel value of RGBA6 and the 8-bit colour formats', () => {
    for (let channel = 0; channel < 4; channel++) {
      for (let v = 0; v < 64; v++) {
        const bits = v << (18 - 6 * channel);
        const raw = [bits >> 16, (bits >> 8) & 0xff, bits & 0xff];
        expect(roundTrip('CLR1', format(12, 1, 4), raw, 4)).toEqual(raw);
      }
    }
    for (let v = 0; v < 256; v++) {
      expect(roundTrip('CLR0', format(11, 1, 5), [v, 255 - v, v ^ 0x5a, v], 4)).toEqual([v, 255 - v, v ^ 0x5a, v]);
      expect(roundTrip('CLR0', format(11, 0, 1), [v, 255 - v, v ^ 0x5a], 4)).toEqual([v, 255 - v, v ^ 0x5a]);
      expect(roundTrip('CLR0', format(11, 0, 2), [v, 255 - v, v, 0xff], 4)).toEqual([v, 255 - v, v, 0xff]);
    }
  });

  it('round-trips every U8/S8 and U16/S16 component for shifts 0, 5, 8, 14 and 15', () => {
    for (const frac of [0, 5, 8, 14, 15]) {
      for (let v = 0; v < 256; v++) {
        expect(roundTrip('TEX0', format(13, 0, 0, frac), [v], 1)).toEqual([v]);
        expect(roundTrip('TEX0', format(13, 0, 1, frac), [v], 1)).toEqual([v]);
      }
      let bad = 0;
      for (let v = 0; v < 0x10000; v += 7) {
        const raw = [v >> 8, v & 0xff];
        if (roundTrip('TEX1', format(14, 0, 2, frac), raw, 1).join() !== raw.join()) bad++;
        if (roundTrip('TEX1', format(14, 0, 3, frac), raw, 1).join() !== raw.join()) bad++;
      }
      expect(bad).toBe(0);
    }
  });

  it('quantises off-grid values to the nearest step and clamps to the type', () => {
    const pos = format(9, 1, 3, 5); // S16, 1/32 steps
    const bytes = encodeVertexArray('POS', pos, [1.01, -2.2, 5000]);
    const view = new DataView(bytes.buffer);
    expect([view.getInt16(0), view.getInt16(2), view.getInt16(4)]).toEqual([32, -70, 0x7fff]);
    const u8 = encodeVertexArray('TEX0', format(13, 1, 0, 4), [-3, 2.53]);
    expect(Array.from(u8)).toEqual([0, 40]);
    const f32 = encodeVertexArray('NRM', format(10, 0, 4, 14), [0.5, -0.25, 1e-3]);
    expect(new DataView(f32.buffer).getFloat32(8)).toBe(Math.fround(1e-3));
    expect(Array.from(encodeVertexArray('CLR0', format(11, 1, 0), [1, 0.5, 0, 1]))).toEqual([0xfc, 0x00]);
  });

  it('refuses values that are not finite numbers and data that is not whole elements', () => {
    expect(() => encodeVertexArray('POS', format(9, 1, 4), [0, Number.NaN, 0])).toThrow(/NaN/);
    expect(() => encodeVertexArray('POS', format(9, 1, 3, 2), [0, Number.POSITIVE_INFINITY, 0])).toThrow(/Infinity/);
    expect(() => encodeVertexArray('POS', format(9, 1, 4), [0, 0])).toThrow(/multiple of 3/);
    expect(() => encodeVertexArray('POS', format(9, 1, 9), [0, 0, 0])).toThrow(/component type 9/);
  });
});

/*
 * PNG helpers: RGBA8 survives encode/decode exactly; other colour types expand to RGBA8 as the PNG spec
 * defines them (grey -> R=G=B, no alpha -> 255, 16-bit -> scaled to 8, palette -> its colours).
 * Inputs of other types are made with fast-png's own encoder, expectations are computed here by hand.
 */
import { ParseError } from '@retromodel/binary';
import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { decodePng, encodePng } from '../src/index.js';
import { crc32 } from '../src/png-chunks.js';

describe('encodePng / decodePng', () => {
  it('round-trips RGBA8 pixels exactly', () => {
    const pixels = Uint8Array.from({ length: 5 * 3 * 4 }, (_, i) => (i * 53) & 0xff);
    const png = encodePng({ width: 5, height: 3, pixels });
    expect([...png.subarray(1, 4)]).toEqual([0x50, 0x4e, 0x47]); // "PNG"
    expect(decodePng(png)).toEqual({ kind: 'rgba8', width: 5, height: 3, pixels });
  });

  it('expands greyscale, grey+alpha, RGB and 16-bit data to RGBA8', () => {
    const grey = decodePng(encode({ width: 2, height: 1, data: new Uint8Array([10, 200]), channels: 1, depth: 8 }));
    expect([...grey.pixels]).toEqual([10, 10, 10, 255, 200, 200, 200, 255]);
    const greyAlpha = decodePng(encode({ width: 1, height: 1, data: new Uint8Array([7, 99]), channels: 2, depth: 8 }));
    expect([...greyAlpha.pixels]).toEqual([7, 7, 7, 99]);
    const rgb = decodePng(encode({ width: 1, height: 1, data: new Uint8Array([1, 2, 3]), channels: 3, depth: 8 }));
    expect([...rgb.pixels]).toEqual([1, 2, 3, 255]);
    const deep = decodePng(
      encode({ width: 1, height: 1, data: new Uint16Array([65535, 0, 257 * 128, 257 * 64]), channels: 4, depth: 16 }),
    );
    expect([...deep.pixels]).toEqual([255, 0, 128, 64]);
  });

  it('reads 8-bit RGB and RGBA of any size as their samples, and an RGB colour key as alpha 0', () => {
    const samples = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) & 0xff);
    const rgba = samples(7 * 5 * 4);
    expect(decodePng(encode({ width: 7, height: 5, data: rgba, channels: 4, depth: 8 })).pixels).toEqual(rgba);
    const rgb = samples(7 * 5 * 3);
    const expected = new Uint8Array(7 * 5 * 4);
    for (let i = 0; i < 7 * 5; i++) expected.set([rgb[i * 3]!, rgb[i * 3 + 1]!, rgb[i * 3 + 2]!, 255], i * 4);
    const plain = encode({ width: 7, height: 5, data: rgb, channels: 3, depth: 8 });
    expect(decodePng(plain).pixels).toEqual(expected);
    // The same image with a tRNS chunk (after IHDR: 8 + 25 bytes) keying the second pixel's colour.
    const key = [...rgb.subarray(3, 6)].flatMap((c) => [0, c]);
    const trns = new Uint8Array(12 + 6);
    new DataView(trns.buffer).setUint32(0, 6);
    trns.set(
      [...'tRNS'].map((c) => c.charCodeAt(0)),
      4,
    );
    trns.set(key, 8);
    new DataView(trns.buffer).setUint32(14, crc32(trns, 4, 14));
    const keyed = new Uint8Array([...plain.subarray(0, 33), ...trns, ...plain.subarray(33)]);
    const keyedExpected = expected.slice();
    for (let i = 0; i < 7 * 5; i++)
      if (rgb[i * 3] === rgb[3] && rgb[i * 3 + 1] === rgb[4] && rgb[i * 3 + 2] === rgb[5]) keyedExpected[i * 4 + 3] = 0;
    expect(keyedExpected[7]).toBe(0);
    expect(decodePng(keyed).pixels).toEqual(keyedExpected);
  });

  it('expands packed 1-bit greyscale rows', () => {
    // 3 pixels per row, 2 rows: row bytes 0b101_00000 and 0b010_00000.
    const png = encode({
      width: 3,
      height: 2,
      data: new Uint8Array([0b1010_0000, 0b0100_0000]),
      channels: 1,
      depth: 1,
    });
    const grey = decodePng(png).pixels.filter((_, i) => i % 4 === 0);
    expect([...grey]).toEqual([255, 0, 255, 0, 255, 0]);
  });

  it('expands palette images', () => {
    const png = encode({
      width: 2,
      height: 1,
      data: new Uint8Array([1, 0]),
      channels: 1,
      depth: 8,
      palette: [
        [9, 8, 7],
        [1, 2, 3],
      ],
    });
    expect([...decodePng(png).pixels]).toEqual([1, 2, 3, 255, 9, 8, 7, 255]);
  });

  it('throws a ParseError for bytes that are not a PNG', () => {
    expect(() => decodePng(new Uint8Array([1, 2, 3, 4]))).toThrow(ParseError);
    const cut = encodePng({ width: 2, height: 2, pixels: new Uint8Array(16) }).subarray(0, 30);
    expect(() => decodePng(cut)).toThrow(ParseError);
  });

  it('refuses a size over 8192 a side from IHDR, before inflating anything (the one image limit)', () => {
    // IHDR's width and height are the u32s at 16 and 20 (PNG spec: signature 8, chunk length and type 8).
    for (const [width, height] of [
      [8193, 1],
      [1, 100_000],
      [0, 4],
    ]) {
      const png = encodePng({ width: 1, height: 1, pixels: new Uint8Array(4) });
      new DataView(png.buffer).setUint32(16, width);
      new DataView(png.buffer).setUint32(20, height);
      expect(() => decodePng(png)).toThrow(
        `png IHDR @0x10: the image is ${width}×${height} pixels; images of 1 to 8192 pixels a side are read`,
      );
    }
  });
});

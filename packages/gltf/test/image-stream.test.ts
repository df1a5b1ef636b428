/*
 * Embedded images checked before a glTF is read (found by npm run fuzz: a PNG with a spliced-in chunk length
 * reached the written GLB, and the Khronos validator said IMAGE_UNEXPECTED_EOS).
 */
import { describe, expect, it } from 'vitest';
import { imageStreamProblem } from '../src/image-stream.js';
import { encodePng } from '../src/png.js';

const png = encodePng({ width: 4, height: 3, pixels: new Uint8Array(4 * 3 * 4).fill(200) });

describe('imageStreamProblem', () => {
  it('accepts a whole PNG and a minimal JPEG', () => {
    expect(imageStreamProblem(png, 'image/png')).toBeUndefined();
    expect(imageStreamProblem(new Uint8Array([0xff, 0xd8, 0xff, 0xd9, 0, 0]), 'image/jpeg')).toBeUndefined();
  });

  it('finds a PNG cut before IEND, a chunk longer than the image, a missing signature or IHDR', () => {
    expect(imageStreamProblem(png.subarray(0, png.length - 12), 'image/png')).toMatch(/before its IEND/);
    const long = png.slice();
    new DataView(long.buffer).setUint32(8 + 25, 0x7fffffff); // the chunk after IHDR
    expect(imageStreamProblem(long, 'image/png')).toMatch(/runs past the end/);
    expect(imageStreamProblem(png.subarray(1), 'image/png')).toMatch(/signature/);
    const noHeader = png.slice();
    noHeader.set([0x61, 0x62, 0x63, 0x64], 12);
    expect(imageStreamProblem(noHeader, 'image/png')).toMatch(/not IHDR/);
  });

  it('finds a JPEG without its start or end marker', () => {
    expect(imageStreamProblem(new Uint8Array([0xff, 0xd9]), 'image/jpeg')).toMatch(/start-of-image/);
    expect(imageStreamProblem(new Uint8Array([0xff, 0xd8, 0x12, 0x34]), 'image/jpeg')).toMatch(/end-of-image/);
  });
});

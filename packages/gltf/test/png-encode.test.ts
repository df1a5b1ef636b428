/*
 * The PNG writer (png-chunks.ts around node:zlib, CompressionStream or fast-png's encoder) checked with an
 * independent decoder: fast-png's decode, with CRC checking on, must give back the exact RGBA8 pixels on every
 * path: sync and thread-pool node:zlib, the browser's CompressionStream, and the JavaScript fallback (the
 * module loaded again with process.getBuiltinModule hidden, as in a browser). CRC-32 is checked against the
 * standard's check value.
 */

import { fileHash } from '@retromodel/binary';
import type { Image } from '@retromodel/scene';
import { haveFixtures, readFixture } from '@retromodel/test-utils';
import { decode, encode } from 'fast-png';
import { describe, expect, it, vi } from 'vitest';
import { gltfToScene, sceneToGlb } from '../src/index.js';
import { encodeImagesAsPng } from '../src/json-write/encode-images.js';
import { streamDeflate } from '../src/native-deflate.js';
import { encodePng, encodePngAsync } from '../src/png.js';
import { crc32 } from '../src/png-chunks.js';

type Pixels = { width: number; height: number; pixels: Uint8Array };

/** Pixels with noise, flat runs and repeated rows, so every deflate path has matches and literals to code. */
function testImage(width: number, height: number, seed: number): Pixels {
  const pixels = new Uint8Array(width * height * 4);
  let state = seed;
  for (let i = 0; i < pixels.length; i++) {
    state = (state * 1103515245 + 12345) >>> 0;
    const y = Math.floor(i / (width * 4));
    pixels[i] = y % 3 === 0 ? (state >>> 24) & 0xff : y % 3 === 1 ? 0x80 : pixels[i - width * 4]!;
  }
  return { width, height, pixels };
}

const images = [testImage(1, 1, 1), testImage(5, 3, 2), testImage(37, 11, 3), testImage(200, 150, 4)];

/** Decodes with fast-png (CRCs checked) and expects the same RGBA8 pixels. */
function expectPixels(png: Uint8Array, image: Pixels): void {
  const decoded = decode(png, { checkCrc: true });
  expect({ width: decoded.width, height: decoded.height, channels: decoded.channels, depth: decoded.depth }).toEqual({
    width: image.width,
    height: image.height,
    channels: 4,
    depth: 8,
  });
  expect(Buffer.from(decoded.data as Uint8Array).equals(image.pixels)).toBe(true);
}

describe('crc32', () => {
  it('gives the check value of the ISO 3309 CRC for "123456789"', () => {
    expect(crc32(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
  });

  it("gives the same CRC with node:zlib's as with its own table (as in a browser), over any part of the bytes", async () => {
    const bytes = testImage(300, 7, 11).pixels;
    const parts: [number, number][] = [
      [0, bytes.length],
      [3, 1000],
      [17, 18],
      [5, 5],
    ];
    const host = process as { getBuiltinModule?: unknown };
    const original = host.getBuiltinModule;
    vi.resetModules();
    host.getBuiltinModule = undefined;
    try {
      const table = (await import('../src/png-chunks.js')).crc32;
      for (const [start, end] of parts) expect(crc32(bytes, start, end)).toBe(table(bytes, start, end));
      expect(table(new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    } finally {
      host.getBuiltinModule = original;
    }
  });
});

describe('PNG encoding, decoded independently', () => {
  it('encodePng (node:zlib on this thread)', () => {
    for (const image of images) expectPixels(encodePng(image), image);
  });

  it('encodePngAsync with node:zlib on the thread pool, and with CompressionStream', async () => {
    for (const image of images) {
      expectPixels(await encodePngAsync(image), image);
      expectPixels(await encodePngAsync(image, streamDeflate), image);
    }
  });

  it('without node:zlib (as in a browser): fast-png for encodePng, CompressionStream for encodePngAsync', async () => {
    const host = process as { getBuiltinModule?: unknown };
    const original = host.getBuiltinModule;
    vi.resetModules();
    // node:zlib is looked up on first use, so the host has no getBuiltinModule until the encoders have run.
    host.getBuiltinModule = undefined;
    try {
      const browser = await import('../src/png.js');
      for (const image of images) {
        const png = browser.encodePng(image);
        expectPixels(png, image);
        expect(png).toEqual(encode({ ...image, data: image.pixels, channels: 4, depth: 8 }));
        const streamed = await browser.encodePngAsync(image);
        expectPixels(streamed, image);
        expect(streamed).toEqual(await encodePngAsync(image, streamDeflate));
      }
    } finally {
      host.getBuiltinModule = original;
    }
  });

  it('refuses pixel data of the wrong size, as fast-png did', () => {
    expect(() => encodePng({ width: 2, height: 2, pixels: new Uint8Array(15) })).toThrow(RangeError);
    expect(() => encodePng({ width: 0, height: 2, pixels: new Uint8Array(0) })).toThrow(RangeError);
  });
});

describe('encodeImagesAsPng', () => {
  it('encodes small and large images, once for equal ones, and skips encoded images', async () => {
    const small = testImage(8, 8, 5);
    const large = testImage(128, 64, 6);
    const scene: Image[] = [
      { kind: 'rgba8', ...large },
      { kind: 'encoded', mimeType: 'image/png', data: encodePng(small) },
      { kind: 'rgba8', ...small },
      { kind: 'rgba8', width: 128, height: 64, pixels: large.pixels.slice() },
      { kind: 'rgba8', ...testImage(128, 64, 7) },
    ];
    const pngs = encodeImagesAsPng(scene);
    expect(pngs[1]).toBeUndefined();
    const bytes = await Promise.all(pngs.map((p) => p ?? Promise.resolve(undefined)));
    expectPixels(bytes[0]!, large);
    expectPixels(bytes[2]!, small);
    expect(bytes[3]).toBe(bytes[0]);
    expectPixels(bytes[4]!, testImage(128, 64, 7));
  });

  it("without any native deflate, loads fast-png's encoder for small and large images alike", async () => {
    const host = globalThis as { process: { getBuiltinModule?: unknown }; CompressionStream?: unknown };
    const { getBuiltinModule } = host.process;
    const { CompressionStream } = host;
    vi.resetModules();
    host.process.getBuiltinModule = undefined;
    host.CompressionStream = undefined;
    try {
      const bare = await import('../src/json-write/encode-images.js');
      // The module is loaded anew, so no encoding kept by the tests before answers.
      const sources = [testImage(8, 8, 21), testImage(128, 64, 22)];
      const pngs = await Promise.all(bare.encodeImagesAsPng(sources.map((s) => ({ kind: 'rgba8', ...s }))));
      for (const [i, source] of sources.entries())
        expect(pngs[i]).toEqual(encode({ ...source, data: source.pixels, channels: 4, depth: 8 }));
    } finally {
      host.process.getBuiltinModule = getBuiltinModule;
      host.CompressionStream = CompressionStream;
    }
  });

  it('keeps encodings across writes, never giving one write bytes another changed or stale pixels', async () => {
    for (const source of [testImage(8, 8, 8), testImage(128, 64, 9)]) {
      const image: Image = { kind: 'rgba8', ...source, pixels: source.pixels.slice() };
      const first = (await encodeImagesAsPng([image])[0])!;
      expectPixels(first, source);
      // The same pixels again (another model's copy of a shared texture): the same PNG, in bytes of its own.
      const again = (await encodeImagesAsPng([{ ...image, pixels: source.pixels.slice() }])[0])!;
      expect(again).toEqual(first);
      expect(again).not.toBe(first);
      first.fill(0);
      expectPixels((await encodeImagesAsPng([image])[0])!, source);
      // The pixels changed in place since: encoded anew from what they hold now.
      image.pixels[5] ^= 0xff;
      expectPixels((await encodeImagesAsPng([image])[0])!, { ...source, pixels: image.pixels });
    }
    // Two 1×1 images whose pixels differ but are filed alike (fileHash, found by the birthday bound): each its own
    // PNG.
    const byHash = new Map<number, Uint8Array>();
    let pair: [Uint8Array, Uint8Array] | undefined;
    for (let i = 0; !pair; i++) {
      const pixels = new Uint8Array(new Uint32Array([Math.imul(i, 0x9e3779b1)]).buffer);
      const twin = byHash.get(fileHash(pixels));
      if (twin) pair = [twin, pixels];
      else byHash.set(fileHash(pixels), pixels);
    }
    for (const pixels of pair) {
      const one = { width: 1, height: 1, pixels };
      expectPixels((await encodeImagesAsPng([{ kind: 'rgba8', ...one }])[0])!, one);
    }
  });
});

describe.skipIf(!haveFixtures)('the MKDD course written as GLB', () => {
  it('holds its 7 textures as PNGs with the scene pixels', async () => {
    const { j3dToScene, readJ3d } = await import('@retromodel/j3d');
    const { scene } = j3dToScene(readJ3d(readFixture('j3d/community_mkdd_dstestcircle_course.bmd')));
    const { scene: back } = await gltfToScene((await sceneToGlb(scene)).bytes);
    expect(back.images).toHaveLength(scene.images.length);
    scene.images.forEach((image, i) => {
      const png = back.images[i]!;
      if (image.kind !== 'rgba8' || png.kind !== 'encoded') throw new Error(`image ${i} is not rgba8 -> PNG`);
      expectPixels(png.data, image);
    });
  });
});

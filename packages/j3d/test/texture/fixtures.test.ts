/*
 * Decoded textures of every shared fixture against noclip.website's dumps (expected/*.json): every bare .bti
 * and every texture in TEX1 of the shared BMD/BDL models (TEX1 located by walking the chunk headers, see
 * j3d-chunks.ts). The dumps hash each decoded level with sha256 over width × height × 4 RGBA bytes, rows top
 * to bottom (MANIFEST), and list the first 4 pixels, the centre pixel (w/2, h/2) and the last pixel.
 *
 * The MANIFEST's known deviations of noclip that touch textures, and why the hashes still agree:
 * - CMPR 3-colour mode: noclip makes index 3 the average colour with alpha 0; the spec leaves the choice open
 *   and this decoder makes the same choice (decode-cmpr.ts), so hashes match; the rule itself is checked on
 *   hand-built blocks in decode-gx-texture.test.ts.
 * - I4/I8 alpha: noclip gives alpha = intensity, as the spec's table does and as this decoder does.
 * - Mip levels: noclip advances by max(levelSize, 32); every block-padded level is at least 32 bytes, so the
 *   chains agree (checked below against how the files lay their images out).
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { BinaryReader } from '@retromodel/binary';
import { fixture, haveFixtures, listFixtures, locateTex1, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { gxFormatName, gxMipChain } from '../../src/gx/texture/index.js';
import { type BtiHeader, decodeBtiImage, readBti, readBtiHeader } from '../../src/internal.js';

interface ExpectedMip {
  level: number;
  width: number;
  height: number;
  rgbaSha256: string;
  firstPixels: number[][];
  centerPixel: number[];
  lastPixel: number[];
}
interface ExpectedTexture {
  name: string;
  formatId: number;
  width: number;
  height: number;
  mipCount: number;
  paletteFormat: number;
  paletteEntries: number;
  mips: ExpectedMip[];
  wrapS?: number;
  wrapT?: number;
  minFilter?: number;
  magFilter?: number;
}
interface ExpectedSampler {
  index: number;
  name: string;
  textureDataIndex: number;
  wrapS: number;
  wrapT: number;
  minFilter: number;
  magFilter: number;
}

const expectedFor = (name: string) => JSON.parse(readFileSync(fixture('j3d', 'expected', `${name}.json`), 'utf8'));
const baseName = (path: string) => path.split(/[\\/]/).pop()!;

function pixelAt(pixels: Uint8Array, width: number, x: number, y: number): number[] {
  const at = (y * width + x) * 4;
  return Array.from(pixels.subarray(at, at + 4));
}

function expectLevel(level: { width: number; height: number; pixels: Uint8Array }, mip: ExpectedMip, what: string) {
  expect([level.width, level.height], `${what} size`).toEqual([mip.width, mip.height]);
  const { width: w, height: h, pixels } = level;
  expect(
    [0, 1, 2, 3].map((x) => pixelAt(pixels, w, x % w, Math.floor(x / w) % h)),
    `${what} first pixels`,
  ).toEqual(mip.firstPixels);
  expect(pixelAt(pixels, w, w >> 1, h >> 1), `${what} centre pixel`).toEqual(mip.centerPixel);
  expect(pixelAt(pixels, w, w - 1, h - 1), `${what} last pixel`).toEqual(mip.lastPixel);
  expect(createHash('sha256').update(pixels).digest('hex'), `${what} rgbaSha256`).toBe(mip.rgbaSha256);
}

function expectHeader(header: BtiHeader, tex: ExpectedTexture, what: string) {
  expect(
    {
      format: header.format,
      width: header.width,
      height: header.height,
      mipCount: header.mipCount,
      paletteEntries: header.paletteCount,
    },
    what,
  ).toEqual({
    format: tex.formatId,
    width: tex.width,
    height: tex.height,
    mipCount: tex.mipCount,
    paletteEntries: tex.paletteEntries,
  });
  if (tex.paletteEntries > 0) expect(header.paletteFormat, `${what} palette format`).toBe(tex.paletteFormat);
}

const btis = listFixtures('j3d', /\.bti$/);
const models = listFixtures('j3d', /\.(bmd|bdl)$/);

describe.skipIf(!haveFixtures)('shared .bti fixtures against noclip dumps', () => {
  it('finds the fixtures', () => expect(btis.length).toBeGreaterThanOrEqual(5));
  for (const path of btis) {
    it(baseName(path), () => {
      const file = readBti(readFixture(path));
      const tex: ExpectedTexture = expectedFor(baseName(path)).texture;
      expectHeader(file.header, tex, baseName(path));
      expect({
        wrapS: file.header.wrapS,
        wrapT: file.header.wrapT,
        minFilter: file.header.minFilter,
        magFilter: file.header.magFilter,
      }).toEqual({ wrapS: tex.wrapS, wrapT: tex.wrapT, minFilter: tex.minFilter, magFilter: tex.magFilter });
      const levels = [file.image, ...file.image.mipmaps];
      expect(levels).toHaveLength(tex.mipCount);
      for (const mip of tex.mips) expectLevel(levels[mip.level]!, mip, `${baseName(path)} level ${mip.level}`);
      expect(file.diagnostics).toEqual([]);
    });
  }
});

describe.skipIf(!haveFixtures)('TEX1 textures of the shared models against noclip dumps', () => {
  it('finds the fixtures', () => expect(models.length).toBeGreaterThanOrEqual(6));
  for (const path of models) {
    it(baseName(path), () => {
      const bytes = readFixture(path);
      const expected = expectedFor(baseName(path));
      const samplers: ExpectedSampler[] = expected.samplers;
      const textures: ExpectedTexture[] = expected.textures;
      const tex1 = locateTex1(bytes)!;
      expect(tex1.headers).toHaveLength(samplers.length);
      const reader = new BinaryReader(bytes, { format: 'j3d', section: 'TEX1' });
      const checked = new Set<number>();
      tex1.headers.forEach((headerOffset, i) => {
        const sampler = samplers[i]!;
        const what = `${baseName(path)} texture ${i} (${sampler.name})`;
        const header = readBtiHeader(reader, headerOffset);
        expect(tex1.names[i]).toBe(sampler.name);
        expect({
          wrapS: header.wrapS,
          wrapT: header.wrapT,
          minFilter: header.minFilter,
          magFilter: header.magFilter,
        }).toEqual({
          wrapS: sampler.wrapS,
          wrapT: sampler.wrapT,
          minFilter: sampler.minFilter,
          magFilter: sampler.magFilter,
        });
        const tex = textures[sampler.textureDataIndex]!;
        expectHeader(header, tex, what);
        const image = decodeBtiImage(bytes, headerOffset, header);
        const levels = [image, ...image.mipmaps];
        expect(levels, `${what}: ${gxFormatName(header.format)} levels`).toHaveLength(tex.mipCount);
        for (const mip of tex.mips) expectLevel(levels[mip.level]!, mip, `${what} level ${mip.level}`);
        checked.add(sampler.textureDataIndex);
      });
      // Every distinct image noclip dumped was compared.
      expect(checked.size).toBe(textures.length);
    });
  }
});

describe.skipIf(!haveFixtures)('gxMipChain agrees with how the files lay out their image data', () => {
  it('bare .bti: image data (+ palette) fills the file exactly', () => {
    for (const path of btis) {
      const bytes = readFixture(path);
      const header = readBti(bytes).header;
      const chain = gxMipChain(header.format, header.width, header.height, header.mipCount);
      const end = header.dataOffset + chain.reduce((sum, l) => sum + l.size, 0);
      const paletteEnd = header.paletteCount > 0 ? header.paletteOffset + header.paletteCount * 2 : 0;
      expect(Math.max(end, paletteEnd), baseName(path)).toBe(bytes.length);
    }
  });

  it('TEX1: each image chain ends where the next image starts (up to 32-byte alignment), the last one in the chunk', () => {
    let gaps = 0;
    for (const path of models) {
      const bytes = readFixture(path);
      const tex1 = locateTex1(bytes);
      if (!tex1) continue;
      const reader = new BinaryReader(bytes, { format: 'j3d', section: 'TEX1' });
      const images = new Map<number, number>();
      const palettes = new Set<number>();
      for (const at of tex1.headers) {
        const h = readBtiHeader(reader, at);
        const size = gxMipChain(h.format, h.width, h.height, h.mipCount).reduce((sum, l) => sum + l.size, 0);
        images.set(at + h.dataOffset, size);
        if (h.paletteCount > 0) palettes.add(at + h.paletteOffset);
      }
      const starts = [...images.keys(), ...palettes].sort((a, b) => a - b);
      for (const [start, size] of images) {
        const chunkEnd = tex1.chunk + new DataView(bytes.buffer, bytes.byteOffset).getUint32(tex1.chunk + 4);
        const next = starts.find((s) => s > start);
        const what = `${baseName(path)} image @${start.toString(16)}`;
        expect((next ?? chunkEnd) - start, what).toBeGreaterThanOrEqual(size);
        // The last image is followed by the chunk's padding, of any length; the others by the next data.
        if (next !== undefined) expect(next - start - size, what).toBeLessThan(32);
        gaps++;
      }
    }
    expect(gaps).toBeGreaterThan(10);
  });
});

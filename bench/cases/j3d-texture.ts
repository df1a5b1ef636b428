/*
 * GX texture decode speed per format (Mpixel/s): a 512×512 level of seeded random data in each format (with a
 * full palette for the colour-indexed ones), decoded to RGBA8 by decodeGxTexture, plus a whole 512×512 RGB565
 * chain of 10 mip levels through decodeBtiImage.
 */
import { decodeBtiImage } from '@retromodel/j3d';
import {
  decodeGxTexture,
  GxPaletteFormat,
  GxTextureFormat,
  gxMipChain,
  gxTextureByteSize,
} from '@retromodel/j3d/internal';
import type { BenchCase } from '../harness.js';

const SIZE = 512;

function randomBytes(length: number, seed: number): Uint8Array {
  const out = new Uint8Array(length);
  let s = seed >>> 0;
  for (let i = 0; i < length; i++) {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    out[i] = s >>> 24;
  }
  return out;
}

const paletteEntries: Partial<Record<keyof typeof GxTextureFormat, number>> = { C4: 16, C8: 256, C14X2: 16384 };

function decodeCase(name: keyof typeof GxTextureFormat): BenchCase {
  const format = GxTextureFormat[name];
  const data = randomBytes(gxTextureByteSize(format, SIZE, SIZE), format + 1);
  const entries = paletteEntries[name];
  const palette = entries ? { format: GxPaletteFormat.RGB5A3, data: randomBytes(entries * 2, 99) } : undefined;
  return {
    group: 'j3d-texture',
    name: `decode ${name} ${SIZE}×${SIZE}`,
    bytesIn: data.length,
    unit: 'Mpx',
    units: (SIZE * SIZE) / 1e6,
    iterations: 9,
    run: () => decodeGxTexture({ format, width: SIZE, height: SIZE, data, palette }),
  };
}

function mipChainCase(): BenchCase {
  const levels = gxMipChain(GxTextureFormat.RGB565, SIZE, SIZE, 10);
  const imageBytes = levels.reduce((n, l) => n + l.size, 0);
  const bytes = new Uint8Array(0x20 + imageBytes);
  bytes.set(randomBytes(imageBytes, 7), 0x20);
  const header = {
    format: GxTextureFormat.RGB565,
    alphaEnabled: 0,
    width: SIZE,
    height: SIZE,
    wrapS: 1,
    wrapT: 1,
    hasPalette: 0,
    paletteFormat: 0,
    paletteCount: 0,
    paletteOffset: 0,
    mipmapEnabled: 1,
    edgeLod: 0,
    biasClamp: 0,
    maxAnisotropy: 0,
    minFilter: 5,
    magFilter: 1,
    minLod: 0,
    maxLod: 72,
    mipCount: 10,
    unknown0x19: 0,
    lodBias: 0,
    dataOffset: 0x20,
  };
  return {
    group: 'j3d-texture',
    name: `decodeBtiImage RGB565 ${SIZE}×${SIZE}, 10 levels`,
    bytesIn: bytes.length,
    unit: 'Mpx',
    units: levels.reduce((n, l) => n + l.width * l.height, 0) / 1e6,
    iterations: 9,
    run: () => decodeBtiImage(bytes, 0, header),
  };
}

/** Texture decode cases, one per GX format plus a full mip chain. */
export function cases(): BenchCase[] {
  const names = Object.keys(GxTextureFormat) as (keyof typeof GxTextureFormat)[];
  return [...names.map(decodeCase), mipChainCase()];
}

/*
 * Test-side helpers for the encoder tests: every distinct texture of the shared fixtures (bare .bti files and
 * TEX1 of the BMD/BDL models, TEX1 found by walking the chunks, see j3d-chunks.ts) with its header, its decoded
 * levels and its original image and palette bytes; and PSNR, the quality measure the tests report.
 */
import { BinaryReader } from '@retromodel/binary';
import {
  type BtiHeader,
  type BtiMipLevel,
  decodeBtiImage,
  gxFormatName,
  gxMipChain,
  readBtiHeader,
} from '@retromodel/j3d/internal';
import { haveFixtures, listFixtures, readFixture } from './fixtures.js';
import { locateTex1 } from './j3d-chunks.js';

/** One texture of the shared fixtures. */
export interface FixtureTexture {
  /** File name and, for TEX1, the texture's index and name. */
  what: string;
  header: BtiHeader;
  /** Decoded levels, level 0 first. */
  levels: BtiMipLevel[];
  /** The stored image data of every level, back to back. */
  data: Uint8Array;
  /** The stored palette entries (C4/C8/C14X2), else empty. */
  palette: Uint8Array;
}

/** Every distinct image (by data offset) of every shared .bti/.bmd/.bdl; empty without the fixtures. */
export function fixtureTextures(): FixtureTexture[] {
  if (!haveFixtures) return [];
  const out: FixtureTexture[] = [];
  for (const path of listFixtures('j3d', /\.(bti|bmd|bdl)$/)) {
    const bytes = readFixture(path);
    const file = path.split(/[\\/]/).pop()!;
    const tex1 = path.endsWith('.bti') ? undefined : locateTex1(bytes);
    const headers = tex1 ? tex1.headers : [0];
    const section = tex1 ? 'TEX1' : 'BTI';
    const reader = new BinaryReader(bytes, { format: 'j3d', section });
    const seen = new Set<number>();
    headers.forEach((at, i) => {
      const header = readBtiHeader(reader, at);
      const start = at + header.dataOffset;
      if (seen.has(start)) return;
      seen.add(start);
      const image = decodeBtiImage(bytes, at, header, section);
      const size = gxMipChain(header.format, header.width, header.height, Math.max(1, header.mipCount)).reduce(
        (sum, level) => sum + level.size,
        0,
      );
      const paletteStart = at + header.paletteOffset;
      out.push({
        what: `${file}${tex1 ? ` #${i} ${tex1.names[i]}` : ''} (${gxFormatName(header.format)} ${header.width}×${header.height})`,
        header,
        levels: [image, ...image.mipmaps],
        data: bytes.subarray(start, start + size),
        palette:
          header.paletteCount > 0
            ? bytes.subarray(paletteStart, paletteStart + header.paletteCount * 2)
            : new Uint8Array(0),
      });
    });
  }
  return out;
}

/**
 * PSNR in dB of `decoded` against `source` (both RGBA8) over the given channels (0 R … 3 A) of the pixels
 * `counts(i)` accepts (pixel number); Infinity when they are equal (or no pixel counts).
 */
export function psnr(
  source: Uint8Array,
  decoded: Uint8Array,
  channels: number[] = [0, 1, 2, 3],
  counts: (pixel: number) => boolean = () => true,
): number {
  const { error, samples } = squaredError(source, decoded, channels, counts);
  return psnrOf(error, samples);
}

/** The summed squared error and the number of samples it is over (see {@link psnr}). */
export function squaredError(
  source: Uint8Array,
  decoded: Uint8Array,
  channels: number[] = [0, 1, 2, 3],
  counts: (pixel: number) => boolean = () => true,
): { error: number; samples: number } {
  let error = 0;
  let samples = 0;
  for (let p = 0; p < source.length / 4; p++) {
    if (!counts(p)) continue;
    for (const c of channels) error += (source[p * 4 + c]! - decoded[p * 4 + c]!) ** 2;
    samples += channels.length;
  }
  return { error, samples };
}

/** PSNR in dB of a summed squared error over `samples` 8-bit samples. */
export function psnrOf(error: number, samples: number): number {
  return error === 0 ? Number.POSITIVE_INFINITY : 10 * Math.log10((255 * 255 * samples) / error);
}

/**
 * Where two byte arrays first differ (the shorter length when one is a prefix of the other), or -1 when they
 * are equal: a fast stand-in for toEqual on megabyte images.
 */
export function firstDifference(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return i;
  return a.length === b.length ? -1 : n;
}

/** A copy of an RGBA8 image with alpha 255 everywhere. */
export function opaqueCopy(rgba: Uint8Array): Uint8Array {
  const out = rgba.slice();
  for (let i = 3; i < out.length; i += 4) out[i] = 255;
  return out;
}

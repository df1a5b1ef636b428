/*
 * GX texture encode speed (Mpixel/s) and quality: CMPR (ours and the tests' naive bounding-box encoder) and the
 * palette formats C4/C8/C14X2 on real textures of the shared fixtures (the largest RGBA8 ones, decoded) and on
 * a synthetic 512×512 image (smooth colour waves with seeded noise, always available); plus the direct formats
 * on the synthetic image. Each row's name carries the PSNR (dB; R, G, B for CMPR on an opaque copy, R, G, B, A
 * for the palettes) of the decoded result against the source, measured once when the cases are built.
 */
import { decodeGxTexture, encodeGxTexture, GxTextureFormat } from '@retromodel/j3d/internal';
import { fixtureTextures, naiveCmpr, opaqueCopy, psnr, seededRandom } from '@retromodel/test-utils';
import type { BenchCase } from '../harness.js';

interface Source {
  name: string;
  width: number;
  height: number;
  pixels: Uint8Array;
}

function syntheticImage(size: number): Source {
  const rnd = seededRandom(42);
  const pixels = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      const at = (y * size + x) * 4;
      const wave = (f: number, p: number) => 127.5 + 110 * Math.sin((x * f + y * (0.7 - f)) / 23 + p);
      for (let c = 0; c < 3; c++)
        pixels[at + c] = Math.max(0, Math.min(255, Math.round(wave(0.3 * c, c) + (rnd() - 0.5) * 20)));
      pixels[at + 3] = 255;
    }
  }
  return { name: `synthetic ${size}×${size}`, width: size, height: size, pixels };
}

function sources(): Source[] {
  const real = fixtureTextures()
    .filter((t) => t.header.format === GxTextureFormat.RGBA8)
    .map((t) => ({ name: t.what.replace(/ \(.*\)$/, ''), ...t.levels[0]! }));
  return [syntheticImage(512), ...real];
}

const decodeLevel = (encoded: ReturnType<typeof encodeGxTexture>) =>
  decodeGxTexture({
    format: encoded.format,
    width: encoded.width,
    height: encoded.height,
    data: encoded.data,
    palette: encoded.palette,
  });

function cmprCases(source: Source): BenchCase[] {
  const { width, height } = source;
  const pixels = opaqueCopy(source.pixels);
  const ours = psnr(pixels, decodeLevel(encodeGxTexture(pixels, width, height, GxTextureFormat.CMPR)), [0, 1, 2]);
  const naive = psnr(
    pixels,
    decodeGxTexture({ format: GxTextureFormat.CMPR, width, height, data: naiveCmpr(pixels, width, height) }),
    [0, 1, 2],
  );
  const common = {
    group: 'gx-encode',
    bytesIn: pixels.length,
    unit: 'Mpx',
    units: (width * height) / 1e6,
    iterations: 3,
  };
  return [
    {
      ...common,
      name: `CMPR ${source.name} (PSNR ours ${ours.toFixed(2)} dB vs naive ${naive.toFixed(2)} dB)`,
      run: () => encodeGxTexture(pixels, width, height, GxTextureFormat.CMPR),
    },
    { ...common, name: `CMPR naive encoder ${source.name}`, run: () => naiveCmpr(pixels, width, height) },
  ];
}

function paletteCases(source: Source): BenchCase[] {
  const { width, height, pixels } = source;
  return (['C4', 'C8', 'C14X2'] as const).map((name) => {
    const format = GxTextureFormat[name];
    const encoded = encodeGxTexture(pixels, width, height, format);
    const quality = psnr(pixels, decodeLevel(encoded));
    return {
      group: 'gx-encode',
      name: `${name} ${source.name} (${encoded.palette!.data.length / 2} entries, PSNR ${quality.toFixed(2)} dB)`,
      bytesIn: pixels.length,
      unit: 'Mpx',
      units: (width * height) / 1e6,
      iterations: 3,
      run: () => encodeGxTexture(pixels, width, height, format),
    };
  });
}

function directCases(source: Source): BenchCase[] {
  const { width, height, pixels } = source;
  return (['I8', 'IA8', 'RGB565', 'RGB5A3', 'RGBA8'] as const).map((name) => ({
    group: 'gx-encode',
    name: `${name} ${source.name}`,
    bytesIn: pixels.length,
    unit: 'Mpx',
    units: (width * height) / 1e6,
    iterations: 5,
    run: () => encodeGxTexture(pixels, width, height, GxTextureFormat[name]),
  }));
}

/** GX texture encode cases: CMPR and palettes on every source, the direct formats on the synthetic image. */
export function cases(): BenchCase[] {
  const all = sources();
  return [...all.flatMap((s) => [...cmprCases(s), ...paletteCases(s)]), ...directCases(all[0]!)];
}

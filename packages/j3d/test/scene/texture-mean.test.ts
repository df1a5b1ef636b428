/*
 * A material's mean texture colour without decoding the texture: gxTextureSums (block by block) against its
 * definition, the channel sums of decodeGxTexture's pixels, for every format on random data, sizes that are and
 * are not whole blocks (summed in one run, or block row by block row), levels of several pages of the SIMD
 * module's memory, 16-bit codes at every alignment and random palettes, and the same ParseErrors, through the
 * module and where WebAssembly cannot run; the committed module against its source; the byte parts of every
 * RGB565 and RGB5A3 code against its pixel; and textureMean on the scene of every shared model and the sample BMD
 * (images not decoded yet) against the mean of the decoded pixels.
 */
import { readFileSync } from 'node:fs';
import { ParseError } from '@retromodel/binary';
import type { Scene } from '@retromodel/scene';
import { buildSampleBmd, haveFixtures, listFixtures, readFixture, seededRandom } from '@retromodel/test-utils';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileWasm, wasmModules, wasmSource, wasmTarget } from '../../../../scripts/build-wasm.mjs';
import { decodeGxTexture, type GxTextureInput } from '../../src/gx/texture/decode-gx-texture.js';
import { GxPaletteFormat, GxTextureFormat, gxFormatLayout, gxTextureByteSize } from '../../src/gx/texture/formats.js';
import { splitParts } from '../../src/gx/texture/split-code-sums.js';
import { u16Words } from '../../src/gx/texture/texel-words.js';
import type { gxTextureSums } from '../../src/gx/texture/texture-sums.js';
import { readJ3d } from '../../src/index.js';
import { textureMean } from '../../src/scene/bake-texture.js';
import { addTextures } from '../../src/scene/build-textures.js';

function decodedSums(input: GxTextureInput): number[] {
  const pixels = decodeGxTexture(input);
  const sums = [0, 0, 0, 0];
  for (let i = 0; i < pixels.length; i++) sums[i & 3]! += pixels[i];
  return sums;
}

/**
 * What `run` returns, or the ParseError it throws. By the class's name: the sums loaded again without WebAssembly
 * (vi.resetModules) throw the ParseError of their own copy of @retromodel/binary.
 */
function outcome(run: () => unknown): unknown {
  try {
    return run();
  } catch (e) {
    if (!(e instanceof Error) || e.constructor.name !== ParseError.name) throw e;
    return `${(e as ParseError).offset}: ${e.message}`;
  }
}

function sumsTests(load: () => Promise<typeof gxTextureSums>): void {
  it('equals the sums of the decoded pixels for every format', async () => {
    const gxTextureSums = await load();
    const rnd = seededRandom(0x3ea2);
    const int = (n: number) => Math.floor(rnd() * n);
    const formats = Object.values(GxTextureFormat);
    for (let round = 0; round < 600; round++) {
      const format = formats[round % formats.length]!;
      const width = 1 + int(40);
      const height = 1 + int(40);
      const size = gxTextureByteSize(format, width, height);
      // Now and then a byte short, or no usable palette: the same error.
      const data = Uint8Array.from({ length: size + int(8) - (rnd() < 0.05 ? 8 : 0) }, () => int(256));
      const input: GxTextureInput = { format, width, height, data, offset: 0x40 };
      if (rnd() < 0.95)
        input.palette = {
          format: int(rnd() < 0.05 ? 5 : 3),
          data: Uint8Array.from({ length: 2 * int(300) }, () => int(256)),
        };
      expect(
        outcome(() => gxTextureSums(input)),
        `round ${round}`,
      ).toEqual(outcome(() => decodedSums(input)));
    }
  });

  it('sums 16-bit codes wherever they start in their buffer', async () => {
    const gxTextureSums = await load();
    const rnd = seededRandom(0x16b1);
    for (const format of [GxTextureFormat.RGB565, GxTextureFormat.RGB5A3]) {
      for (const start of [0, 1, 2, 3, 6]) {
        const width = 4 * (1 + Math.floor(rnd() * 6));
        const height = 4 * (1 + Math.floor(rnd() * 6));
        const bytes = Uint8Array.from({ length: start + width * height * 2 }, () => Math.floor(rnd() * 256));
        const input: GxTextureInput = { format, width, height, data: bytes.subarray(start) };
        expect(gxTextureSums(input), `format ${format} from byte ${start}`).toEqual(decodedSums(input));
      }
    }
  });

  it('equals the sums of the decoded pixels for pictures of whole blocks', async () => {
    const gxTextureSums = await load();
    const rnd = seededRandom(0x5b17);
    const int = (n: number) => Math.floor(rnd() * n);
    for (const format of Object.values(GxTextureFormat)) {
      const { blockWidth, blockHeight } = gxFormatLayout(format)!;
      for (let round = 0; round < 20; round++) {
        const width = blockWidth * (1 + int(8));
        const height = blockHeight * (1 + int(8));
        // Runs of one code as well as random bytes (a texture's flat areas).
        const fill = int(256);
        const data = Uint8Array.from({ length: gxTextureByteSize(format, width, height) }, () =>
          round % 2 ? fill : int(256),
        );
        const palette = { format: int(3), data: Uint8Array.from({ length: 2 * (1 + int(300)) }, () => int(256)) };
        const input: GxTextureInput = { format, width, height, data, palette };
        expect(gxTextureSums(input), `format ${format} ${width}×${height}`).toEqual(decodedSums(input));
      }
    }
  });

  it('sums levels of several of its pages (64 KiB), and one page and a part', async () => {
    const gxTextureSums = await load();
    const rnd = seededRandom(0x9a6e);
    for (const [format, width, height] of [
      [GxTextureFormat.CMPR, 512, 256],
      [GxTextureFormat.CMPR, 256, 264],
      [GxTextureFormat.RGB565, 256, 136],
      [GxTextureFormat.RGB5A3, 256, 256],
      [GxTextureFormat.RGB5A3, 128, 260],
    ] as const) {
      const data = Uint8Array.from({ length: gxTextureByteSize(format, width, height) }, () => Math.floor(rnd() * 256));
      const input: GxTextureInput = { format, width, height, data };
      expect(gxTextureSums(input), `format ${format} ${width}×${height}`).toEqual(decodedSums(input));
    }
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.resetModules();
});

const loadSums = async () => (await import('../../src/gx/texture/texture-sums.js')).gxTextureSums;

describe('gxTextureSums', () => sumsTests(loadSums));

describe('gxTextureSums where WebAssembly cannot run', () =>
  sumsTests(async () => {
    vi.stubGlobal('WebAssembly', undefined);
    return loadSums();
  }));

it('splits every RGB565 and RGB5A3 code into a high and a low byte part that add up to its pixel', () => {
  for (const format of [GxPaletteFormat.RGB565, GxPaletteFormat.RGB5A3] as const) {
    const pixels = new Uint8Array(u16Words(format).buffer);
    const { high, low, modeBit } = splitParts(format);
    for (let code = 0; code < 0x10000; code++) {
      const h = code >> 8;
      const l = (code & 0xff) | ((h & modeBit) << 1);
      for (let c = 0; c < 4; c++)
        if (high[h * 4 + c]! + low[l * 4 + c]! !== pixels[code * 4 + c])
          expect.fail(`format ${format} code ${code.toString(16)} channel ${c}`);
    }
  }
});

it("J3D's committed modules (the texture sums, the vertex writer) are what their assembly sources compile to", async () => {
  for (const module of wasmModules.filter((m) => m.pkg === 'j3d'))
    expect(readFileSync(wasmTarget(module), 'utf8')).toBe(wasmSource(module, await compileWasm(module)));
}, 60_000);

const models: [string, () => Uint8Array][] = [['sample BMD', buildSampleBmd]];
if (haveFixtures)
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/))
    models.push([path.split('/').pop()!, () => readFixture(path)]);

describe('textureMean of undecoded TEX1 images', () => {
  it.each(models)('%s: the mean of the decoded pixels', (_, bytes) => {
    const file = readJ3d(bytes());
    const scene = { images: [], samplers: [], textures: [] } as unknown as Scene;
    const { undecodedSums } = addTextures(scene, file.TEX1);
    // Every mean first, from the undecoded images; then the pixels are decoded for the definition.
    const means = scene.textures.map((_, t) => textureMean(scene, t, undecodedSums));
    scene.textures.forEach((texture, t) => {
      const image = scene.images[texture.image]!;
      if (image.kind !== 'rgba8') return;
      const count = image.width * image.height;
      const sums = [0, 0, 0, 0];
      for (let i = 0; i < count * 4; i++) sums[i & 3]! += image.pixels[i];
      expect(means[t], `texture ${t}`).toEqual(sums.map((s) => s / Math.max(1, count) / 255));
    });
    // Once decoded, the pixels are summed (no undecoded sums are left).
    expect(undecodedSums.every((sums) => sums === undefined || sums() === undefined)).toBe(true);
  });
});

/*
 * TEX1 images are decoded when their pixels are first read (lazy-rgba-image). Against the eager decoder
 * (decodeBtiImage, itself checked against the independent dumps in test/j3d-texture): the same pixels and mip
 * levels for every texture of every shared model and the sample BMD, as plain data through structuredClone and
 * JSON; the same array on every read; assignment replaces it; level 0 and the mip levels are decoded apart (a
 * writer that reads only the pixels never decodes the mips); and bad texture data still fails in j3dToScene.
 */
import { hashBytes, ParseError } from '@retromodel/binary';
import type { RgbaImage } from '@retromodel/scene';
import { buildSampleBmd, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import type { PreparedBtiImage } from '../../src/bti/decode-bti-image.js';
import { decodeBtiImage, j3dToScene, readJ3d } from '../../src/index.js';
import { lazyRgbaImage } from '../../src/scene/lazy-rgba-image.js';

/** Byte equality (toEqual on megabyte arrays is slow). */
function sameBytes(a: Uint8Array | undefined, b: Uint8Array): boolean {
  return (
    a !== undefined &&
    Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(Buffer.from(b.buffer, b.byteOffset, b.byteLength))
  );
}

const models: [string, () => Uint8Array][] = [['sample BMD', buildSampleBmd]];
if (haveFixtures)
  for (const path of listFixtures('j3d', /\.(bmd|bdl)$/))
    models.push([path.split('/').pop()!, () => readFixture(path)]);

describe('lazily decoded TEX1 images', () => {
  it.each(models)('%s: pixels and mipmaps equal the eager decode', (_, bytes) => {
    const file = readJ3d(bytes());
    const { scene } = j3dToScene(file);
    const seen = new Set<number>();
    for (const texture of scene.textures) {
      if (seen.has(texture.image)) continue;
      seen.add(texture.image);
      const t = file.TEX1.textures[scene.textures.indexOf(texture)]!;
      const eager = decodeBtiImage(file.TEX1.bytes, t.headerOffset, t.header);
      const image = scene.images[texture.image] as RgbaImage;
      expect(image.kind).toBe('rgba8');
      expect([image.width, image.height]).toEqual([eager.width, eager.height]);
      expect(sameBytes(image.pixels, eager.pixels)).toBe(true);
      expect(image.pixels).toBe(image.pixels);
      expect('mipmaps' in image).toBe(eager.mipmaps.length > 0);
      expect(image.mipmaps?.length ?? 0).toBe(eager.mipmaps.length);
      eager.mipmaps.forEach((level, i) => {
        const lazy = image.mipmaps![i]!;
        expect([lazy.width, lazy.height]).toEqual([level.width, level.height]);
        expect(sameBytes(lazy.pixels, level.pixels)).toBe(true);
      });
      // Plain data for workers and dumps.
      const cloned = structuredClone(image);
      expect(sameBytes(Object.getOwnPropertyDescriptor(cloned, 'pixels')?.value, eager.pixels)).toBe(true);
      expect(Object.keys(cloned)).toEqual(Object.keys(image));
    }
  });

  it('reads a fresh image as plain data before its pixels were touched, and takes assignments', () => {
    const { scene } = j3dToScene(readJ3d(buildSampleBmd()));
    const image = scene.images[0] as RgbaImage;
    expect(Object.keys(structuredClone(image))).toEqual(['kind', 'name', 'width', 'height', 'pixels', 'extras']);
    const json = JSON.parse(JSON.stringify(image)) as { pixels: Record<string, number> };
    expect(Object.values(json.pixels)).toEqual([...image.pixels]);
    const replaced = new Uint8Array(image.width * image.height * 4).fill(7);
    image.pixels = replaced;
    expect(image.pixels).toBe(replaced);
  });

  it('decodes level 0 and the mip levels each once, and only when they are read', () => {
    const calls = { level0: 0, mipmaps: 0, all: 0 };
    const level0 = new Uint8Array(4 * 4 * 4).fill(1);
    const mips = [{ width: 2, height: 2, pixels: new Uint8Array(16).fill(2) }];
    const prepared: PreparedBtiImage = {
      width: 4,
      height: 4,
      levelCount: 2,
      decode: () => {
        calls.all++;
        return { width: 4, height: 4, pixels: level0, mipmaps: mips };
      },
      decodeLevel0: () => {
        calls.level0++;
        return level0;
      },
      decodeMipmaps: () => {
        calls.mipmaps++;
        return mips;
      },
      sumLevel0: () => [0, 0, 0, 0],
    };
    const { image } = lazyRgbaImage('t', prepared);
    expect(calls).toEqual({ level0: 0, mipmaps: 0, all: 0 });
    expect(image.pixels).toBe(level0);
    expect(image.pixels).toBe(level0);
    expect(calls).toEqual({ level0: 1, mipmaps: 0, all: 0 });
    expect(image.mipmaps).toBe(mips);
    expect(image.mipmaps).toBe(mips);
    expect(calls).toEqual({ level0: 1, mipmaps: 1, all: 0 });
  });

  it('images share their accessor functions (no closures of their own that the engine keeps per image)', () => {
    const { scene } = j3dToScene(readJ3d(buildSampleBmd()));
    const [a] = scene.images as RgbaImage[];
    const b = j3dToScene(readJ3d(buildSampleBmd())).scene.images[0] as RgbaImage;
    for (const key of ['pixels', 'mipmaps'] as const) {
      const da = Object.getOwnPropertyDescriptor(a, key);
      const db = Object.getOwnPropertyDescriptor(b, key);
      expect(da?.get).toBe(db?.get);
      expect(da?.set).toBe(db?.set);
    }
    expect(Object.getOwnPropertyDescriptor(a, 'pixels')?.get).toBeTypeOf('function');
  });

  it("scenes' extras share the gxTex1Json accessor, each making and keeping its own text", () => {
    const a = j3dToScene(readJ3d(buildSampleBmd())).scene.extras!;
    const b = j3dToScene(readJ3d(buildSampleBmd())).scene.extras!;
    const da = Object.getOwnPropertyDescriptor(a, 'gxTex1Json');
    const db = Object.getOwnPropertyDescriptor(b, 'gxTex1Json');
    expect(da?.get).toBeTypeOf('function');
    expect(da?.get).toBe(db?.get);
    expect(da?.set).toBe(db?.set);
    expect(da?.enumerable).toBe(true);
    const text = a.gxTex1Json as string;
    expect(JSON.parse(text).textures.length).toBeGreaterThan(0);
    b.gxTex1Json = 'edited';
    expect(b.gxTex1Json).toBe('edited');
    expect(a.gxTex1Json).toBe(text);
    expect({ ...a }.gxTex1Json).toBe(text);
    expect(Object.keys(a)).toEqual(Object.keys(b));
  });

  it('models sharing texture data each get pixels of their own, and other data is decoded anew', () => {
    const eagerOf = (file: ReturnType<typeof readJ3d>) => {
      const t = file.TEX1.textures[0]!;
      return decodeBtiImage(file.TEX1.bytes, t.headerOffset, t.header).pixels;
    };
    const keptOf = (file: ReturnType<typeof readJ3d>) => {
      const { scene } = j3dToScene(file);
      return { image: scene.images[0] as RgbaImage, tex1: JSON.parse(scene.extras!.gxTex1Json as string) };
    };
    const first = readJ3d(buildSampleBmd());
    const a = keptOf(first);
    expect(sameBytes(a.image.pixels, eagerOf(first))).toBe(true);
    a.image.pixels.fill(9);
    const b = keptOf(readJ3d(buildSampleBmd()));
    expect(b.image.pixels).not.toBe(a.image.pixels);
    expect(sameBytes(b.image.pixels, eagerOf(first))).toBe(true);
    expect(b.tex1).toEqual(a.tex1);
    expect(b.tex1.textures[0].level0InImage).toBe(hashBytes(eagerOf(first)));
    // One texel's data changed: its own pixels, and its own level 0 hash.
    const changed = readJ3d(buildSampleBmd());
    changed.TEX1.textures[0]!.data[0] ^= 0x55;
    const c = keptOf(changed);
    expect(sameBytes(c.image.pixels, eagerOf(changed))).toBe(true);
    expect(sameBytes(c.image.pixels, eagerOf(first))).toBe(false);
    expect(c.tex1.textures[0].level0InImage).toBe(hashBytes(eagerOf(changed)));
  });

  it('texture data past the end of TEX1 is still a ParseError from j3dToScene', () => {
    const file = readJ3d(buildSampleBmd());
    const t = file.TEX1.textures[0]!;
    t.header = { ...t.header, dataOffset: file.TEX1.bytes.length };
    expect(() => j3dToScene(file)).toThrow(ParseError);
  });
});

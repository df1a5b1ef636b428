/*
 * TEX1 images are decoded when their pixels are first read (lazy-rgba-image). Against the eager decoder
 * (decodeBtiImage, itself checked against the independent dumps in test/j3d-texture): the same pixels and mip
 * levels for every texture of every shared model and the sample BMD, as plain data through structuredClone and
 * JSON; the same array on every read; assignment replaces it; and bad texture data still fails in j3dToScene.
 */
import { ParseError } from '@retromodel/binary';
import type { RgbaImage } from '@retromodel/scene';
import { buildSampleBmd, haveFixtures, listFixtures, readFixture } from '@retromodel/test-utils';
import { describe, expect, it } from 'vitest';
import { decodeBtiImage, j3dToScene, readJ3d } from '../../src/index.js';

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
    expect(Object.keys(structuredClone(image))).toEqual(['kind', 'name', 'width', 'height', 'pixels']);
    const json = JSON.parse(JSON.stringify(image)) as { pixels: Record<string, number> };
    expect(Object.values(json.pixels)).toEqual([...image.pixels]);
    const replaced = new Uint8Array(image.width * image.height * 4).fill(7);
    image.pixels = replaced;
    expect(image.pixels).toBe(replaced);
  });

  it('texture data past the end of TEX1 is still a ParseError from j3dToScene', () => {
    const file = readJ3d(buildSampleBmd());
    const t = file.TEX1.textures[0]!;
    t.header = { ...t.header, dataOffset: file.TEX1.bytes.length };
    expect(() => j3dToScene(file)).toThrow(ParseError);
  });
});

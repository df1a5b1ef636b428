/*
 * A scene image whose pixels are decoded the first time they are read. A TEX1 texture's pixels are needed only
 * by whoever reads them (a glTF writer, a texture mean for a material), so j3dToScene checks each texture at once
 * (bad data still fails there, with the same ParseError) and leaves the decoding to the first read.
 *
 * The image is still a plain RgbaImage: `pixels` and `mipmaps` are enumerable accessor properties of an ordinary
 * object, in the same order as an eagerly built image's, and spreading, `structuredClone` and `JSON.stringify`
 * read them like data. Each returns the same array on every read; assigning replaces it. Level 0 and the mip
 * levels are decoded apart (a glTF or PNG writer reads only `pixels`); once both have been read, the image lets
 * go of the decoder (and with it the file's bytes).
 */
import type { RgbaImage } from '@retromodel/scene';
import type { BtiMipLevel, PreparedBtiImage } from '../bti/decode-bti-image.js';

/** A lazily decoded image, and its pixels' channel sums while they are not decoded. */
export interface LazyRgbaImage {
  image: RgbaImage;
  /**
   * The sums of R, G, B and A over `image.pixels`, worked out without decoding them, while the pixels have not
   * been read or replaced and the image keeps its size; else undefined.
   */
  undecodedSums: () => number[] | undefined;
}

/**
 * An rgba8 scene image of `prepared`, decoded on the first read of its pixels or mipmaps (level 0 by
 * `decodeLevel0`, by default the prepared image's own).
 */
export function lazyRgbaImage(
  name: string,
  prepared: PreparedBtiImage,
  decodeLevel0: () => Uint8Array = prepared.decodeLevel0,
): LazyRgbaImage {
  // Only `source` and `decode0` hold the decoder and the file's bytes, so that they can be let go of.
  let source: PreparedBtiImage | undefined = prepared;
  let decode0: (() => Uint8Array) | undefined = decodeLevel0;
  const { width, height, levelCount } = prepared;
  let pixels: Uint8Array | undefined;
  let mipmaps: BtiMipLevel[] | undefined;
  // The decoder is needed until level 0 and (when there are any) the mip levels have been read or replaced.
  const release = () => {
    if (pixels !== undefined && (mipmaps !== undefined || levelCount === 1)) {
      source = undefined;
      decode0 = undefined;
    }
  };
  const image: RgbaImage = {
    kind: 'rgba8',
    name,
    width,
    height,
    get pixels(): Uint8Array {
      if (pixels === undefined) {
        pixels = decode0!();
        release();
      }
      return pixels;
    },
    set pixels(value: Uint8Array) {
      pixels = value;
      release();
    },
  };
  if (levelCount > 1) {
    Object.defineProperty(image, 'mipmaps', {
      enumerable: true,
      configurable: true,
      get: (): BtiMipLevel[] => {
        if (mipmaps === undefined) {
          mipmaps = source!.decodeMipmaps();
          release();
        }
        return mipmaps;
      },
      set: (value: BtiMipLevel[]) => {
        mipmaps = value;
        release();
      },
    });
  }
  const undecodedSums = () =>
    pixels === undefined && image.width === width && image.height === height ? source?.sumLevel0() : undefined;
  return { image, undecodedSums };
}

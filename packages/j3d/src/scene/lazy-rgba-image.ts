/*
 * A scene image whose pixels are decoded the first time they are read. A TEX1 texture's pixels are needed only
 * by whoever reads them (a glTF writer, a texture mean for a material), so j3dToScene checks each texture at once
 * (bad data still fails there, with the same ParseError) and leaves the decoding to the first read.
 *
 * The image is still a plain RgbaImage: `pixels` and `mipmaps` are enumerable accessor properties of an ordinary
 * object, in the same order as an eagerly built image's, and spreading, `structuredClone` and `JSON.stringify`
 * read them like data. Each returns the same array on every read; assigning replaces it. Once decoded, the
 * image lets go of the decoder (and with it the file's bytes).
 */
import type { RgbaImage } from '@retromodel/scene';
import type { BtiImage, BtiMipLevel, PreparedBtiImage } from '../bti/decode-bti-image.js';

/** Per lazy image: its level 0's channel sums worked out without decoding it, while its pixels are unread. */
const undecodedSums = new WeakMap<RgbaImage, () => number[] | undefined>();

/**
 * The sums of R, G, B and A over `image.pixels`, found without decoding them, when `image` is a lazy image whose
 * pixels have not been read or replaced (and whose size is still the decoded one); else undefined.
 */
export function undecodedPixelSums(image: RgbaImage): number[] | undefined {
  return undecodedSums.get(image)?.();
}

/**
 * An rgba8 scene image of `prepared`, decoded on the first read of its pixels or mipmaps; `sums` gives level 0's
 * channel sums without decoding (see {@link undecodedPixelSums}).
 */
export function lazyRgbaImage(name: string, prepared: PreparedBtiImage, sums?: () => number[]): RgbaImage {
  let source: PreparedBtiImage | undefined = prepared;
  let decoded: BtiImage | undefined;
  const levels = (): BtiImage => {
    if (!decoded) {
      decoded = source!.decode();
      source = undefined;
    }
    return decoded;
  };
  let pixels: Uint8Array | undefined;
  let mipmaps: BtiMipLevel[] | undefined;
  const image: RgbaImage = {
    kind: 'rgba8',
    name,
    width: prepared.width,
    height: prepared.height,
    get pixels(): Uint8Array {
      pixels ??= levels().pixels;
      return pixels;
    },
    set pixels(value: Uint8Array) {
      pixels = value;
    },
  };
  if (sums) {
    undecodedSums.set(image, () =>
      pixels === undefined && image.width === prepared.width && image.height === prepared.height ? sums() : undefined,
    );
  }
  if (prepared.levelCount > 1) {
    Object.defineProperty(image, 'mipmaps', {
      enumerable: true,
      configurable: true,
      get: (): BtiMipLevel[] => {
        mipmaps ??= levels().mipmaps;
        return mipmaps;
      },
      set: (value: BtiMipLevel[]) => {
        mipmaps = value;
      },
    });
  }
  return image;
}

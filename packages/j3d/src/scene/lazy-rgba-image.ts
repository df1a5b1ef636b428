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
 *
 * Every image shares one getter and setter per property, which find the image's own state under a symbol key
 * (non-enumerable: keys, spreads, clones and JSON do not see it). Accessor closures of each image's own would
 * give each image a hidden class of its own (V8 keeps an accessor's functions in the class), and classes live in
 * the old generation: holding the closures, and through them the image and its decoder, they kept every image
 * alive through the young-generation collections until the next full one (most of a small model's
 * j3dToScene garbage was so promoted, and the collections copying it cost a fifth of the conversion).
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

/** What an image decodes from, and what it has decoded or been given. */
interface LazyState {
  /** Only `source` and `decode0` hold the decoder and the file's bytes, so that they can be let go of. */
  source: PreparedBtiImage | undefined;
  decode0: (() => Uint8Array) | undefined;
  width: number;
  height: number;
  levelCount: number;
  pixels: Uint8Array | undefined;
  mipmaps: BtiMipLevel[] | undefined;
}

const lazyState = Symbol('lazy pixels');

type LazyImage = RgbaImage & { [lazyState]: LazyState };

/** The decoder is needed until level 0 and (when there are any) the mip levels have been read or replaced. */
function release(state: LazyState): void {
  if (state.pixels !== undefined && (state.mipmaps !== undefined || state.levelCount === 1)) {
    state.source = undefined;
    state.decode0 = undefined;
  }
}

const pixelsDescriptor: PropertyDescriptor = {
  get(this: LazyImage): Uint8Array {
    const state = this[lazyState];
    if (state.pixels === undefined) {
      state.pixels = state.decode0!();
      release(state);
    }
    return state.pixels;
  },
  set(this: LazyImage, value: Uint8Array) {
    const state = this[lazyState];
    state.pixels = value;
    release(state);
  },
  enumerable: true,
  configurable: true,
};

const mipmapsDescriptor: PropertyDescriptor = {
  get(this: LazyImage): BtiMipLevel[] {
    const state = this[lazyState];
    if (state.mipmaps === undefined) {
      state.mipmaps = state.source!.decodeMipmaps();
      release(state);
    }
    return state.mipmaps;
  },
  set(this: LazyImage, value: BtiMipLevel[]) {
    const state = this[lazyState];
    state.mipmaps = value;
    release(state);
  },
  enumerable: true,
  configurable: true,
};

/**
 * An rgba8 scene image of `prepared`, decoded on the first read of its pixels or mipmaps (level 0 by
 * `decodeLevel0`, by default the prepared image's own).
 */
export function lazyRgbaImage(
  name: string,
  prepared: PreparedBtiImage,
  decodeLevel0: () => Uint8Array = prepared.decodeLevel0,
): LazyRgbaImage {
  const { width, height, levelCount } = prepared;
  const state: LazyState = {
    source: prepared,
    decode0: decodeLevel0,
    width,
    height,
    levelCount,
    pixels: undefined,
    mipmaps: undefined,
  };
  const image = { kind: 'rgba8', name, width, height } as RgbaImage;
  Object.defineProperty(image, lazyState, { value: state });
  Object.defineProperty(image, 'pixels', pixelsDescriptor);
  if (levelCount > 1) Object.defineProperty(image, 'mipmaps', mipmapsDescriptor);
  const undecodedSums = () =>
    state.pixels === undefined && image.width === width && image.height === height
      ? state.source?.sumLevel0()
      : undefined;
  return { image, undecodedSums };
}

/*
 * PNG writing on the platform's own deflate (native-deflate.ts), apart from png.ts so that a writer can use it
 * without loading fast-png: fflate, which fast-png deflates and inflates with, builds its Huffman tables when it is
 * loaded (2.6 ms of every process that wrote a glTF with textures, though on Node it never deflated anything).
 */
import type { RgbaImage } from '@retromodel/scene';
import { type AsyncDeflate, nativeAsyncDeflate, nativeDeflateSync } from './native-deflate.js';
import { pngFile, pngScanlines } from './png-chunks.js';

export type PngPixels = Pick<RgbaImage, 'width' | 'height' | 'pixels'>;

/** The scanlines of an image, after the size checks fast-png's encoder makes (a RangeError, as it threw). */
function checkedScanlines({ width, height, pixels }: PngPixels): Uint8Array {
  if (!Number.isInteger(width) || width <= 0 || !Number.isInteger(height) || height <= 0)
    throw new RangeError(`a PNG is 1 or more whole pixels a side, not ${width}×${height}`);
  if (pixels.length !== width * height * 4)
    throw new RangeError(`wrong data size. Found ${pixels.length}, expected ${width * height * 4}`);
  return pngScanlines(width, height, pixels);
}

/** The PNG file of `image`, deflated on the calling thread (node:zlib); undefined where there is no such deflate. */
export function encodePngNatively(image: PngPixels): Uint8Array | undefined {
  const deflate = nativeDeflateSync();
  return deflate && pngFile(image.width, image.height, deflate(checkedScanlines(image)));
}

/**
 * The PNG file of `image` deflated by `deflate` (by default the native asynchronous one: node:zlib on libuv's
 * thread pool, or CompressionStream); undefined where there is none.
 */
export async function encodePngNativelyAsync(
  image: PngPixels,
  deflate: AsyncDeflate | undefined = nativeAsyncDeflate(),
): Promise<Uint8Array | undefined> {
  return deflate && pngFile(image.width, image.height, await deflate(checkedScanlines(image)));
}

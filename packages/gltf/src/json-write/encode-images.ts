/*
 * PNG encoding of a scene's decoded (rgba8) images for one write, started before the rest of the document is
 * built so the deflating (node:zlib on libuv's thread pool) overlaps the main thread's work:
 * - images with the same size and pixels are encoded once and share the bytes (compared byte by byte against
 *   at most a few earlier images of the same size, so many same-sized images stay linear);
 * - images of up to SMALL_BYTES of pixels are encoded on the calling thread (a thread-pool round trip costs
 *   more than deflating them), in a microtask, so the caller checks the scene before any encoder can throw and
 *   a malformed image is reported as validateScene's finding;
 * - larger ones at most IN_FLIGHT at a time (each native deflate holds about a quarter of a megabyte of state),
 *   largest first so the last to finish is a small one;
 * - the encodings of the last images written are kept across writes (KeptByBytes: by size and pixels), so a
 *   batch of models that share a texture deflates it once; each write gets its own copy of the PNG bytes.
 */
import { KeptByBytes, sameBytes } from '@retromodel/binary';
import type { Image, RgbaImage } from '@retromodel/scene';
import { encodePngNatively, encodePngNativelyAsync } from '../png-write.js';

/**
 * png.ts's encoder (fast-png's JavaScript deflate), loaded only on a platform without a deflate of its own: most
 * writes never need fast-png, and loading it costs each process fflate's tables (png-write.ts).
 */
async function encodeInJavaScript(image: RgbaImage): Promise<Uint8Array> {
  return (await import('../png.js')).encodePng(image);
}

/** A small image's PNG: deflated on the calling thread (node:zlib), else by the JavaScript encoder. */
const encodeHere = (image: RgbaImage) => encodePngNatively(image) ?? encodeInJavaScript(image);

/**
 * A large image's PNG: deflated off the calling thread (node:zlib, CompressionStream), else by the JavaScript
 * encoder.
 */
const encodeOffThread = async (image: RgbaImage) => (await encodePngNativelyAsync(image)) ?? encodeInJavaScript(image);

const SMALL_BYTES = 16 * 1024;
const IN_FLIGHT = 4;
const SAME_SIZE_CANDIDATES = 8;
/** The PNG encodings of the last images written, kept across writes (up to 8 MB of pixels and PNGs). */
const kept = new KeptByBytes<Uint8Array>(8 * 1024 * 1024);

/** `encode(image)`, or a copy of the kept encoding of the same pixels; a new encoding is kept. */
async function encodeKept(
  image: RgbaImage,
  encode: (image: RgbaImage) => Uint8Array | Promise<Uint8Array>,
): Promise<Uint8Array> {
  const { pixels } = image;
  const key = kept.keyOf(`${image.width}x${image.height}`, pixels);
  const found = kept.get(key, pixels);
  if (found) return found.slice();
  const copy = pixels.slice();
  const png = await encode(image);
  kept.set(key, copy, png.slice(), png.length);
  return png;
}

/** Runs tasks with at most `limit` of them pending at once, in the order given. */
function runLimited<T>(tasks: (() => Promise<T>)[], limit: number): Promise<T>[] {
  const results: Promise<T>[] = [];
  let next = 0;
  const starters: (() => void)[] = [];
  const startNext = () => starters[next++]?.();
  for (const task of tasks) {
    results.push(
      new Promise<T>((resolve, reject) => {
        starters.push(() => {
          task().then(resolve, reject).finally(startNext);
        });
      }),
    );
  }
  for (let i = 0; i < limit; i++) startNext();
  return results;
}

/** For each rgba8 image, the index of the first image with the same size and pixels (itself when none). */
function firstTwins(images: readonly Image[]): Map<number, number> {
  const twins = new Map<number, number>();
  const bySize = new Map<string, { pixels: Uint8Array; index: number }[]>();
  images.forEach((image, index) => {
    if (image.kind !== 'rgba8') return;
    const size = `${image.width}x${image.height}`;
    const seen = bySize.get(size) ?? [];
    const twin = seen.find((s) => sameBytes(s.pixels, image.pixels));
    twins.set(index, twin?.index ?? index);
    if (!twin && seen.length < SAME_SIZE_CANDIDATES) bySize.set(size, [...seen, { pixels: image.pixels, index }]);
  });
  return twins;
}

/** For each image index, a promise of its PNG bytes (undefined for images that are already encoded). */
export type PngEncodings = (Promise<Uint8Array> | undefined)[];

/** Starts encoding each rgba8 image as PNG. */
export function encodeImagesAsPng(images: readonly Image[]): PngEncodings {
  const twins = firstTwins(images);
  const encodings = new Map<number, Promise<Uint8Array>>();
  const large: { image: RgbaImage; index: number }[] = [];
  for (const [index, first] of twins) {
    const image = images[index] as RgbaImage;
    if (index !== first) continue;
    if (image.pixels.length <= SMALL_BYTES)
      encodings.set(
        index,
        Promise.resolve(image).then((i) => encodeKept(i, encodeHere)),
      );
    else large.push({ image, index });
  }
  large.sort((a, b) => b.image.pixels.length - a.image.pixels.length);
  const started = runLimited(
    large.map(
      ({ image }) =>
        () =>
          encodeKept(image, encodeOffThread),
    ),
    IN_FLIGHT,
  );
  for (const [k, { index }] of large.entries()) encodings.set(index, started[k]!);
  return images.map((_, index) => {
    const first = twins.get(index);
    return first === undefined ? undefined : encodings.get(first);
  });
}

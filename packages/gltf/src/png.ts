/*
 * PNG in and out. Writing always makes an 8-bit RGBA PNG, every row with filter None (png-chunks.ts), deflated
 * natively where the platform can (png-write.ts, with native-deflate.ts's node:zlib or CompressionStream), else by
 * fast-png's JavaScript encoder. Reading (fast-png) accepts every PNG colour type (greyscale, grey+alpha, RGB, RGBA,
 * palette) at every bit depth and expands it to RGBA8: low bit and 16-bit samples are scaled to 0..255, a
 * tRNS colour key becomes alpha 0. Its size is checked against the project's one image limit first.
 */
import { ParseError } from '@retromodel/binary';
import { imageSizeProblem, type RgbaImage } from '@retromodel/scene';
import { convertIndexedToRgb, type DecodedPng, decode, encode } from 'fast-png';
import { type AsyncDeflate, nativeAsyncDeflate } from './native-deflate.js';
import { encodePngNatively, encodePngNativelyAsync, type PngPixels } from './png-write.js';

/** fast-png's encoder (fflate, level 3), where no native deflate exists. */
function encodeInJavaScript(image: PngPixels): Uint8Array {
  return encode({ width: image.width, height: image.height, data: image.pixels, channels: 4, depth: 8 });
}

/** Encodes RGBA8 pixels (row by row from the top-left) as a PNG file. Mipmaps are not written. */
export function encodePng(image: PngPixels): Uint8Array {
  return encodePngNatively(image) ?? encodeInJavaScript(image);
}

/**
 * encodePng off the calling thread where the platform allows (node:zlib runs on libuv's thread pool, several
 * images at once); `deflate` defaults to the native one, and without one this is encodePng.
 */
export async function encodePngAsync(
  image: PngPixels,
  deflate: AsyncDeflate | undefined = nativeAsyncDeflate(),
): Promise<Uint8Array> {
  return (await encodePngNativelyAsync(image, deflate)) ?? encodePng(image);
}

/**
 * The size in IHDR, checked before anything is inflated: the chunk must come first (a PNG whose size cannot be
 * known is not decoded) and the size must be within MAX_IMAGE_SIDE a side, so a small file cannot inflate to
 * gigabytes of pixels.
 */
function checkSize(bytes: Uint8Array): void {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (bytes.length < 24 || view.getUint32(12) !== 0x49484452)
    throw new ParseError({ format: 'png', section: 'IHDR', offset: 12 }, 'the PNG does not start with its IHDR chunk');
  const problem = imageSizeProblem(view.getUint32(16), view.getUint32(20));
  if (problem) throw new ParseError({ format: 'png', section: 'IHDR', offset: 16 }, problem);
}

/**
 * Decodes a PNG file into RGBA8 pixels. Throws a ParseError (format `png`) when the bytes are not a
 * readable PNG, or when its size is over MAX_IMAGE_SIDE a side (checked before decoding).
 */
export function decodePng(bytes: Uint8Array): RgbaImage {
  checkSize(bytes);
  let png: DecodedPng;
  try {
    png = decode(bytes);
  } catch (e) {
    throw new ParseError(
      { format: 'png', section: 'file', offset: 0 },
      `not a readable PNG image (${e instanceof Error ? e.message : String(e)})`,
      { cause: e },
    );
  }
  return { kind: 'rgba8', width: png.width, height: png.height, pixels: toRgba8(png) };
}

/**
 * The pixels of 8-bit RGBA or RGB samples without a colour key (what this package, Blender and most tools write):
 * RGBA as it is, RGB with alpha 255, as toRgba8's general loop gives them (n · 255 / 255 is n) without its closure
 * and four divisions a pixel (4 ms of a process converting a Wind Waker character's .glb back to .bdl); undefined
 * for any other PNG.
 */
function plainRgba8(png: DecodedPng, count: number): Uint8Array | undefined {
  const { data, channels } = png;
  if (png.palette || png.depth !== 8 || png.transparency !== undefined || data.length !== count * channels)
    return undefined;
  if (channels === 4) return new Uint8Array(data);
  if (channels !== 3) return undefined;
  const out = new Uint8Array(count * 4);
  for (let i = 0, o = 0; i < data.length; i += 3, o += 4) {
    out[o] = data[i]!;
    out[o + 1] = data[i + 1]!;
    out[o + 2] = data[i + 2]!;
    out[o + 3] = 255;
  }
  return out;
}

function toRgba8(png: DecodedPng): Uint8Array {
  const count = png.width * png.height;
  const plain = plainRgba8(png, count);
  if (plain) return plain;
  const out = new Uint8Array(count * 4);
  if (png.palette) {
    const colours = convertIndexedToRgb(png);
    const per = png.palette[0]?.length ?? 3;
    for (let i = 0; i < count; i++) {
      out[i * 4] = colours[i * per]!;
      out[i * 4 + 1] = colours[i * per + 1]!;
      out[i * 4 + 2] = colours[i * per + 2]!;
      out[i * 4 + 3] = per === 4 ? colours[i * per + 3]! : 255;
    }
    return out;
  }
  const channels = png.channels;
  const samples = unpackSamples(png);
  const max = 2 ** png.depth - 1;
  const key = png.transparency;
  for (let i = 0; i < count; i++) {
    const s = (k: number) => samples[i * channels + k]!;
    const grey = channels <= 2;
    const r = s(0);
    const g = grey ? r : s(1);
    const b = grey ? r : s(2);
    const a = channels === 2 ? s(1) : channels === 4 ? s(3) : max;
    const keyed = key !== undefined && (grey ? key[0] === r : key[0] === r && key[1] === g && key[2] === b);
    out[i * 4] = Math.round((r * 255) / max);
    out[i * 4 + 1] = Math.round((g * 255) / max);
    out[i * 4 + 2] = Math.round((b * 255) / max);
    out[i * 4 + 3] = keyed ? 0 : Math.round((a * 255) / max);
  }
  return out;
}

/** One number per sample: 16-bit and 8-bit data as they are, 1/2/4-bit rows (byte-padded) unpacked. */
function unpackSamples(png: DecodedPng): ArrayLike<number> {
  if (png.depth >= 8) return png.data;
  const perRow = png.width * png.channels;
  const rowBytes = Math.ceil((perRow * png.depth) / 8);
  const out = new Uint8Array(perRow * png.height);
  const mask = 2 ** png.depth - 1;
  for (let y = 0; y < png.height; y++) {
    for (let x = 0; x < perRow; x++) {
      const bit = x * png.depth;
      const byte = png.data[y * rowBytes + (bit >> 3)] ?? 0;
      out[y * perRow + x] = (byte >> (8 - png.depth - (bit & 7))) & mask;
    }
  }
  return out;
}

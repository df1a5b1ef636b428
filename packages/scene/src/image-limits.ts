/*
 * The one limit on image sizes: every reader and writer checks an image's width and height, as its header gives
 * them, against MAX_IMAGE_SIDE before decoding, encoding or allocating pixels for it, wherever the image is (a PNG
 * given alone, a PNG or JPEG inside a glTF, a data URI, a texture sidecar, a TML/DDS texture, a BTI). 8192 a side
 * is eight times what GX hardware samples (1024) and bounds one decoded RGBA8 image to 256 MB.
 */

/** Largest width and height, in pixels, of an image retromodel decodes or encodes. */
export const MAX_IMAGE_SIDE = 8192;

/** Why an image of `width` × `height` pixels is not decoded (a sentence), or undefined when it may be. */
export function imageSizeProblem(width: number, height: number): string | undefined {
  if (width >= 1 && height >= 1 && width <= MAX_IMAGE_SIDE && height <= MAX_IMAGE_SIDE) return undefined;
  return `the image is ${width}×${height} pixels; images of 1 to ${MAX_IMAGE_SIDE} pixels a side are read`;
}

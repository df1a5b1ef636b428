/*
 * Images: one glTF image per scene image, in the same order. RGBA8 pixels are encoded as PNG (mipmaps are
 * dropped: glTF has no place for them), encoded images are kept as their bytes. PNG encoding starts before
 * the rest of the file is made (encode-images.ts), so deflating overlaps the main thread's work. In a GLB each
 * image gets a buffer view (numbered before all accessor views, as glTF-Transform numbered them), in a .gltf a
 * URI. Keys: `name, extras, mimeType, bufferView | uri`.
 * The `mimeType` of an image with a URI follows the URI's extension (`image/<extension>`, `image/jpeg` for
 * .jpg), as glTF-Transform's Texture.setURI made it: an image of an unknown type, written as `<name>.bin`,
 * says `image/bin`.
 */
import type { GLTF } from '@gltf-transform/core';
import type { Scene } from '@retromodel/scene';
import { encodeImagesAsPng, type PngEncodings } from './encode-images.js';
import { propertyDef } from './property-def.js';
import type { WriteContext } from './write-context.js';

export interface ImagesOut {
  defs: GLTF.IImage[];
  /** The bytes of each image, once encoded. */
  data: Promise<Uint8Array[]>;
}

const mimeTypeOf = (image: Scene['images'][number]) => (image.kind === 'rgba8' ? 'image/png' : image.mimeType);

/** The mime type glTF-Transform read from a file URI's extension ('' when the URI has no extension). */
function uriMimeType(uri: string): string {
  const extension = uri.split(/[\\/]/).pop()!.split('.').pop()!;
  if (extension === 'jpg') return 'image/jpeg';
  return extension ? `image/${extension}` : '';
}

/**
 * Writes the image JSON, with the PNG encodings started already (`pngs`) or started here; `imageUri` names
 * each image of a .gltf with external files, and without it each image `i` is written as buffer view `i` (GLB).
 */
export function startImages(
  ctx: WriteContext,
  imageUri: ((index: number, mimeType: string) => string) | undefined,
  pngs: PngEncodings = encodeImagesAsPng(ctx.scene.images),
): ImagesOut {
  const { images } = ctx.scene;
  const defs = images.map((image, i) => {
    const mimeType = mimeTypeOf(image);
    if (image.kind !== 'rgba8' && mimeType !== 'image/png' && mimeType !== 'image/jpeg') {
      ctx.warn('image-type', `image ${i} is ${mimeType}; glTF viewers only read image/png and image/jpeg`);
    }
    const def = propertyDef(image.name, image.extras) as GLTF.IImage;
    const uri = imageUri?.(i, mimeType);
    const written = (uri && uriMimeType(uri)) || mimeType;
    if (written) def.mimeType = written;
    if (uri !== undefined) def.uri = uri;
    else def.bufferView = i;
    return def;
  });
  const data = Promise.all(images.map((image, i) => pngs[i] ?? (image.kind === 'rgba8' ? undefined : image.data)));
  // Marked as handled: when writing fails first, nobody awaits this (its error is not the one to report).
  data.catch(() => {});
  return { defs, data: data as Promise<Uint8Array[]> };
}

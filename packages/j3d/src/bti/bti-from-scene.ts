/*
 * A scene's images as `.bti` files (the BTI writer behind `--to bti`): each image in a GX format (the one asked
 * for, else chooseGxFormat's pick for its pixels), with its mip levels when the scene has them, and the wrap
 * modes and filters of the first texture that uses it (the mirror of btiSampler). Encoded images are decoded
 * through the injected PNG decoder (pixelsOf, as the model writer does). GX samples textures of at most 1024
 * pixels a side; a larger one is written with a warning.
 */
import type { Diagnostic, OutputFile, Sampler, Scene, WriteContext, WriteResult } from '@retromodel/scene';
import { GX_MAX_TEXTURE_SIDE } from '../from-scene/texture-encoder.js';
import { pixelsOf } from '../from-scene/textures-from-scene.js';
import { chooseGxFormat } from '../gx/texture/choose-gx-format.js';
import { GxTextureFormat } from '../gx/texture/formats.js';
import { gxSamplerCodes } from './bti-sampler.js';
import { btiFromImage, writeBti } from './write-bti.js';

/** Writer options of BTI (`write: { bti: { ... } }`). */
export interface BtiWriteOptions {
  /** GX texture format by name (`cmpr`, `rgb5a3`, `c8`, …); default: chosen per image. */
  format?: string;
}

/** The GX format id of a format name, or an Error listing the names. */
export function gxFormatOfName(name: string): GxTextureFormat {
  const id = (GxTextureFormat as Record<string, GxTextureFormat>)[name.toUpperCase()];
  if (id === undefined)
    throw new Error(
      `unknown GX texture format '${name}' (known: ${Object.keys(GxTextureFormat).join(', ').toLowerCase()})`,
    );
  return id;
}

function samplerOf(scene: Scene, image: number): Sampler | undefined {
  const texture = scene.textures.find((t) => t.image === image);
  return texture ? scene.samplers[texture.sampler] : undefined;
}

/** One `.bti` per image: `<base>.bti` for the first, `<base>.<n>.bti` for the others. */
export function sceneToBtiFiles(scene: Scene, context: WriteContext, options: BtiWriteOptions): WriteResult {
  if (scene.images.length === 0) throw new Error('the scene has no image to write as a BTI');
  const forced = options.format === undefined ? undefined : gxFormatOfName(options.format);
  const diagnostics: Diagnostic[] = [];
  const files: OutputFile[] = scene.images.map((_, i) => {
    const image = pixelsOf(scene.images[i]!, context.decodePng);
    if (typeof image === 'string') throw new Error(`image ${i} cannot be written as a BTI: ${image}`);
    const { width, height, pixels } = image;
    if (width > GX_MAX_TEXTURE_SIDE || height > GX_MAX_TEXTURE_SIDE)
      diagnostics.push({
        code: 'j3d/texture-too-large',
        message: `image ${i} is ${width}×${height}; GX samples textures of at most ${GX_MAX_TEXTURE_SIDE} pixels a side`,
        severity: 'warning',
      });
    const sampler = samplerOf(scene, i);
    const mipmaps = image.mipmaps?.map((m) => m.pixels);
    const file = btiFromImage(pixels, width, height, {
      format: forced ?? chooseGxFormat(pixels, width, height).format,
      ...gxSamplerCodes(sampler),
      ...(mipmaps && mipmaps.length > 0 ? { mipmaps } : {}),
    });
    const name = i === 0 ? `${context.baseName}.bti` : `${context.baseName}.${i}.bti`;
    return { name, bytes: writeBti(file), mimeType: 'application/x-nintendo-bti' };
  });
  return { files, diagnostics };
}

/*
 * TEX1 from the scene's textures (spec j3d.md §11): one TEX1 texture (a BTI header with its data) per scene
 * texture, in scene order, so TEX1 indices are scene texture indices while every texture can be written (as in
 * a scene read from J3D, whose materials' `extras.gx` name TEX1 indices).
 *
 * Pixels: an `rgba8` image as it is (with its mip levels); an encoded image (PNG, JPEG) through the injected
 * `decodeImage` (e.g. decodePng of @retromodel/gltf/png); without one, or when it fails, the texture is left
 * out with a warning. Format: the `textureFormat` option, else the format of `extras.gx.header` (a texture read
 * from J3D), else chooseGxFormat's pick for the pixels; palettes (C4/C8) keep the stored palette format.
 * Sampler: a stored header's fields (wrap, filters, LOD, anisotropy) are kept; otherwise wrap REPEAT 1, CLAMP 0,
 * MIRRORED_REPEAT 2, filters NEAREST 0, LINEAR 1, NEAREST_MIPMAP_NEAREST 2, LINEAR_MIPMAP_NEAREST 3,
 * NEAREST_MIPMAP_LINEAR 4, LINEAR_MIPMAP_LINEAR 5 (magnification NEAREST 0 / LINEAR 1); a mipmapping filter on
 * a power-of-two image gets a full mip chain (each level the 2×2 mean of the one before), else its base
 * filter. GX wraps (REPEAT, MIRROR) only power-of-two sizes: other sizes are clamped (warning); GX textures are
 * at most 1024×1024 (larger ones are written, with a warning). Equal pixels in equal formats are encoded once.
 */
import type { Diagnostic, EncodedImage, RgbaImage, Scene } from '@retromodel/scene';
import type { BtiHeader } from '../bti/bti-header.js';
import { gxSamplerCodes } from '../bti/bti-sampler.js';
import { btiFromImage } from '../bti/write-bti.js';
import type { J3dTexture, Tex1 } from '../chunks/read-tex1.js';
import { chooseGxFormat } from '../gx/texture/choose-gx-format.js';
import { gxFormatLayout } from '../gx/texture/formats.js';
import { j3dName } from './j3d-name.js';

/** Decodes an encoded image (PNG, JPEG, …) to RGBA8 pixels; may throw for bytes it cannot read. */
export type J3dImageDecoder = (bytes: Uint8Array, mimeType: string) => Pick<RgbaImage, 'width' | 'height' | 'pixels'>;

/** How textures are written. */
export interface TextureOptions {
  /** GX texture format id for every texture (see GxTextureFormat); default: chosen per image. */
  textureFormat?: number;
  decodeImage?: J3dImageDecoder;
}

const pow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** A stored BTI header in a texture's extras (a texture read from J3D), when every field is in range. */
function storedHeader(extras: Record<string, unknown> | undefined): BtiHeader | undefined {
  const h = (extras?.gx as { header?: unknown } | undefined)?.header as Record<string, unknown> | undefined;
  if (!h || typeof h !== 'object') return undefined;
  const within = (f: string, min: number, max: number) => {
    const v = h[f];
    return typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
  };
  const ok =
    typeof h.format === 'number' &&
    gxFormatLayout(h.format) !== undefined &&
    within('wrapS', 0, 2) &&
    within('wrapT', 0, 2) &&
    within('minFilter', 0, 5) &&
    within('magFilter', 0, 5) &&
    within('paletteFormat', 0, 2) &&
    within('mipCount', 0, 255) &&
    ['alphaEnabled', 'mipmapEnabled', 'edgeLod', 'biasClamp', 'maxAnisotropy', 'unknown0x19'].every((f) =>
      within(f, 0, 255),
    ) &&
    within('minLod', -128, 127) &&
    within('maxLod', -128, 127) &&
    within('lodBias', -32768, 32767);
  return ok ? (h as unknown as BtiHeader) : undefined;
}

/** Largest side GX samples (texture coordinates are 10 bits of texels). */
export const GX_MAX_TEXTURE_SIDE = 1024;

/** The image's RGBA8 pixels (and mip levels), or a reason why there are none. */
export function pixelsOf(image: RgbaImage | EncodedImage, decode: J3dImageDecoder | undefined): RgbaImage | string {
  if (image.kind === 'rgba8') return image;
  if (!decode) return `it is ${image.mimeType} and no decodeImage was given`;
  try {
    const d = decode(image.data, image.mimeType);
    if (!(d.width > 0 && d.height > 0) || d.pixels.length !== d.width * d.height * 4)
      return 'the decoder gave no RGBA8 pixels';
    return { kind: 'rgba8', width: d.width, height: d.height, pixels: d.pixels };
  } catch (error) {
    return `it could not be decoded (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** Builds TEX1; `textureOf` gives the TEX1 index of a scene texture (undefined when it was left out). */
export function texturesFromScene(
  scene: Scene,
  options: TextureOptions,
  diagnostics: Diagnostic[],
): { tex1: Tex1; textureOf: (sceneTexture: number) => number | undefined } {
  if (options.textureFormat !== undefined && !gxFormatLayout(options.textureFormat))
    throw new Error(`textureFormat ${options.textureFormat} is not a GX texture format`);
  const warn = (message: string) => diagnostics.push({ code: 'j3d/texture', message, severity: 'warning' });
  const textures: J3dTexture[] = [];
  const indexOf = new Map<number, number>();
  const decoded = new Map<number, RgbaImage | string>();
  const encoded = new Map<string, ReturnType<typeof btiFromImage>>();
  scene.textures.forEach((t, i) => {
    const image = scene.images[t.image]!;
    const name = j3dName(t.name ?? image.name ?? `texture${i}`);
    let pixels = decoded.get(t.image);
    if (pixels === undefined) {
      pixels = pixelsOf(image, options.decodeImage);
      decoded.set(t.image, pixels);
    }
    if (typeof pixels === 'string') {
      warn(`texture ${i} ("${name}") is left out: ${pixels}`);
      return;
    }
    const { width, height } = pixels;
    if (width > GX_MAX_TEXTURE_SIDE || height > GX_MAX_TEXTURE_SIDE)
      warn(
        `texture ${i} ("${name}") is ${width}×${height}; GX textures are at most ${GX_MAX_TEXTURE_SIDE}×${GX_MAX_TEXTURE_SIDE}`,
      );
    const stored = storedHeader(t.extras);
    const sampler = scene.samplers[t.sampler];
    const format = options.textureFormat ?? stored?.format ?? chooseGxFormat(pixels.pixels, width, height).format;
    const codes = gxSamplerCodes(sampler);
    let wrapS = stored?.wrapS ?? codes.wrapS;
    let wrapT = stored?.wrapT ?? codes.wrapT;
    if ((wrapS !== 0 && !pow2(width)) || (wrapT !== 0 && !pow2(height))) {
      warn(`texture ${i} ("${name}") is ${width}×${height}: GX repeats only power-of-two sizes, so it is clamped`);
      if (!pow2(width)) wrapS = 0;
      if (!pow2(height)) wrapT = 0;
    }
    let minFilter = stored?.minFilter ?? codes.minFilter;
    const magFilter = stored?.magFilter ?? codes.magFilter;
    // Mip levels: the image's own, or a full chain for a mipmapping filter on a power-of-two image.
    const given = pixels.mipmaps ?? [];
    let mipCount = given.length + 1;
    if (!stored && given.length === 0 && minFilter >= 2) {
      if (pow2(width) && pow2(height)) mipCount = Math.floor(Math.log2(Math.max(width, height))) + 1;
      else minFilter = minFilter === 2 || minFilter === 4 ? 0 : 1;
    }
    const layout = gxFormatLayout(format)!;
    const paletteFormat =
      layout.paletted && stored && gxFormatLayout(stored.format)?.paletted ? stored.paletteFormat : undefined;
    const key = `${t.image}:${format}:${mipCount}:${paletteFormat}`;
    let bti = encoded.get(key);
    if (!bti) {
      bti = btiFromImage(pixels.pixels, width, height, {
        format,
        mipCount,
        mipmaps: given.map((m) => m.pixels),
        ...(paletteFormat !== undefined ? { paletteFormat: paletteFormat as 0 | 1 | 2 } : {}),
      });
      encoded.set(key, bti);
    }
    const header: BtiHeader = { ...bti.header, wrapS, wrapT, minFilter, magFilter };
    if (stored) {
      for (const f of ['alphaEnabled', 'edgeLod', 'biasClamp', 'maxAnisotropy', 'unknown0x19'] as const)
        header[f] = stored[f];
      if (stored.mipCount === header.mipCount)
        for (const f of ['mipmapEnabled', 'minLod', 'maxLod', 'lodBias'] as const) header[f] = stored[f];
    }
    indexOf.set(i, textures.length);
    textures.push({ name, header, headerOffset: 0, data: bti.data, ...(bti.palette ? { palette: bti.palette } : {}) });
  });
  return {
    tex1: { textures, bytes: new Uint8Array(0), offset: 0 },
    textureOf: (sceneTexture) => indexOf.get(sceneTexture),
  };
}

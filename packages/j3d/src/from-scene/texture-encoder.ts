/*
 * Encoding one TEX1 texture from RGBA8 pixels (spec j3d.md §11), for textures-from-scene. Format: the
 * `textureFormat` option, else the game's header's (a stored TEX1's, or `extras.gx.header` of a texture read from
 * J3D), else chooseGxFormat's pick for the pixels; palettes (C4/C8) keep the stored palette format. Sampler: a
 * stored header's fields (wrap, filters, LOD, anisotropy) are kept; otherwise wrap REPEAT 1, CLAMP 0,
 * MIRRORED_REPEAT 2, filters NEAREST 0, LINEAR 1, NEAREST_MIPMAP_NEAREST 2, LINEAR_MIPMAP_NEAREST 3,
 * NEAREST_MIPMAP_LINEAR 4, LINEAR_MIPMAP_LINEAR 5 (magnification NEAREST 0 / LINEAR 1). Mip levels: the image's
 * own; else as many as a stored header has, made from the pixels; else a full chain for a mipmapping filter on a
 * power-of-two image (each level the 2×2 mean of the one before), or the filter's base. GX wraps (REPEAT,
 * MIRROR) and mipmaps only power-of-two sizes: other sizes are clamped and get one level (warning); GX textures
 * are at most 1024×1024 (larger ones are written, with a warning). Equal pixels in equal formats are encoded
 * once.
 */
import type { RgbaImage, Sampler } from '@retromodel/scene';
import type { BtiHeader } from '../bti/bti-header.js';
import { gxSamplerCodes } from '../bti/bti-sampler.js';
import { btiFromImage } from '../bti/write-bti.js';
import type { J3dTexture } from '../chunks/read-tex1.js';
import { chooseGxFormat } from '../gx/texture/choose-gx-format.js';
import { gxFormatLayout } from '../gx/texture/formats.js';

/** Largest side GX samples (texture coordinates are 10 bits of texels). */
export const GX_MAX_TEXTURE_SIDE = 1024;

const pow2 = (n: number) => n > 0 && (n & (n - 1)) === 0;

/** One texture to encode: its name for messages and TEX1, its pixels, and what it had in the game. */
export interface TextureSource {
  label: string;
  name: string;
  pixels: RgbaImage;
  /** The game's header (format, palette format, sampler and LOD fields, mip count). */
  stored: BtiHeader | undefined;
  sampler: Sampler | undefined;
  /** Identifies equal pixels, so equal ones in an equal format are encoded once. */
  imageKey: string;
}

/** Encodes textures from pixels, each distinct (pixels, format, levels, palette format) once. */
export class TextureEncoder {
  private readonly encoded = new Map<string, ReturnType<typeof btiFromImage>>();

  constructor(
    private readonly textureFormat: number | undefined,
    private readonly warn: (message: string) => void,
  ) {}

  encode(source: TextureSource): J3dTexture {
    const { label, name, pixels, stored } = source;
    const { width, height } = pixels;
    if (width > GX_MAX_TEXTURE_SIDE || height > GX_MAX_TEXTURE_SIDE)
      this.warn(
        `${label} is ${width}×${height}; GX textures are at most ${GX_MAX_TEXTURE_SIDE}×${GX_MAX_TEXTURE_SIDE}`,
      );
    const format = this.textureFormat ?? stored?.format ?? chooseGxFormat(pixels.pixels, width, height).format;
    const codes = gxSamplerCodes(source.sampler);
    let wrapS = stored?.wrapS ?? codes.wrapS;
    let wrapT = stored?.wrapT ?? codes.wrapT;
    const pow2Size = pow2(width) && pow2(height);
    if ((wrapS !== 0 && !pow2(width)) || (wrapT !== 0 && !pow2(height))) {
      this.warn(`${label} is ${width}×${height}: GX repeats only power-of-two sizes, so it is clamped`);
      if (!pow2(width)) wrapS = 0;
      if (!pow2(height)) wrapT = 0;
    }
    let minFilter = stored?.minFilter ?? codes.minFilter;
    const magFilter = stored?.magFilter ?? codes.magFilter;
    // Mip levels: the image's own; else a stored header's count, or a full chain for a mipmapping filter.
    const given = pixels.mipmaps ?? [];
    const chain = Math.floor(Math.log2(Math.max(width, height))) + 1;
    let mipCount = given.length + 1;
    if (given.length === 0 && (stored ? stored.mipCount > 1 : minFilter >= 2)) {
      if (pow2Size) mipCount = Math.min(stored?.mipCount ?? chain, chain);
      else {
        if (stored)
          this.warn(`${label} is ${width}×${height}: GX mipmaps only power-of-two sizes, so it has one level`);
        minFilter = minFilter === 2 || minFilter === 4 ? 0 : 1;
      }
    }
    const layout = gxFormatLayout(format)!;
    const paletteFormat =
      layout.paletted && stored && gxFormatLayout(stored.format)?.paletted ? stored.paletteFormat : undefined;
    const key = `${source.imageKey}:${format}:${mipCount}:${paletteFormat}`;
    let bti = this.encoded.get(key);
    if (!bti) {
      bti = btiFromImage(pixels.pixels, width, height, {
        format,
        mipCount,
        mipmaps: given.map((m) => m.pixels),
        ...(paletteFormat !== undefined ? { paletteFormat: paletteFormat as 0 | 1 | 2 } : {}),
      });
      this.encoded.set(key, bti);
    }
    const header: BtiHeader = { ...bti.header, wrapS, wrapT, minFilter, magFilter };
    if (stored) {
      for (const f of ['alphaEnabled', 'edgeLod', 'biasClamp', 'maxAnisotropy', 'unknown0x19'] as const)
        header[f] = stored[f];
      if (stored.mipCount === header.mipCount)
        for (const f of ['mipmapEnabled', 'minLod', 'maxLod', 'lodBias'] as const) header[f] = stored[f];
    }
    return { name, header, headerOffset: 0, data: bti.data, ...(bti.palette ? { palette: bti.palette } : {}) };
  }
}

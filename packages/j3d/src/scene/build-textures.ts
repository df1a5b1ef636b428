/*
 * TEX1 textures to scene images, samplers and textures (spec j3d.md §11). One scene texture per TEX1 header
 * (materials index headers); headers that point at the same image data (and, for palette formats, hold the
 * same palette entries) share one image, equal sampler states share one sampler. Images are checked at once and
 * decoded by the GX texture decoders when first read (lazy-rgba-image; data decoded lately is not decoded again:
 * kept-level0); a material's mean texture colour is summed from the undecoded data meanwhile. Each image names
 * the TEX1 textures it is in `extras.gx.tex1`: a glTF keeps image extras where tools that rebuild a glTF's
 * texture list keep nothing of a texture no material shows (glTF-Transform writes `textures` from the materials'
 * slots), so the image stays known as the game's.
 */
import { mapPacked, type Sampler, type Scene } from '@retromodel/scene';
import { btiSampler } from '../bti/bti-sampler.js';
import { prepareBtiImage } from '../bti/decode-bti-image.js';
import type { Tex1 } from '../chunks/read-tex1.js';
import { gxFormatLayout, gxFormatName } from '../gx/texture/formats.js';
import { decodeLevel0Kept } from './kept-level0.js';
import { lazyRgbaImage } from './lazy-rgba-image.js';

/** What {@link addTextures} made. */
export interface AddedTextures {
  /** The scene texture index of every TEX1 index. */
  textureOf: number[];
  /** By scene image index: the image's channel sums while its pixels are not decoded (see lazy-rgba-image). */
  undecodedSums: ((() => number[] | undefined) | undefined)[];
}

/** An image made for TEX1 headers whose image fields are equal (see {@link addTextures}). */
interface SharedImage {
  format: number;
  width: number;
  height: number;
  levels: number;
  /** The palette's format and entries, for palette formats. */
  paletteFormat: number;
  palette: Uint8Array | undefined;
  image: number;
  tex1: number[];
}

/** Adds TEX1's textures to `scene`. */
export function addTextures(scene: Scene, tex1: Tex1): AddedTextures {
  const undecodedSums: AddedTextures['undecodedSums'] = [];
  // Images by data offset, then compared on format, size, levels and, for palette formats, palette format and
  // bytes; samplers compared field by field (there are few distinct ones). Numbers, not a string key per
  // texture: making the key text was most of this function's time and garbage.
  const images = new Map<number, SharedImage[]>();
  const samplers: Sampler[] = [];
  const samplerIndices: number[] = [];
  const textureOf = mapPacked(tex1.textures, (t, k) => {
    const h = t.header;
    const paletteAt = t.headerOffset + h.paletteOffset;
    const palette = gxFormatLayout(h.format)?.paletted
      ? tex1.bytes.subarray(paletteAt, paletteAt + h.paletteCount * 2)
      : undefined;
    const dataAt = t.headerOffset + h.dataOffset;
    const levels = Math.max(1, h.mipCount);
    let candidates = images.get(dataAt);
    if (!candidates) {
      candidates = [];
      images.set(dataAt, candidates);
    }
    let shared = candidates.find(
      (c) =>
        c.format === h.format &&
        c.width === h.width &&
        c.height === h.height &&
        c.levels === levels &&
        (palette === undefined || c.paletteFormat === h.paletteFormat) &&
        samePalette(c.palette, palette),
    );
    if (!shared) {
      const prepared = prepareBtiImage(tex1.bytes, t.headerOffset, h);
      const lazy = lazyRgbaImage(t.name, prepared, () => decodeLevel0Kept(tex1, t, prepared));
      shared = {
        format: h.format,
        width: h.width,
        height: h.height,
        levels,
        paletteFormat: h.paletteFormat,
        palette,
        image: scene.images.push(lazy.image) - 1,
        tex1: [],
      };
      lazy.image.extras = { gx: { tex1: shared.tex1 } };
      undecodedSums[shared.image] = lazy.undecodedSums;
      candidates.push(shared);
    }
    shared.tex1.push(k);
    const { image } = shared;
    const s = btiSampler(h);
    let found = samplers.findIndex(
      (o) => o.wrapS === s.wrapS && o.wrapT === s.wrapT && o.minFilter === s.minFilter && o.magFilter === s.magFilter,
    );
    if (found < 0) {
      found = samplers.push(s) - 1;
      samplerIndices.push(scene.samplers.push(s) - 1);
    }
    scene.textures.push({
      name: t.name,
      image,
      sampler: samplerIndices[found]!,
      extras: { gx: { header: h, formatName: gxFormatName(h.format) } },
    });
    return scene.textures.length - 1;
  });
  return { textureOf, undecodedSums };
}

function samePalette(a: Uint8Array | undefined, b: Uint8Array | undefined): boolean {
  if (!a || !b) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

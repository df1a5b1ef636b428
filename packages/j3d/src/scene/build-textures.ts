/*
 * TEX1 textures to scene images, samplers and textures (spec j3d.md §11). One scene texture per TEX1 header
 * (materials index headers); headers that point at the same image data (and, for palette formats, hold the
 * same palette entries) share one image, equal sampler states share one sampler. Images are checked at once and
 * decoded by the GX texture decoders when first read (lazy-rgba-image); a material's mean texture colour is
 * summed from the undecoded data meanwhile. Each image names the TEX1 textures it is in `extras.gx.tex1`: a glTF
 * keeps image extras where tools that rebuild a glTF's texture list keep nothing of a texture no material shows
 * (glTF-Transform writes `textures` from the materials' slots), so the image stays known as the game's.
 */
import type { Scene } from '@retromodel/scene';
import { btiSampler } from '../bti/bti-sampler.js';
import { prepareBtiImage } from '../bti/decode-bti-image.js';
import type { Tex1 } from '../chunks/read-tex1.js';
import { gxFormatLayout, gxFormatName } from '../gx/texture/formats.js';
import { lazyRgbaImage } from './lazy-rgba-image.js';

/** What {@link addTextures} made. */
export interface AddedTextures {
  /** The scene texture index of every TEX1 index. */
  textureOf: number[];
  /** By scene image index: the image's channel sums while its pixels are not decoded (see lazy-rgba-image). */
  undecodedSums: ((() => number[] | undefined) | undefined)[];
}

/** Adds TEX1's textures to `scene`. */
export function addTextures(scene: Scene, tex1: Tex1): AddedTextures {
  const undecodedSums: AddedTextures['undecodedSums'] = [];
  // Images by data offset, format, size and levels; palette formats also need equal palette bytes (compared
  // only between headers that agree on all the rest).
  const images = new Map<string, { palette: Uint8Array | undefined; image: number; tex1: number[] }[]>();
  const samplers = new Map<string, number>();
  const textureOf = tex1.textures.map((t, k) => {
    const h = t.header;
    const paletteAt = t.headerOffset + h.paletteOffset;
    const palette = gxFormatLayout(h.format)?.paletted
      ? tex1.bytes.subarray(paletteAt, paletteAt + h.paletteCount * 2)
      : undefined;
    const imageKey = `${t.headerOffset + h.dataOffset},${h.format},${h.width},${h.height},${Math.max(1, h.mipCount)},${palette ? h.paletteFormat : ''}`;
    let candidates = images.get(imageKey);
    if (!candidates) {
      candidates = [];
      images.set(imageKey, candidates);
    }
    let shared = candidates.find((c) => samePalette(c.palette, palette));
    if (!shared) {
      const lazy = lazyRgbaImage(t.name, prepareBtiImage(tex1.bytes, t.headerOffset, h));
      shared = { palette, image: scene.images.push(lazy.image) - 1, tex1: [] };
      lazy.image.extras = { gx: { tex1: shared.tex1 } };
      undecodedSums[shared.image] = lazy.undecodedSums;
      candidates.push(shared);
    }
    shared.tex1.push(k);
    const { image } = shared;
    const s = btiSampler(h);
    const samplerKey = `${s.wrapS} ${s.wrapT} ${s.minFilter} ${s.magFilter}`;
    let sampler = samplers.get(samplerKey);
    if (sampler === undefined) {
      sampler = scene.samplers.length;
      scene.samplers.push(s);
      samplers.set(samplerKey, sampler);
    }
    scene.textures.push({
      name: t.name,
      image,
      sampler,
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

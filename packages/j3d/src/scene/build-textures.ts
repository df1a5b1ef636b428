/*
 * TEX1 textures to scene images, samplers and textures (spec j3d.md §11). One scene texture per TEX1 header
 * (materials index headers); headers that point at the same image data (and, for palette formats, hold the
 * same palette entries) share one decoded image, equal
 * sampler states share one sampler. Pixels are decoded by the GX texture decoders (every mip level), checked at
 * once and decoded when first read (lazy-rgba-image).
 */
import type { Scene } from '@retromodel/scene';
import { btiSampler } from '../bti/bti-sampler.js';
import { prepareBtiImage } from '../bti/decode-bti-image.js';
import type { Tex1 } from '../chunks/read-tex1.js';
import { gxFormatLayout, gxFormatName } from '../gx/texture/formats.js';
import { lazyRgbaImage } from './lazy-rgba-image.js';

/** Adds TEX1's textures to `scene`; returns the scene texture index of every TEX1 index. */
export function addTextures(scene: Scene, tex1: Tex1): number[] {
  const images = new Map<string, number>();
  const samplers = new Map<string, number>();
  return tex1.textures.map((t) => {
    const h = t.header;
    const paletteAt = t.headerOffset + h.paletteOffset;
    const palette = gxFormatLayout(h.format)?.paletted
      ? `${h.paletteFormat}:${Array.from(tex1.bytes.subarray(paletteAt, paletteAt + h.paletteCount * 2)).join('.')}`
      : '';
    const imageKey = [
      t.headerOffset + h.dataOffset,
      h.format,
      h.width,
      h.height,
      Math.max(1, h.mipCount),
      palette,
    ].join(',');
    let image = images.get(imageKey);
    if (image === undefined) {
      image = scene.images.length;
      scene.images.push(lazyRgbaImage(t.name, prepareBtiImage(tex1.bytes, t.headerOffset, h)));
      images.set(imageKey, image);
    }
    const s = btiSampler(h);
    const samplerKey = JSON.stringify(s);
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
}

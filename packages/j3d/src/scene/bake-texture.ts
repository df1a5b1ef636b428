/*
 * Texture pixels a material reduction needs (see gx/tev/reduce-tev): the mean colour of a texture the TEV mixes in
 * besides the base texture, and a texture baked from the base one, each texel (every mip level) replaced by the
 * TEV's colour and alpha for that texel, clamped to 0..255. Scene images of J3D textures are RGBA8 (decoded TEX1).
 */
import { mapPacked, type RgbaImage, type Scene } from '@retromodel/scene';
import { componentOf } from '../gx/tev/tev-atoms.js';
import type { Poly } from '../gx/tev/tev-poly.js';

const means = new WeakMap<RgbaImage, number[]>();

/**
 * Mean RGBA (0..1) of a scene texture's image (base level), or undefined when it is not decoded RGBA8.
 * `undecodedSums` (by image index, from addTextures) sums an image's pixels while they are not decoded.
 */
export function textureMean(
  scene: Scene,
  texture: number,
  undecodedSums?: readonly ((() => number[] | undefined) | undefined)[],
): number[] | undefined {
  const index = scene.textures[texture]?.image ?? -1;
  const image = scene.images[index];
  if (image?.kind !== 'rgba8') return undefined;
  let mean = means.get(image);
  if (!mean) {
    const count = image.width * image.height;
    // A TEX1 image not decoded yet is summed block by block (the glTF writer decodes it when it needs it).
    const sums = undecodedSums?.[index]?.() ?? pixelSums(image.pixels, count);
    mean = mapPacked(sums, (sum) => sum / Math.max(1, count) / 255);
    means.set(image, mean);
  }
  return mean;
}

/** Sums of R, G, B and A over the first `count` pixels (integers, so exact in any order). */
function pixelSums(pixels: Uint8Array, count: number): number[] {
  const end = Math.min(count * 4, pixels.length);
  let r = 0;
  let g = 0;
  let b = 0;
  let a = 0;
  for (let i = 0; i + 3 < end; i += 4) {
    r += pixels[i]!;
    g += pixels[i + 1]!;
    b += pixels[i + 2]!;
    a += pixels[i + 3]!;
  }
  return [r, g, b, a];
}

/** One monomial: coefficient × the product of the listed texel components. */
interface Term {
  coefficient: number;
  components: number[];
}

/** Writes the colour the four term lists give for the texel at byte `at` of `src` to the same place in `out`. */
function texel(terms: Term[][], src: Uint8Array, at: number, out: Uint8Array): void {
  for (let c = 0; c < 4; c++) {
    let v = 0;
    for (const t of terms[c]!) {
      let m = t.coefficient;
      for (const k of t.components) m *= src[at + k]! / 255;
      v += m;
    }
    out[at + c] = Math.round(Math.min(1, Math.max(0, v)) * 255);
  }
}

function bakePixels(terms: Term[][], src: Uint8Array): Uint8Array {
  const out = new Uint8Array(src.length);
  for (let at = 0; at + 3 < src.length; at += 4) texel(terms, src, at, out);
  return out;
}

/**
 * The most texels (every mip level counted) that the textures baked for one scene may hold: 2^24, 64 MB of
 * RGBA8, sixteen 1024 × 1024 textures (GX samples at most 1024 a side). A bake copies its whole source texture,
 * and a material costs its file one 0x14C init entry, or two bytes when it shares one, so without a limit a few
 * hundred kilobytes of MAT3 over one large texture would make gigabytes of baked pixels.
 */
export const MAX_BAKED_TEXELS = 1 << 24;

/** What each scene has baked: its texels so far, and the baked texture of each source texture and colour. */
const bakes = new WeakMap<Scene, { texels: number; textures: Map<string, number> }>();

/**
 * Adds a texture (with its own image, the same sampler) whose texels are `rgba` evaluated on the texels of scene
 * texture `texture` (every atom of `rgba` is a component of that texture), named `name`. Materials that bake the
 * same colour from the same texture (materials sharing an init entry, most often) share the first one's texture.
 * Returns the baked texture's index; undefined when the source image is not decoded RGBA8, and 'limit' when
 * baking it would take the scene's baked texels past MAX_BAKED_TEXELS.
 */
export function bakeTexture(
  scene: Scene,
  texture: number,
  rgba: readonly Poly[],
  name: string,
): number | 'limit' | undefined {
  const source = scene.textures[texture];
  const image = scene.images[source?.image ?? -1];
  if (!source || image?.kind !== 'rgba8') return undefined;
  const terms = rgba.map((p) =>
    p.monomials.map((atoms, i) => ({ coefficient: p.coefficients[i]!, components: atoms.map(componentOf) })),
  );
  const baked = bakes.get(scene) ?? { texels: 0, textures: new Map<string, number>() };
  bakes.set(scene, baked);
  const key = `${texture} ${JSON.stringify(terms)}`;
  const known = baked.textures.get(key);
  if (known !== undefined) return known;
  const texels = image.width * image.height + (image.mipmaps ?? []).reduce((n, m) => n + m.width * m.height, 0);
  if (baked.texels + texels > MAX_BAKED_TEXELS) return 'limit';
  baked.texels += texels;
  const bakedImage: RgbaImage = {
    kind: 'rgba8',
    name,
    width: image.width,
    height: image.height,
    pixels: bakePixels(terms, image.pixels),
  };
  if (image.mipmaps?.length)
    bakedImage.mipmaps = image.mipmaps.map((m) => ({ ...m, pixels: bakePixels(terms, m.pixels) }));
  const imageIndex = scene.images.push(bakedImage) - 1;
  const index = scene.textures.push({ name, image: imageIndex, sampler: source.sampler }) - 1;
  baked.textures.set(key, index);
  return index;
}

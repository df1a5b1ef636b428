/*
 * The material library of a model (the mirror of build-materials.ts): one TML material per TMD material name,
 * its texture 0 (diffuse) the scene material's base colour texture. Textures are DXT1 (opaque or cut-out) or
 * DXT5 DDS files (format 6) in a `.tml`, or 16-bit ARGB in a `*16.tml`, which holds only formats 2 and 7 (spec
 * tmd.md §4): ARGB_1555 for an opaque or cut-out image, ARGB_4444 otherwise. A texture wider or taller than
 * 1024 pixels, or not a power of two on a side, is shrunk to the power of two at or below (at most 1024) with a
 * warning: D3D8-era cards sample and mip-map only such sizes, and 1024 was their common limit.
 * Fields as the game's own files have them where the original notes give them (spec §4): type 0, texture ids
 * counting down (texture n has id numTextures − 1 − n), unknown3 0xFFFF, unknown4 0x43000000 (128.0f);
 * unknown1 0 (the decompiled loader takes a clear bit 1 as "mip-mapped", and the DDS files carry their mip
 * chains) and unknown2 0. Names are sorted case-insensitively (the game binary-searches them) and material i
 * uses name i, which satisfies both readings of the nameIndex field. Material flags come from the source's
 * `extras.toshi.flags` (a scene read from a TML), else 0, the skin shader that models use. A TML material is
 * its textures only: a colour factor, vertex colours or a texture transform of the source is reported lost.
 */
import type { Diagnostic, PngDecoder, Scene } from '@retromodel/scene';
import { shrinkImage } from '@retromodel/texture';
import type { TmlFile, TmlMaterial, TmlTexture } from '../read-tml.js';
import { encodeArgb16, encodeDdsTexture } from '../texture/encode-tml-texture.js';

/** Sides a texture may have at most. */
export const MAX_TEXTURE_SIDE = 1024;

/** A TMD material name and the scene material it stands for (−1: none). */
export interface NamedMaterial {
  name: string;
  material: number;
}

const floorPow2 = (n: number) => 2 ** Math.floor(Math.log2(Math.max(1, n)));

/** Pixels of a scene image, decoding PNGs with `decodePng`; undefined (with a warning) when there are none. */
function pixelsOf(
  scene: Scene,
  image: number,
  decodePng: PngDecoder | undefined,
  diagnostics: Diagnostic[],
): { width: number; height: number; pixels: Uint8Array } | undefined {
  const im = scene.images[image];
  if (!im) return undefined;
  if (im.kind === 'rgba8') return im;
  if (im.mimeType === 'image/png' && decodePng) {
    try {
      return decodePng(im.data);
    } catch (e) {
      diagnostics.push({
        code: 'tmd/texture-unreadable',
        message: `image ${JSON.stringify(im.name ?? image)} could not be decoded (${(e as Error).message}); its material has no texture`,
        severity: 'warning',
      });
      return undefined;
    }
  }
  diagnostics.push({
    code: 'tmd/texture-unreadable',
    message: `image ${JSON.stringify(im.name ?? image)} is ${im.mimeType}, which cannot be decoded here; its material has no texture`,
    severity: 'warning',
  });
  return undefined;
}

/** Builds the TML for the given TMD material names; `argb16` makes a `*16.tml`. */
export function tmlFromScene(
  scene: Scene,
  materials: NamedMaterial[],
  argb16: boolean,
  decodePng: PngDecoder | undefined,
  diagnostics: Diagnostic[],
): TmlFile {
  const sorted = [...materials].sort((a, b) => {
    const [x, y] = [a.name.toLowerCase(), b.name.toLowerCase()];
    return x < y ? -1 : x > y ? 1 : 0;
  });
  const encoded: { data: Uint8Array; format: number; width: number; height: number }[] = [];
  const byImage = new Map<number, number>();
  const textureOf = (material: number): number | undefined => {
    const ref = scene.materials[material]?.baseColorTexture;
    const image = ref === undefined ? undefined : scene.textures[ref.texture]?.image;
    if (image === undefined) return undefined;
    const known = byImage.get(image);
    if (known !== undefined) return known;
    const source = pixelsOf(scene, image, decodePng, diagnostics);
    if (!source) return undefined;
    let { width, height, pixels } = source;
    const w = Math.min(MAX_TEXTURE_SIDE, floorPow2(width));
    const h = Math.min(MAX_TEXTURE_SIDE, floorPow2(height));
    if (w !== width || h !== height) {
      diagnostics.push({
        code: 'tmd/texture-resized',
        message: `texture ${JSON.stringify(scene.images[image]!.name ?? image)} is ${width}×${height}; it was shrunk to ${w}×${h} (the game's textures are powers of two, at most ${MAX_TEXTURE_SIDE} a side)`,
        severity: 'warning',
      });
      pixels = shrinkImage(pixels, width, height, w, h);
      [width, height] = [w, h];
    }
    let format = 6;
    let data: Uint8Array;
    if (argb16) {
      let binaryAlpha = true;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i] !== 0 && pixels[i] !== 255) binaryAlpha = false;
      format = binaryAlpha ? 2 : 7;
      data = encodeArgb16(format as 2 | 7, pixels, width, height);
    } else data = encodeDdsTexture(pixels, width, height);
    encoded.push({ data, format, width, height });
    byImage.set(image, encoded.length - 1);
    return encoded.length - 1;
  };
  const untinted: string[] = [];
  const transformed: string[] = [];
  const tmlMaterials: TmlMaterial[] = sorted.map((m, i) => {
    const source = scene.materials[m.material];
    if (source && (source.vertexColors || source.baseColorFactor.some((c, k) => Math.abs(c - 1) > 1e-3 && k < 4)))
      untinted.push(m.name);
    const transform = source?.baseColorTexture?.transform;
    if (
      transform &&
      (transform.rotation !== 0 || transform.offset.some((v) => v !== 0) || transform.scale.some((v) => v !== 1))
    )
      transformed.push(m.name);
    const texture = m.material >= 0 ? textureOf(m.material) : undefined;
    const toshi = scene.materials[m.material]?.extras?.toshi as { flags?: unknown } | undefined;
    const flags = typeof toshi?.flags === 'number' && Number.isInteger(toshi.flags) ? toshi.flags & 0xffff : 0;
    return { nameIndex: i, name: m.name, flags, textureIds: texture === undefined ? [] : [texture] };
  });
  if (untinted.length > 0)
    diagnostics.push({
      code: 'tmd/material-colour',
      message: `material(s) ${untinted.join(', ')} have a colour factor or vertex colours, which a TML material cannot hold; only their texture was kept`,
      severity: 'warning',
    });
  if (transformed.length > 0)
    diagnostics.push({
      code: 'tmd/texture-transform',
      message: `material(s) ${transformed.join(', ')} move their texture with a texture transform, which a TMD cannot hold; it was left out`,
      severity: 'warning',
    });
  // Texture n has id count − 1 − n: the records are written in descending id order.
  const textures: TmlTexture[] = encoded
    .map((t, id) => ({
      offset: 0,
      id,
      dataSize: t.data.length,
      unknown1: 0,
      unknown2: 0,
      format: t.format,
      width: t.width,
      height: t.height,
      unknown3: 0xffff,
      unknown4: 0x43000000,
      data: t.data,
    }))
    .reverse();
  return { type: 0, textures, names: sorted.map((m) => m.name), materials: tmlMaterials, diagnostics: [] };
}

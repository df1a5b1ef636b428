/*
 * TEX1 from the scene's textures (spec j3d.md §11).
 *
 * A scene that keeps the game's TEX1 (`extras.gxTex1Json`, see stored-tex1): TEX1 is that table, texture for
 * texture in its order (the indices its stored GX materials and the game's pattern animations use), each one
 * byte for byte unless its image was edited. Each glTF image is matched to the stored images: one whose pixels
 * are a stored image's level 0 is that image, unedited, whatever it is called now; one whose pixels are no
 * stored image's is an edit of the stored image it stands for: the one a material's `extras.gxBaseColorTexture`
 * names when the image is that material's base colour texture (j3dToScene links them so, and Blender keeps a
 * material's extras), else the one whose texture it is named after (its image's or one of its textures' name is
 * a stored texture's name; Blender's exporter drops what follows a name's last `.`, so `PowerStar` stands for
 * `PowerStar.3` when no stored texture is called `PowerStar`). An edited image is re-encoded in the game's
 * format (its palette format; its mip levels, as many as it had, made from the new pixels) with the stored
 * header's sampler and LOD fields. A stored image no glTF image shows (a glTF tidy step or Blender left it out)
 * is written as stored; one whose level 0 was left to its glTF image (see scene/tex1-extras) gets it encoded
 * from that image, and is written blank, with a warning, when the image is gone. A glTF texture that is not the
 * game's (e.g. the colours j3dToScene bakes into a texture of their own for glTF viewers) becomes a TEX1 texture
 * only when a material built from its glTF fields shows it.
 *
 * Any other scene: one TEX1 texture per scene texture, in scene order (so TEX1 indices are scene texture indices,
 * which is what the stored GX materials of an older glTF name).
 *
 * Pixels: an `rgba8` image as it is (with its mip levels); an encoded image (PNG, JPEG) through the injected
 * `decodeImage` (e.g. decodePng of @retromodel/gltf/png); without one, or when it fails, the texture is left
 * out with a warning. Format: the `textureFormat` option, else the format of the game's header (the stored
 * TEX1's, or `extras.gx.header` of a texture read from J3D), else chooseGxFormat's pick for the pixels; palettes
 * (C4/C8) keep the stored palette format. Sampler: a stored header's fields (wrap, filters, LOD, anisotropy)
 * are kept; otherwise wrap REPEAT 1, CLAMP 0, MIRRORED_REPEAT 2, filters NEAREST 0, LINEAR 1,
 * NEAREST_MIPMAP_NEAREST 2, LINEAR_MIPMAP_NEAREST 3, NEAREST_MIPMAP_LINEAR 4, LINEAR_MIPMAP_LINEAR 5
 * (magnification NEAREST 0 / LINEAR 1). Mip levels: the image's own; else as many as a stored header has, made
 * from the pixels; else a full chain for a mipmapping filter on a power-of-two image (each level the 2×2 mean of
 * the one before), or the filter's base. GX wraps (REPEAT, MIRROR) and mipmaps only power-of-two sizes: other
 * sizes are clamped and get one level (warning); GX textures are at most 1024×1024 (larger ones are written,
 * with a warning). Equal pixels in equal formats are encoded once.
 */
import { sameBytes } from '@retromodel/binary';
import type { Diagnostic, EncodedImage, RgbaImage, Sampler, Scene } from '@retromodel/scene';
import type { BtiHeader } from '../bti/bti-header.js';
import { gxSamplerCodes } from '../bti/bti-sampler.js';
import { btiFromImage } from '../bti/write-bti.js';
import type { J3dTexture, Tex1 } from '../chunks/read-tex1.js';
import { chooseGxFormat } from '../gx/texture/choose-gx-format.js';
import { encodeGxTexture } from '../gx/texture/encode-gx-texture.js';
import { gxFormatLayout, gxFormatName } from '../gx/texture/formats.js';
import { GX_BASE_COLOR_TEXTURE } from '../scene/build-material.js';
import { j3dName } from './j3d-name.js';
import { type StoredTex1, storedTex1 } from './stored-tex1.js';

/** Decodes an encoded image (PNG, JPEG, …) to RGBA8 pixels; may throw for bytes it cannot read. */
export type J3dImageDecoder = (bytes: Uint8Array, mimeType: string) => Pick<RgbaImage, 'width' | 'height' | 'pixels'>;

/** How textures are written. */
export interface TextureOptions {
  /** GX texture format id for every texture (see GxTextureFormat); default: chosen per image. */
  textureFormat?: number;
  decodeImage?: J3dImageDecoder;
}

/** The TEX1 being written, and the TEX1 index of what materials name. */
export interface SceneTextures {
  /** TEX1 as the materials leave it: `textureOf` adds the textures they show that TEX1 does not have yet. */
  tex1: Tex1;
  /** TEX1 index of a scene texture a material built from its glTF fields shows (undefined: left out). */
  textureOf: (sceneTexture: number) => number | undefined;
  /** TEX1 index of a texture slot of a stored GX material (a TEX1 index of the game, or of an older scene). */
  slotOf: (slot: number) => number | undefined;
  /** Says which glTF textures no material of the file shows, once every material has asked for its own. */
  finish: () => void;
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

/** One texture to encode: its name for messages and TEX1, its pixels, and what it had in the game. */
interface TextureSource {
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
class TextureEncoder {
  private readonly encoded = new Map<string, ReturnType<typeof btiFromImage>>();

  constructor(
    private readonly options: TextureOptions,
    private readonly warn: (message: string) => void,
  ) {}

  encode(source: TextureSource): J3dTexture {
    const { label, name, pixels, stored } = source;
    const { width, height } = pixels;
    if (width > GX_MAX_TEXTURE_SIDE || height > GX_MAX_TEXTURE_SIDE)
      this.warn(
        `${label} is ${width}×${height}; GX textures are at most ${GX_MAX_TEXTURE_SIDE}×${GX_MAX_TEXTURE_SIDE}`,
      );
    const format = this.options.textureFormat ?? stored?.format ?? chooseGxFormat(pixels.pixels, width, height).format;
    const codes = gxSamplerCodes(source.sampler);
    let wrapS = stored?.wrapS ?? codes.wrapS;
    let wrapT = stored?.wrapT ?? codes.wrapT;
    const square = pow2(width) && pow2(height);
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
      if (square) mipCount = Math.min(stored?.mipCount ?? chain, chain);
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

/** Builds TEX1 for the scene (see the file comment); `textureOf` and `slotOf` give TEX1 indices. */
export function texturesFromScene(scene: Scene, options: TextureOptions, diagnostics: Diagnostic[]): SceneTextures {
  if (options.textureFormat !== undefined && !gxFormatLayout(options.textureFormat))
    throw new Error(`textureFormat ${options.textureFormat} is not a GX texture format`);
  const warn = (message: string) => diagnostics.push({ code: 'j3d/texture', message, severity: 'warning' });
  const encoder = new TextureEncoder(options, warn);
  const decoded = new Map<number, RgbaImage | string>();
  const pixelsOfImage = (image: number) => {
    let pixels = decoded.get(image);
    if (pixels === undefined) {
      pixels = pixelsOf(scene.images[image]!, options.decodeImage);
      decoded.set(image, pixels);
    }
    return pixels;
  };
  /** The TEX1 texture of scene texture `i`, from its pixels; undefined (with a warning) when it has none. */
  const fromSceneTexture = (i: number): J3dTexture | undefined => {
    const t = scene.textures[i]!;
    const name = j3dName(t.name ?? scene.images[t.image]!.name ?? `texture${i}`);
    const pixels = pixelsOfImage(t.image);
    if (typeof pixels === 'string') {
      warn(`texture ${i} ("${name}") is left out: ${pixels}`);
      return undefined;
    }
    const stored = storedHeader(t.extras);
    const sampler = scene.samplers[t.sampler];
    return encoder.encode({ label: `texture ${i} ("${name}")`, name, pixels, stored, sampler, imageKey: `${t.image}` });
  };

  const stored = storedTex1(scene, diagnostics);
  if (stored) return gameTextures(scene, stored, options, diagnostics, { encoder, pixelsOfImage, fromSceneTexture });

  const textures: J3dTexture[] = [];
  const indexOf = new Map<number, number>();
  scene.textures.forEach((_, i) => {
    const texture = fromSceneTexture(i);
    if (texture) indexOf.set(i, textures.push(texture) - 1);
  });
  const textureOf = (sceneTexture: number) => indexOf.get(sceneTexture);
  return {
    tex1: { textures, bytes: new Uint8Array(0), offset: 0 },
    textureOf,
    slotOf: textureOf,
    finish: () => {},
  };
}

/** What gameTextures shares with texturesFromScene. */
interface SceneTextureTools {
  encoder: TextureEncoder;
  pixelsOfImage: (image: number) => RgbaImage | string;
  fromSceneTexture: (i: number) => J3dTexture | undefined;
}

/** The stored textures `names` (a glTF image's and its textures') name: exactly, else as Blender cut them. */
function storedTexturesNamed(names: readonly string[], storedNames: readonly string[]): number[] {
  const exact = storedNames.flatMap((s, k) => (names.includes(s) ? [k] : []));
  if (exact.length > 0) return exact;
  return storedNames.flatMap((s, k) => {
    const dot = s.lastIndexOf('.');
    return dot > 0 && names.includes(s.slice(0, dot)) ? [k] : [];
  });
}

/** TEX1 from the game's stored TEX1 and the glTF images (see the file comment). */
function gameTextures(
  scene: Scene,
  stored: StoredTex1,
  options: TextureOptions,
  diagnostics: Diagnostic[],
  tools: SceneTextureTools,
): SceneTextures {
  const note = (code: string, message: string, severity: Diagnostic['severity'] = 'info') =>
    diagnostics.push({ code, message, severity });
  const storedNames = stored.textures.map((t) => t.name);
  // The stored image each glTF image shows (unedited) or edits, and the edits.
  const storedImageOf = new Map<number, number>();
  // Level 0 of stored images that left it to the glTF image, from the image found unedited.
  const level0Pixels = new Map<number, Uint8Array>();
  const edits = new Map<number, { image: number; pixels: RgbaImage }>();
  const namesOf = new Map<number, string[]>();
  scene.textures.forEach((t) => {
    const names = namesOf.get(t.image) ?? [scene.images[t.image]?.name ?? ''];
    if (t.name) names.push(t.name);
    namesOf.set(t.image, names.filter(Boolean));
  });
  // A material's glTF base colour texture that j3dToScene made of a game texture as it is names it.
  const linked = new Map<number, Set<number>>();
  for (const m of scene.materials) {
    const k = m.extras?.[GX_BASE_COLOR_TEXTURE];
    const image = m.baseColorTexture && scene.textures[m.baseColorTexture.texture]?.image;
    if (image === undefined || typeof k !== 'number' || stored.imageOf[k] === undefined) continue;
    linked.set(image, (linked.get(image) ?? new Set()).add(stored.imageOf[k]!));
  }
  for (const [image, names] of namesOf) {
    const pixels = tools.pixelsOfImage(image);
    const named = [
      ...(linked.get(image) ?? new Set(storedTexturesNamed(names, storedNames).map((k) => stored.imageOf[k]!))),
    ];
    if (typeof pixels === 'string') {
      if (named.length > 0)
        note(
          'j3d/texture-not-compared',
          `image ${image} ("${names[0]}") is not compared with the game's texture of that name: ${pixels}; the game's is written`,
          'warning',
        );
      continue;
    }
    const same = stored.images.flatMap((s, k) =>
      s.width === pixels.width && s.height === pixels.height && s.isLevel0(pixels.pixels) ? [k] : [],
    );
    // Unedited: the pixels of the game's image it is named after, or of any when its name is not a game's.
    const unedited = same.find((k) => named.length === 0 || named.includes(k));
    if (unedited !== undefined) {
      storedImageOf.set(image, unedited);
      for (const k of same) level0Pixels.set(k, pixels.pixels);
      continue;
    }
    const gameName = (k: number) => storedNames[stored.images[k]!.textures[0]!];
    if (named.length > 1) {
      note(
        'j3d/texture-edit-ambiguous',
        `image ${image} ("${names[0]}") was edited, and its name fits ${named.length} of the game's textures (${named.map(gameName).join(', ')}); its edit is not written`,
        'warning',
      );
      continue;
    }
    const target = named[0];
    if (target === undefined) continue;
    const earlier = edits.get(target);
    if (earlier && !sameBytes(earlier.pixels.pixels, pixels.pixels)) {
      note(
        'j3d/texture-edit-ambiguous',
        `images ${earlier.image} and ${image} are both edits of the game's texture "${gameName(target)}"; the first is written`,
        'warning',
      );
      continue;
    }
    storedImageOf.set(image, target);
    edits.set(target, { image, pixels });
  }

  // The game's textures, in the game's order.
  let kept = 0;
  const textures = stored.textures.map((t, k) => {
    const image = stored.imageOf[k]!;
    const s = stored.images[image]!;
    const edit = edits.get(image);
    const label = `texture ${k} ("${t.name}")`;
    // Level 0 as the game has it: kept, or encoded from the glTF image that holds it.
    let level0 = s.level0() ?? level0Pixels.get(image);
    if (!level0) {
      if (!edit)
        note(
          'j3d/texture-image-missing',
          `${label}: its level 0 was left to its glTF image, which is gone (no material shows it any more); it is written blank`,
          'warning',
        );
      level0 = new Uint8Array(s.width * s.height * 4);
    }
    if (!edit && options.textureFormat === undefined) {
      kept++;
      if (!s.inImage) return t;
      const data = t.data.slice();
      const { format, width, height } = t.header;
      data.set(encodeGxTexture(level0, width, height, format, { mipCount: 1 }).data);
      return { ...t, data };
    }
    const pixels: RgbaImage = edit?.pixels ?? {
      kind: 'rgba8',
      width: s.width,
      height: s.height,
      pixels: level0,
      mipmaps: s.mipmaps(),
    };
    const texture = tools.encoder.encode({
      label,
      name: t.name,
      pixels,
      stored: t.header,
      sampler: undefined,
      imageKey: `game ${image}`,
    });
    if (edit)
      note(
        'j3d/texture-edited',
        `${label}: its image was edited; it is re-encoded as ${gxFormatName(texture.header.format)}, the game's format`,
      );
    return texture;
  });
  note('j3d/texture-kept', `${kept} of ${textures.length} texture(s) are the game's, byte for byte`);

  const added = new Map<number, number | undefined>();
  const textureOf = (sceneTexture: number) => {
    const t = scene.textures[sceneTexture];
    if (!t) return undefined;
    const image = storedImageOf.get(t.image);
    if (image !== undefined) {
      const shows = stored.images[image]!.textures;
      return shows.find((k) => storedNames[k] === t.name) ?? shows[0];
    }
    if (!added.has(sceneTexture)) {
      const texture = tools.fromSceneTexture(sceneTexture);
      added.set(sceneTexture, texture && textures.push(texture) - 1);
    }
    return added.get(sceneTexture);
  };
  const finish = () => {
    const helpers = scene.textures.flatMap((t, i) =>
      storedImageOf.has(t.image) || added.has(i) ? [] : [t.name ?? scene.images[t.image]?.name ?? `texture ${i}`],
    );
    if (helpers.length > 0)
      note(
        'j3d/texture-not-the-games',
        `${helpers.length} glTF texture(s) are not the game's and no material built from glTF fields shows them, so they are not written (${helpers.join(', ')}); colours baked for glTF viewers change by editing the game's texture or the material's GX state`,
      );
  };
  return {
    tex1: { textures, bytes: new Uint8Array(0), offset: 0 },
    textureOf,
    slotOf: (slot) => (slot < stored.textures.length ? slot : undefined),
    finish,
  };
}

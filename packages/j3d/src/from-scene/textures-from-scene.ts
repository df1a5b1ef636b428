/*
 * TEX1 from the scene's textures (spec j3d.md §11). A scene that keeps the game's TEX1 (`extras.gxTex1Json`)
 * gets it back, with the edits its glTF images make (game-textures). Any other scene: one TEX1 texture per
 * scene texture, in scene order (so TEX1 indices are scene texture indices, which is what the stored GX
 * materials of an older glTF name), encoded from its pixels (texture-encoder): an `rgba8` image as it is (with
 * its mip levels), an encoded image (PNG, JPEG) through the injected `decodeImage` (e.g. decodePng of
 * @retromodel/gltf/png); without one, or when it fails, the texture is left out with a warning.
 */
import type { Diagnostic, EncodedImage, RgbaImage, Scene } from '@retromodel/scene';
import type { BtiHeader } from '../bti/bti-header.js';
import type { J3dTexture, Tex1 } from '../chunks/read-tex1.js';
import { gxFormatLayout } from '../gx/texture/formats.js';
import { gameTextures } from './game-textures.js';
import { j3dName } from './j3d-name.js';
import { storedTex1 } from './stored-tex1.js';
import { TextureEncoder } from './texture-encoder.js';

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

/** Builds TEX1 for the scene (see the file comment); `textureOf` and `slotOf` give TEX1 indices. */
export function texturesFromScene(scene: Scene, options: TextureOptions, diagnostics: Diagnostic[]): SceneTextures {
  if (options.textureFormat !== undefined && !gxFormatLayout(options.textureFormat))
    throw new Error(`textureFormat ${options.textureFormat} is not a GX texture format`);
  const warn = (message: string) => diagnostics.push({ code: 'j3d/texture', message, severity: 'warning' });
  const encoder = new TextureEncoder(options.textureFormat, warn);
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

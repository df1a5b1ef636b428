/*
 * The game's TEX1 back from a scene's `extras.gxTex1Json` (written by scene/tex1-extras). The text comes from
 * the user's glTF, so anything may be there: every texture must be one the BTI codec holds as it is (written as
 * a .bti and read back, its header is itself and its data holds exactly the header's levels and palette), or
 * none is used. Textures with the same format, size, levels, data and palette are one image, as j3dToScene
 * made one scene image of them. An image's level 0 is decoded when first asked for, to compare it with the
 * glTF's pixels (textures-from-scene); a level 0 the text leaves to the glTF image (`level0InImage`) is known
 * by the hash of its pixels, and its bytes are zeros here until the image gives them.
 */
import { BinaryReader, fromBase64, hashBytes, ParseError, sameBytes } from '@retromodel/binary';
import type { Diagnostic, Scene } from '@retromodel/scene';
import { type BtiHeader, readBtiHeader } from '../bti/bti-header.js';
import { type BtiMipLevel, type PreparedBtiImage, prepareBtiImage } from '../bti/decode-bti-image.js';
import { writeBti } from '../bti/write-bti.js';
import type { J3dTexture } from '../chunks/read-tex1.js';
import { gxFormatLayout, gxMipChain } from '../gx/texture/formats.js';
import { type KeptTex1, TEX1_EXTRAS_KEY } from '../scene/tex1-extras.js';
import { j3dName } from './j3d-name.js';

/** One distinct image of the stored TEX1: the textures showing it, and its pixels. */
export interface StoredImage {
  /** TEX1 indices of the textures that show this image. */
  textures: number[];
  width: number;
  height: number;
  /** Whether `pixels` are level 0 of this image (its decoded pixels, or those the kept hash names). */
  isLevel0: (pixels: Uint8Array) => boolean;
  /** Level 0 decoded, or undefined when it is the glTF image's (`level0InImage`). */
  level0: () => Uint8Array | undefined;
  /** Levels 1 … decoded. */
  mipmaps: () => BtiMipLevel[];
  /** The size of level 0's encoded bytes, at the start of each of its textures' data. */
  level0Size: number;
  /** Whether level 0's bytes are the glTF image's, to be encoded from it (zeros in the textures' data here). */
  inImage: boolean;
}

/** The stored TEX1: its textures as the game had them and their distinct images. */
export interface StoredTex1 {
  textures: J3dTexture[];
  images: StoredImage[];
  /** The image of every texture (index into `images`). */
  imageOf: number[];
}

const headerFields: (keyof BtiHeader)[] = [
  'format',
  'alphaEnabled',
  'width',
  'height',
  'wrapS',
  'wrapT',
  'hasPalette',
  'paletteFormat',
  'mipmapEnabled',
  'edgeLod',
  'biasClamp',
  'maxAnisotropy',
  'minFilter',
  'magFilter',
  'minLod',
  'maxLod',
  'mipCount',
  'unknown0x19',
  'lodBias',
];

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A checked texture, its prepared image and level 0's hash when the image holds it; or why it is none. */
function checkedTexture(
  entry: unknown,
  blobs: Uint8Array[],
): { texture: J3dTexture; prepared: PreparedBtiImage; level0Size: number; inImage?: number } | string {
  if (!isObject(entry) || typeof entry.name !== 'string' || !isObject(entry.header)) return 'not a texture';
  const blob = (at: unknown) => (typeof at === 'number' ? blobs[at] : undefined);
  const kept = blob(entry.data);
  const palette = entry.palette === undefined ? undefined : blob(entry.palette);
  if (!kept || (entry.palette !== undefined && !palette)) return 'a blob index is not one';
  const { level0InImage } = entry;
  if (
    level0InImage !== undefined &&
    !(Number.isInteger(level0InImage) && (level0InImage as number) >>> 0 === level0InImage)
  )
    return 'level0InImage is not a u32 hash';
  const given = entry.header;
  if (headerFields.some((f) => typeof given[f] !== 'number')) return 'a header field is not a number';
  const header = Object.fromEntries(headerFields.map((f) => [f, given[f]])) as unknown as BtiHeader;
  const layout = gxFormatLayout(header.format);
  if (!layout) return `format ${header.format} is not a GX texture format`;
  // A colour-indexed texture's entry count is its palette's; other formats keep the (unused) count they had.
  const { paletteCount } = given;
  if (!Number.isInteger(paletteCount) || (paletteCount as number) < 0 || (paletteCount as number) > 0xffff)
    return 'the palette count is not a u16';
  if (layout.paletted && palette && palette.length !== (paletteCount as number) * 2)
    return "the palette does not hold the header's entries";
  Object.assign(header, { paletteCount, paletteOffset: 0, dataOffset: 0 });
  try {
    const level0Size = gxMipChain(header.format, header.width, header.height, 1)[0]!.size;
    let data = kept;
    if (level0InImage !== undefined) {
      data = new Uint8Array(level0Size + kept.length);
      data.set(kept, level0Size);
    }
    // The codec judges: a header field out of its range reads back as another value.
    const bytes = writeBti({ header, data, ...(layout.paletted && palette ? { palette } : {}) });
    const back = readBtiHeader(new BinaryReader(bytes, { format: 'j3d', section: 'BTI' }), 0);
    const changed = headerFields.find((f) => back[f] !== header[f]);
    if (changed) return `header field ${changed} ${header[changed]} is out of its range`;
    const texture: J3dTexture = { name: j3dName(entry.name), header, headerOffset: 0, data };
    if (layout.paletted) texture.palette = palette!;
    const prepared = prepareBtiImage(bytes, 0, back, 'BTI');
    return {
      texture,
      prepared,
      level0Size,
      ...(level0InImage !== undefined ? { inImage: level0InImage as number } : {}),
    };
  } catch (error) {
    if (error instanceof ParseError) return error.detail;
    if (error instanceof Error) return error.message;
    throw error;
  }
}

/**
 * The TEX1 kept in `scene.extras.gxTex1Json`, or undefined when there is none; a warning and undefined when it
 * is there but is not a TEX1 (edited or damaged).
 */
export function storedTex1(scene: Scene, diagnostics: Diagnostic[]): StoredTex1 | undefined {
  const text = scene.extras?.[TEX1_EXTRAS_KEY];
  if (text === undefined) return undefined;
  const invalid = (why: string) => {
    diagnostics.push({
      code: 'j3d/tex1-extras-invalid',
      message: `the scene's extras.${TEX1_EXTRAS_KEY} (the game's textures) is not a TEX1 (${why}); textures are made from the glTF images instead`,
      severity: 'warning',
    });
    return undefined;
  };
  let kept: Partial<KeptTex1>;
  try {
    kept = typeof text === 'string' ? JSON.parse(text) : undefined;
  } catch {
    return invalid('the text is not JSON');
  }
  if (!isObject(kept) || !Array.isArray(kept.textures) || !Array.isArray(kept.blobs)) return invalid('no textures');
  const blobs: Uint8Array[] = [];
  for (const b of kept.blobs) {
    const bytes = typeof b === 'string' ? fromBase64(b) : undefined;
    if (!bytes) return invalid('a blob is not base64');
    blobs.push(bytes);
  }
  const stored: StoredTex1 = { textures: [], images: [], imageOf: [] };
  const imageKeys = new Map<string, number>();
  for (const [i, entry] of kept.textures.entries()) {
    const checked = checkedTexture(entry, blobs);
    if (typeof checked === 'string') return invalid(`texture ${i}: ${checked}`);
    const { texture, prepared, level0Size, inImage } = checked;
    const { header } = texture;
    const e = entry as { data: number; palette?: number };
    const key = `${e.data} ${e.palette} ${inImage} ${header.format} ${header.paletteFormat} ${header.width}x${header.height} ${prepared.levelCount}`;
    let image = imageKeys.get(key);
    if (image === undefined) {
      let pixels: Uint8Array | undefined;
      const level0 = () => {
        if (inImage !== undefined) return undefined;
        pixels ??= prepared.decodeLevel0();
        return pixels;
      };
      const size = header.width * header.height * 4;
      image =
        stored.images.push({
          textures: [],
          width: header.width,
          height: header.height,
          isLevel0: (p) =>
            p.length === size && (inImage === undefined ? sameBytes(level0()!, p) : hashBytes(p) === inImage),
          level0,
          mipmaps: prepared.decodeMipmaps,
          level0Size,
          inImage: inImage !== undefined,
        }) - 1;
      imageKeys.set(key, image);
    }
    stored.images[image]!.textures.push(i);
    stored.imageOf.push(image);
    stored.textures.push(texture);
  }
  return stored;
}

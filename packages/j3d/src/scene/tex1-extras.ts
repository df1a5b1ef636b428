/*
 * The game's TEX1 kept whole in the scene's extras, as JSON text under `extras.gxTex1Json`, so that a model
 * written back from glTF gets every texture the game had byte for byte: the glTF images are decoded pixels
 * without mip levels, a palette's order or the encoder's choices, glTF keeps only the textures its materials
 * show, and Blender keeps a scene's custom properties but drops the images no material shows and the extras of
 * those it keeps. The text is JSON because Blender's custom properties hold no null and no binary; it is made
 * the first time it is read (a viewer never reads it). See from-scene/stored-tex1 for the way back.
 *
 *   { "textures": [{ "name": TEX1 name, "header": the BTI header as read, "data": blob, "palette"?: blob,
 *                    "level0InImage"?: FNV-1a of level 0's RGBA8 pixels }],
 *     "blobs": [base64 of every level's encoded data back to back, or of a palette's entries] }
 *
 * A blob is an index into `blobs`; equal bytes are one blob (headers sharing an image). Level 0 is left out of
 * `data` (which then starts at level 1) and marked `level0InImage` when the glTF image holds it: the texture's
 * image is the base colour texture of a material that draws, so the glTF and Blender's export of it keep the
 * image, its format is one GX encodes without loss (not CMPR, not colour-indexed), and encoding its decoded
 * pixels gives the game's bytes again. The hash tells an unedited image from an edit. So an image is not carried
 * twice, which for large RGBA8 textures would make the glTF several times larger.
 */
import { hashBytes, sameBytes, toBase64 } from '@retromodel/binary';
import type { Extras } from '@retromodel/scene';
import type { BtiHeader } from '../bti/bti-header.js';
import { prepareBtiImage } from '../bti/decode-bti-image.js';
import type { J3dTexture, Tex1 } from '../chunks/read-tex1.js';
import { encodeGxTexture } from '../gx/texture/encode-gx-texture.js';
import { GxTextureFormat, gxFormatLayout, gxMipChain } from '../gx/texture/formats.js';
import { reproducibleLevel0Kept } from './kept-level0.js';
import { type LazyTextState, lazyTextDescriptor } from './lazy-text-descriptor.js';

/** The key of the TEX1 text in a scene's extras. */
export const TEX1_EXTRAS_KEY = 'gxTex1Json';

/** One TEX1 texture in the kept text. */
export interface KeptTexture {
  name: string;
  header: BtiHeader;
  /** Index of the encoded levels in `blobs` (from level 1 when `level0InImage` is set). */
  data: number;
  /** Index of the palette entries in `blobs` (colour-indexed formats). */
  palette?: number;
  /** Set when level 0 is the glTF image's: the FNV-1a hash (hashBytes) of its RGBA8 pixels. */
  level0InImage?: number;
}

/** What `extras.gxTex1Json` holds, parsed. */
export interface KeptTex1 {
  textures: KeptTexture[];
  blobs: string[];
}

/**
 * Formats whose whole blocks, whatever they hold, encode again to the bytes they were decoded from: RGBA8 keeps
 * every channel as it is, RGB565's channels, widened by bit replication, encode back to their own codes
 * (channel-bits.ts), and the intensity formats' grey (R = G = B) has itself as its luma, with its 4-bit fields
 * widened the same way and alpha kept (encode-colors.ts). A level of whole blocks of these needs no encoding to
 * be known reproducible: encoding the MKDD course's 512×512 and 512×256 RGBA8 textures to find that out cost a
 * process converting it about a fifth of its CPU time (133-145 ms against 110-119, perf stat).
 */
const ENCODED_BACK_EXACTLY: ReadonlySet<number> = new Set([
  GxTextureFormat.RGBA8,
  GxTextureFormat.RGB565,
  GxTextureFormat.I4,
  GxTextureFormat.I8,
  GxTextureFormat.IA4,
  GxTextureFormat.IA8,
]);

/**
 * The hash of level 0's pixels when encoding them gives the texture's level 0 again, else undefined (worked out
 * once for the same texture data across models: kept-level0.ts).
 */
function reproducibleLevel0(tex1: Tex1, t: J3dTexture): number | undefined {
  const { header } = t;
  const layout = gxFormatLayout(header.format);
  if (!layout || layout.paletted || header.format === GxTextureFormat.CMPR) return undefined;
  const size = gxMipChain(header.format, header.width, header.height, 1)[0]!.size;
  const exact =
    ENCODED_BACK_EXACTLY.has(header.format) &&
    header.width % layout.blockWidth === 0 &&
    header.height % layout.blockHeight === 0;
  return reproducibleLevel0Kept(
    tex1,
    t,
    () => prepareBtiImage(tex1.bytes, t.headerOffset, header),
    (pixels, own) => {
      // Pixels decoded from `t.data` itself, in such a format, encode back to it.
      if (own && exact) return hashBytes(pixels);
      const encoded = encodeGxTexture(pixels, header.width, header.height, header.format, { mipCount: 1 });
      return sameBytes(encoded.data, t.data.subarray(0, size)) ? hashBytes(pixels) : undefined;
    },
  );
}

/**
 * The TEX1 textures as {@link KeptTex1} JSON text; `shown` holds the TEX1 indices whose image is the base
 * colour texture of a material that draws.
 */
export function tex1Json(tex1: Tex1, shown: ReadonlySet<number>): string {
  const blobs: string[] = [];
  const blobIndex = new Map<string, number>();
  const blob = (bytes: Uint8Array) => {
    const text = toBase64(bytes);
    let index = blobIndex.get(text);
    if (index === undefined) {
      index = blobs.push(text) - 1;
      blobIndex.set(text, index);
    }
    return index;
  };
  // By image (data offset), whether a texture showing it is shown, and then the level 0 hash when reproducible.
  const imageOf = (t: J3dTexture) => t.headerOffset + t.header.dataOffset;
  const shownImages = new Set([...shown].map((k) => imageOf(tex1.textures[k]!)));
  const inImage = new Map<number, number | undefined>();
  const textures = tex1.textures.map((t): KeptTexture => {
    const image = imageOf(t);
    if (shownImages.has(image) && !inImage.has(image)) inImage.set(image, reproducibleLevel0(tex1, t));
    const hash = inImage.get(image);
    const level0 = gxMipChain(t.header.format, t.header.width, t.header.height, 1)[0]!.size;
    const kept: KeptTexture = {
      name: t.name,
      header: t.header,
      data: blob(hash === undefined ? t.data : t.data.subarray(level0)),
    };
    if (t.palette) kept.palette = blob(t.palette);
    if (hash !== undefined) kept.level0InImage = hash;
    return kept;
  });
  return JSON.stringify({ textures, blobs } satisfies KeptTex1);
}

/** Where an extras object keeps what its `gxTex1Json` text is made from, and the text once made. */
const tex1State = Symbol('gxTex1Json text');

interface Tex1TextState extends LazyTextState {
  tex1: Tex1;
  shown: () => ReadonlySet<number>;
}

/** The `gxTex1Json` accessor, shared by every scene's extras (`shown` holds the whole scene: see lazyTextDescriptor). */
const tex1Descriptor = lazyTextDescriptor<Tex1TextState>(tex1State, (state) => tex1Json(state.tex1, state.shown()));

/**
 * Adds `gxTex1Json` to `extras` (when TEX1 has textures) as an enumerable property whose text is made when it
 * is first read, with the TEX1 indices `shown` gives then; spreading, `structuredClone` and `JSON.stringify`
 * read it as plain text; assigning replaces it.
 */
export function addTex1Extras(extras: Extras, tex1: Tex1, shown: () => ReadonlySet<number>): void {
  if (tex1.textures.length === 0) return;
  Object.defineProperty(extras, tex1State, { value: { tex1, shown, value: undefined, made: false } });
  Object.defineProperty(extras, TEX1_EXTRAS_KEY, tex1Descriptor);
}

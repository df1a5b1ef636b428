/*
 * The game's TEX1 kept whole in the scene's extras, as JSON text under `extras.gxTex1Json`, so that a model
 * written back from glTF gets every texture the game had byte for byte: the glTF images are decoded pixels
 * without mip levels, a palette's order or the encoder's choices, glTF keeps only the textures its materials
 * show, and Blender keeps a scene's custom properties but drops the images no material shows and the extras of
 * those it keeps. The text is JSON because Blender's custom properties hold no null and no binary; it is made
 * the first time it is read (a viewer never reads it). See from-scene/stored-tex1 for the way back.
 *
 *   { "textures": [{ "name": TEX1 name, "header": the BTI header as read, "data": blob, "palette"?: blob }],
 *     "blobs": [base64 of every level's encoded data back to back, or of a palette's entries] }
 *
 * A blob is an index into `blobs`; equal bytes are one blob (headers sharing an image).
 */
import { toBase64 } from '@retromodel/binary';
import type { Extras } from '@retromodel/scene';
import type { BtiHeader } from '../bti/bti-header.js';
import type { Tex1 } from '../chunks/read-tex1.js';

/** The key of the TEX1 text in a scene's extras. */
export const TEX1_EXTRAS_KEY = 'gxTex1Json';

/** One TEX1 texture in the kept text. */
export interface KeptTexture {
  name: string;
  header: BtiHeader;
  /** Index of the encoded levels in `blobs`. */
  data: number;
  /** Index of the palette entries in `blobs` (colour-indexed formats). */
  palette?: number;
}

/** What `extras.gxTex1Json` holds, parsed. */
export interface KeptTex1 {
  textures: KeptTexture[];
  blobs: string[];
}

/** The TEX1 textures as {@link KeptTex1} JSON text. */
export function tex1Json(tex1: Tex1): string {
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
  const textures = tex1.textures.map((t): KeptTexture => {
    const kept: KeptTexture = { name: t.name, header: t.header, data: blob(t.data) };
    if (t.palette) kept.palette = blob(t.palette);
    return kept;
  });
  return JSON.stringify({ textures, blobs } satisfies KeptTex1);
}

/**
 * Adds `gxTex1Json` to `extras` (when TEX1 has textures) as an enumerable property whose text is made when it
 * is first read; spreading, `structuredClone` and `JSON.stringify` read it as plain text; assigning replaces it.
 */
export function addTex1Extras(extras: Extras, tex1: Tex1): void {
  if (tex1.textures.length === 0) return;
  let text: unknown;
  let made = false;
  Object.defineProperty(extras, TEX1_EXTRAS_KEY, {
    enumerable: true,
    configurable: true,
    get: () => {
      if (!made) {
        text = tex1Json(tex1);
        made = true;
      }
      return text;
    },
    set: (value: unknown) => {
      text = value;
      made = true;
    },
  });
}

/*
 * A TEX1 texture's level 0 decoded, and whether encoding it gives the game's bytes again (tex1-extras), kept
 * across models for the texture data met last (KeptByBytes: by format, size, palette format and count, and the
 * bytes the decoder reads: the palette entries, then level 0's encoded data), so a batch of models sharing a
 * texture decodes and checks it once. Every model gets its own copy of the pixels.
 */
import { KeptByBytes, sameBytes } from '@retromodel/binary';
import type { PreparedBtiImage } from '../bti/decode-bti-image.js';
import type { J3dTexture, Tex1 } from '../chunks/read-tex1.js';
import { gxFormatLayout, gxMipChain } from '../gx/texture/formats.js';

/** Level 0's pixels, and once worked out the hash tex1-extras marks a reproducible level 0 with. */
interface KeptLevel0 {
  pixels: Uint8Array;
  reproducible?: { hash: number | undefined };
}

/** Up to 16 MB of texture data and decoded pixels. */
const kept = new KeptByBytes<KeptLevel0>(16 * 1024 * 1024);

/**
 * The kept entry of `t`'s level 0, decoding it with `prepared()` when it is not kept yet. The bytes compared are
 * those the decoder reads in `tex1.bytes` (the palette entries, then level 0's data).
 */
function level0Of(tex1: Tex1, t: J3dTexture, prepared: () => PreparedBtiImage): KeptLevel0 {
  const { format, width, height, paletteFormat, paletteCount } = t.header;
  const dataAt = t.headerOffset + t.header.dataOffset;
  const data = tex1.bytes.subarray(dataAt, dataAt + gxMipChain(format, width, height, 1)[0]!.size);
  const paletted = gxFormatLayout(format)?.paletted === true;
  const paletteAt = t.headerOffset + t.header.paletteOffset;
  const palette = paletted ? tex1.bytes.subarray(paletteAt, paletteAt + paletteCount * 2) : undefined;
  let bytes = data;
  if (palette) {
    bytes = new Uint8Array(palette.length + data.length);
    bytes.set(palette);
    bytes.set(data, palette.length);
  }
  const key = kept.keyOf(`${format},${width},${height},${paletted ? `${paletteFormat},${paletteCount}` : ''}`, bytes);
  let found = kept.get(key, bytes);
  if (!found) {
    found = { pixels: prepared().decodeLevel0() };
    kept.set(key, palette ? bytes : bytes.slice(), found, found.pixels.length);
  }
  return found;
}

/** `t`'s level 0 as RGBA8 pixels (a new array), decoded by `prepared` unless the same data was decoded lately. */
export function decodeLevel0Kept(tex1: Tex1, t: J3dTexture, prepared: PreparedBtiImage): Uint8Array {
  return level0Of(tex1, t, () => prepared).pixels.slice();
}

/**
 * `check(pixels, own)` of `t`'s level 0 (tex1-extras: the hash when encoding the pixels gives the game's level 0
 * again, which it compares with `t.data`), worked out once for the same data while `t.data` holds the level the
 * decoder reads (always, for a TEX1 readJ3d read); `own` says the pixels were decoded from `t.data`'s level 0.
 */
export function reproducibleLevel0Kept(
  tex1: Tex1,
  t: J3dTexture,
  prepared: () => PreparedBtiImage,
  check: (pixels: Uint8Array, own: boolean) => number | undefined,
): number | undefined {
  const found = level0Of(tex1, t, prepared);
  const dataAt = t.headerOffset + t.header.dataOffset;
  const size = gxMipChain(t.header.format, t.header.width, t.header.height, 1)[0]!.size;
  if (!sameBytes(t.data.subarray(0, size), tex1.bytes.subarray(dataAt, dataAt + size)))
    return check(found.pixels, false);
  found.reproducible ??= { hash: check(found.pixels, true) };
  return found.reproducible.hash;
}

/*
 * GX textures (GameCube/Wii): format ids, block layout, sizes and mip chains, decoding of every format to
 * RGBA8 and encoding from it. Format knowledge is in the block comment at the top of each file: formats.ts
 * (ids, blocks, sizes, mips), colors.ts (16-bit colour encodings), palette.ts (TLUTs), decode-intensity.ts,
 * decode-direct-color.ts, decode-indexed.ts, decode-cmpr.ts and decode-gx-texture.ts (block walking and
 * checks). The encoder mirrors them file for file: encode-colors.ts, encode-palette.ts, encode-intensity.ts,
 * encode-direct-color.ts, encode-indexed.ts, encode-cmpr.ts and encode-gx-texture.ts, with quantize-palette.ts
 * for the palettes and choose-gx-format.ts for picking a format. The format-neutral parts (the S3TC colour-block
 * fit CMPR uses, the median-cut and k-means quantisers, mip-level halving, n-bit channels) are
 * @retromodel/texture's.
 */

export { chooseGxFormat, type GxFormatChoice } from './choose-gx-format.js';
export { decodeGxTexture, type GxTextureInput } from './decode-gx-texture.js';
export { encodeGxTexture, type GxEncodedTexture, type GxEncodeOptions } from './encode-gx-texture.js';
export {
  type GxFormatLayout,
  type GxMipLevel,
  GxPaletteFormat,
  GxTextureFormat,
  gxFormatLayout,
  gxFormatName,
  gxMipChain,
  gxPaletteFormatName,
  gxTextureByteSize,
} from './formats.js';

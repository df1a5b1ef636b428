/**
 * @retromodel/texture: format-neutral pixel codecs that several formats share: n-bit colour channels and
 * RGB565 (channel-bits.ts), the S3TC colour-block fit for any decoder's palette rule (s3tc-palette.ts,
 * fit-colour-block.ts, fit-colour-cluster.ts) that GX CMPR and BC1/BC3 encoding (encode-bc.ts) use, BC1–BC3
 * decoding (decode-bc.ts), palette quantisers (quantize-median-cut.ts, quantize-kmeans.ts), mip-level halving
 * (downsample-level.ts) and shrinking (resize-image.ts). Imports only @retromodel/binary; runs in browsers and
 * Node.
 */

export {
  encodeRgb565,
  expand3,
  expand4,
  expand5,
  expand6,
  quantize3,
  quantize4,
  quantize5,
  quantize6,
} from './channel-bits.js';
export { alphaPalette, type BcFormat, bcByteLength, bcPalette, decodeBc, widen5 } from './decode-bc.js';
export { downsampleLevel } from './downsample-level.js';
export { type BcEncodeOptions, encodeBc } from './encode-bc.js';
export { fitColourBlock, type S3tcColourBlock } from './fit-colour-block.js';
export { nearestCentre, refineKMeans } from './quantize-kmeans.js';
export { type ColorBoxes, type ColorPoints, medianCut } from './quantize-median-cut.js';
export { shrinkImage } from './resize-image.js';
export { type S3tcPalette, shares3, shares4 } from './s3tc-palette.js';

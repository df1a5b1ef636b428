/*
 * The shape shared by the per-format block decoders: one GX block (tile) in, its visible pixels written straight
 * into the picture, one RGBA8 pixel a 32-bit word (see texel-words.ts).
 */

/**
 * Decodes the block whose bytes start at `data[src]`: its pixel (x, y) (row-major inside the block) goes to
 * `out[dst + y · stride + x]`, for x < `cols` and y < `rows` (the part of the block inside the picture).
 * `palette32` is the decoded palette, one RGBA8 pixel a word, padded to every index the format can name, for
 * the colour-indexed formats, else empty.
 */
export type BlockDecoder = (
  data: Uint8Array,
  src: number,
  out: Uint32Array,
  dst: number,
  stride: number,
  cols: number,
  rows: number,
  palette32: Uint32Array,
) => void;

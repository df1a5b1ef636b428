/*
 * The shape shared by the per-format block decoders: one GX block (tile) in, its pixels out as RGBA8, row-major,
 * `blockWidth × blockHeight` pixels, whole block (the caller crops blocks that overhang the picture).
 */

/**
 * Decodes the block whose bytes start at `data[src]` into `tile` (RGBA8, `blockWidth × blockHeight` pixels,
 * row-major); `tile32` views the same pixels one 32-bit word each. `palette32` is the decoded palette, one RGBA8
 * pixel a word, for the colour-indexed formats, else empty.
 */
export type BlockDecoder = (
  data: Uint8Array,
  src: number,
  tile: Uint8Array,
  tile32: Uint32Array,
  palette32: Uint32Array,
) => void;

/*
 * The shape shared by the per-format block encoders, the mirror of block-decoder.ts: one GX block (tile) of
 * pixels in, its bytes out. The tile is always whole (`blockWidth × blockHeight` pixels, row-major); for a block
 * that overhangs the right or bottom edge of the picture the caller fills the outside pixels with copies of the
 * nearest edge pixel and says how many columns and rows are inside, so an encoder that fits colours to the
 * block (CMPR) can leave the outside pixels out of the fit.
 */

/**
 * Encodes the block in `tile` (RGBA8, row-major; `tile32` views the same pixels one 32-bit word each; for the
 * colour-indexed formats each word of `tile32` is a palette index instead) into `out` from `dst` on, writing
 * exactly the format's block bytes. `cols` × `rows` pixels at the top left lie inside the picture.
 */
export type BlockEncoder = (
  tile: Uint8Array,
  tile32: Uint32Array,
  cols: number,
  rows: number,
  out: Uint8Array,
  dst: number,
) => void;

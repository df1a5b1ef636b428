/*
 * S3TC colour blocks: BC1 (DXT1), the colour half of BC2/BC3 (DXT3/DXT5), and GX CMPR, which stores the same
 * blocks in its own byte layout. A block is two RGB565 endpoints c0, c1 and a 2-bit index a pixel. Comparing the
 * raw u16 values, c0 > c1 selects the four-colour mode (c0, c1 and two blends between them) and c0 <= c1 the
 * three-colour mode (c0, c1, their average, and index 3 transparent). Decoders differ in how they widen the
 * endpoint channels to 8 bits and how they weigh and round the blends, so a palette rule names those, and the
 * fit (fit-colour-block.ts) scores endpoints with exactly the colours the target decoder shows.
 */

/** How a decoder turns a colour block's endpoints into its palette. */
export interface S3tcPalette {
  /** The 8-bit value of each 5-bit endpoint channel (32 entries). */
  widen5: Uint8Array;
  /** The 8-bit value of each 6-bit endpoint channel (64 entries). */
  widen6: Uint8Array;
  /** Four-colour mode: index 2's channel from c0's channel `a` and c1's `b`; index 3 is `blend4(b, a)`. */
  blend4: (a: number, b: number) => number;
  /** Three-colour mode: index 2's channel (the average of `a` and `b`). */
  blend3: (a: number, b: number) => number;
  /** Four-colour mode: the share of c0 in index 2 before rounding (index 3 has 1 − share4). */
  share4: number;
}

/** The share of c0 in each index's colour, four-colour mode (for least-squares fits). */
export function shares4(palette: S3tcPalette): number[] {
  return [1, 0, palette.share4, 1 - palette.share4];
}

/** The share of c0 in each index's colour, three-colour mode. */
export const shares3 = [1, 0, 1 / 2];

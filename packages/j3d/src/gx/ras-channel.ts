/*
 * GX colour-channel ids (GXChannelID, as MAT3 TEV orders store them: 0 COLOR0, 1 COLOR1, 2 ALPHA0, 3 ALPHA1,
 * 4 COLOR0A0, 5 COLOR1A1, 6 COLOR_ZERO, 7 ALPHA_BUMP, 8 ALPHA_BUMP_N, 0xFF null) versus the rasteriser channel
 * the hardware TREF register holds (spec j3d.md §10: 0 C0A0, 1 C1A1, 5 bump, 6 normalised bump, 7 zero).
 */

/** The TREF rasteriser channel of a GX channel id (null and zero both read as zero, 7). */
export function rasChannelOf(channelId: number): number {
  switch (channelId) {
    case 0:
    case 2:
    case 4:
      return 0;
    case 1:
    case 3:
    case 5:
      return 1;
    case 7:
      return 5;
    case 8:
      return 6;
    default:
      return 7;
  }
}

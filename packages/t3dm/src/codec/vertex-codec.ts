/*
 * T3DM vertex attribute encodings (spec §5):
 * - normal: 5.6.5 signed fields, x5 = clamp(round(x*15.5), -16, 15), y6 = clamp(round(y*31.5), -32, 31),
 *   z5 = clamp(round(z*15.5), -16, 15), packed x<<11 | y<<5 | z; decoded here with the encoder's factors, renormalised;
 * - colour: RGBA8 in a u32 (R in the MSB); RGB stored gamma-encoded (tiny3d applies pow(c, 0.4545) and truncates);
 * - texture coordinates: s16 S10.5 texels, minus 16 (half a texel) when the material filters bilinearly.
 * roundf is round-half-away-from-zero.
 */

/** C `roundf`: halves round away from zero. */
export function roundHalfAway(v: number): number {
  return v < 0 ? -Math.round(-v) : Math.round(v);
}

const clamp = (v: number, lo: number, hi: number) => (v < lo ? lo : v > hi ? hi : v);

/** Packs a unit normal as tiny3d does (`t3d_vert_pack_normal`). */
export function packNormal(x: number, y: number, z: number): number {
  const len = Math.hypot(x, y, z);
  if (!(len > 0) || !Number.isFinite(len)) return 0;
  const x5 = clamp(roundHalfAway((x / len) * 15.5), -16, 15);
  const y6 = clamp(roundHalfAway((y / len) * 31.5), -32, 31);
  const z5 = clamp(roundHalfAway((z / len) * 15.5), -16, 15);
  return ((x5 & 0x1f) << 11) | ((y6 & 0x3f) << 5) | (z5 & 0x1f);
}

/** Unpacks a 5.6.5 normal into `out` at `at` (unit length; (0,0,0) for a zero normal). */
export function unpackNormal(packed: number, out: Float32Array, at: number): void {
  const x5 = (((packed >> 11) & 0x1f) << 27) >> 27;
  const y6 = (((packed >> 5) & 0x3f) << 26) >> 26;
  const z5 = ((packed & 0x1f) << 27) >> 27;
  const x = x5 / 15.5;
  const y = y6 / 31.5;
  const z = z5 / 15.5;
  const len = Math.hypot(x, y, z);
  out[at] = len > 0 ? x / len : 0;
  out[at + 1] = len > 0 ? y / len : 0;
  out[at + 2] = len > 0 ? z / len : 0;
}

/** tiny3d's colour channel encoding: linear [0,1] -> pow(c, 0.4545) -> ×255 truncated. */
export function encodeColorChannel(linear: number, gamma: boolean): number {
  const c = gamma ? Math.max(0, linear) ** 0.4545 : linear;
  return Math.trunc(clamp(c, 0, 1) * 255);
}

/** The inverse of {@link encodeColorChannel} (taking the middle of the truncation bucket is not attempted). */
export function decodeColorChannel(byte: number, gamma: boolean): number {
  const c = byte / 255;
  return gamma ? c ** (1 / 0.4545) : c;
}

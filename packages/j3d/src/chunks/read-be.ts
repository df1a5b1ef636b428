/*
 * Big-endian numbers read straight from a chunk's bytes, at places the caller has checked lie inside it. J3D is
 * big-endian throughout. BinaryReader's u16At/f32At check bounds and byte order on every call and were not
 * inlined into the record readers that call them a dozen times a record (JNT1's joints, MAT3's texture
 * matrices and indirect records): about 90 instructions a float, against a few here. The values are the
 * reader's, bit for bit (an f32 is made from its bits the same way).
 */

/** One 32-bit cell seen as an integer and as a float, to make an f32 value from its bits. */
const bits = new Uint32Array(1);
const bitsAsFloat = new Float32Array(bits.buffer);

/** The big-endian f32 at `b[at]` (in bounds). */
export function f32be(b: Uint8Array, at: number): number {
  bits[0] = (b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!;
  return bitsAsFloat[0]!;
}

/** The big-endian u16 at `b[at]` (in bounds). */
export function u16be(b: Uint8Array, at: number): number {
  return (b[at]! << 8) | b[at + 1]!;
}

/** The big-endian u32 at `b[at]` (in bounds). */
export function u32be(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) | (b[at + 1]! << 16) | (b[at + 2]! << 8) | b[at + 3]!) >>> 0;
}

/** The big-endian s16 at `b[at]` (in bounds). */
export function s16be(b: Uint8Array, at: number): number {
  return ((b[at]! << 24) >> 16) | b[at + 1]!;
}

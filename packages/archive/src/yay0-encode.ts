/*
 * Yay0 (SZP) encoding: the Yaz0 match choice written as three streams. Header "Yay0", decompressed size, link
 * table offset, chunk stream offset; then the mask words (big-endian, unused low bits zero), the u16 links (length
 * nibble for 3…17, nibble 0 for 18…273) and the chunk stream (literals, and each long reference's length byte
 * at the point the reference occurs). Streams are packed back to back with no alignment, as MeltyTool and gclib
 * write them; the file is padded with zeros to a multiple of 0x20 for disc use.
 */
import { DEFAULT_MAX_CHAIN, DEFAULT_NICE_LENGTH, LzMatcher } from './lz-matcher.js';
import { YAY0_HEADER_SIZE } from './yay0-decode.js';
import type { Yaz0EncodeOptions } from './yaz0-encode.js';

/** Options of {@link encodeYay0}: the same as Yaz0's. */
export type Yay0EncodeOptions = Yaz0EncodeOptions;

/** Compresses `bytes` into a Yay0 file. */
export function encodeYay0(bytes: Uint8Array, options: Yay0EncodeOptions = {}): Uint8Array {
  const alignment = Math.max(1, Math.floor(options.alignment ?? 0x20));
  const n = bytes.length;
  const masks = new Uint32Array(Math.ceil(n / 32));
  const links = new Uint16Array(Math.ceil(n / 3));
  const chunks = new Uint8Array(n);
  const matcher = new LzMatcher(
    bytes,
    options.maxChain ?? DEFAULT_MAX_CHAIN,
    options.niceLength ?? DEFAULT_NICE_LENGTH,
  );
  let maskCount = 0;
  let linkCount = 0;
  let chunkCount = 0;
  let word = 0;
  let bit = 0;
  let pos = 0;
  while (pos < n) {
    if (bit === 0) bit = 0x80000000;
    const length = matcher.next(pos);
    if (length === 1) {
      word |= bit;
      chunks[chunkCount++] = bytes[pos]!;
    } else {
      const d = matcher.distance - 1;
      if (length < 0x12) {
        links[linkCount++] = ((length - 2) << 12) | d;
      } else {
        links[linkCount++] = d;
        chunks[chunkCount++] = length - 0x12;
      }
    }
    pos += length;
    bit >>>= 1;
    if (bit === 0) {
      masks[maskCount++] = word >>> 0;
      word = 0;
    }
  }
  if (bit !== 0) masks[maskCount++] = word >>> 0;
  const linkOffset = YAY0_HEADER_SIZE + maskCount * 4;
  const chunkOffset = linkOffset + linkCount * 2;
  const total = chunkOffset + chunkCount;
  const out = new Uint8Array(Math.ceil(total / alignment) * alignment);
  const view = new DataView(out.buffer);
  out.set([0x59, 0x61, 0x79, 0x30]);
  view.setUint32(4, n);
  view.setUint32(8, linkOffset);
  view.setUint32(12, chunkOffset);
  for (let i = 0; i < maskCount; i++) view.setUint32(YAY0_HEADER_SIZE + i * 4, masks[i]!);
  for (let i = 0; i < linkCount; i++) view.setUint16(linkOffset + i * 2, links[i]!);
  out.set(chunks.subarray(0, chunkCount), chunkOffset);
  return out;
}

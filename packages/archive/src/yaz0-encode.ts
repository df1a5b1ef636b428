/*
 * Yaz0 (SZS) encoding: header "Yaz0", decompressed size, zeros at 0x08–0x0F (GC/Wii), then flag bytes each
 * followed by up to 8 chunks (bit 0x80 first; 1 = literal, 0 = back-reference). References use the 2-byte form
 * for lengths 3…17 (`(len − 2) << 4 | (dist − 1) >> 8`, `(dist − 1) & 0xFF`) and the 3-byte form for 18…273
 * (nibble 0, then `len − 0x12`). Unused bits of the last flag byte are zero, and no flag byte follows a stream
 * that ends on a group boundary. The file is padded with zeros to a multiple of 0x20 for disc use, as
 * Nintendo's files are (the padding lies outside the stream).
 */
import { DEFAULT_MAX_CHAIN, DEFAULT_NICE_LENGTH, LzMatcher } from './lz-matcher.js';
import { YAZ0_HEADER_SIZE } from './yaz0-decode.js';

/** Options of {@link encodeYaz0}. */
export interface Yaz0EncodeOptions {
  /** The file length is padded with zeros to a multiple of this (default 0x20; 1 for no padding). */
  alignment?: number;
  /** Candidates examined per match search (default 512; half that for the lookahead): more is smaller, slower. */
  maxChain?: number;
  /** A match this long ends the search early (default 128, at most 273). */
  niceLength?: number;
}

/** Compresses `bytes` into a Yaz0 file (GC/Wii header). */
export function encodeYaz0(bytes: Uint8Array, options: Yaz0EncodeOptions = {}): Uint8Array {
  const alignment = Math.max(1, Math.floor(options.alignment ?? 0x20));
  const n = bytes.length;
  // Worst case: every byte a literal, one flag byte per 8.
  const capacity = YAZ0_HEADER_SIZE + n + Math.ceil(n / 8);
  const out = new Uint8Array(capacity + alignment);
  out.set([0x59, 0x61, 0x7a, 0x30, n >>> 24, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff]);
  const matcher = new LzMatcher(
    bytes,
    options.maxChain ?? DEFAULT_MAX_CHAIN,
    options.niceLength ?? DEFAULT_NICE_LENGTH,
  );
  let dst = YAZ0_HEADER_SIZE;
  let flagAt = 0;
  let flags = 0;
  let bit = 0;
  let pos = 0;
  while (pos < n) {
    if (bit === 0) {
      flagAt = dst++;
      flags = 0;
      bit = 0x80;
    }
    const length = matcher.next(pos);
    if (length === 1) {
      flags |= bit;
      out[dst++] = bytes[pos]!;
    } else {
      const d = matcher.distance - 1;
      if (length < 0x12) {
        out[dst++] = ((length - 2) << 4) | (d >> 8);
        out[dst++] = d & 0xff;
      } else {
        out[dst++] = d >> 8;
        out[dst++] = d & 0xff;
        out[dst++] = length - 0x12;
      }
    }
    pos += length;
    bit >>= 1;
    if (bit === 0) out[flagAt] = flags;
  }
  if (bit !== 0) out[flagAt] = flags;
  const padded = Math.ceil(dst / alignment) * alignment;
  return out.slice(0, padded);
}

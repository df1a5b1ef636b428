/*
 * Yay0 (SZP) decoding.
 *
 * Header (big-endian): "Yay0", u32 decompressed size, u32 offset of the link table, u32 offset of the chunk
 * stream (both from the file start); mask words follow from 0x10. The same LZ77 as Yaz0 split into three streams
 * read in parallel: take the next mask bit (a u32 refilled every 32 bits, most significant first); 1 = copy the
 * next chunk byte; 0 = read the next u16 link L: distance (L & 0x0FFF) + 1, length (L >> 12) + 2, or, when
 * L >> 12 is zero, the next chunk byte + 0x12. Decoding stops at the declared size.
 */
import { hex, ParseError } from '@retromodel/binary';
import { maxYay0Output } from './lz-bounds.js';

/** Size of the Yay0 header. */
export const YAY0_HEADER_SIZE = 0x10;

function yay0Error(section: string, offset: number, detail: string): ParseError {
  return new ParseError({ format: 'yay0', section, offset }, detail);
}

function u32At(bytes: Uint8Array, at: number): number {
  return ((bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!) >>> 0;
}

function referenceError(at: number, dst: number, distance: number): ParseError {
  return yay0Error(
    'links',
    at,
    `back-reference reaches ${distance} bytes back from output position ${hex(dst)}, before the start`,
  );
}

/** True when `bytes` start with the `Yay0` magic. */
export function isYay0(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x59 && bytes[1] === 0x61 && bytes[2] === 0x79 && bytes[3] === 0x30;
}

/**
 * Decompresses a Yay0 file. Throws {@link ParseError} (format `yay0`) when the header is bad, a stream offset lies
 * outside the file, the declared size is more than the streams could produce, a stream ends early, or a
 * reference points before the output start.
 */
export function decodeYay0(bytes: Uint8Array): Uint8Array {
  const end = bytes.length;
  if (end < YAY0_HEADER_SIZE) {
    throw yay0Error('header', 0, `file is ${end} bytes, shorter than the 16-byte Yay0 header`);
  }
  if (!isYay0(bytes)) throw yay0Error('header', 0, 'magic is not "Yay0"');
  const size = u32At(bytes, 4);
  let link = u32At(bytes, 8);
  let chunk = u32At(bytes, 12);
  if (link < YAY0_HEADER_SIZE || link > end) {
    throw yay0Error('header', 8, `link table offset ${hex(link)} lies outside the ${hex(end)}-byte file`);
  }
  if (chunk < YAY0_HEADER_SIZE || chunk > end) {
    throw yay0Error('header', 12, `chunk stream offset ${hex(chunk)} lies outside the ${hex(end)}-byte file`);
  }
  const bound = maxYay0Output(end, link, chunk);
  if (size > bound) {
    throw yay0Error(
      'header',
      4,
      `declared decompressed size ${hex(size)} exceeds the ${hex(bound)} bytes its ${hex(end)}-byte streams can produce`,
    );
  }
  const out = new Uint8Array(size);
  let mask = YAY0_HEADER_SIZE;
  let dst = 0;
  // Fast path: whole mask words while 32 chunks (at most 32 chunk bytes, 64 link bytes, 8736 output bytes)
  // cannot run past any end; the only check left is for references before the output start.
  while (mask + 4 <= end && link + 64 <= end && chunk + 32 <= end && dst + 32 * 273 <= size) {
    const flags = u32At(bytes, mask);
    mask += 4;
    for (let bit = 31; bit >= 0; bit--) {
      if (((flags >>> bit) & 1) !== 0) {
        out[dst++] = bytes[chunk++]!;
        continue;
      }
      const l = (bytes[link]! << 8) | bytes[link + 1]!;
      let from = dst - ((l & 0x0fff) + 1);
      if (from < 0) throw referenceError(link, dst, dst - from);
      link += 2;
      const length = l >> 12 === 0 ? bytes[chunk++]! + 0x12 : (l >> 12) + 2;
      if (length > 32 && dst - from >= length) {
        out.copyWithin(dst, from, from + length);
        dst += length;
      } else {
        const stop = dst + length;
        while (dst < stop) out[dst++] = out[from++]!;
      }
    }
  }
  let word = 0;
  let bits = 0;
  while (dst < size) {
    if (bits === 0) {
      if (mask + 4 > end) throw yay0Error('mask', mask, `mask words end at ${hex(dst)} of ${hex(size)} output bytes`);
      word = u32At(bytes, mask);
      mask += 4;
      bits = 32;
    }
    bits--;
    if ((word & 0x80000000) !== 0) {
      if (chunk >= end) throw yay0Error('chunks', chunk, `chunk stream ends at ${hex(dst)} of ${hex(size)} bytes`);
      out[dst++] = bytes[chunk++]!;
    } else {
      if (link + 2 > end) throw yay0Error('links', link, `link table ends at ${hex(dst)} of ${hex(size)} bytes`);
      const l = (bytes[link]! << 8) | bytes[link + 1]!;
      link += 2;
      const distance = (l & 0x0fff) + 1;
      let length = l >> 12;
      if (length === 0) {
        if (chunk >= end) throw yay0Error('chunks', chunk, 'chunk stream ends before a long-length byte');
        length = bytes[chunk++]! + 0x12;
      } else {
        length += 2;
      }
      let from = dst - distance;
      if (from < 0) throw referenceError(link - 2, dst, distance);
      const stop = dst + length < size ? dst + length : size;
      while (dst < stop) out[dst++] = out[from++]!;
    }
    word <<= 1;
  }
  return out;
}

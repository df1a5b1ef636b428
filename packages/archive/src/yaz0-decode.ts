/*
 * Yaz0 (SZS) decoding.
 *
 * Header (0x10 bytes, big-endian): "Yaz0", u32 decompressed size, 8 bytes zero on GC/Wii (Wii U/Switch keep a data
 * alignment at 0x08). Stream from 0x10: a flag byte, used from bit 0x80 down, then one chunk per bit: 1 = a literal
 * byte; 0 = a back-reference `b0 b1 [b2]` with distance ((b0 & 0x0F) << 8 | b1) + 1 (1…4096) and length
 * (b0 >> 4) + 2 (3…17), or b2 + 0x12 (18…273) when b0 >> 4 is zero. Copies go byte by byte, so a distance below
 * the length repeats bytes (runs). Decoding stops at the declared size, possibly mid-group or mid-reference;
 * bytes after that are padding and are never read.
 */
import { hex, ParseError } from '@retromodel/binary';
import { maxYaz0Output } from './lz-bounds.js';

/** Size of the Yaz0 header. */
export const YAZ0_HEADER_SIZE = 0x10;

function yaz0Error(section: string, offset: number, detail: string): ParseError {
  return new ParseError({ format: 'yaz0', section, offset }, detail);
}

function referenceError(at: number, dst: number, distance: number): ParseError {
  return yaz0Error(
    'stream',
    at,
    `back-reference reaches ${distance} bytes back from output position ${hex(dst)}, before the start`,
  );
}

/** True when `bytes` start with the `Yaz0` magic. */
export function isYaz0(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0x59 && bytes[1] === 0x61 && bytes[2] === 0x7a && bytes[3] === 0x30;
}

/** The decompressed size a Yaz0 header declares, checked against what the stream could at most produce. */
export function readYaz0Size(bytes: Uint8Array): number {
  if (bytes.length < YAZ0_HEADER_SIZE) {
    throw yaz0Error('header', 0, `file is ${bytes.length} bytes, shorter than the 16-byte Yaz0 header`);
  }
  if (!isYaz0(bytes)) throw yaz0Error('header', 0, 'magic is not "Yaz0"');
  const size = ((bytes[4]! << 24) | (bytes[5]! << 16) | (bytes[6]! << 8) | bytes[7]!) >>> 0;
  const bound = maxYaz0Output(bytes.length - YAZ0_HEADER_SIZE);
  if (size > bound) {
    throw yaz0Error(
      'header',
      4,
      `declared decompressed size ${hex(size)} exceeds the ${hex(bound)} bytes a ${hex(bytes.length - YAZ0_HEADER_SIZE)}-byte stream can produce`,
    );
  }
  return size;
}

/**
 * Decompresses a Yaz0 file. Throws {@link ParseError} (format `yaz0`) when the header is bad, the declared size
 * is more than the stream could produce, the stream ends early, or a reference points before the output start.
 */
export function decodeYaz0(bytes: Uint8Array): Uint8Array {
  const size = readYaz0Size(bytes);
  const out = new Uint8Array(size);
  const end = bytes.length;
  let src = YAZ0_HEADER_SIZE;
  let dst = 0;
  // Fast path: whole groups while a full group (at most 25 bytes in, 2184 out) cannot run past either end; the
  // only check left is for references before the output start.
  while (src + 25 <= end && dst + 2184 <= size) {
    const flags = bytes[src++]!;
    for (let bit = 0x80; bit !== 0; bit >>= 1) {
      if ((flags & bit) !== 0) {
        out[dst++] = bytes[src++]!;
        continue;
      }
      const b0 = bytes[src]!;
      let from = dst - ((((b0 & 0x0f) << 8) | bytes[src + 1]!) + 1);
      if (from < 0) throw referenceError(src, dst, dst - from);
      let length: number;
      if (b0 >> 4 !== 0) {
        length = (b0 >> 4) + 2;
        src += 2;
      } else {
        length = bytes[src + 2]! + 0x12;
        src += 3;
      }
      if (length > 32 && dst - from >= length) {
        out.copyWithin(dst, from, from + length);
        dst += length;
      } else {
        const stop = dst + length;
        while (dst < stop) out[dst++] = out[from++]!;
      }
    }
  }
  let flags = 0;
  let bits = 0;
  while (dst < size) {
    if (bits === 0) {
      if (src >= end) throw yaz0Error('stream', src, `stream ends at ${hex(dst)} of ${hex(size)} output bytes`);
      flags = bytes[src++]!;
      bits = 8;
    }
    bits--;
    if ((flags & 0x80) !== 0) {
      if (src >= end) throw yaz0Error('stream', src, `stream ends at ${hex(dst)} of ${hex(size)} output bytes`);
      out[dst++] = bytes[src++]!;
    } else {
      if (src + 2 > end) throw yaz0Error('stream', src, 'stream ends inside a back-reference');
      const b0 = bytes[src]!;
      const distance = (((b0 & 0x0f) << 8) | bytes[src + 1]!) + 1;
      let from = dst - distance;
      if (from < 0) throw referenceError(src, dst, distance);
      let length: number;
      if (b0 >> 4 !== 0) {
        length = (b0 >> 4) + 2;
        src += 2;
      } else {
        if (src + 3 > end) throw yaz0Error('stream', src, 'stream ends inside a back-reference');
        length = bytes[src + 2]! + 0x12;
        src += 3;
      }
      const stop = dst + length < size ? dst + length : size;
      while (dst < stop) out[dst++] = out[from++]!;
    }
    flags <<= 1;
  }
  return out;
}

/*
 * Buffers for a small model's decoded numbers, cut from a shared slab. Every ArrayBuffer of more than 64 bytes
 * lives outside V8's heap: making one (allocate, zero, register with the collector) and collecting it cost
 * about as much as reading a 2 KB model's vertex arrays, and was 4% of reading the smallest models. So, as
 * Node's Buffer pool does, small blocks are handed out one after another from a 64 KB slab; each is used by one
 * model only and is zero when handed out (a slab is never handed out twice), so a block is what a fresh buffer
 * would be. The cost: a model kept alive keeps its whole slab alive.
 */
import type { BinaryReader } from '@retromodel/binary';

/** Bytes of a slab, and the largest block cut from one (larger ones get a buffer of their own). */
const SLAB_BYTES = 0x10000;
const BLOCK_MAX = 0x4000;

let slab = new ArrayBuffer(0);
let slabAt = SLAB_BYTES;

/**
 * Where the block last handed out by reserveBlock lies: its buffer and the byte offset of its start (one shared
 * record, not an object or view per block: the caller makes the views it needs over it); and, after
 * float32BlockOf, whether every value it copied is known to be a finite number (false: one is not, or not known).
 */
export const block = { buffer: slab, byteOffset: 0, finite: false };

/**
 * Reserves `bytes` zeroed bytes that nothing else uses, starting 4-byte aligned, from the shared slab when small,
 * and points `block` at them.
 */
export function reserveBlock(bytes: number): void {
  if (bytes > BLOCK_MAX) {
    block.buffer = new ArrayBuffer(bytes);
    block.byteOffset = 0;
    return;
  }
  // (`>=`: an empty block at the very end of a slab would start past the end of the first, empty, slab.)
  if (slabAt + bytes >= SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabAt = 0;
  }
  block.buffer = slab;
  block.byteOffset = slabAt;
  // The next block starts 4-byte aligned, for its floats.
  slabAt += (bytes + 3) & ~3;
}

/**
 * `count` f32 values of the chunk from `at` on, read by `r` (its byte order, bounds checked), in a block; sets
 * `block.finite`. Big-endian values inside the chunk are copied as bits into an integer view of the block: no
 * conversion to a double and back, and a value's exponent says whether it is finite (all ones: NaN or ±inf).
 * Each element access of a typed array costs over ten instructions here, so 4-byte aligned values are loaded
 * whole through a u32 view of the chunk and their bytes swapped, others byte by byte: about 50 and 75
 * instructions a value (callgrind, 48 values, the u32 view's making counted).
 * Anything else goes through r.f32At, which throws its error past the end.
 */
export function float32BlockOf(r: BinaryReader, at: number, count: number): Float32Array {
  reserveBlock(count * 4);
  const out = new Float32Array(block.buffer, block.byteOffset, count);
  const b = r.bytes;
  if (r.littleEndian || !(at >= 0 && count >= 0 && count * 4 <= b.length - at)) {
    for (let i = 0; i < count; i++) out[i] = r.f32At(at + i * 4);
    block.finite = false;
    return out;
  }
  const bits = new Uint32Array(block.buffer, block.byteOffset, count);
  let finite = true;
  if (platformLittleEndian && (b.byteOffset + at) % 4 === 0) {
    const stored = new Uint32Array(b.buffer, b.byteOffset + at, count);
    for (let i = 0; i < count; i++) {
      const w = stored[i]!;
      const v = (w << 24) | ((w & 0xff00) << 8) | ((w >>> 8) & 0xff00) | (w >>> 24);
      bits[i] = v;
      if ((v & 0x7f800000) === 0x7f800000) finite = false;
    }
  } else
    for (let i = 0, p = at; i < count; i++, p += 4) {
      const v = (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
      bits[i] = v;
      if ((v & 0x7f800000) === 0x7f800000) finite = false;
    }
  block.finite = finite;
  return out;
}

/** True on a little-endian platform, where a u32 view of big-endian bytes reads them swapped. */
const platformLittleEndian = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

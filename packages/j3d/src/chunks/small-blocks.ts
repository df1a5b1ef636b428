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
 * record, not an object or view per block: the caller makes the views it needs over it).
 */
export const block = { buffer: slab, byteOffset: 0 };

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

/** One 32-bit cell seen as an integer and as a float, to make an f32 value from its bits. */
const floatBits = new Uint32Array(1);
const floatOfBits = new Float32Array(floatBits.buffer);

/**
 * `count` f32 values of the chunk from `at` on, read by `r` (its byte order, bounds checked), in a block. Big-endian
 * values inside the chunk are made from the bytes here: a call of r.f32At a value (not inlined) was 90 instructions
 * a value, this loop 40 (callgrind). Anything else goes through r.f32At, which throws its error past the end.
 */
export function float32BlockOf(r: BinaryReader, at: number, count: number): Float32Array {
  reserveBlock(count * 4);
  const out = new Float32Array(block.buffer, block.byteOffset, count);
  const b = r.bytes;
  if (r.littleEndian || !(at >= 0 && count >= 0 && count * 4 <= b.length - at)) {
    for (let i = 0; i < count; i++) out[i] = r.f32At(at + i * 4);
    return out;
  }
  for (let i = 0, p = at; i < count; i++, p += 4) {
    floatBits[0] = (b[p]! << 24) | (b[p + 1]! << 16) | (b[p + 2]! << 8) | b[p + 3]!;
    out[i] = floatOfBits[0]!;
  }
  return out;
}

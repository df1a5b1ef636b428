/*
 * Buffers for a small model's decoded numbers, cut from a shared slab. Every ArrayBuffer of more than 64 bytes
 * lives outside V8's heap: making one (allocate, zero, register with the collector) and collecting it cost
 * about as much as reading a 2 KB model's vertex arrays, and was 4% of reading the smallest models. So, as
 * Node's Buffer pool does, small blocks are handed out one after another from a 64 KB slab; each is used by one
 * model only and is zero when handed out (a slab is never handed out twice), so a block is what a fresh buffer
 * would be. The cost: a model kept alive keeps its whole slab alive.
 */

/** Bytes of a slab, and the largest block cut from one (larger ones get a buffer of their own). */
const SLAB_BYTES = 0x10000;
const BLOCK_MAX = 0x4000;

let slab = new ArrayBuffer(0);
let slabAt = SLAB_BYTES;

/**
 * `count` zeroed floats, in a buffer that has `extraBytes` more zeroed bytes right after them which nothing else
 * uses (the caller may view them), from the shared slab when small.
 */
export function float32Block(count: number, extraBytes: number): Float32Array {
  const bytes = count * 4 + extraBytes;
  if (bytes > BLOCK_MAX) return new Float32Array(new ArrayBuffer(bytes), 0, count);
  if (slabAt + bytes > SLAB_BYTES) {
    slab = new ArrayBuffer(SLAB_BYTES);
    slabAt = 0;
  }
  const block = new Float32Array(slab, slabAt, count);
  // The next block starts 4-byte aligned, for its floats.
  slabAt += (bytes + 3) & ~3;
  return block;
}

/** One 32-bit cell seen as an integer and as a float: a float is read by storing its bits and loading it. */
const cellBits = new Uint32Array(1);
const cellFloat = new Float32Array(cellBits.buffer);

/**
 * The big-endian f32 at `bytes[at]` (in bounds), from its bytes: no DataView made per read, and a float's way
 * through a double keeps its value (as DataView.getFloat32 gives it).
 */
function f32be(bytes: Uint8Array, at: number): number {
  cellBits[0] = (bytes[at]! << 24) | (bytes[at + 1]! << 16) | (bytes[at + 2]! << 8) | bytes[at + 3]!;
  return cellFloat[0]!;
}

/** `count` big-endian f32 values from `bytes[at]` on (in bounds), in a block (see float32Block). */
export function float32BlockOf(bytes: Uint8Array, at: number, count: number): Float32Array {
  const out = float32Block(count, 0);
  for (let i = 0; i < count; i++) out[i] = f32be(bytes, at + i * 4);
  return out;
}

/*
 * A 64-bit checksum of a byte array for the compile cache (compile-cache.ts), to tell a damaged file from a
 * good one before V8 reads it (V8 does not check its cached data's content). Each 8-byte little-endian word w
 * of the bytes, zero-padded at the end, goes into h = (h xor w) * 0x100000001b3 mod 2^64, from
 * h = 0x9e3779b97f4a7c15: every step is a bijection of h, so any one changed word changes the result. It is not
 * a defence against someone who can write the user's cache folder (they could change the bundle as well).
 * It runs as a small WebAssembly function, because it runs in every process before anything else: node:zlib's
 * crc32 first loads Node's stream modules (about 11 million instructions, an eighth of `node -e 0`), and the
 * same loop in JavaScript, cold, took 15-25 million over a 0.7 MB cache; this module, compiled and run, about
 * 2-4 million (callgrind). The module, as text:
 *   (module (import "m" "mem" (memory 1))
 *     (func (export "hash") (param $n i32) (result i64) (local $p i32) (local $h i64)
 *       (local.set $h (i64.const 0x9e3779b97f4a7c15))
 *       (block (loop
 *         (br_if 1 (i32.ge_u (local.get $p) (local.get $n)))
 *         (local.set $h (i64.mul (i64.xor (local.get $h) (i64.load (local.get $p))) (i64.const 0x100000001b3)))
 *         (local.set $p (i32.add (local.get $p) (i32.const 8)))
 *         (br 0)))
 *       (local.get $h)))
 */

/** Signed LEB128 of a 64-bit constant, as i64.const takes it. */
function sleb64(value: bigint): number[] {
  let v = BigInt.asIntN(64, value);
  const out: number[] = [];
  for (;;) {
    const byte = Number(v & 0x7fn);
    v >>= 7n;
    if ((v === 0n && !(byte & 0x40)) || (v === -1n && byte & 0x40)) return [...out, byte];
    out.push(byte | 0x80);
  }
}

const body = [
  ...[0x02, 0x01, 0x7f, 0x01, 0x7e], // locals: $p i32 (local 1), $h i64 (local 2)
  ...[0x42, ...sleb64(0x9e3779b97f4a7c15n), 0x21, 0x02], // h = start value
  ...[0x02, 0x40, 0x03, 0x40], // block, loop
  ...[0x20, 0x01, 0x20, 0x00, 0x4f, 0x0d, 0x01], // p >= n: out of the block
  ...[0x20, 0x02, 0x20, 0x01, 0x29, 0x03, 0x00, 0x85], // h xor load64(p)
  ...[0x42, ...sleb64(0x100000001b3n), 0x7e, 0x21, 0x02], // * prime -> h
  ...[0x20, 0x01, 0x41, 0x08, 0x6a, 0x21, 0x01, 0x0c, 0x00, 0x0b, 0x0b], // p += 8, again; end loop, block
  ...[0x20, 0x02, 0x0b], // h
];

const MODULE = Uint8Array.from([
  ...[0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00], // "\0asm", version 1
  ...[0x01, 0x06, 0x01, 0x60, 0x01, 0x7f, 0x01, 0x7e], // types: (i32) -> i64
  ...[0x02, 0x0a, 0x01, 0x01, 0x6d, 0x03, 0x6d, 0x65, 0x6d, 0x02, 0x00, 0x01], // import m.mem: memory, 1 page
  ...[0x03, 0x02, 0x01, 0x00], // one function of type 0
  ...[0x07, 0x08, 0x01, 0x04, 0x68, 0x61, 0x73, 0x68, 0x00, 0x00], // export it as "hash"
  ...[0x0a, body.length + 2, 0x01, body.length, ...body], // its code
]);

let compiled: WebAssembly.Module | undefined;

/** The checksum of `bytes` (see the top of this file). */
export function checksum64(bytes: Uint8Array): bigint {
  compiled ??= new WebAssembly.Module(MODULE);
  // Whole pages, with room for the last word's zero padding.
  const memory = new WebAssembly.Memory({ initial: Math.ceil((bytes.length + 8) / 65536) });
  new Uint8Array(memory.buffer).set(bytes);
  const { hash } = new WebAssembly.Instance(compiled, { m: { mem: memory } }).exports as { hash(n: number): bigint };
  return BigInt.asUintN(64, hash(bytes.length));
}

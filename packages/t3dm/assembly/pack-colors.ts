/*
 * Vertex colours as tiny3d's RGBA8 (src/codec/vertex-codec.ts's encodeColorChannel, operation for operation):
 * red, green and blue gamma-encoded as trunc(clamp(max(0, c) ** 0.4545, 0, 1) * 255), alpha as
 * trunc(clamp(a, 0, 1) * 255), a channel past the end of the list read as 1. The power is the host's Math.pow
 * (imported: AssemblyScript's own may differ from V8's in the last bit), through a direct-mapped cache keyed by
 * the input's bits, as colours repeat across a model. As JavaScript this loop ran mostly before V8 optimised
 * it, where every element read was an inline-cache call: about a thousand instructions a vertex.
 */
import { Math as HostMath } from 'bindings/dom';

const CACHE_SIZE: i32 = 1024;
// In static memory, which `heap.reset()` leaves alone, so the cache lasts from one call to the next. A slot
// holds the input's bits and its byte + 1 (0: empty, as the memory starts).
const cachedBits: usize = memory.data(CACHE_SIZE * 8, 8);
const cachedByte: usize = memory.data(CACHE_SIZE * 4, 4);

/** trunc(clamp(c, 0, 1) * 255), with NaN as 0 (as `| 0` makes it). */
function toByte(c: f64): i32 {
  const v = c < 0 ? 0 : c > 1 ? 1 : c;
  return isNaN(v) ? 0 : <i32>(v * 255);
}

/** A channel gamma-encoded, through the cache. */
function gammaByte(linear: f64): i32 {
  const bits = reinterpret<u64>(linear);
  const hi = <u32>(bits >>> 32);
  const slot = <usize>((<u32>bits ^ hi ^ (hi >>> 10) ^ (hi >>> 20)) & (CACHE_SIZE - 1));
  const byteAt = cachedByte + (slot << 2);
  const bitsAt = cachedBits + (slot << 3);
  const stored = load<i32>(byteAt);
  if (stored !== 0 && load<u64>(bitsAt) === bits) return stored - 1;
  const byte = toByte(HostMath.pow(max<f64>(0, linear), 0.4545));
  store<u64>(bitsAt, bits);
  store<i32>(byteAt, byte + 1);
  return byte;
}

/**
 * `count` colours of `size` channels from `colors` (`length` of them) packed into `rgba`: each
 * r << 24 | g << 16 | b << 8 | a, alpha 255 for colours of three channels.
 */
export function packColorList(colors: usize, length: i32, size: i32, rgba: usize, count: i32): void {
  for (let v = 0; v < count; v++) {
    const at = v * size;
    const r = at < length ? load<f64>(colors + ((<usize>at) << 3)) : 1;
    const g = at + 1 < length ? load<f64>(colors + ((<usize>(at + 1)) << 3)) : 1;
    const b = at + 2 < length ? load<f64>(colors + ((<usize>(at + 2)) << 3)) : 1;
    const a = size > 3 ? toByte(at + 3 < length ? load<f64>(colors + ((<usize>(at + 3)) << 3)) : 1) : 255;
    store<u32>(
      rgba + ((<usize>v) << 2),
      ((<u32>gammaByte(r)) << 24) | ((<u32>gammaByte(g)) << 16) | ((<u32>gammaByte(b)) << 8) | <u32>a,
    );
  }
}

import { bufferView } from './node-buffer.js';

/**
 * Bytes from which Node's Buffer compares faster than the loop: its two views cost about 0.25 µs, the loop about
 * 1.3 ns a byte (a 64 KB texture 84 µs, against 1.6 µs natively).
 */
const NATIVE_FROM = 256;

/** Whether two byte arrays hold the same bytes. */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a === b) return true;
  if (a.byteLength !== b.byteLength) return false;
  if (a.length >= NATIVE_FROM) {
    const view = bufferView(a);
    if (view) return view.equals(bufferView(b)!);
  }
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/*
 * Node's Buffer where the platform has one (Node, Bun, Deno), for work it does natively: the library runs in
 * browsers too, where callers keep a plain loop.
 */

/** The part of Node's Buffer used here. */
interface NodeBuffer {
  from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer>;
  from(buffer: ArrayBufferLike, byteOffset: number, length: number): NodeBufferView;
}

interface NodeBufferView {
  toString(encoding: 'base64'): string;
  equals(other: NodeBufferView): boolean;
}

/** Node's Buffer, or undefined. */
export const nodeBuffer = (): NodeBuffer | undefined => (globalThis as unknown as { Buffer?: NodeBuffer }).Buffer;

/** A Buffer over the bytes of `bytes` (no copy), where there is a Buffer. */
export function bufferView(bytes: Uint8Array): NodeBufferView | undefined {
  return nodeBuffer()?.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

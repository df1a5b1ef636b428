/*
 * Base64 (RFC 4648 §4, with `=` padding) of bytes, for binary data carried in JSON text (glTF data URIs, a
 * game's encoded textures in glTF extras): with Node's Buffer where there is one, else with atob and btoa (the
 * library runs in browsers too).
 */

import { bufferView, nodeBuffer } from './node-buffer.js';

/**
 * The bytes as base64 text. Node's Buffer encodes natively: the texts of strings of bytes btoa takes, made 32 KB
 * at a time, cost a process converting one Wind Waker character to .glb 0.8 ms (its textures' data, kept in the
 * glTF's extras).
 */
export function toBase64(bytes: Uint8Array): string {
  const view = bufferView(bytes);
  if (view) return view.toString('base64');
  let text = '';
  for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(text);
}

/** The bytes of base64 text, or undefined when the text is not base64. */
export function fromBase64(text: string): Uint8Array<ArrayBuffer> | undefined {
  let binary: string;
  try {
    binary = atob(text);
  } catch {
    return undefined;
  }
  const out = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) out[i] = binary.charCodeAt(i);
  return out;
}

/**
 * The bytes of base64 text known to be well formed: a package's own embedded constant, such as a WebAssembly
 * module. Node's Buffer decodes it natively; elsewhere atob and a plain loop (a callback per byte,
 * Uint8Array.from with a map function, cost milliseconds). In Node the loop, run once per process over the T3DM
 * writer's 14 KB planner, was compiled by TurboFan before it ended (on-stack replacement): about 7 million
 * instructions of a process that converts one small model.
 */
export function embeddedBytes(base64: string): Uint8Array<ArrayBuffer> {
  const buffer = nodeBuffer();
  if (buffer) return buffer.from(base64, 'base64');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

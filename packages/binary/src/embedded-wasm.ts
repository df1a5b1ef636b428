/*
 * A package's own WebAssembly module, embedded as base64 text (scripts/build-wasm.mjs), that imports nothing and
 * has JavaScript to fall back on: the scene's value checks and the J3D texture sums.
 */
import { embeddedBytes } from './base64.js';

/**
 * The exports of the module, instantiated now (synchronously); undefined where WebAssembly cannot run: no
 * WebAssembly object, or a page whose Content-Security-Policy forbids compiling it.
 */
export function embeddedWasmExports<T>(base64: string): T | undefined {
  if (typeof WebAssembly !== 'object') return undefined;
  try {
    return new WebAssembly.Instance(new WebAssembly.Module(embeddedBytes(base64))).exports as T;
  } catch {
    return undefined;
  }
}

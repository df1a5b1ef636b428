/*
 * The index of the first NaN or infinity in a float accessor's values (glTF 2.0 §3.6.2.2; the validator's
 * ACCESSOR_INVALID_FLOAT). Mostly there is none, and every value is looked at: 1.1 million floats in the 55 shared
 * .glb files. A WebAssembly module (assembly/non-finite.ts) tests them as integers, sixteen a step, after a copy
 * into its memory (a page: longer lists go in parts); callgrind, the values of those files: 33 -> 13 M
 * instructions, copies included, against three searches of V8's own (includes of NaN, +Infinity and -Infinity,
 * C++ loops of about ten instructions a value), which remain where WebAssembly cannot run (a page whose
 * Content-Security-Policy forbids it). A JavaScript loop cost as much in a batch and far more in a process that
 * converts one model, where it runs in the interpreter (each value read a new heap number).
 */
import { NON_FINITE_WASM } from './non-finite-wasm.js';

interface NonFiniteModule {
  memory: WebAssembly.Memory;
  firstNonFinite(at: number, count: number): number;
}

/** Floats copied into the module's memory at a time: its one 64 KiB page. */
const PART = 16384;

/** The module's bytes. Node's Buffer decodes base64 natively; elsewhere atob and a loop. */
function wasmBytes(base64: string): Uint8Array<ArrayBuffer> {
  const buffer = (globalThis as { Buffer?: { from(text: string, encoding: 'base64'): Uint8Array<ArrayBuffer> } })
    .Buffer;
  if (buffer) return buffer.from(base64, 'base64');
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** The search by V8's own includes: whether any value is non-finite, then where. */
function searchByIncludes(array: Float32Array): number {
  if (
    !array.includes(Number.NaN) &&
    !array.includes(Number.POSITIVE_INFINITY) &&
    !array.includes(Number.NEGATIVE_INFINITY)
  )
    return -1;
  for (let k = 0; k < array.length; k++) {
    const v = array[k]!;
    if (v - v !== 0) return k;
  }
  return -1;
}

/** The search through the module, instantiated now; undefined where WebAssembly cannot run. */
function moduleSearch(): ((array: Float32Array) => number) | undefined {
  let exports: NonFiniteModule;
  try {
    const module = new WebAssembly.Module(wasmBytes(NON_FINITE_WASM));
    exports = new WebAssembly.Instance(module).exports as unknown as NonFiniteModule;
  } catch {
    return undefined;
  }
  const { firstNonFinite } = exports;
  // The memory never grows, so this view of it stays valid.
  const heap = new Float32Array(exports.memory.buffer, 0, PART);
  return (array) => {
    if (array.length <= PART) {
      heap.set(array);
      return firstNonFinite(0, array.length);
    }
    for (let from = 0; from < array.length; from += PART) {
      const part = array.subarray(from, from + PART);
      heap.set(part);
      const k = firstNonFinite(0, part.length);
      if (k >= 0) return from + k;
    }
    return -1;
  };
}

let search: ((array: Float32Array) => number) | undefined;

/** The index of the first NaN or infinity in `array`, or -1. */
export function firstNonFinite(array: Float32Array): number {
  search ??= (typeof WebAssembly === 'object' ? moduleSearch() : undefined) ?? searchByIncludes;
  return search(array);
}

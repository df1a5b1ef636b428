/*
 * Checks over every value of a list, run by a WebAssembly module (assembly/value-checks.ts: SIMD, four vectors a
 * step) after a copy of the values into its memory (a page: longer lists go in parts), with the same checks in
 * JavaScript where WebAssembly cannot run (a page whose Content-Security-Policy forbids it).
 * - firstNonFinite: a scene's float attributes must be finite (validateScene), and so must a glTF file's float
 *   accessors (glTF 2.0 §3.6.2.2; the validator's ACCESSOR_INVALID_FLOAT), which the glTF reader checks as it
 *   reads them: 1.1 million floats in the 55 shared .glb files, mostly all finite. Callgrind, those values: 33 ->
 *   13 M instructions, copies included, against three searches of V8's own (includes of NaN, +Infinity and
 *   -Infinity: C++ loops of about ten instructions a value), which remain the fallback. A loop in JavaScript cost
 *   as much in a batch and far more in a process converting one model, where it runs in the interpreter (each
 *   value read a new heap number).
 * - firstIndexAtLeast: a primitive's indices must name its vertices (validateScene; 216,000 in those files).
 */
import { embeddedWasmExports } from '@retromodel/binary';
import { VALUE_CHECKS_WASM } from './value-checks-wasm.js';

interface ValueChecks {
  memory: WebAssembly.Memory;
  firstNonFinite(at: number, count: number): number;
  firstIndexAtLeast16(at: number, count: number, limit: number): number;
  firstIndexAtLeast32(at: number, count: number, limit: number): number;
}

/** Bytes of the module's memory the values are copied into at a time: its one 64 KiB page. */
const PAGE = 65536;

type Values = Float32Array | Uint16Array | Uint32Array;

/** `search(count)` over `values` copied into `heap` (a view of the module's memory) part by part. */
function inParts<T extends Values>(values: T, heap: T, search: (count: number) => number): number {
  if (values.length <= heap.length) {
    heap.set(values);
    return search(values.length);
  }
  for (let from = 0; from < values.length; from += heap.length) {
    const part = values.subarray(from, from + heap.length);
    heap.set(part);
    const k = search(part.length);
    if (k >= 0) return from + k;
  }
  return -1;
}

interface Checks {
  firstNonFinite(values: Float32Array): number;
  firstIndexAtLeast(indices: Uint16Array | Uint32Array, limit: number): number;
}

/** The checks through the module, instantiated now; undefined where WebAssembly cannot run. */
function moduleChecks(): Checks | undefined {
  const exports = embeddedWasmExports<ValueChecks>(VALUE_CHECKS_WASM);
  if (!exports) return undefined;
  const { firstNonFinite, firstIndexAtLeast16, firstIndexAtLeast32 } = exports;
  // The memory never grows, so these views of it stay valid.
  const floats = new Float32Array(exports.memory.buffer, 0, PAGE / 4);
  const u16 = new Uint16Array(exports.memory.buffer, 0, PAGE / 2);
  const u32 = new Uint32Array(exports.memory.buffer, 0, PAGE / 4);
  return {
    firstNonFinite: (values) => inParts(values, floats, (count) => firstNonFinite(0, count)),
    firstIndexAtLeast: (indices, limit) =>
      indices instanceof Uint16Array
        ? inParts(indices, u16, (count) => firstIndexAtLeast16(0, count, limit))
        : inParts(indices, u32, (count) => firstIndexAtLeast32(0, count, limit)),
  };
}

/** The same checks in JavaScript. */
const scriptChecks: Checks = {
  firstNonFinite(values) {
    if (
      !values.includes(Number.NaN) &&
      !values.includes(Number.POSITIVE_INFINITY) &&
      !values.includes(Number.NEGATIVE_INFINITY)
    )
      return -1;
    for (let k = 0; k < values.length; k++) {
      const v = values[k]!;
      if (v - v !== 0) return k;
    }
    return -1;
  },
  firstIndexAtLeast(indices, limit) {
    const n = indices.length;
    for (let i = 0; i < n; i++) if (indices[i]! >= limit) return i;
    return -1;
  },
};

let checks: Checks | undefined;

function checksHere(): Checks {
  checks ??= moduleChecks() ?? scriptChecks;
  return checks;
}

/** The index of the first NaN or infinity in `values`, or -1. */
export function firstNonFinite(values: Float32Array): number {
  return checksHere().firstNonFinite(values);
}

/** The position of the first index that is `limit` or more, or -1. */
export function firstIndexAtLeast(indices: Uint16Array | Uint32Array, limit: number): number {
  // The module compares with a whole number from 0 to 2^32 - 1: an index is at or above a fraction when it is at
  // or above the next whole number; nothing is at or above a limit past the largest index of its type (or NaN);
  // every index is at or above 0 or less.
  const whole = Math.ceil(limit);
  if (!(whole <= (indices instanceof Uint16Array ? 0xffff : 0xffffffff))) return -1;
  if (whole <= 0) return indices.length > 0 ? 0 : -1;
  return checksHere().firstIndexAtLeast(indices, whole);
}

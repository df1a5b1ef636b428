/*
 * embeddedWasmExports: a module's exports, or undefined where WebAssembly cannot run (no WebAssembly object, or
 * compiling refused, as a Content-Security-Policy refuses it) so that the caller falls back on its JavaScript.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { embeddedWasmExports } from '../src/embedded-wasm.js';

// A module exporting `answer`, a function of no parameters returning the i32 42 (written out by hand from the
// binary format: the header, then the type, function, export and code sections).
const answerModule = Buffer.from([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7f, 0x03, 0x02, 0x01, 0x00,
  0x07, 0x0a, 0x01, 0x06, 0x61, 0x6e, 0x73, 0x77, 0x65, 0x72, 0x00, 0x00, 0x0a, 0x06, 0x01, 0x04, 0x00, 0x41, 0x2a,
  0x0b,
]).toString('base64');

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('embeddedWasmExports', () => {
  it("gives the module's exports", () => {
    expect(embeddedWasmExports<{ answer(): number }>(answerModule)!.answer()).toBe(42);
  });

  it('gives undefined without WebAssembly, and where compiling is refused', () => {
    vi.stubGlobal('WebAssembly', undefined);
    expect(embeddedWasmExports(answerModule)).toBeUndefined();
    vi.unstubAllGlobals();
    const refused = class {
      constructor() {
        throw new WebAssembly.CompileError('WebAssembly.Module(): Refused to compile: wasm-unsafe-eval');
      }
    };
    vi.stubGlobal('WebAssembly', { ...WebAssembly, Module: refused, CompileError: WebAssembly.CompileError });
    expect(embeddedWasmExports(answerModule)).toBeUndefined();
  });
});
